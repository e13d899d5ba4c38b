import { PRICE_UPLOAD_MAX_ERRORS } from '@portal/contracts';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { cellText, diffPrices, locateColumns, type ParsedPriceRow, parsePriceRow, priceDiff } from '../excel.rules.js';

const KNOWN = new Set(['EUR', 'USD']);
const header = [
  'Service ID',
  'Service name',
  'Priceable item',
  'Fee',
  'Currency',
  'Purchase price',
  'Suggested retail price',
  'Custom price',
];
const located = locateColumns('marketplace', header);
const index = located.ok ? located.index : {};

describe('reading a price row', () => {
  it('locates the columns by header, in any order and case', () => {
    expect(locateColumns('myServices', ['currency', 'SERVICE ID', 'Suggested retail price', 'Priceable item'])).toEqual({
      ok: true,
      index: { ServiceId: 1, PriceableItem: 3, Currency: 0, Charge: 2 },
    });
    expect(locateColumns('marketplace', ['Service ID', 'Currency'])).toEqual({
      ok: false,
      missing: ['Priceable item', 'Custom price'],
    });
  });

  it('reads a number Excel stored to at most 6 decimals', () => {
    expect(cellText(13.200000000000001)).toBe('13.2');
    expect(cellText(0.1234564)).toBe('0.123456');
    expect(cellText(' 12.50 ')).toBe('12.50');
    expect(cellText(null)).toBe('');
  });

  it.each([
    0,
    7,
    11.25,
    9.75,
    0.000001,
    1e-7,
    123456789,
    2 ** 53,
    1e21,
    0.1 + 0.2,
    1.0000005,
    2.5e-7,
    1234.5678905,
    -3,
    -0,
    -0.0000004,
  ])('reads the number %d as decimal.js rounds it to 6 decimals, half up', (n) => {
    expect(cellText(n)).toBe(new Decimal(n).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed());
  });

  it('skips a blank row', () => {
    expect(parsePriceRow({ kind: 'marketplace', row: 4, cells: [null, '', null], index, knownCurrencies: KNOWN })).toEqual({
      ok: true,
      value: null,
    });
  });

  it.each([
    { cells: ['x', '', 'PI-1', '', 'EUR', 1, 1, 2], column: 'Service ID', reason: 'Enter the service ID as exported' },
    { cells: [1, '', '', '', 'EUR', 1, 1, 2], column: 'Priceable item', reason: 'Enter the priceable item as exported' },
    { cells: [1, '', 'PI-1', '', 'EURO', 1, 1, 2], column: 'Currency', reason: 'Enter a three-letter currency code' },
    { cells: [1, '', 'PI-1', '', 'XYZ', 1, 1, 2], column: 'Currency', reason: 'XYZ is not a currency prices can be given in' },
    {
      cells: [1, '', 'PI-1', '', 'EUR', 1, 1, '-2'],
      column: 'Custom price',
      reason: 'Enter a price of at least 0 with at most 6 decimals',
    },
    {
      cells: [1, '', 'PI-1', '', 'EUR', 1, 1, 'ten'],
      column: 'Custom price',
      reason: 'Enter a price of at least 0 with at most 6 decimals',
    },
  ])('refuses $cells with $column: $reason', ({ cells, column, reason }) => {
    expect(parsePriceRow({ kind: 'marketplace', row: 7, cells, index, knownCurrencies: KNOWN })).toEqual({
      ok: false,
      errors: [{ Row: 7, Column: column, Reason: reason }],
    });
  });

  it('reads a good row with a lower-case currency and a blank price', () => {
    expect(
      parsePriceRow({
        kind: 'marketplace',
        row: 2,
        cells: [5, 'S', 'PI-5-1', 'fee', 'usd', 1, 2, null],
        index,
        knownCurrencies: KNOWN,
      }),
    ).toEqual({
      ok: true,
      value: { row: 2, serviceId: 5, priceableItem: 'PI-5-1', currency: 'USD', price: null },
    });
  });
});

const prices = new Map<string, string | null>([
  ['1|PI-1|EUR', '10'],
  ['1|PI-1|USD', '0'],
  ['1|PI-2|EUR', null],
]);
const fees = new Set(['1|PI-1', '1|PI-2']);
const uploadKey = (serviceId: number, priceableItem: string, currency: string) => `${serviceId}|${priceableItem}|${currency}`;
const known = {
  priceOf: (r: ParsedPriceRow) => prices.get(uploadKey(r.serviceId, r.priceableItem, r.currency)) ?? null,
  serviceNames: new Map([[1, 'One']]),
  feeOf: (serviceId: number, priceableItem: string) => (fees.has(`${serviceId}|${priceableItem}`) ? priceableItem : undefined),
};
const row = (n: number, item: string, currency: string, price: string | null): ParsedPriceRow => ({
  row: n,
  serviceId: 1,
  priceableItem: item,
  currency,
  price,
});

describe('which rows changed [M3.13] [M5.6]', () => {
  it('[M5.6] answers only changed rows, the percent blank when the old price is 0 or missing', () => {
    const diff = diffPrices({
      kind: 'marketplace',
      rows: [row(2, 'PI-1', 'EUR', '10.00'), row(3, 'PI-1', 'USD', '5'), row(4, 'PI-2', 'EUR', '3'), row(5, 'PI-2', 'USD', null)],
      ...known,
    });

    expect(diff).toEqual({
      ok: true,
      changes: [
        {
          ServiceId: 1,
          ServiceName: 'One',
          Currency: 'USD',
          PriceableItem: 'PI-1',
          Price: '5',
          PreviousPrice: '0',
          PercentChange: null,
        },
        {
          ServiceId: 1,
          ServiceName: 'One',
          Currency: 'EUR',
          PriceableItem: 'PI-2',
          Price: '3',
          PreviousPrice: null,
          PercentChange: null,
        },
      ],
    });
  });

  it('a blank own price removes it; a blank suggested retail price is refused', () => {
    const removal = diffPrices({ kind: 'marketplace', rows: [row(2, 'PI-1', 'EUR', null)], ...known });
    const srp = diffPrices({ kind: 'myServices', rows: [row(2, 'PI-1', 'EUR', null)], ...known });

    expect(removal.ok && removal.changes[0]).toMatchObject({ Price: null, PreviousPrice: '10' });
    expect(srp).toEqual({
      ok: false,
      errors: [{ Row: 2, Column: 'Suggested retail price', Reason: 'Enter the suggested retail price' }],
    });
  });

  it('refuses unknown services, unknown fees and repeated rows', () => {
    const diff = diffPrices({
      kind: 'marketplace',
      rows: [
        { ...row(2, 'PI-1', 'EUR', '1'), serviceId: 9 },
        row(3, 'PI-9', 'EUR', '1'),
        row(4, 'PI-1', 'EUR', '1'),
        row(5, 'PI-1', 'EUR', '2'),
      ],
      ...known,
    });

    expect(diff).toEqual({
      ok: false,
      errors: [
        { Row: 2, Column: 'Service ID', Reason: 'This service is not in this price list' },
        { Row: 3, Column: 'Priceable item', Reason: 'This service has no such priceable item' },
        { Row: 5, Column: 'Priceable item', Reason: 'Repeats row 4: give each fee and currency once' },
      ],
    });
  });

  it('compares rows one at a time as they are read, with the same outcome as the rows read first', () => {
    const rows = [row(2, 'PI-1', 'EUR', '10.00'), row(3, 'PI-1', 'USD', '5'), row(4, 'PI-2', 'EUR', '3')];
    const diff = priceDiff({ kind: 'marketplace', ...known });
    for (const r of rows) diff.add(r);

    expect(diff.result()).toEqual(diffPrices({ kind: 'marketplace', rows, ...known }));
  });

  it('keeps finding errors after the first (a blank suggested retail price too), at most PRICE_UPLOAD_MAX_ERRORS', () => {
    const diff = priceDiff({ kind: 'myServices', ...known });
    diff.add({ ...row(2, 'PI-1', 'EUR', '1'), serviceId: 9 });
    diff.add(row(3, 'PI-1', 'EUR', null));
    for (let n = 0; n < PRICE_UPLOAD_MAX_ERRORS + 5; n++) diff.add(row(4 + n, 'PI-9', 'EUR', '1'));
    const result = diff.result();

    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors).toHaveLength(PRICE_UPLOAD_MAX_ERRORS);
    expect(errors.slice(0, 2)).toEqual([
      { Row: 2, Column: 'Service ID', Reason: 'This is not one of your services' },
      { Row: 3, Column: 'Suggested retail price', Reason: 'Enter the suggested retail price' },
    ]);
  });
});
