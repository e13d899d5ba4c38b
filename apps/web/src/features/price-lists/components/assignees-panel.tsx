import { Anchor, Box, Button, Card, Group, Loader, Modal, Pagination, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Marketplace, MarketplaceAssignee } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { localDay, toTypedDate } from '../../../lib/typed-date';
import { useAssignPriceList, useUnassignPriceList } from '../api/use-price-list-mutations';
import { useAssigneeCandidates, usePriceListAssignees } from '../api/use-price-lists';
import { PriceListConflictAlert, priceListConflictOf } from './price-list-conflict';

const messageOf = (error: Error) =>
  error instanceof ApiError ? (error.fieldErrors[0]?.message ?? error.message) : error.message;

/** Decision 0033: the resellers and companies a price list is assigned to; assign below the owner, unassign with confirmation. */
export function AssigneesPanel(props: { list: Marketplace; canAssign: boolean; hrefForAccount: (id: number) => string }) {
  const { t } = useTranslation();
  const { list } = props;
  const [page, setPage] = useState(1);
  const assignees = usePriceListAssignees(list.Id, page);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<string | null>(null);
  const [unassigning, setUnassigning] = useState<MarketplaceAssignee | null>(null);
  const candidates = useAssigneeCandidates(list.Id, debounced, props.canAssign);
  const assign = useAssignPriceList(list.Id);
  const unassign = useUnassignPriceList(list.Id);
  const data = assignees.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / data.PageSize)) : 1;
  const assignAt = (version: number) =>
    chosen &&
    assign.mutate(
      { accountId: Number(chosen), version },
      {
        onSuccess: () => {
          notify({ color: 'green', message: t('priceLists.assigned') });
          setChosen(null);
          setSearch('');
        },
      },
    );
  const unassignAt = (version: number) =>
    unassigning &&
    unassign.mutate(
      { accountId: unassigning.AccountId, version },
      {
        onSuccess: () => {
          notify({ color: 'green', message: t('priceLists.unassigned', { name: unassigning.DisplayName }) });
          setUnassigning(null);
        },
      },
    );
  const options = (candidates.data ?? []).map((c) => ({
    value: String(c.AccountId),
    label: `${c.DisplayName} (${t(`priceLists.accountType.${c.AccountType}`)})`,
  }));

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="price-list-assignees">
      <Stack gap="sm">
        <Title order={2} size="h4" id="price-list-assignees">
          {t('priceLists.assigneesTitle', { count: list.AssigneeCount })}
        </Title>
        <Text size="sm" c="dimmed">
          {list.IsPropagationEnabled ? t('priceLists.assigneesPropagated') : t('priceLists.assigneesDirect')}
        </Text>
        {props.canAssign && (
          <Group align="flex-end" gap="sm">
            <Select
              label={t('priceLists.assignPicker')}
              placeholder={t('priceLists.assignPlaceholder')}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              data={options}
              value={chosen}
              onChange={setChosen}
              filter={({ options: all }) => all}
              nothingFoundMessage={candidates.isFetching ? t('app.loading') : t('priceLists.assignNone')}
              w="100%"
              maw={360}
              clearable
            />
            <Button disabled={!chosen} loading={assign.isPending} onClick={() => assignAt(list.Version)}>
              {t('priceLists.assign')}
            </Button>
          </Group>
        )}
        <PriceListConflictAlert mutation={assign} onKeep={assignAt} />
        {assign.error && !priceListConflictOf(assign.error) && (
          <ReadableAlert color="red" role="alert">
            {messageOf(assign.error)}
          </ReadableAlert>
        )}
        {assignees.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {assignees.error && (
          <ReadableAlert color="red" role="alert">
            {t('app.loadFailed', { message: assignees.error.message })}
          </ReadableAlert>
        )}
        {data && data.Items.length === 0 && <Text c="dimmed">{t('priceLists.noAssignees')}</Text>}
        {data && data.Items.length > 0 && (
          <Table aria-label={t('priceLists.assigneesTable')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('priceLists.assigneeName')}</Table.Th>
                <Table.Th>{t('priceLists.assigneeType')}</Table.Th>
                <Table.Th>{t('priceLists.assignedAt')}</Table.Th>
                {props.canAssign && <Table.Th>{t('priceLists.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.Items.map((a) => (
                <Table.Tr key={a.AccountId}>
                  <Table.Td>
                    <Anchor href={props.hrefForAccount(a.AccountId)}>{a.DisplayName}</Anchor>
                  </Table.Td>
                  <Table.Td>{t(`priceLists.accountType.${a.AccountType}`)}</Table.Td>
                  <Table.Td>{toTypedDate(localDay(new Date(a.AssignedAt)))}</Table.Td>
                  {props.canAssign && (
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setUnassigning(a)}
                        aria-label={t('priceLists.unassignOf', { name: a.DisplayName })}
                      >
                        {t('priceLists.unassign')}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {pages > 1 && (
          <Box component="nav" aria-label={t('priceLists.assigneePages')}>
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`priceLists.pager.${control}`) })}
              getItemProps={(p) => ({ 'aria-label': t('priceLists.pager.page', { page: p }) })}
            />
          </Box>
        )}
      </Stack>
      {unassigning && (
        <Modal
          opened
          onClose={() => setUnassigning(null)}
          title={t('priceLists.unassignTitle')}
          centered
          closeButtonProps={{ 'aria-label': t('priceLists.close') }}
        >
          <Stack>
            <Text size="sm">{t('priceLists.unassignText', { name: unassigning.DisplayName, list: list.Name })}</Text>
            <PriceListConflictAlert mutation={unassign} onKeep={unassignAt} />
            {unassign.error && !priceListConflictOf(unassign.error) && (
              <ReadableAlert color="red" role="alert">
                {messageOf(unassign.error)}
              </ReadableAlert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setUnassigning(null)}>
                {t('priceLists.cancel')}
              </Button>
              <Button color="red" loading={unassign.isPending} onClick={() => unassignAt(list.Version)}>
                {t('priceLists.confirmUnassign')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Card>
  );
}
