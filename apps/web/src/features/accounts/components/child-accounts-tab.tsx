import { Anchor, Badge, Box, Group, Loader, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { ACCOUNT_STATES, ACCOUNT_TYPES, type AccountState, type AccountType, CHILD_ACCOUNTS_PAGE_SIZES } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { lazyPart, PartLoader } from '../../../components/ui/lazy-part';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { type ChildAccountsQuery, useChildAccounts } from '../api/use-child-accounts';
import { childAccountsQueryOf, withChildAccountsQuery } from '../utils/child-accounts-params';

export interface ChildAccountsTabProps {
  accountId: number;
  /**
   * The router's address at this moment (decision 0072). The router renders a navigation in a transition, so a
   * control can be used while the tab still shows the address before: every control builds the next query from the
   * address read here, never from the rendered one (a type chosen, then the page size changed at once, would lose the
   * type).
   */
  readLocation: () => { pathname: string; search: string };
  hrefForAccount: (id: number) => string;
}

// The pager shows only when there is more than one page: its code is fetched then.
const ChildAccountsPager = lazyPart(() => import('./child-accounts-pager'), 'ChildAccountsPager', {
  fallback: <PartLoader size="sm" />,
});

const ALL = 'all';
const STATE_COLORS: Record<AccountState, string> = { Active: 'green', Suspended: 'yellow', Terminated: 'gray' };
/** Types a child of a reseller or company can have (a provider is never a child). */
const CHILD_TYPES = ACCOUNT_TYPES.filter((type) => type !== 'Provider');

/**
 * Decision 0054: the Accounts tab of a reseller or company, its direct children by name, searched (debounced),
 * filtered by type and state, paged, so the tree is not the only way down. The search, filters and page are kept in the
 * address (replacing its entry), so Back from a child account, a reload or a shared link shows the same list.
 */
export function ChildAccountsTab({ accountId, readLocation, hrefForAccount }: ChildAccountsTabProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = childAccountsQueryOf(params);
  const { pathname } = useLocation();
  /** The query of the address now; another page's address (a link followed at once): what this tab shows. */
  const readParams = () => {
    const now = readLocation();
    return now.pathname === pathname ? new URLSearchParams(now.search) : params;
  };
  const change = (patch: Partial<ChildAccountsQuery>) => {
    const now = readParams();
    setParams(withChildAccountsQuery(now, { ...childAccountsQueryOf(now), ...patch }), { replace: true });
  };
  const [text, setText] = useState(q.text);
  const applyText = useDebouncedCallback((value: string) => change({ page: 1, text: value.trim() }), 300);
  const result = useChildAccounts(accountId, q);
  const data = result.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / data.PageSize)) : 1;
  const filtered = q.text !== '' || q.type !== null || q.state !== null;

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <TextInput
          label={t('childAccounts.search')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            applyText(e.currentTarget.value);
          }}
          maxLength={100}
          w={{ base: '100%', sm: 300 }}
          rightSection={result.isFetching ? <Loader size="xs" aria-label={t('app.loading')} /> : null}
        />
        <Select
          label={t('childAccounts.type')}
          value={q.type ?? ALL}
          onChange={(v) => change({ page: 1, type: !v || v === ALL ? null : (v as AccountType) })}
          data={[
            { value: ALL, label: t('childAccounts.allTypes') },
            ...CHILD_TYPES.map((type) => ({ value: type, label: t(`account.type.${type}`) })),
          ]}
          allowDeselect={false}
          w={180}
        />
        <Select
          label={t('childAccounts.state')}
          value={q.state ?? ALL}
          onChange={(v) => change({ page: 1, state: !v || v === ALL ? null : (v as AccountState) })}
          data={[
            { value: ALL, label: t('childAccounts.allStates') },
            ...ACCOUNT_STATES.map((state) => ({ value: state, label: t(`childAccounts.states.${state}`) })),
          ]}
          allowDeselect={false}
          w={180}
        />
      </Group>
      {result.isPending && <Loader aria-label={t('app.loading')} />}
      {result.isError && (
        <ReadableAlert color="red" role="alert">
          {t('app.loadFailed', { message: result.error.message })}
        </ReadableAlert>
      )}
      {data && data.Items.length === 0 && (
        <Text c="dimmed" data-testid="child-accounts-empty">
          {filtered ? t('childAccounts.emptyFiltered') : t('childAccounts.empty')}
        </Text>
      )}
      {data && data.Items.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover aria-label={t('childAccounts.table')} aria-busy={result.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('childAccounts.name')}</Table.Th>
                <Table.Th>{t('childAccounts.type')}</Table.Th>
                <Table.Th>{t('childAccounts.state')}</Table.Th>
                <Table.Th ta="right">{t('childAccounts.below')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.Items.map((a) => (
                <Table.Tr key={a.AccountId} data-testid="child-account-row">
                  <Table.Td>
                    <Anchor href={hrefForAccount(a.AccountId)} size="sm" title={a.DisplayName}>
                      {a.DisplayName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{t(`account.type.${a.AccountType}`)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLORS[a.AccountState]} c="var(--mantine-color-text)" variant="light">
                      {t(`childAccounts.states.${a.AccountState}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{a.ChildCount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.Total > 0 && (
        <Group justify="space-between">
          <Group gap="md">
            <Text size="sm" c="dimmed" data-testid="child-accounts-total">
              {t('childAccounts.total', { count: data.Total })}
            </Text>
            <Select
              label={t('childAccounts.pageSize')}
              value={String(q.pageSize)}
              onChange={(v) => v && change({ page: 1, pageSize: Number(v) })}
              data={CHILD_ACCOUNTS_PAGE_SIZES.map((n) => String(n))}
              allowDeselect={false}
              w={90}
              size="xs"
            />
          </Group>
          {pages > 1 && (
            <Box component="nav" aria-label={t('childAccounts.pages')}>
              <ChildAccountsPager total={pages} page={q.page} onChange={(page) => change({ page })} />
            </Box>
          )}
        </Group>
      )}
    </Stack>
  );
}
