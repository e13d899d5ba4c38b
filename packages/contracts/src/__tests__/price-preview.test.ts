import { describe, expect, it } from 'vitest';
import { priceProtectionBannerDate, priceProtectionEnd } from '../price-preview.js';

const created = new Date('2026-01-01T10:15:30.000Z');

describe('[A3.1] [A2.33] price protection end', () => {
  it.each([
    ['30 days', 30, '2026-01-31T10:15:30.000Z'],
    ['a year, across a leap day', 366, '2027-01-02T10:15:30.000Z'],
    ['one day', 1, '2026-01-02T10:15:30.000Z'],
    ['a fraction counts whole days', 2.7, '2026-01-03T10:15:30.000Z'],
    ['no length', null, null],
    ['undefined', undefined, null],
    ['zero days', 0, null],
    ['a negative length', -5, null],
    ['not a number', Number.NaN, null],
  ])('%s', (_name, days, expected) => {
    expect(priceProtectionEnd(created, days)?.toISOString() ?? null).toBe(expected);
  });

  it('gives none for an invalid creation time', () => {
    expect(priceProtectionEnd(new Date('nonsense'), 30)).toBeNull();
  });
});

describe('[A2.33] [A9.9] price protection banner date, yyyy-MM-dd HH:mm:ss UTC', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  it.each([
    ['a future end', '2026-12-31T23:59:59.000Z', '2026-12-31 23:59:59'],
    ['an end in another time zone is shown in UTC', '2026-06-01T02:30:05+02:00', '2026-06-01 00:30:05'],
    ['an end one second ahead', '2026-03-01T12:00:01.000Z', '2026-03-01 12:00:01'],
    ['an end exactly now', '2026-03-01T12:00:00.000Z', null],
    ['a past end', '2025-12-31T00:00:00.000Z', null],
    ['no end', null, null],
    ['an empty value', '', null],
    ['not a date', 'soon', null],
    ['not a string', 42, null],
  ])('%s', (_name, end, expected) => {
    expect(priceProtectionBannerDate(end, now)).toBe(expected);
  });
});
