import { describe, expect, it } from 'vitest';
import {
  conversion,
  convertAmount,
  isRateUpToDate,
  monthEndForUpdate,
  previousMonthEnd,
  type RateOfCurrency,
  RateTextSchema,
  UpdateExchangeRatesInputSchema,
} from '../exchange-rates.js';

const at = (iso: string) => new Date(iso);

describe('[A2.33] month ends of exchange rates', () => {
  it.each([
    ['2026-11-23T09:00:00Z', '2026-10-31'],
    ['2026-11-01T00:00:00Z', '2026-10-31'],
    ['2026-03-15T12:00:00Z', '2026-02-28'],
    ['2028-03-01T00:00:00Z', '2028-02-29'],
    ['2027-01-10T00:00:00Z', '2026-12-31'],
  ])('the month end before %s is %s', (now, expected) => {
    expect(previousMonthEnd(at(now))).toBe(expected);
  });

  it.each([
    ['2026-11-30T00:00:00Z', '2026-11-30'],
    ['2026-11-30T23:59:59Z', '2026-11-30'],
    ['2026-11-29T23:59:59Z', '2026-10-31'],
    ['2026-12-01T00:00:00Z', '2026-11-30'],
    ['2028-02-29T08:00:00Z', '2028-02-29'],
  ])('a rate saved at %s is for %s (updated on the last day of the month)', (now, expected) => {
    expect(monthEndForUpdate(at(now))).toBe(expected);
  });

  it.each([
    ['2026-10-31', '2026-11-23T09:00:00Z', true],
    ['2026-11-30', '2026-11-30T10:00:00Z', true],
    ['2026-09-30', '2026-11-23T09:00:00Z', false],
    ['2026-10-31', '2026-11-30T23:00:00Z', true],
    ['2026-10-31', '2026-12-01T00:00:00Z', false],
    [null, '2026-11-23T09:00:00Z', false],
  ])('a rate of %s is up to date at %s: %s', (effectiveOn, now, expected) => {
    expect(isRateUpToDate(effectiveOn, at(now))).toBe(expected);
  });
});

describe('[A2.33] conversions through the base currency', () => {
  const now = at('2026-11-23T09:00:00Z');
  const rates = new Map<string, RateOfCurrency>([
    ['USD', { rate: '1.25', effectiveOn: '2026-10-31' }],
    ['GBP', { rate: '0.8', effectiveOn: '2026-09-30' }],
  ]);

  it('needs no rate for the same currency', () => {
    expect(conversion('SEK', 'SEK', new Map(), now)).toEqual({ ok: true, factor: '1', upToDate: true, effectiveOn: null });
  });

  it('converts from and to EUR with one rate', () => {
    expect(conversion('USD', 'EUR', rates, now)).toEqual({ ok: true, factor: '0.8', upToDate: true, effectiveOn: '2026-10-31' });
    expect(conversion('EUR', 'USD', rates, now)).toMatchObject({ ok: true, factor: '1.25' });
  });

  it('converts between two other currencies through EUR and is out of date when one rate is', () => {
    expect(conversion('USD', 'GBP', rates, now)).toEqual({
      ok: true,
      factor: '0.64',
      upToDate: false,
      effectiveOn: '2026-09-30',
    });
  });

  it('names the currencies without a rate', () => {
    expect(conversion('CHF', 'SEK', rates, now)).toEqual({ ok: false, missing: ['CHF', 'SEK'] });
    expect(conversion('USD', 'NOK', rates, now)).toEqual({ ok: false, missing: ['NOK'] });
  });

  it('keeps amounts exact (decimal, not float)', () => {
    expect(convertAmount('0.1', '3')).toBe('0.3');
    expect(convertAmount('19.99', '0.8')).toBe('15.992');
    // A factor that does not end (1/3) keeps 20 significant digits; display rounds it to cents.
    const back = conversion('USD', 'EUR', new Map([['USD', { rate: '3', effectiveOn: '2026-10-31' }]]), now);
    expect(back.ok && back.factor).toBe('0.33333333333333333333');
  });
});

describe('exchange rate input', () => {
  it.each(['1', '1.0825', '0.000001', '123456789.5'])('accepts %s', (v) => {
    expect(RateTextSchema.safeParse(v).success).toBe(true);
  });
  it.each(['0', '0.0000001', '-1', '1,08', 'abc', ''])('refuses %s', (v) => {
    expect(RateTextSchema.safeParse(v).success).toBe(false);
  });
  it('refuses EUR (the base), a currency twice and a code that is not three letters', () => {
    const issues = (rates: unknown) =>
      UpdateExchangeRatesInputSchema.safeParse({ Version: 0, rates }).error?.issues.map((i) => i.message);
    expect(issues([{ currency: 'EUR', rate: '1' }])).toEqual(['EUR is the base currency: its rate is always 1']);
    expect(
      issues([
        { currency: 'usd', rate: '1' },
        { currency: 'USD', rate: '2' },
      ]),
    ).toEqual(['Each currency may appear once']);
    expect(issues([{ currency: 'US', rate: '1' }])).toEqual(['Enter a three-letter currency code such as USD']);
  });
});
