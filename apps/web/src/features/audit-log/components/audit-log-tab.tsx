import { Alert, Anchor, Button, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { AuditEntry } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUtcSecond } from '../../../lib/format-time';
import { AUDIT_PAGE_SIZE, type AuditFilters, useAuditLog } from '../api/use-audit-log';

export interface AuditLogTabProps {
  /** 'account': changes made to the account [A2.21]; 'user': sign-ins and actions of the user [A2.22]. */
  mode: 'account' | 'user';
  id: number;
  hrefForAccount: (id: number) => string;
}

/** The Audit log and User log tabs: who did what and when, with before and after values, filtered and paged. */
export function AuditLogTab({ mode, id, hrefForAccount }: AuditLogTabProps) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>({ page: 1, operation: null, from: null, to: null });
  const query = useAuditLog(mode, id, filters);
  const setFilter = (patch: Partial<AuditFilters>) => setFilters((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / AUDIT_PAGE_SIZE)) : 1;
  const person = (p: AuditEntry['Actor']) =>
    p === null ? (
      t('audit.system')
    ) : p.AccountId !== null ? (
      <Anchor href={hrefForAccount(p.AccountId)}>{p.DisplayName}</Anchor>
    ) : (
      p.DisplayName
    );

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('audit.operation')}
          placeholder={t('audit.allOperations')}
          data={data?.Operations ?? []}
          value={filters.operation}
          onChange={(v) => setFilter({ operation: v })}
          clearable
          w={240}
        />
        <TextInput
          type="date"
          label={t('audit.from')}
          value={filters.from ?? ''}
          onChange={(e) => setFilter({ from: e.currentTarget.value || null })}
        />
        <TextInput
          type="date"
          label={t('audit.to')}
          value={filters.to ?? ''}
          onChange={(e) => setFilter({ to: e.currentTarget.value || null })}
        />
        <Button variant="default" onClick={() => setFilters({ page: 1, operation: null, from: null, to: null })}>
          {t('audit.reset')}
        </Button>
      </Group>
      {query.isError && <Alert color="red">{query.error.message}</Alert>}
      {data && data.Items.length === 0 && (
        <Text c="dimmed">{mode === 'account' ? t('audit.emptyAccount') : t('audit.emptyUser')}</Text>
      )}
      {data && data.Items.length > 0 && (
        <Table.ScrollContainer minWidth={700}>
          <Table
            striped
            highlightOnHover
            aria-label={mode === 'account' ? t('audit.tableAccount') : t('audit.tableUser')}
            aria-busy={query.isFetching}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audit.when')}</Table.Th>
                <Table.Th>{t('audit.who')}</Table.Th>
                <Table.Th>{t('audit.operation')}</Table.Th>
                {mode === 'user' && <Table.Th>{t('audit.account')}</Table.Th>}
                <Table.Th>{t('audit.changes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.Items.map((entry) => (
                <Table.Tr key={entry.Id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUtcSecond(entry.OccurredAt)}</Table.Td>
                  <Table.Td>
                    {person(entry.Actor)}
                    {entry.Impersonator && (
                      <Text size="xs" c="dimmed">
                        {t('audit.impersonatedBy', { name: entry.Impersonator.DisplayName })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{entry.Operation}</Table.Td>
                  {mode === 'user' && (
                    <Table.Td>
                      {entry.AccountId !== null ? (
                        <Anchor href={hrefForAccount(entry.AccountId)}>{entry.AccountDisplayName}</Anchor>
                      ) : null}
                    </Table.Td>
                  )}
                  <Table.Td>
                    {entry.Changes.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        {t('audit.noDetails')}
                      </Text>
                    ) : (
                      entry.Changes.map((c) => (
                        <Text size="sm" key={c.Field}>
                          <strong>{c.Field}</strong>: {c.Before ?? t('audit.empty')} → {c.After ?? t('audit.empty')}
                        </Text>
                      ))
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.Total > AUDIT_PAGE_SIZE && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('audit.total', { count: data.Total })}
          </Text>
          <Pagination
            total={pages}
            value={filters.page}
            onChange={(page) => setFilter({ page })}
            getControlProps={(control) => ({ 'aria-label': t(`audit.pager.${control}`) })}
            getItemProps={(page) => ({ 'aria-label': t('audit.pager.page', { page }) })}
          />
        </Group>
      )}
    </Stack>
  );
}
