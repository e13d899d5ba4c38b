import { Alert, Anchor, Button, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { PROVISIONING_REQUESTS_PAGE_SIZE } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUtcMinute } from '../../../lib/format-time';
import { useProvisioningRequests } from '../api/use-provisioning-requests';

/** A timestamp as the portal shows it: yyyy-MM-dd HH:mm UTC. */

export interface ProvisioningTabProps {
  accountId: number;
  hrefForAccount: (id: number) => string;
}

/** [A2.18] [A6.15] The Provisioning tab: the account's provisioning requests (and those below it), paged. */
export function ProvisioningTab({ accountId, hrefForAccount }: ProvisioningTabProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useProvisioningRequests(accountId, page);
  const data = query.data;
  if (query.isPending) return <Loader aria-label={t('provisioning.tab.loading')} />;
  if (query.isError) {
    return (
      <Alert color="red" title={t('provisioning.tab.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" onClick={() => query.refetch()}>
            {t('provisioning.tab.retryLoad')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!data || data.Total === 0) return <Text c="dimmed">{t('provisioning.tab.empty')}</Text>;
  const pages = Math.max(1, Math.ceil(data.Total / PROVISIONING_REQUESTS_PAGE_SIZE));
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={800}>
        <Table striped aria-label={t('provisioning.tab.table')} aria-busy={query.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('provisioning.tab.created')}</Table.Th>
              <Table.Th>{t('provisioning.tab.account')}</Table.Th>
              <Table.Th>{t('provisioning.tab.action')}</Table.Th>
              <Table.Th>{t('provisioning.tab.status')}</Table.Th>
              <Table.Th>{t('provisioning.tab.attempts')}</Table.Th>
              <Table.Th>{t('provisioning.tab.updated')}</Table.Th>
              <Table.Th>{t('provisioning.tab.details')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.Items.map((r) => (
              <Table.Tr key={r.Id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatUtcMinute(r.CreatedAt)}
                  {r.CreatedBy && (
                    <Text size="xs" c="dimmed">
                      {t('provisioning.tab.by', { name: r.CreatedBy })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {r.AccountId === accountId ? (
                    r.AccountDisplayName
                  ) : (
                    <Anchor href={hrefForAccount(r.AccountId)}>{r.AccountDisplayName}</Anchor>
                  )}
                  {r.ProductName !== r.AccountDisplayName && (
                    <Text size="xs" c="dimmed">
                      {r.ProductName}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{t('provisioning.tab.actionMethod', { action: r.Action, method: r.Method })}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {t(`provisioning.status.${r.Status}`)}
                  </Text>
                </Table.Td>
                <Table.Td>{r.Attempts}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUtcMinute(r.FinishedAt ?? r.UpdatedAt)}</Table.Td>
                <Table.Td>
                  {r.LastError && <Text size="sm">{r.LastError}</Text>}
                  {r.Target && (
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {r.Target}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data.Total > PROVISIONING_REQUESTS_PAGE_SIZE && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('provisioning.tab.total', { count: data.Total })}
          </Text>
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`provisioning.tab.pager.${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('provisioning.tab.pager.page', { page: p }) })}
          />
        </Group>
      )}
    </Stack>
  );
}
