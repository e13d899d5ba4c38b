import { describe, expect, it } from 'vitest';
import {
  checkDiscountChange,
  type DiscountChangeInput,
  DiscountChangeSchema,
  type DiscountItemPricing,
  type DiscountPricing,
  discountedUnitPrice,
  discountItemKey,
} from '../discounts.js';
import type { PriceListPricing } from '../price-list-pricing.js';
import { type PricingInput, priceSubscription } from '../pricing.js';
import { type BillingRule, type BillingRuleInput, BillingRuleSchema, ServiceFieldSchema } from '../services.js';

const rule = (over: Partial<BillingRuleInput>): BillingRule => BillingRuleSchema.parse({ ChargeType: 'Monthly', ...over });
const seats = ServiceFieldSchema.parse({ Id: 'seats', DisplayName: 'Seats', FieldType: 'Numeric' });

const MONTHLY = rule({
  Id: 'r-month',
  PriceableItemId: 'pi-month',
  Charge: '4',
  SuggestedRetailPrices: [
    { Currency: 'EUR', Charge: '10.00' },
    { Currency: 'USD', Charge: '12.00' },
  ],
});
const PER_SEAT = rule({
  Id: 'r-seat',
  PriceableItemId: 'pi-seat',
  Charge: '1',
  UdrcField: 'seats',
  SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '3.333333' }],
});
const SETUP = rule({
  Id: 'r-setup',
  PriceableItemId: 'pi-setup',
  ChargeType: 'Setup',
  Charge: '5',
  SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '20' }],
});

const percentItem = (percent: string): DiscountItemPricing => ({ isCustomCharge: false, percent, customCharge: null });
const customItem = (customCharge: string): DiscountItemPricing => ({ isCustomCharge: true, percent: null, customCharge });
const discount = (items: Record<string, DiscountItemPricing>, percentMode = false): DiscountPricing => ({
  discountId: 1,
  percentMode,
  items: new Map(Object.entries(items)),
});
const list: PriceListPricing = {
  marketplaceId: 7,
  name: 'Gold',
  mode: 'legacy',
  isAutoSrpSyncEnabled: false,
  customPrices: new Map([['r-month|EUR', '8.00']]),
  markupPercent: null,
};

const price = (over: Partial<PricingInput>) => {
  const result = priceSubscription({
    rules: [MONTHLY, PER_SEAT, SETUP],
    fields: [seats],
    values: { seats: 3 },
    quantity: 2,
    currency: 'EUR',
    ...over,
  });
  if (!result.ok) throw new Error(result.error);
  return result;
};
const lineOf = (result: ReturnType<typeof price>, pi: string) => result.lines.find((l) => l.priceableItemId === pi)!;

describe('[A1.8] the one pricing rule with a discount: special deal > discount > price list > SRP', () => {
  it.each([
    ['no discount: the SRP', {}, 'pi-month', '10', '20'],
    ['no discount: the price list', { priceList: list }, 'pi-month', '8', '16'],
    ['15 % on the SRP', { discount: discount({ 'pi-month|EUR': percentItem('15') }) }, 'pi-month', '8.5', '17'],
    [
      '15 % on the price list price, not on the SRP',
      { priceList: list, discount: discount({ 'pi-month|EUR': percentItem('15') }) },
      'pi-month',
      '6.8',
      '13.6',
    ],
    [
      'a custom charge replaces the price list price',
      { priceList: list, discount: discount({ 'pi-month|EUR': customItem('5.125') }) },
      'pi-month',
      '5.125',
      '10.25',
    ],
    [
      'percent mode ignores a custom charge and uses the percent',
      { discount: discount({ 'pi-month|EUR': { isCustomCharge: true, percent: '50', customCharge: '1' } }, true) },
      'pi-month',
      '5',
      '10',
    ],
    [
      'an item of another currency changes nothing',
      { discount: discount({ 'pi-month|USD': percentItem('50') }) },
      'pi-month',
      '10',
      '20',
    ],
    [
      'the USD item prices a USD customer',
      { currency: 'USD', discount: discount({ 'pi-month|USD': percentItem('25') }) },
      'pi-month',
      '9',
      '18',
    ],
    [
      'per-unit fee: units are seats times quantity (6), rounded to 6 decimals per unit',
      { discount: discount({ 'pi-seat|EUR': percentItem('33.33') }) },
      'pi-seat',
      '2.222333',
      '13.333998',
    ],
    ['a percent above 100 counts as 100', { discount: discount({ 'pi-month|EUR': percentItem('150') }) }, 'pi-month', '0', '0'],
    ['a negative custom charge counts as 0', { discount: discount({ 'pi-month|EUR': customItem('-3') }) }, 'pi-month', '0', '0'],
  ] as const)('%s', (_, over, pi, unit, total) => {
    const line = lineOf(price(over as Partial<PricingInput>), pi);
    expect(line.sellingUnitPrice).toBe(unit);
    expect(line.sellingTotal).toBe(total);
  });

  it('keeps the price before the discount on a discounted line only', () => {
    const result = price({ priceList: list, discount: discount({ 'pi-month|EUR': percentItem('15') }) });
    expect(lineOf(result, 'pi-month').undiscountedUnitPrice).toBe('8.00');
    expect(lineOf(result, 'pi-setup').undiscountedUnitPrice).toBeUndefined();
  });

  it('applies to setup fees and totals', () => {
    const result = price({ discount: discount({ 'pi-setup|EUR': percentItem('10'), 'pi-month|EUR': percentItem('10') }) });
    expect(result.setup.selling).toBe('36'); // 18 times the quantity 2
    // 9 * 2 + 3.333333 * 6
    expect(result.monthly.selling).toBe('37.999998');
    expect(result.monthly.purchase).toBe('14');
  });

  it('a fee without a selling price in the currency stays unpriced under a percent', () => {
    expect(discountedUnitPrice(null, discount({ 'pi|EUR': percentItem('10') }), 'pi', 'EUR')).toBeNull();
    expect(discountedUnitPrice(null, discount({ 'pi|EUR': customItem('4') }), 'pi', 'EUR')).toBe('4');
  });
});

describe('[A5.3] property: the total never goes below zero, and percent 0 changes nothing', () => {
  // A small deterministic generator (no randomness in CI): linear congruential.
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const amount = (max: number, decimals: number) => (next() * max).toFixed(decimals);

  it('holds for 500 generated prices, percents and custom charges', () => {
    for (let i = 0; i < 500; i++) {
      const srp = amount(1000, 6);
      const r = rule({ Id: 'g', PriceableItemId: 'g', Charge: '1', SuggestedRetailPrices: [{ Currency: 'EUR', Charge: srp }] });
      const percent = (next() * 300 - 100).toFixed(2);
      const custom = (next() * 200 - 100).toFixed(3);
      const input = { rules: [r], fields: [], values: {}, quantity: 1 + Math.floor(next() * 50), currency: 'EUR' };
      for (const item of [percentItem(percent), customItem(custom)]) {
        const result = priceSubscription({ ...input, discount: discount({ [discountItemKey('g', 'EUR')]: item }) });
        if (!result.ok) throw new Error(result.error);
        expect(Number(result.monthly.selling)).toBeGreaterThanOrEqual(0);
      }
      const plain = priceSubscription(input);
      const zero = priceSubscription({ ...input, discount: discount({ 'g|EUR': percentItem('0') }) });
      expect(zero).toEqual(plain);
    }
  });
});

describe('[A5.3] checking a discount to save', () => {
  const change = (over: Partial<DiscountChangeInput>) => DiscountChangeSchema.parse({ ProductName: 'svc', ...over });
  const item = (over: Record<string, unknown>) => ({
    Currency: 'EUR',
    PriceableItemId: 'pi',
    IsCustomCharge: false,
    Discount: null,
    CustomCharge: null,
    ...over,
  });

  it.each([
    ['a percent with 2 decimals', change({ DiscountItems: [item({ Discount: '15.25' })] }), []],
    ['100 percent', change({ DiscountItems: [item({ Discount: '100' })] }), []],
    [
      'a percent with 3 decimals',
      change({ DiscountItems: [item({ Discount: '15.125' })] }),
      ['Discounts[0].DiscountItems[0].Discount'],
    ],
    [
      'a percent above 100',
      change({ DiscountItems: [item({ Discount: '100.01' })] }),
      ['Discounts[0].DiscountItems[0].Discount'],
    ],
    ['a missing percent', change({ DiscountItems: [item({})] }), ['Discounts[0].DiscountItems[0].Discount']],
    [
      'a custom charge with 3 decimals',
      change({ PercentMode: false, DiscountItems: [item({ IsCustomCharge: true, CustomCharge: '9.999' })] }),
      [],
    ],
    [
      'a custom charge with 4 decimals',
      change({ PercentMode: false, DiscountItems: [item({ IsCustomCharge: true, CustomCharge: '9.9999' })] }),
      ['Discounts[0].DiscountItems[0].CustomCharge'],
    ],
    [
      'a negative custom charge',
      change({ PercentMode: false, DiscountItems: [item({ IsCustomCharge: true, CustomCharge: '-1' })] }),
      ['Discounts[0].DiscountItems[0].CustomCharge'],
    ],
    [
      'an end before the start',
      change({ EffectiveStartDate: '2026-05-01T00:00:00Z', EffectiveEndDate: '2026-04-01T00:00:00Z' }),
      ['Discounts[0].EffectiveEndDate'],
    ],
    [
      'the same billing rule and currency twice',
      change({ DiscountItems: [item({ Discount: '1' }), item({ Discount: '2' })] }),
      ['Discounts[0].DiscountItems[1]'],
    ],
  ])('%s', (_, c, fields) => {
    expect(checkDiscountChange(c, 0).map((e) => e.field)).toEqual(fields);
  });
});
