import { Anchor, Table, Text, UnstyledButton } from '@mantine/core';
import { formatMoney, type Quote } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatUtcDay } from '../../../lib/format-time';
import type { QuoteListQuery, QuoteSortKey } from '../utils/list-query';
import { QuoteStatusBadge } from './quote-status-badge';

/** A column header that sorts the list; it tells assistive technology how the list is sorted. */
function SortHeader(props: {
  sortKey: QuoteSortKey;
  label: string;
  sort: QuoteListQuery['sort'];
  onSort: (key: QuoteSortKey) => void;
  align?: 'right';
}) {
  const { t } = useTranslation();
  const active = props.sort.Key === props.sortKey;
  const direction = active ? (props.sort.Direction === 'ASC' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th aria-sort={direction} ta={props.align} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton
        onClick={() => props.onSort(props.sortKey)}
        fw={700}
        fz="sm"
        aria-label={t('quotationTool.list.sortBy', { column: props.label })}
      >
        {props.label}
        {active ? (props.sort.Direction === 'ASC' ? ' ▲' : ' ▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

/** [M3.24] The quotes of one page: name, customer, status, dates, yearly charge and, for customer quotes, the reseller. */
export function QuotesTable(props: {
  items: Quote[];
  isBusy: boolean;
  withReseller: boolean;
  sort: QuoteListQuery['sort'];
  onSort: (key: QuoteSortKey) => void;
  hrefForQuote: (id: number) => string;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={props.withReseller ? 960 : 820}>
      <Table striped highlightOnHover aria-label={props.label} aria-busy={props.isBusy}>
        <Table.Thead>
          <Table.Tr>
            <SortHeader sortKey="Name" label={t('quotationTool.list.name')} sort={props.sort} onSort={props.onSort} />
            <Table.Th>{t('quotationTool.list.customer')}</Table.Th>
            {props.withReseller && <Table.Th>{t('quotationTool.list.reseller')}</Table.Th>}
            <SortHeader sortKey="Status" label={t('quotationTool.list.status')} sort={props.sort} onSort={props.onSort} />
            <SortHeader sortKey="CreateDate" label={t('quotationTool.list.created')} sort={props.sort} onSort={props.onSort} />
            <SortHeader sortKey="ModifyDate" label={t('quotationTool.list.modified')} sort={props.sort} onSort={props.onSort} />
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('quotationTool.list.approval')}</Table.Th>
            <SortHeader
              sortKey="YearlyChargeAmount"
              label={t('quotationTool.list.yearly')}
              sort={props.sort}
              onSort={props.onSort}
              align="right"
            />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.items.map((q) => (
            <Table.Tr key={q.Id} data-testid="quote-row">
              <Table.Td>
                <Anchor href={props.hrefForQuote(q.Id)} size="sm" fw={500}>
                  {q.Name}
                </Anchor>
                {q.GroupName && (
                  <Text size="xs" c="dimmed">
                    {t('quotationTool.list.inProject', { name: q.GroupName })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{q.Customer.Name}</Table.Td>
              {props.withReseller && <Table.Td>{q.ResellerName}</Table.Td>}
              <Table.Td>
                <QuoteStatusBadge status={q.Status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUtcDay(q.CreateDate)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUtcDay(q.ModifyDate)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{q.EstimatedApprovalDate ?? '—'}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {q.YearlyChargeAmount === null ? (
                  <Text span size="sm" c="dimmed" title={t('quotationTool.noPriceHelp')}>
                    {t('quotationTool.noPrice')}
                  </Text>
                ) : (
                  formatMoney(q.YearlyChargeAmount, q.Currency)
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
