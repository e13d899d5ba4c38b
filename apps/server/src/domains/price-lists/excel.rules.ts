/**
 * Pure rules of the price workbooks [M3.13] [M3.14] [M5.6]: their columns, how an uploaded row is read and
 * checked (a bad row is refused with its row, column and reason), and which rows changed.
 */
import { isPriceText, normalizePrice, PRICE_UPLOAD_MAX_ERRORS, percentChange, samePrice } from '@portal/contracts';
import Decimal from 'decimal.js';
import type { XlsxColumn } from '../../platform/spreadsheets/xlsx-writer.js';

export type WorkbookKind = 'marketplace' | 'myServices';

export const PRICE_SHEET = 'Prices';

const COMMON: XlsxColumn[] = [
  { key: 'ServiceId', header: 'Service ID', width: 11 },
  { key: 'ServiceName', header: 'Service name', width: 36 },
  { key: 'PriceableItem', header: 'Priceable item', width: 16 },
  { key: 'Fee', header: 'Fee', width: 32 },
  { key: 'Currency', header: 'Currency', width: 10 },
  { key: 'PurchasePrice', header: 'Purchase price', width: 15 },
];

/** The price column people edit: the list's own price, or the suggested retail price of "my services". */
export const EDITED_COLUMN: Record<WorkbookKind, XlsxColumn> = {
  marketplace: { key: 'CustomPrice', header: 'Custom price', width: 15 },
  myServices: { key: 'Charge', header: 'Suggested retail price', width: 22 },
};

export const WORKBOOK_COLUMNS: Record<WorkbookKind, readonly XlsxColumn[]> = {
  marketplace: [
    ...COMMON,
    { key: 'SuggestedRetailPrice', header: 'Suggested retail price', width: 22 },
    EDITED_COLUMN.marketplace,
  ],
  myServices: [...COMMON, EDITED_COLUMN.myServices],
};

/** The columns an upload must have (the others are for reading only). */
const REQUIRED_KEYS = ['ServiceId', 'PriceableItem', 'Currency'] as const;

export interface RowError {
  Row: number;
  Column: string;
  Reason: string;
}

/** A cell as read: text, or a number Excel stored. */
export type CellValue = string | number | null;

export interface ParsedPriceRow {
  row: number;
  serviceId: number;
  priceableItem: string;
  currency: string;
  /** Null: the cell is blank. */
  price: string | null;
}

/** A number's shortest text when it already has at most 6 decimals and no exponent: what the rounding below gives. */
const PLAIN_NUMBER = /^\d+(\.\d{1,6})?$/;

/** A number Excel stored is a binary float: it is read to at most 6 decimals, half up. */
export function cellText(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    // Most cells (ids, prices as exported) need no rounding: decimal.js reads a number from this same text.
    const text = String(value);
    if (PLAIN_NUMBER.test(text)) return text;
    return new Decimal(value).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed();
  }
  return value.trim();
}

/** Where each column is in the header row, or the columns missing from it. */
export function locateColumns(
  kind: WorkbookKind,
  header: readonly CellValue[],
): { ok: true; index: Record<string, number> } | { ok: false; missing: string[] } {
  const byHeader = new Map(header.map((h, i) => [cellText(h).toLowerCase(), i]));
  const index: Record<string, number> = {};
  const missing: string[] = [];
  for (const column of WORKBOOK_COLUMNS[kind]) {
    const i = byHeader.get(column.header.toLowerCase());
    if (i !== undefined) index[column.key] = i;
    else if ((REQUIRED_KEYS as readonly string[]).includes(column.key) || column.key === EDITED_COLUMN[kind].key) {
      missing.push(column.header);
    }
  }
  return missing.length > 0 ? { ok: false, missing } : { ok: true, index };
}

/** The header of a column of the workbook, by its key. */
function headerOf(kind: WorkbookKind, key: string): string {
  return WORKBOOK_COLUMNS[kind].find((c) => c.key === key)?.header ?? key;
}

/** The text of a row's cell in the column `key` ('' when the file has no such column). */
function cellAt(cells: readonly CellValue[], index: Record<string, number>, key: string): string {
  const i = index[key];
  return cellText(i === undefined ? null : (cells[i] ?? null));
}

/** `errors` (made on the first) with one more: the row, the column's header, the reason. */
function withError(errors: RowError[] | null, row: number, kind: WorkbookKind, key: string, reason: string): RowError[] {
  const out = errors ?? [];
  out.push({ Row: row, Column: headerOf(kind, key), Reason: reason });
  return out;
}

/** A row whose cells are all blank. */
function isBlankRow(cells: readonly CellValue[]): boolean {
  for (let i = 0; i < cells.length; i++) if (cellText(cells[i] ?? null) !== '') return false;
  return true;
}

/**
 * Reads one data row: the key columns and the edited price. A row whose cells are all blank is skipped
 * (null, no error). Errors name the row (as Excel numbers it), the column's header and the reason.
 * It runs for every row of a workbook: no function or array is made for a row that is right (issue 12).
 */
export function parsePriceRow(p: {
  kind: WorkbookKind;
  row: number;
  cells: readonly CellValue[];
  index: Record<string, number>;
  knownCurrencies: ReadonlySet<string>;
}): { ok: true; value: ParsedPriceRow | null } | { ok: false; errors: RowError[] } {
  const { kind, row, cells, index } = p;
  if (isBlankRow(cells)) return { ok: true, value: null };
  let errors: RowError[] | null = null;
  const idText = cellAt(cells, index, 'ServiceId');
  const serviceId = Number(idText);
  if (!/^\d{1,9}$/.test(idText) || serviceId <= 0)
    errors = withError(errors, row, kind, 'ServiceId', 'Enter the service ID as exported');
  const priceableItem = cellAt(cells, index, 'PriceableItem');
  if (priceableItem === '') errors = withError(errors, row, kind, 'PriceableItem', 'Enter the priceable item as exported');
  const currency = cellAt(cells, index, 'Currency').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) errors = withError(errors, row, kind, 'Currency', 'Enter a three-letter currency code');
  else if (!p.knownCurrencies.has(currency))
    errors = withError(errors, row, kind, 'Currency', `${currency} is not a currency prices can be given in`);
  const priceColumn = EDITED_COLUMN[kind].key;
  const priceText = cellAt(cells, index, priceColumn);
  if (priceText !== '' && !isPriceText(priceText))
    errors = withError(errors, row, kind, priceColumn, 'Enter a price of at least 0 with at most 6 decimals');
  if (errors !== null) return { ok: false, errors };
  return {
    ok: true,
    value: { row, serviceId, priceableItem, currency, price: priceText === '' ? null : normalizePrice(priceText) },
  };
}

export interface PriceChange {
  ServiceId: number;
  ServiceName: string;
  Currency: string;
  PriceableItem: string;
  Price: string | null;
  PreviousPrice: string | null;
  PercentChange: string | null;
}

/** What an upload may price, as the diff asks it: the services' names, their fees, a fee's current prices. */
export interface UploadTarget<F> {
  /** The names of the services the file may price, by id. */
  serviceNames: ReadonlyMap<number, string>;
  /** A service's fee by its priceable item (as a workbook names it), undefined when it has none. */
  feeOf(serviceId: number, priceableItem: string): F | undefined;
  /** The current price of a row's fee in its currency (null: none). */
  priceOf(row: ParsedPriceRow, fee: F): string | null;
}

/** The rows of an upload compared one at a time (`add`, in the file's order), then the outcome (`result`). */
export interface PriceDiff {
  add(row: ParsedPriceRow): void;
  result(): { ok: true; changes: PriceChange[] } | { ok: false; errors: RowError[] };
}

/**
 * Compares the uploaded rows with the current prices [M3.13] [M5.6]: only changed rows are answered. A row
 * of a service or fee that is not there, a duplicate row, or (for suggested retail prices) a blank price
 * where there is one, is an error; the whole file is refused when any row is. Rows are added as they are read,
 * so a preview holds the changes, not every row of the file (issue 12).
 */
export function priceDiff<F>(p: { kind: WorkbookKind } & UploadTarget<F>): PriceDiff {
  const errors: RowError[] = [];
  // The rows read so far, by service, then priceable item: [currency, row, currency, row, ...] (a fee has a few
  // currencies). No key text is made per row: a text key per row cost about 5 ms per 10,000 rows (issue 12).
  const seen = new Map<number, Map<string, (string | number)[]>>();
  const changes: PriceChange[] = [];
  const priceHeader = EDITED_COLUMN[p.kind].header;
  const notHere = p.kind === 'marketplace' ? 'This service is not in this price list' : 'This is not one of your services';
  const fail = (error: RowError) => {
    if (errors.length < PRICE_UPLOAD_MAX_ERRORS) errors.push(error);
  };
  return {
    add(r) {
      const serviceName = p.serviceNames.get(r.serviceId);
      if (serviceName === undefined) {
        fail({ Row: r.row, Column: 'Service ID', Reason: notHere });
        return;
      }
      const fee = p.feeOf(r.serviceId, r.priceableItem);
      if (fee === undefined) {
        fail({ Row: r.row, Column: 'Priceable item', Reason: 'This service has no such priceable item' });
        return;
      }
      let ofService = seen.get(r.serviceId);
      if (ofService === undefined) {
        ofService = new Map();
        seen.set(r.serviceId, ofService);
      }
      let ofFee = ofService.get(r.priceableItem);
      if (ofFee === undefined) {
        ofFee = [];
        ofService.set(r.priceableItem, ofFee);
      }
      for (let i = 0; i < ofFee.length; i += 2) {
        if (ofFee[i] === r.currency) {
          fail({ Row: r.row, Column: 'Priceable item', Reason: `Repeats row ${ofFee[i + 1]}: give each fee and currency once` });
          return;
        }
      }
      ofFee.push(r.currency, r.row);
      if (p.kind === 'myServices' && r.price === null) {
        if (p.priceOf(r, fee) !== null) fail({ Row: r.row, Column: priceHeader, Reason: 'Enter the suggested retail price' });
        return;
      }
      // Once the file is refused, its changes are not needed.
      if (errors.length > 0) return;
      const previous = p.priceOf(r, fee);
      if (samePrice(previous, r.price)) return;
      changes.push({
        ServiceId: r.serviceId,
        ServiceName: serviceName,
        Currency: r.currency,
        PriceableItem: r.priceableItem,
        Price: r.price,
        PreviousPrice: previous,
        PercentChange: percentChange(previous, r.price),
      });
    },
    result: () => (errors.length > 0 ? { ok: false, errors } : { ok: true, changes }),
  };
}

/** `priceDiff` of rows already read. */
export function diffPrices<F>(
  p: { kind: WorkbookKind; rows: readonly ParsedPriceRow[] } & UploadTarget<F>,
): { ok: true; changes: PriceChange[] } | { ok: false; errors: RowError[] } {
  const diff = priceDiff(p);
  for (const r of p.rows) diff.add(r);
  return diff.result();
}

/** The text of a refused file: the first errors, one per line. */
export function describeRowErrors(errors: readonly RowError[]): string {
  return errors.map((e) => `Row ${e.Row}, ${e.Column}: ${e.Reason}`).join('\n');
}
