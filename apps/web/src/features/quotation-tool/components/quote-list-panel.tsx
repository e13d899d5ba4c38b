import { Box, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '../../../components/ui/no-access';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useQuoteList } from '../api/use-quotes';
import { nextSort, type QuoteListQuery } from '../utils/list-query';
import type { QuotationTab } from '../utils/tabs';
import { QuotesTable } from './quotes-table';

/** One tab's list of quotes, paged and sorted, with its loading, empty and error states. */
export function QuoteListPanel(props: {
  tab: QuotationTab;
  query: QuoteListQuery;
  /** The query of the address at this moment, which the controls change (decision 0072). */
  readQuery: () => QuoteListQuery;
  onQueryChange: (q: QuoteListQuery) => void;
  hrefForQuote: (id: number) => string;
  empty: ReactNode;
  label: string;
}) {
  const { t } = useTranslation();
  const q = props.query;
  const result = useQuoteList(props.tab, q);
  const data = result.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / data.PageSize)) : 1;
  const isDenied = result.error instanceof ApiError && result.error.status === 403;
  if (isDenied)
    return (
      <NoAccess needs={props.tab === 'CustomerQuotes' ? ['QUOTATION_TOOL_READ'] : ['QUOTATION_TOOL_READ', 'SALESQUOTE_READ']} />
    );
  return (
    <Stack gap="sm">
      {result.isPending && <Loader aria-label={t('app.loading')} />}
      {result.isError && (
        <ReadableAlert color="red" role="alert">
          {t('app.loadFailed', { message: result.error.message })}
        </ReadableAlert>
      )}
      {data && data.Items.length === 0 && props.empty}
      {data && data.Items.length > 0 && (
        <QuotesTable
          items={data.Items}
          isBusy={result.isFetching}
          withReseller={props.tab === 'CustomerQuotes'}
          sort={q.sort}
          onSort={(key) => {
            const now = props.readQuery();
            props.onQueryChange({ ...now, page: 1, sort: nextSort(now.sort, key) });
          }}
          hrefForQuote={props.hrefForQuote}
          label={props.label}
        />
      )}
      {data && data.Total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('quotationTool.list.total', { count: data.Total })}
          </Text>
          {pages > 1 && (
            <Box component="nav" aria-label={t('quotationTool.list.pages')}>
              <Pagination
                total={pages}
                value={Math.min(q.page, pages)}
                onChange={(page) => props.onQueryChange({ ...props.readQuery(), page })}
                getControlProps={(control) => ({ 'aria-label': t(`quotationTool.pager.${control}`) })}
                getItemProps={(page) => ({ 'aria-label': t('quotationTool.pager.page', { page }) })}
              />
            </Box>
          )}
        </Group>
      )}
    </Stack>
  );
}
