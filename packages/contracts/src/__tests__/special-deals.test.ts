import { describe, expect, it } from 'vitest';
import { type DiscountItemPricing, type DiscountPricing, discountItemKey } from '../discounts.js';
import type { PriceListPricing } from '../price-list-pricing.js';
import { type PricingInput, priceSubscription } from '../pricing.js';
import { type BillingRule, type BillingRuleInput, BillingRuleSchema } from '../services.js';
import {
  chargeStreamHistory,
  chargeStreamIdOf,
  checkSpecialDealChange,
  isValidUntilChoice,
  parseChargeStreamId,
  type SpecialDeal,
  type SpecialDealChangeInput,
  SpecialDealChangeSchema,
  type SpecialDealPricing,
  specialDealApplies,
  specialDealUnitPrice,
  specialDealValidUntilChoices,
} from '../special-deals.js';

const rule = (over: Partial<BillingRuleInput>): BillingRule => BillingRuleSchema.parse({ ChargeType: 'Monthly', ...over });

const MONTHLY = rule({
  Id: 'r-month',
  PriceableItemId: 'pi-month',
  Charge: '4',
  SuggestedRetailPrices: [
    { Currency: 'EUR', Charge: '10.00' },
    { Currency: 'USD', Charge: '12.00' },
  ],
});
const SETUP = rule({
  Id: 'r-setup',
  PriceableItemId: 'pi-setup',
  ChargeType: 'Setup',
  Charge: '5',
  SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '20' }],
});
/** A fee without a PriceableItemId: items name it by its rule Id, as discounts do. */
const NO_PI = rule({ Id: 'r-extra', Charge: '1', SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '3.333333' }] });

const percentItem = (percent: string): DiscountItemPricing => ({ isCustomCharge: false, percent, customCharge: null });
const customItem = (customCharge: string): DiscountItemPricing => ({ isCustomCharge: true, percent: null, customCharge });
const discount = (items: Record<string, DiscountItemPricing>): DiscountPricing => ({
  discountId: 1,
  percentMode: false,
  items: new Map(Object.entries(items)),
});
const deal = (items: Record<string, DiscountItemPricing>, percentMode = false): SpecialDealPricing => ({
  dealId: 9,
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

function price(over: Partial<PricingInput>) {
  const result = priceSubscription({
    rules: [MONTHLY, SETUP, NO_PI],
    fields: [],
    values: {},
    quantity: 1,
    currency: 'EUR',
    ...over,
  });
  if (!result.ok) throw new Error('not priced');
  return result;
}
const unit = (r: ReturnType<typeof price>, i: number) => r.lines[i]?.sellingUnitPrice;

describe('the one pricing rule with a special deal (decision 0049)', () => {
  // Precedence special deal > discount > price list > SRP, per fee.
  it.each([
    ['SRP only', {}, ['10', '20', '3.333333']],
    ['price list', { priceList: list }, ['8', '20', '3.333333']],
    [
      'price list and discount',
      { priceList: list, discount: discount({ 'pi-month|EUR': percentItem('25') }) },
      ['6', '20', '3.333333'],
    ],
    [
      'a deal percent replaces the discount and is taken off the listed price, not the discounted one',
      {
        priceList: list,
        discount: discount({ 'pi-month|EUR': percentItem('25') }),
        specialDeal: deal({ 'pi-month|EUR': percentItem('10') }),
      },
      ['7.2', '20', '3.333333'],
    ],
    [
      'a deal custom price replaces the price',
      {
        priceList: list,
        discount: discount({ 'pi-month|EUR': percentItem('25') }),
        specialDeal: deal({ 'pi-month|EUR': customItem('5.5') }),
      },
      ['5.5', '20', '3.333333'],
    ],
    [
      'a fee without a deal item keeps its discounted price',
      {
        discount: discount({ 'pi-setup|EUR': percentItem('50'), 'pi-month|EUR': percentItem('50') }),
        specialDeal: deal({ 'pi-month|EUR': percentItem('20') }),
      },
      ['8', '10', '3.333333'],
    ],
    [
      'percent 0 under a deal is the listed price, even over a discount',
      {
        priceList: list,
        discount: discount({ 'pi-month|EUR': percentItem('25') }),
        specialDeal: deal({ 'pi-month|EUR': percentItem('0') }),
      },
      ['8', '20', '3.333333'],
    ],
    [
      'a fee without PriceableItemId is named by its rule Id',
      { specialDeal: deal({ 'r-extra|EUR': percentItem('50') }) },
      ['10', '20', '1.666667'],
    ],
    ['rounded half up to 6 decimals', { specialDeal: deal({ 'r-extra|EUR': percentItem('33.33') }) }, ['10', '20', '2.222333']],
    ['a custom price is never below zero', { specialDeal: deal({ 'pi-month|EUR': customItem('-3') }) }, ['0', '20', '3.333333']],
    [
      'a percent is capped at 100: never below zero',
      { specialDeal: deal({ 'pi-month|EUR': percentItem('150') }) },
      ['0', '20', '3.333333'],
    ],
    [
      'percent mode ignores custom charges and takes the percent',
      { specialDeal: deal({ 'pi-month|EUR': { isCustomCharge: true, percent: '50', customCharge: '1' } }, true) },
      ['5', '20', '3.333333'],
    ],
  ] as const)('%s', (_title, over, expected) => {
    const r = price(over as Partial<PricingInput>);
    expect([unit(r, 0), unit(r, 1), unit(r, 2)]).toEqual(expected);
  });

  it('a deal item of another currency does not apply', () => {
    const r = price({ currency: 'USD', specialDeal: deal({ 'pi-month|EUR': customItem('1') }) });
    expect(unit(r, 0)).toBe('12');
    const usd = price({ currency: 'USD', specialDeal: deal({ 'pi-month|USD': customItem('1') }) });
    expect(unit(usd, 0)).toBe('1');
  });

  it('a priced line says a deal priced it and keeps the listed price; totals follow', () => {
    const r = price({ quantity: 3, specialDeal: deal({ 'pi-month|EUR': percentItem('10') }) });
    expect(r.lines[0]).toMatchObject({
      sellingUnitPrice: '9',
      undiscountedUnitPrice: '10',
      specialDeal: true,
      sellingTotal: '27',
    });
    expect(r.lines[1]?.specialDeal).toBeUndefined();
    expect(r.monthly.selling).toBe('36.999999');
    // The vendor's purchase price is untouched.
    expect(r.monthly.purchase).toBe('15');
  });

  it('the total never goes below zero and percent 0 changes nothing, whatever the items', () => {
    for (const p of ['0', '0.01', '50', '99.99', '100', '100.5', '-5']) {
      for (const c of ['0', '0.000001', '7', '-1']) {
        const r = price({ specialDeal: deal({ 'pi-month|EUR': percentItem(p), 'pi-setup|EUR': customItem(c) }) });
        expect(Number(r.monthly.selling)).toBeGreaterThanOrEqual(0);
        expect(Number(r.setup.selling)).toBeGreaterThanOrEqual(0);
      }
    }
    expect(price({ specialDeal: deal({ 'pi-month|EUR': percentItem('0') }) }).monthly.selling).toBe(price({}).monthly.selling);
  });

  it('specialDealUnitPrice answers undefined without an item, null when a percent has no listed price', () => {
    const d = deal({ [discountItemKey('a', 'EUR')]: percentItem('10') });
    expect(specialDealUnitPrice('10', d, 'b', 'EUR')).toBeUndefined();
    expect(specialDealUnitPrice('10', null, 'a', 'EUR')).toBeUndefined();
    expect(specialDealUnitPrice(null, d, 'a', 'EUR')).toBeNull();
    expect(specialDealUnitPrice('10', d, 'a', 'EUR')).toBe('9');
  });
});

describe('[A5.12] special deal valid-until choices', () => {
  it('offers No end date, then the end of each month for 10 years from the current month', () => {
    const choices = specialDealValidUntilChoices(new Date('2026-11-26T09:30:00Z'));
    expect(choices).toHaveLength(121);
    expect(choices[0]).toEqual({ value: null, year: null, month: null });
    expect(choices[1]).toEqual({ value: '2026-11-30T23:59:59.999Z', year: 2026, month: 11 });
    expect(choices[2]).toEqual({ value: '2026-12-31T23:59:59.999Z', year: 2026, month: 12 });
    expect(choices[4]?.value).toBe('2027-02-28T23:59:59.999Z');
    expect(choices[120]).toEqual({ value: '2036-10-31T23:59:59.999Z', year: 2036, month: 10 });
  });

  it('leap years end February on the 29th', () => {
    const choices = specialDealValidUntilChoices(new Date('2028-02-01T00:00:00Z'));
    expect(choices[1]?.value).toBe('2028-02-29T23:59:59.999Z');
  });

  it('accepts a choice given with an offset, refuses another instant and one past the 10 years', () => {
    const now = new Date('2026-11-26T09:30:00Z');
    expect(isValidUntilChoice(null, now)).toBe(true);
    expect(isValidUntilChoice('2027-01-31T23:59:59.999Z', now)).toBe(true);
    expect(isValidUntilChoice('2027-02-01T00:59:59.999+01:00', now)).toBe(true);
    expect(isValidUntilChoice('2027-01-30T23:59:59.999Z', now)).toBe(false);
    expect(isValidUntilChoice('2026-10-31T23:59:59.999Z', now)).toBe(false);
    expect(isValidUntilChoice('2036-11-30T23:59:59.999Z', now)).toBe(false);
    expect(isValidUntilChoice('soon', now)).toBe(false);
  });

  it('a deal applies up to and including its end instant', () => {
    expect(specialDealApplies(null, new Date())).toBe(true);
    expect(specialDealApplies('2026-11-30T23:59:59.999Z', new Date('2026-11-30T23:59:59.999Z'))).toBe(true);
    expect(specialDealApplies('2026-11-30T23:59:59.999Z', new Date('2026-12-01T00:00:00Z'))).toBe(false);
  });
});

describe('[A5.3] checks of a special deal to save', () => {
  const now = new Date('2026-11-26T09:30:00Z');
  const item = (over: object) => ({
    PriceableItemId: 'pi',
    Currency: 'EUR',
    IsCustomCharge: false,
    CustomCharge: null,
    Discount: '10',
    ...over,
  });
  const check = (input: Partial<SpecialDealChangeInput>) =>
    checkSpecialDealChange(SpecialDealChangeSchema.parse({ chargeStreamId: '1-2', targetAccountId: 3, ...input }), 0, now).map(
      (e) => e.field,
    );

  it('percent 0..100 with 2 decimals, custom price 0 or more with 6 decimals, each fee once, fields named', () => {
    expect(check({ discountItems: [item({ Discount: '12.25' }), item({ PriceableItemId: 'x', Discount: '100' })] })).toEqual([]);
    expect(
      check({
        percentMode: false,
        discountItems: [
          item({ Discount: '100.01' }),
          item({ PriceableItemId: 'b', Discount: '1.005' }),
          item({ PriceableItemId: 'c', IsCustomCharge: true, CustomCharge: '1.1234567' }),
          item({ PriceableItemId: 'd', IsCustomCharge: true, CustomCharge: '-1' }),
          item({ PriceableItemId: 'e', IsCustomCharge: true, CustomCharge: '0.123456' }),
          item({ PriceableItemId: 'e', IsCustomCharge: true, CustomCharge: '1' }),
          item({ PriceableItemId: 'f', Discount: null }),
        ],
      }),
    ).toEqual([
      'Deals[0].DiscountItems[0].Discount',
      'Deals[0].DiscountItems[1].Discount',
      'Deals[0].DiscountItems[2].CustomCharge',
      'Deals[0].DiscountItems[3].CustomCharge',
      'Deals[0].DiscountItems[5]',
      'Deals[0].DiscountItems[6].Discount',
    ]);
  });

  it('the end date must be one of the choices; a modify needs the version; a removal needs id and version', () => {
    expect(check({ effectiveEndDate: '2026-12-15T00:00:00Z' })).toEqual(['Deals[0].EffectiveEndDate']);
    expect(check({ effectiveEndDate: '2026-12-31T23:59:59.999Z' })).toEqual([]);
    expect(check({ id: 4 })).toEqual(['Deals[0].Version']);
    expect(check({ status: 'Removed' })).toEqual(['Deals[0].Id', 'Deals[0].Version']);
    expect(check({ status: 'Removed', id: 4, version: 2, discountItems: [item({ Discount: '500' })] })).toEqual([]);
  });
});

describe('charge stream ids and history', () => {
  it('a stream id is seller-buyer and parses back; anything else is no stream', () => {
    expect(chargeStreamIdOf(5, 23)).toBe('5-23');
    expect(parseChargeStreamId('5-23')).toEqual({ sellerAccountId: 5, buyerAccountId: 23 });
    for (const bad of ['5', '5-', '-5-2', '05-2', '5-2-1', 'a-b']) expect(parseChargeStreamId(bad)).toBeNull();
  });

  it("merges a stream's deals' history newest first", () => {
    const entry = (CreatedDate: string, ActionTaken: 'Activated' | 'Removed special deal') => ({
      Author: null,
      Comments: '',
      CreatedDate,
      EffectiveEndDate: null,
      DiscountItems: [],
      Status: 'Active' as const,
      ActionTaken,
    });
    const d = (id: number, stream: string, history: ReturnType<typeof entry>[]) =>
      ({ Id: id, ChargeStreamId: stream, History: history }) as unknown as SpecialDeal;
    const history = chargeStreamHistory(
      [
        d(1, '1-2', [entry('2026-01-02T00:00:00Z', 'Removed special deal'), entry('2026-01-01T00:00:00Z', 'Activated')]),
        d(2, '1-2', [entry('2026-02-01T00:00:00Z', 'Activated')]),
        d(3, '9-2', [entry('2026-03-01T00:00:00Z', 'Activated')]),
      ],
      '1-2',
    );
    expect(history.map((h) => h.CreatedDate)).toEqual(['2026-02-01T00:00:00Z', '2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z']);
  });
});
