import { Anchor, Badge, Box, Button, Group, Loader, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { Marketplace } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { usePriceLists } from '../api/use-price-lists';
import type { PriceListPermissions } from '../utils/permissions';
import { CopyPriceListModal } from './copy-price-list-modal';

export interface PriceListsQuery {
  page: number;
  search: string;
}

export interface PriceListsScreenProps {
  /** The page and search of the address this render shows. */
  query: PriceListsQuery;
  /**
   * The query of the address at this moment (decision 0072): the router renders a navigation in a transition, so the
   * pager builds the next query from this one, never from `query` (a search applied, then a page chosen at once, would
   * lose the search).
   */
  readQuery: () => PriceListsQuery;
  onQueryChange: (query: PriceListsQuery) => void;
  permissions: PriceListPermissions;
  hrefForList: (id: number) => string;
  hrefForCreate: string;
  /** [M2.21] Where a copy goes once created. */
  onOpenCopy: (id: number) => void;
}

/** #/pricelists: the caller organisation's price lists [M1.5] [M3.10], searched and paged. */
export function PriceListsScreen({
  query: q,
  readQuery,
  onQueryChange,
  permissions,
  hrefForList,
  hrefForCreate,
  onOpenCopy,
}: PriceListsScreenProps) {
  const { t } = useTranslation();
  const result = usePriceLists(q);
  const [text, setText] = useState(q.search);
  const [copying, setCopying] = useState<Marketplace | null>(null);
  const applySearch = useDebouncedCallback((search: string) => onQueryChange({ page: 1, search: search.trim() }), 300);
  const data = result.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / data.PageSize)) : 1;
  const isDenied = !permissions.canRead || (result.error instanceof ApiError && result.error.status === 403);

  if (isDenied) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('priceLists.title')}
        </Title>
        <ReadableAlert color="yellow" role="alert">
          {t('priceLists.denied')}
        </ReadableAlert>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('priceLists.title')}
        </Title>
        {permissions.canCreate && (
          <Button component="a" href={hrefForCreate}>
            {t('priceLists.create')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('priceLists.intro')}
      </Text>
      <TextInput
        label={t('priceLists.search')}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          applySearch(e.currentTarget.value);
        }}
        w="100%"
        maw={360}
        rightSection={result.isFetching ? <Loader size="xs" aria-label={t('app.loading')} /> : null}
      />
      {result.isPending && <Loader aria-label={t('app.loading')} />}
      {result.isError && (
        <ReadableAlert color="red" role="alert">
          {t('app.loadFailed', { message: result.error.message })}
        </ReadableAlert>
      )}
      {data && data.Items.length === 0 && (
        <Stack gap="xs" align="flex-start" data-testid="price-lists-empty">
          <Text c="dimmed">{q.search ? t('priceLists.emptyFiltered') : t('priceLists.empty')}</Text>
          {!q.search && permissions.canCreate && (
            <Button component="a" href={hrefForCreate} variant="default">
              {t('priceLists.createFirst')}
            </Button>
          )}
        </Stack>
      )}
      {data && data.Items.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover aria-label={t('priceLists.table')} aria-busy={result.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('priceLists.name')}</Table.Th>
                <Table.Th>{t('priceLists.owner')}</Table.Th>
                <Table.Th ta="right">{t('priceLists.services')}</Table.Th>
                <Table.Th ta="right">{t('priceLists.assignees')}</Table.Th>
                <Table.Th ta="right">{t('priceLists.priority')}</Table.Th>
                <Table.Th>{t('priceLists.mode')}</Table.Th>
                <Table.Th>{t('priceLists.flags')}</Table.Th>
                {permissions.canCreate && <Table.Th>{t('priceLists.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.Items.map((list) => (
                <Table.Tr key={list.Id}>
                  <Table.Td>
                    <Anchor href={hrefForList(list.Id)} fw={500}>
                      {list.Name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{list.OwnerName}</Table.Td>
                  <Table.Td ta="right">{list.ServiceCount}</Table.Td>
                  <Table.Td ta="right">{list.AssigneeCount}</Table.Td>
                  <Table.Td ta="right">{list.Priority}</Table.Td>
                  <Table.Td>{t(`priceLists.pricingMode.${list.PricingMode}`)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {list.IsAutoSrpSyncEnabled && (
                        <Badge variant="dot" color="blue">
                          {t('priceLists.flag.srpSync')}
                        </Badge>
                      )}
                      {list.IsPropagationEnabled && (
                        <Badge variant="dot" color="grape">
                          {t('priceLists.flag.propagation')}
                        </Badge>
                      )}
                      {list.IsAutoAddEnabled && (
                        <Badge variant="dot" color="teal">
                          {t('priceLists.flag.autoAdd')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  {permissions.canCreate && (
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setCopying(list)}
                        aria-label={t('priceLists.copyOf', { name: list.Name })}
                      >
                        {t('priceLists.copy')}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.Total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('priceLists.total', { count: data.Total })}
          </Text>
          {pages > 1 && (
            <Box component="nav" aria-label={t('priceLists.pages')}>
              <Pagination
                total={pages}
                value={q.page}
                onChange={(page) => onQueryChange({ ...readQuery(), page })}
                getControlProps={(control) => ({ 'aria-label': t(`priceLists.pager.${control}`) })}
                getItemProps={(page) => ({ 'aria-label': t('priceLists.pager.page', { page }) })}
              />
            </Box>
          )}
        </Group>
      )}
      {copying && <CopyPriceListModal list={copying} onClose={() => setCopying(null)} onOpen={onOpenCopy} />}
    </Stack>
  );
}
