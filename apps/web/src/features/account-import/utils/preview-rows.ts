import { IMPORT_FIRST_ROW, IMPORT_PREVIEW_PAGE_SIZE, type ImportValidation } from '@portal/contracts';

export interface PreviewRow {
  /** The spreadsheet row number (the header is row 1). */
  row: number;
  cells: string[];
  error: string | null;
}

/**
 * [A9.6] The preview grid's rows: numbered from spreadsheet row 2, rows with errors first (in row order), then
 * the others. An error of the header (row 1) comes first of all, with the header's cells.
 */
export function previewRows(validation: Pick<ImportValidation, 'Content' | 'Errors'>): PreviewRow[] {
  const errors = new Map(validation.Errors.map((e) => [e.Row, e.ErrorDetails]));
  const rows: PreviewRow[] = validation.Content.slice(1).map((cells, i) => {
    const row = i + IMPORT_FIRST_ROW;
    return { row, cells, error: errors.get(row) ?? null };
  });
  for (const e of validation.Errors) {
    if (!rows.some((r) => r.row === e.Row))
      rows.push({ row: e.Row, cells: e.Row === 1 ? (validation.Content[0] ?? []) : [], error: e.ErrorDetails });
  }
  return rows.sort((a, b) => Number(b.error !== null) - Number(a.error !== null) || a.row - b.row);
}

/** [A9.6] One page of the preview, 7 rows a page; pages count from 1. */
export function previewPage<T>(rows: readonly T[], page: number, size = IMPORT_PREVIEW_PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((current - 1) * size, current * size), pages, page: current };
}
