import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  applyPercent,
  matchingPricingRule,
  type PriceListPricing,
  percentChange,
  priceKey,
  priceListUnitPrice,
} from '../price-list-pricing.js';
import { priceSubscription } from '../pricing.js';
import type { BillingRule } from '../services.js';

const list = (over: Partial<PriceListPricing> = {}): PriceListPricing => ({
  marketplaceId: 7,
  name: 'Partner list',
  mode: 'legacy',
  isAutoSrpSyncEnabled: false,
  customPrices: new Map([[priceKey('r1', 'EUR'), '8.5']]),
  markupPercent: null,
  ...over,
});

describe('applyPercent', () => {
  it.each([
    ['10', '12.5', '11.25'],
    ['10', '0', '10'],
    ['0.1', '20', '0.12'],
    ['1.0000005', '0', '1.000001'],
    ['3.333333', '33.33', '4.444333'],
    ['100', '-10', '90'],
  ])('%s with %s percent is %s (decimal, rounded half up to 6 places)', (price, percent, expected) => {
    expect(applyPercent(price, percent)).toBe(expected);
  });

  it('never goes through a float: 0.1 + 0.2 style inputs stay exact', () => {
    expect(applyPercent('0.3', '100')).toBe('0.6');
  });
});

describe('priceListUnitPrice', () => {
  it('takes the list’s own price of the fee and currency in legacy mode', () => {
    expect(priceListUnitPrice(list(), 'r1', 'EUR', '10')).toBe('8.5');
  });

  it('falls back to the SRP when the list has no price for the fee or currency', () => {
    expect(priceListUnitPrice(list(), 'r1', 'USD', '11')).toBe('11');
    expect(priceListUnitPrice(list(), 'r2', 'EUR', '4')).toBe('4');
    expect(priceListUnitPrice(list(), null, 'EUR', '4')).toBe('4');
  });

  it('answers null when neither the list nor the SRP gives a price', () => {
    expect(priceListUnitPrice(list(), 'r2', 'GBP', null)).toBeNull();
  });

  it('follows the SRP while auto SRP sync is on, whatever the list’s own prices say', () => {
    expect(priceListUnitPrice(list({ isAutoSrpSyncEnabled: true }), 'r1', 'EUR', '10')).toBe('10');
  });

  it('applies the matching rule’s markup to the SRP in dynamic mode', () => {
    expect(priceListUnitPrice(list({ mode: 'dynamic', markupPercent: '15' }), 'r1', 'EUR', '10')).toBe('11.5');
    expect(priceListUnitPrice(list({ mode: 'dynamic', markupPercent: null }), 'r1', 'EUR', '10')).toBe('10');
    expect(priceListUnitPrice(list({ mode: 'dynamic', markupPercent: '15' }), 'r1', 'EUR', null)).toBeNull();
  });
});

describe('matchingPricingRule', () => {
  const rules = [
    { target: 'Vendor' as const, value: '12', markupPercent: '5' },
    { target: 'Category' as const, value: 'Backup', markupPercent: '10' },
    { target: 'Service' as const, value: '99', markupPercent: '30' },
  ];

  it.each([
    [{ serviceId: 99, ownerAccountId: 12, category: 'Backup' }, '30'],
    [{ serviceId: 98, ownerAccountId: 12, category: 'Backup' }, '10'],
    [{ serviceId: 98, ownerAccountId: 12, category: 'Security' }, '5'],
    [{ serviceId: 98, ownerAccountId: 13, category: null }, null],
  ])('picks the most specific rule (service, category, vendor) for %o', (service, expected) => {
    expect(matchingPricingRule(rules, service)?.markupPercent ?? null).toBe(expected);
  });
});

describe('percentChange', () => {
  it.each([
    ['10', '12', '20.00'],
    ['10', '9.5', '-5.00'],
    ['3', '4', '33.33'],
    ['0', '5', null],
    [null, '5', null],
  ])('from %s to %s is %s', (before, after, expected) => {
    expect(percentChange(before, after)).toBe(expected);
  });

  // Prices below 100,000 are computed in integers (issue 12); decimal.js is the reference.
  const byDecimal = (before: string, after: string) => {
    const old = new Decimal(before);
    if (old.isZero()) return null;
    return new Decimal(after).minus(old).dividedBy(old).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  };

  it.each([
    ['8', '8.0004'],
    ['8', '7.9996'],
    ['8', '8.0003999'],
    ['0.000001', '99999.999999'],
    ['99999.999999', '0.000001'],
    ['99999.999999', '0'],
    ['3', '2.99999'],
    ['1', '1.00005'],
    ['1', '0.99995'],
    ['1', '0.999949'],
    ['0.000003', '0.000004'],
    ['00010.50', '10.5'],
    ['7', '7'],
    ['100000', '100001'],
    ['123456789.5', '2'],
  ])('from %s to %s as decimal.js computes it', (before, after) => {
    expect(percentChange(before, after)).toBe(byDecimal(before, after));
  });

  it('computes as decimal.js on many prices of up to 6 decimals', () => {
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const price = () => {
      const digits = Math.floor(random() * 6);
      const whole = String(Math.floor(random() * 10 ** digits));
      const decimals = Math.floor(random() * 7);
      return decimals === 0 ? whole : `${whole}.${String(Math.floor(random() * 10 ** decimals)).padStart(decimals, '0')}`;
    };
    for (let i = 0; i < 20_000; i++) {
      const before = price();
      const after = random() < 0.3 ? new Decimal(before).times(random() < 0.5 ? '1.00005' : '0.99995').toFixed() : price();
      expect(percentChange(before, after), `${before} -> ${after}`).toBe(byDecimal(before, after));
    }
  });
});

describe('priceSubscription with a price list', () => {
  const rule = (over: Partial<BillingRule>): BillingRule =>
    ({
      Id: 'r1',
      enabled: true,
      ChargeType: 'Monthly',
      Charge: '5',
      Condition: null,
      UdrcField: null,
      SuggestedRetailPrices: [{ Id: null, Currency: 'EUR', Charge: '10' }],
      AdvancePaymentConfiguration: null,
      ...over,
    }) as BillingRule;

  it('sells at the list’s price and names the list; the purchase price stays the vendor’s', () => {
    const result = priceSubscription({
      rules: [
        rule({}),
        rule({ Id: 'r2', ChargeType: 'Setup', SuggestedRetailPrices: [{ Id: null, Currency: 'EUR', Charge: '20' }] }),
      ],
      fields: [],
      values: {},
      quantity: 3,
      currency: 'EUR',
      priceList: list(),
    });

    expect(result.ok && result.monthly).toEqual({ purchase: '15', selling: '25.5' });
    expect(result.ok && result.setup).toEqual({ purchase: '15', selling: '60' });
    expect(result.ok && result.priceList).toEqual({ marketplaceId: 7, name: 'Partner list' });
  });

  it('sells at the SRP without a list', () => {
    const result = priceSubscription({ rules: [rule({})], fields: [], values: {}, quantity: 1, currency: 'EUR' });

    expect(result.ok && result.monthly.selling).toBe('10');
    expect(result.ok && result.priceList).toBeNull();
  });
});
