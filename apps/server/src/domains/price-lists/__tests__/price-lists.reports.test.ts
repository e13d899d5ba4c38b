import { describe, expect, it } from 'vitest';
import { marginOf, purchaseIn } from '../price-lists.reports.js';

describe('the margin of a price (Price List Margins report)', () => {
  it('is the price minus the purchase price, exact, with its percent of the price rounded half up to 2 decimals', () => {
    expect(marginOf('7.25', '4.5')).toEqual({ margin: '2.75', percent: '37.93' });
    expect(marginOf('0.3', '0.1')).toEqual({ margin: '0.2', percent: '66.67' });
    expect(marginOf('4', '5.000001')).toEqual({ margin: '-1.000001', percent: '-25' });
  });

  it('is unknown without a price, and has no percent of a zero price', () => {
    expect(marginOf(null, '4.5')).toEqual({ margin: null, percent: null });
    expect(marginOf('0', '1')).toEqual({ margin: '-1', percent: null });
  });
});

describe("the purchase price in a fee's currency (Price List Margins report)", () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const rates = new Map([
    ['USD', { rate: '1.08', effectiveOn: '2026-10-31' }],
    ['GBP', { rate: '0.86', effectiveOn: '2026-09-30' }],
  ]);

  it("is the purchase price itself in the vendor's currency, with no rate", () => {
    expect(purchaseIn('4.5', 'EUR', 'EUR', new Map(), now)).toEqual({ amount: '4.5', rateOf: null });
  });

  it('is converted through the base currency, exact, naming the oldest month end of the rates used', () => {
    expect(purchaseIn('4.5', 'EUR', 'USD', rates, now)).toEqual({ amount: '4.86', rateOf: '2026-10-31' });
    // 10 USD = 10 / 1.08 EUR = 9.259259... EUR = 7.962962... GBP: exact to 20 significant digits, never a float.
    expect(purchaseIn('10', 'USD', 'GBP', rates, now)).toEqual({ amount: '7.962962962962962963', rateOf: '2026-09-30' });
  });

  it("is unknown without a rate for either currency or without the vendor's currency", () => {
    expect(purchaseIn('4.5', 'EUR', 'CHF', rates, now)).toEqual({ amount: null, rateOf: null });
    expect(purchaseIn('4.5', null, 'EUR', rates, now)).toEqual({ amount: null, rateOf: null });
  });
});
