import {
  type FieldDefinition,
  type FieldValue,
  IMPORT_FIRST_ROW,
  IMPORT_UPLOAD_EXPIRY_MS,
  type ImportRowError,
} from '@portal/contracts';
import { creatableFields, decideCreate } from '../account-creation/index.js';

export interface TemplateColumn {
  /** "View.Name" */
  key: string;
  /** The header text: the field's display name, " *" when it is required. */
  header: string;
  def: FieldDefinition;
}

const REQUIRED_MARK = ' *';

/** The columns of a template: every field a new account of the type can be given, as the creation wizard. */
export function templateColumns(definitions: readonly FieldDefinition[]): TemplateColumn[] {
  return creatableFields(definitions).map((def) => ({
    key: `${def.AccountViewName}.${def.Name}`,
    header: `${def.DisplayName}${def.IsRequired ? REQUIRED_MARK : ''}`,
    def,
  }));
}

/**
 * The text of a cell as exceljs reads it: plain values, rich text, hyperlinks (Excel turns e-mail addresses into
 * links), formula results and dates (as yyyy-MM-dd).
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
    if (Array.isArray(v.richText))
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    if (v.error !== undefined) return String(v.error);
  }
  return String(value).trim();
}

const YES = new Set(['yes', 'true', '1', 'y']);
const NO = new Set(['no', 'false', '0', 'n']);

/** A cell's text as the value CreateAccount takes: empty is null, a checkbox takes yes/no. */
export function cellToFieldValue(def: FieldDefinition, text: string): FieldValue {
  if (text === '') return null;
  if (def.DisplayType === 'Checkbox') {
    const lower = text.toLowerCase();
    if (YES.has(lower)) return true;
    if (NO.has(lower)) return false;
  }
  return text;
}

export interface HeaderDecision {
  /** Per column of the sheet, the template column it is, or null for an empty header cell. */
  columns: (TemplateColumn | null)[];
  errors: string[];
}

/**
 * Matches the header row to the type's fields by display name (the " *" mark optional, any order): unknown or
 * repeated columns are errors, and so is a required field without a column.
 */
export function decideHeader(params: { header: readonly string[]; columns: readonly TemplateColumn[] }): HeaderDecision {
  const byName = new Map(params.columns.map((c) => [c.def.DisplayName.toLowerCase(), c]));
  const seen = new Set<string>();
  const errors: string[] = [];
  const columns = params.header.map((raw) => {
    const text = raw.trim();
    if (text === '') return null;
    const name = (text.endsWith('*') ? text.slice(0, -1) : text).trim();
    const column = byName.get(name.toLowerCase());
    if (!column) {
      errors.push(`${name} is not a field of this template`);
      return null;
    }
    if (seen.has(column.key)) errors.push(`${column.def.DisplayName} appears more than once`);
    seen.add(column.key);
    return column;
  });
  for (const column of params.columns) {
    if (column.def.IsRequired && !seen.has(column.key)) errors.push(`The column ${column.def.DisplayName} is missing`);
  }
  return { columns, errors };
}

export interface ImportRow {
  /** The spreadsheet row number. */
  row: number;
  views: Record<string, { Values: Record<string, FieldValue> }>;
}

export interface RowsDecision {
  rows: ImportRow[];
  errors: ImportRowError[];
}

/**
 * [A3.9] Validates every data row with the rules CreateAccount applies (decideCreate), plus usernames: unique inside
 * the file (ignoring case) and not taken already. Rows are numbered as in the spreadsheet, from 2 [A9.6]; an
 * empty row is skipped. Each error names its column: "Username: This username is already taken".
 */
export function decideRows(params: {
  definitions: readonly FieldDefinition[];
  columns: readonly (TemplateColumn | null)[];
  /** The data rows' cell texts, each with its spreadsheet row number. */
  rows: readonly { row: number; cells: readonly string[] }[];
  takenUsernames: ReadonlySet<string>;
}): RowsDecision {
  const byField = new Map(params.definitions.map((d) => [`Views.${d.AccountViewName}.Values.${d.Name}`, d]));
  const firstRowOf = new Map<string, number>();
  const rows: ImportRow[] = [];
  const errors: ImportRowError[] = [];
  for (const { row, cells } of params.rows) {
    if (cells.every((c) => c === '')) continue;
    const views: ImportRow['views'] = {};
    params.columns.forEach((column, i) => {
      if (!column) return;
      const view = views[column.def.AccountViewName] ?? { Values: {} };
      views[column.def.AccountViewName] = view;
      view.Values[column.def.Name] = cellToFieldValue(column.def, cells[i] ?? '');
    });
    const decision = decideCreate({ definitions: params.definitions, submitted: views });
    const details = decision.errors.map((e) => {
      const def = byField.get(e.field);
      return def ? `${def.DisplayName}: ${e.message}` : e.message;
    });
    const username = decision.values['Default.Username'];
    if (typeof username === 'string' && username !== '') {
      const lower = username.toLowerCase();
      const first = firstRowOf.get(lower);
      if (first !== undefined) details.push(`Username: ${username} is already used in row ${first}`);
      else {
        firstRowOf.set(lower, row);
        if (params.takenUsernames.has(lower)) details.push('Username: This username is already taken');
      }
    }
    if (details.length > 0) errors.push({ Row: row, ErrorDetails: details.join('; ') });
    rows.push({ row, views });
  }
  return { rows, errors };
}

/** [A5.10] An upload older than the expiry can no longer be validated or imported. */
export function isUploadExpired(params: { uploadedAt: Date; now: Date }): boolean {
  return params.now.getTime() - params.uploadedAt.getTime() > IMPORT_UPLOAD_EXPIRY_MS;
}

/** The data rows begin under the header. */
export const FIRST_DATA_ROW = IMPORT_FIRST_ROW;

/** The name of a template's file: the type and the parent, safe for a file name. */
export function templateFileName(params: { type: string; parentName: string }): string {
  const parent =
    params.parentName
      .replace(/[^A-Za-z0-9 _-]/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'account';
  return `${params.type}-import-${parent}.xlsm`;
}
