import { describe, expect, it } from 'vitest';
import { checkDiscountDates, discountDateToIso, discountPeriodState, isoToDiscountDate } from '../discounts.js';

describe('discount effective dates (decision 0048): whole UTC days, start included, end excluded', () => {
  it.each([
    ['2026-12-01', '2026-12-01T00:00:00.000Z'],
    ['2028-02-29', '2028-02-29T00:00:00.000Z'],
    [' 2027-01-31 ', '2027-01-31T00:00:00.000Z'],
    ['2027-02-29', null],
    ['2026-13-01', null],
    ['01/12/2026', null],
    ['', null],
  ])('the field %j stands for %s', (text, iso) => {
    expect(discountDateToIso(text)).toBe(iso);
  });

  it('a stored instant shows as its UTC day', () => {
    expect(isoToDiscountDate('2026-12-01T23:30:00.000-02:00')).toBe('2026-12-02');
    expect(isoToDiscountDate('2026-12-01T00:00:00.000Z')).toBe('2026-12-01');
  });

  it.each([
    ['2026-11-26T10:00:00Z', 'scheduled'],
    ['2026-12-01T00:00:00Z', 'inEffect'],
    ['2026-12-31T23:59:59Z', 'inEffect'],
    ['2027-01-01T00:00:00Z', 'ended'],
  ] as const)('at %s a discount from 1 Dec until 1 Jan is %s', (now, state) => {
    expect(discountPeriodState('2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z', new Date(now))).toBe(state);
  });

  it('without an end a started discount stays in effect', () => {
    expect(discountPeriodState('2020-01-01T00:00:00.000Z', null, new Date('2100-01-01T00:00:00Z'))).toBe('inEffect');
  });

  it('checks the fields, naming them as the server does', () => {
    expect(checkDiscountDates('2026-12-01', '')).toEqual({ ok: true, start: '2026-12-01T00:00:00.000Z', end: null });
    expect(checkDiscountDates('2026-12-01', '2026-12-01')).toEqual({
      ok: false,
      errors: [{ field: 'Discounts[0].EffectiveEndDate', message: 'The end date must be after the start date' }],
    });
    expect(checkDiscountDates('', '2026-02-30', 2)).toEqual({
      ok: false,
      errors: [
        { field: 'Discounts[2].EffectiveStartDate', message: 'Enter the start date as yyyy-MM-dd' },
        { field: 'Discounts[2].EffectiveEndDate', message: 'Enter the end date as yyyy-MM-dd' },
      ],
    });
  });
});
