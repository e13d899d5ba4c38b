import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { TemplateColumn } from './account-import.rules.js';

export const DATA_SHEET = 'Accounts';
export const INSTRUCTIONS_SHEET = 'Instructions';
/** A very hidden sheet naming the template's type and parent, so an upload needs nothing else [A7.12]. */
export const SETTINGS_SHEET = 'ImportSettings';

const XLSX_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
const XLSM_MAIN = 'application/vnd.ms-excel.sheet.macroEnabled.main+xml';

export interface TemplateSettings {
  type: string;
  parentId: number;
  mode: 'CREATE';
  productName: string | null;
}

/**
 * Writes the import template: the data sheet with the header row, the instructions and the settings. exceljs
 * writes only .xlsx packages, so the main part's content type is switched to the macro-enabled one afterwards:
 * that is what makes Excel open the file as .xlsm.
 */
export async function writeTemplate(params: {
  columns: readonly TemplateColumn[];
  settings: TemplateSettings;
  typeLabel: string;
  parentName: string;
}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cloud portal';
  const data = workbook.addWorksheet(DATA_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  data.columns = params.columns.map((c) => ({ header: c.header, key: c.key, width: Math.max(14, c.header.length + 4) }));
  data.getRow(1).font = { bold: true };
  params.columns.forEach((column, i) => {
    const options = column.def.Options.map((o) => o.Value);
    if (column.def.DisplayType === 'Select' && options.length > 0 && options.join(',').length < 250) {
      for (let row = 2; row <= 501; row++) {
        data.getCell(row, i + 1).dataValidation = {
          type: 'list',
          allowBlank: !column.def.IsRequired,
          formulae: [`"${options.join(',')}"`],
        };
      }
    }
  });

  const help = workbook.addWorksheet(INSTRUCTIONS_SHEET);
  help.columns = [
    { header: 'Column', key: 'column', width: 28 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'What to enter', key: 'what', width: 80 },
  ];
  help.getRow(1).font = { bold: true };
  for (const column of params.columns) {
    help.addRow({ column: column.def.DisplayName, required: column.def.IsRequired ? 'Yes' : 'No', what: describe(column) });
  }
  help.addRow({});
  for (const line of [
    `Import of ${params.typeLabel} under ${params.parentName}.`,
    `Enter one account per row of the ${DATA_SHEET} sheet, from row 2; keep the header row as it is.`,
    'Columns marked * are required. Every row is checked as the creation wizard checks a new account.',
    'Save the file as .xlsm and upload it in the import wizard with a name for the import.',
  ]) {
    help.addRow({ column: line });
  }

  const settings = workbook.addWorksheet(SETTINGS_SHEET, { state: 'veryHidden' });
  settings.addRow(['Type', params.settings.type]);
  settings.addRow(['ParentAccountId', params.settings.parentId]);
  settings.addRow(['Mode', params.settings.mode]);
  settings.addRow(['ProductName', params.settings.productName ?? '']);

  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
  const zip = await JSZip.loadAsync(xlsx);
  const types = zip.file('[Content_Types].xml');
  if (!types) throw new Error('exceljs wrote no [Content_Types].xml');
  const text = await types.async('string');
  if (!text.includes(XLSX_MAIN)) throw new Error('exceljs wrote an unexpected main content type');
  zip.file('[Content_Types].xml', text.replace(XLSX_MAIN, XLSM_MAIN));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

function describe(column: TemplateColumn): string {
  const def = column.def;
  switch (def.DisplayType) {
    case 'Checkbox':
      return 'Yes or No';
    case 'Number':
      return 'A whole number';
    case 'Decimal':
    case 'Currency':
      return 'A number, with a point for decimals';
    case 'Date':
      return 'A date in the form yyyy-MM-dd';
    case 'Email':
      return 'An e-mail address';
    case 'Select':
      return def.Options.length > 0 ? `One of: ${def.Options.map((o) => o.Value).join(', ')}` : 'Text';
    default:
      return def.MaxLength !== null ? `Text, at most ${def.MaxLength} characters` : 'Text';
  }
}

export interface ReadTemplate {
  settings: Partial<Record<string, string>>;
  header: string[];
  rows: { row: number; cells: string[] }[];
}

/** Reads an uploaded template; null when it is not a workbook with the template's sheets. */
export async function readTemplate(
  data: Buffer,
  cellText: (value: unknown) => string,
  maxRows: number,
): Promise<ReadTemplate | null> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheet = workbook.getWorksheet(DATA_SHEET);
  const settingsSheet = workbook.getWorksheet(SETTINGS_SHEET);
  if (!sheet || !settingsSheet) return null;
  const settings: Partial<Record<string, string>> = {};
  settingsSheet.eachRow((row) => {
    settings[cellText(row.getCell(1).value)] = cellText(row.getCell(2).value);
  });
  const width = sheet.getRow(1).cellCount;
  const header = Array.from({ length: width }, (_, i) => cellText(sheet.getRow(1).getCell(i + 1).value));
  const rows: ReadTemplate['rows'] = [];
  const last = Math.min(sheet.rowCount, maxRows + 1);
  for (let r = 2; r <= last; r++) {
    const row = sheet.getRow(r);
    rows.push({ row: r, cells: Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1).value)) });
  }
  while (rows.length > 0 && rows.at(-1)?.cells.every((c) => c === '')) rows.pop();
  if (sheet.rowCount > maxRows + 1) rows.push({ row: sheet.rowCount, cells: ['__too_many__'] });
  return { settings, header, rows };
}
