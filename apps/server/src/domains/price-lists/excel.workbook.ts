/** Reads a price workbook with exceljs's streaming reader: one row at a time, never the whole workbook. */
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CellValue } from './excel.rules.js';

/** A cell's value as text or number: rich text joined, a formula's result, a hyperlink's text. */
export function plainCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return plainCell(v.result);
    if (typeof v.text === 'string') return v.text;
    if (typeof v.error === 'string') return v.error;
  }
  return String(value);
}

export class WorkbookReadError extends Error {}

/**
 * Calls `onRow` for every row of the workbook's first sheet (row numbers as Excel shows them), with its
 * cells from column A. Stops after `maxRows` data rows and reports `tooMany`. A file exceljs cannot read
 * throws WorkbookReadError [M8.5].
 */
export async function readFirstSheet(
  stream: Readable,
  maxRows: number,
  onRow: (row: number, cells: CellValue[]) => void | Promise<void>,
): Promise<{ rows: number; tooMany: boolean }> {
  let rows = 0;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    });
    for await (const sheet of reader) {
      for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
        // `row.values` builds a new array on each read (exceljs), indexed from 1: read once, typed into one array of
        // its length.
        const values = row.values;
        const cells: CellValue[] = Array.isArray(values) && values.length > 1 ? new Array(values.length - 1) : [];
        for (let i = 0; i < cells.length; i++) cells[i] = plainCell((values as unknown[])[i + 1]);
        if (row.number > 1) rows++;
        if (rows > maxRows) {
          stream.destroy();
          return { rows: maxRows, tooMany: true };
        }
        // Only a row that asks to be waited for is awaited (the header row of a preview, while the list loads).
        const waitFor = onRow(row.number, cells);
        if (waitFor) await waitFor;
      }
      // Only the first sheet is read; the rest of the file is skipped.
      stream.destroy();
      break;
    }
  } catch (error) {
    if (error instanceof WorkbookReadError) throw error;
    throw new WorkbookReadError(error instanceof Error ? error.message : String(error));
  }
  return { rows, tooMany: false };
}
