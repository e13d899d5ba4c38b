import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

export interface XlsxColumn {
  key: string;
  header: string;
  /** Characters. */
  width: number;
}

export type XlsxCell = string | number | Date | null;

export interface XlsxRow {
  values: Record<string, XlsxCell>;
  /** Indents the first column's cell by this many levels (hierarchies). */
  indent?: number;
}

/**
 * Writes one worksheet with exceljs's streaming writer: every row is committed (serialised and
 * released) as soon as it is added, so memory holds the compressed file, never the whole workbook.
 * The caller feeds rows in chunks and can yield between them.
 */
export class XlsxStreamWriter {
  private readonly chunks: Buffer[] = [];
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  private readonly indentKey: string | null;
  rows = 0;

  constructor(options: { sheetName: string; columns: readonly XlsxColumn[]; creator: string; indentColumn?: string }) {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    this.workbook.creator = options.creator;
    this.workbook.created = new Date();
    this.sheet = this.workbook.addWorksheet(options.sheetName.slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    this.sheet.columns = options.columns.map((c) => ({ key: c.key, header: c.header, width: c.width }));
    this.sheet.getRow(1).font = { bold: true };
    this.sheet.getRow(1).commit();
    this.indentKey = options.indentColumn ?? null;
  }

  add(row: XlsxRow): void {
    const added = this.sheet.addRow(row.values);
    if (this.indentKey && row.indent) added.getCell(this.indentKey).alignment = { indent: Math.min(row.indent, 15) };
    added.commit();
    this.rows++;
  }

  /** Finishes the file and returns its bytes. */
  async finish(): Promise<Buffer> {
    this.sheet.commit();
    await this.workbook.commit();
    return Buffer.concat(this.chunks);
  }
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
