import { Group, Pagination, Select, Table, Text, UnstyledButton } from '@mantine/core';
import { REPORT_PAGE_SIZES, type ReportColumn, type ReportRow } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import i18next from '../../../lib/i18n';
import type { ResultView } from '../api/use-report-result';
import { formatCell } from '../utils/format-cell';

export interface ReportTableProps {
  columns: ReportColumn[];
  rows: ReportRow[];
  totalRows: number;
  view: ResultView;
  isFetching: boolean;
  onView: (view: ResultView) => void;
}

const isNumeric = (type: ReportColumn['CellType']) => type === 'Int32' || type === 'Decimal';

/**
 * [M3.23] [M9.13] A server report's result: columns sorted by the server (a click on a header sorts by it, again
 * turns the order round), 15 rows a page with 5, 15, 30 or 100 to choose, cells written for the user's locale.
 */
export function ReportTable({ columns, rows, totalRows, view, isFetching, onView }: ReportTableProps) {
  const { t } = useTranslation();
  const locale = i18next.language;
  const integer = new Intl.NumberFormat(locale);
  const pages = Math.max(1, Math.ceil(totalRows / view.pageSize));
  const first = totalRows === 0 ? 0 : (view.page - 1) * view.pageSize + 1;
  const last = Math.min(totalRows, view.page * view.pageSize);

  const sortBy = (name: string) =>
    onView({
      ...view,
      page: 1,
      sortBy: name,
      sortDirection: view.sortBy === name && view.sortDirection === 'asc' ? 'desc' : 'asc',
    });

  return (
    <>
      <Table.ScrollContainer minWidth={Math.max(360, columns.length * 130)}>
        <Table striped highlightOnHover aria-label={t('reports.table.label')} aria-busy={isFetching} data-testid="report-table">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => {
                const isSorted = view.sortBy === c.CellName;
                const sort = isSorted ? (view.sortDirection === 'asc' ? 'ascending' : 'descending') : 'none';
                return (
                  <Table.Th key={c.CellName} aria-sort={sort} ta={isNumeric(c.CellType) ? 'right' : undefined}>
                    <UnstyledButton
                      onClick={() => sortBy(c.CellName)}
                      fw={700}
                      fz="sm"
                      aria-label={t('reports.table.sortBy', { column: c.CellName })}
                    >
                      {c.CellName} <span aria-hidden="true">{isSorted ? (view.sortDirection === 'asc' ? '▲' : '▼') : '⇅'}</span>
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              // Rows have no id of their own: their place on the page is who they are.
              // biome-ignore lint/suspicious/noArrayIndexKey: a page of result rows, replaced as a whole.
              <Table.Tr key={i}>
                {columns.map((c, j) => (
                  <Table.Td
                    key={c.CellName}
                    ta={isNumeric(c.CellType) ? 'right' : undefined}
                    style={isNumeric(c.CellType) ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } : undefined}
                  >
                    {formatCell(row[j] ?? null, c.CellType, locale)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="gray.8" data-testid="report-rows">
          {t('reports.table.range', {
            first: integer.format(first),
            last: integer.format(last),
            total: integer.format(totalRows),
          })}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Select
            label={t('reports.table.pageSize')}
            data={REPORT_PAGE_SIZES.map(String)}
            value={String(view.pageSize)}
            onChange={(v) => v && onView({ ...view, page: 1, pageSize: Number(v) })}
            allowDeselect={false}
            w={90}
            size="xs"
          />
          <Pagination
            total={pages}
            value={view.page}
            onChange={(page) => onView({ ...view, page })}
            size="sm"
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({
              'aria-label': t(`reports.table.${control}Page`),
            })}
            getItemProps={(page) => ({ 'aria-label': t('reports.table.page', { page }) })}
          />
        </Group>
      </Group>
    </>
  );
}
