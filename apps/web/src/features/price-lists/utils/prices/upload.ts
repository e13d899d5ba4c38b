import { ApiError } from '../../../../lib/api-client';

/** [M5.5] Price import accepts only .xlsx files. */
export const isXlsxName = (name: string) => /\.xlsx$/i.test(name.trim());

export interface RowError {
  Row: number;
  Column: string;
  Reason: string;
}

/** The rows a refused price workbook was refused for (the server's rowErrors), or none. */
export function rowErrorsOf(error: unknown): RowError[] {
  if (!(error instanceof ApiError)) return [];
  const rows = (error.problem as { rowErrors?: unknown }).rowErrors;
  return Array.isArray(rows)
    ? rows.filter(
        (r): r is RowError =>
          typeof r === 'object' &&
          r !== null &&
          typeof (r as RowError).Row === 'number' &&
          typeof (r as RowError).Reason === 'string',
      )
    : [];
}
