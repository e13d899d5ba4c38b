import { Box, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import type { ImportValidation } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { previewPage, previewRows } from '../utils/preview-rows';

/**
 * [A2.46] Preview: [A5.4] the number of errors with details per row, or that the file is valid; [A9.6] a grid of
 * 7 rows a page, rows with errors first, numbered as in the spreadsheet.
 */
export function StepPreview(props: { validation: ImportValidation }) {
  const { t } = useTranslation();
  const rows = useMemo(() => previewRows(props.validation), [props.validation]);
  const [page, setPage] = useState(1);
  const current = previewPage(rows, page);
  const header = props.validation.Content[0] ?? [];
  // Columns are identified by their position in the file (a header may be empty or repeated).
  const columns = useMemo(() => header.map((name, position) => ({ id: `${position}:${name}`, name, position })), [header]);
  const errors = props.validation.Errors;
  return (
    <Stack gap="sm">
      {errors.length > 0 ? (
        <ReadableAlert color="red" role="alert" title={t('accountImport.preview.errors', { count: errors.length })}>
          <Text size="sm">{t('accountImport.preview.fix')}</Text>
          <ul style={{ margin: 0, paddingInlineStart: '1.2em' }}>
            {errors.slice(0, 5).map((e) => (
              <li key={e.Row}>
                <Text size="sm">{t('accountImport.preview.rowError', { row: e.Row, details: e.ErrorDetails })}</Text>
              </li>
            ))}
          </ul>
          {errors.length > 5 && <Text size="sm">{t('accountImport.preview.more', { count: errors.length - 5 })}</Text>}
        </ReadableAlert>
      ) : (
        <ReadableAlert color="green" role="status">
          {t('accountImport.preview.valid')}
        </ReadableAlert>
      )}
      <Text size="sm">
        {t('accountImport.preview.summary', {
          count: rows.filter((r) => r.row > 1).length,
          type: t(`accountImport.noun.${props.validation.AccountType}`),
          name: props.validation.ParentDisplayName,
        })}
      </Text>
      {/* Wide files scroll sideways; the region takes focus so the keyboard can scroll it. */}
      <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('accountImport.preview.grid')}>
        <Table striped withTableBorder withColumnBorders fz="sm" miw={600}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('accountImport.preview.row')}</Table.Th>
              <Table.Th scope="col">{t('accountImport.preview.errorColumn')}</Table.Th>
              {columns.map((column) => (
                <Table.Th scope="col" key={column.id}>
                  {column.name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {current.rows.map((r) => (
              <Table.Tr key={r.row} data-testid="preview-row">
                <Table.Td>{r.row}</Table.Td>
                <Table.Td c={r.error ? 'red.9' : undefined} miw={220}>
                  {r.error ?? t('accountImport.preview.ok')}
                </Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column.id}>{r.cells[column.position] ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      {current.pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={current.pages}
            value={current.page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`accountImport.preview.page.${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('accountImport.preview.page.number', { page: p }) })}
          />
        </Group>
      )}
    </Stack>
  );
}
