import { type BillingRule, BillingRuleSchema, priceKey } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  dynamicPrice,
  feeCurrencies,
  ownPriceMaps,
  ownPriceMapsOfColumns,
  ownPricesOf,
  type PricedService,
  pricesWithMarkup,
  restoredPrices,
  toMarkupUndo,
} from '../prices.rules.js';

const rule = (over: Record<string, unknown>): BillingRule => BillingRuleSchema.parse({ ChargeType: 'Monthly', ...over });
const service: PricedService = {
  serviceId: 7,
  ownerAccountId: 3,
  category: 'Backup',
  displayName: 'Backup',
  rules: [
    rule({
      Id: 'a',
      PriceableItemId: 'PI-7-1',
      Charge: '4',
      SuggestedRetailPrices: [
        { Currency: 'EUR', Charge: '10' },
        { Currency: 'USD', Charge: '12' },
      ],
    }),
    rule({ Id: 'b', PriceableItemId: 'PI-7-2', SuggestedRetailPrices: [] }),
    rule({ Id: 'c', enabled: false, SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '1' }] }),
  ],
};

describe('fees and currencies of a service', () => {
  it('lists enabled fees in every SRP or own price currency, or only the filtered currency', () => {
    const all = feeCurrencies(service, new Map([[priceKey('b', 'GBP'), '3']]), null);
    const usd = feeCurrencies(service, new Map(), 'USD');

    expect(all.map((f) => `${f.priceableItem} ${f.currency} ${f.srp}`)).toEqual([
      'PI-7-1 EUR 10',
      'PI-7-1 USD 12',
      'PI-7-2 GBP null',
    ]);
    expect(usd.map((f) => `${f.priceableItem} ${f.currency} ${f.srp}`)).toEqual(['PI-7-1 USD 12', 'PI-7-2 USD null']);
  });

  it('lists a currency once, sorted, with the last SRP given in it, own price currencies included', () => {
    const twice: PricedService = {
      ...service,
      rules: [
        rule({
          Id: 'a',
          PriceableItemId: 'PI-7-1',
          SuggestedRetailPrices: [
            { Currency: 'USD', Charge: '12' },
            { Currency: 'EUR', Charge: '10' },
            { Currency: 'USD', Charge: '13' },
          ],
        }),
      ],
    };
    const own = new Map([
      [priceKey('a', 'CHF'), '9'],
      [priceKey('a', 'EUR'), '8'],
    ]);
    expect(feeCurrencies(twice, own, null).map((f) => `${f.currency} ${f.srp}`)).toEqual(['CHF null', 'EUR 10', 'USD 13']);
    expect(feeCurrencies(twice, own, 'USD').map((f) => `${f.currency} ${f.srp}`)).toEqual(['USD 13']);
  });
});

describe('markup [M4.26]', () => {
  it('[M4.26] applies the percent to own prices, to the SRP where there is none, and undoes exactly', () => {
    const own = [{ serviceId: 7, ruleId: 'a', currency: 'EUR', price: '9.99' }];

    const marked = pricesWithMarkup({ services: [service], own, percent: '12.5' });
    const undone = restoredPrices(toMarkupUndo(own), new Set([7]));

    expect(marked).toEqual([
      { serviceId: 7, ruleId: 'a', currency: 'EUR', price: '11.23875' },
      { serviceId: 7, ruleId: 'a', currency: 'USD', price: '13.5' },
    ]);
    expect(undone).toEqual(own);
    expect(restoredPrices(toMarkupUndo(own), new Set([8]))).toEqual([]);
    expect(restoredPrices(null, new Set([7]))).toEqual([]);
  });
});

describe('dynamic prices [M4.16]', () => {
  it('[M4.16] takes the most specific rule: service, then category, then vendor', () => {
    const rules = [
      { target: 'Vendor' as const, value: '3', markupPercent: '10' },
      { target: 'Category' as const, value: 'Backup', markupPercent: '20' },
    ];

    expect(dynamicPrice(rules, service, '10')).toMatchObject({ price: '12', rule: { target: 'Category' } });
    expect(dynamicPrice([...rules, { target: 'Service', value: '7', markupPercent: '0' }], service, '10').price).toBe('10');
    expect(dynamicPrice([], service, '10')).toEqual({ rule: null, price: '10' });
  });
});

describe('ownPriceMaps', () => {
  it('groups own prices by service and fee currency, and gives an empty map to a service without any', () => {
    const maps = ownPriceMaps([
      { serviceId: 7, ruleId: 'a', currency: 'EUR', price: '9' },
      { serviceId: 8, ruleId: 'a', currency: 'EUR', price: '3' },
      { serviceId: 7, ruleId: 'a', currency: 'USD', price: '11' },
    ]);

    expect([...ownPricesOf(maps, 7)]).toEqual([
      [priceKey('a', 'EUR'), '9'],
      [priceKey('a', 'USD'), '11'],
    ]);
    expect([...ownPricesOf(maps, 8)]).toEqual([[priceKey('a', 'EUR'), '3']]);
    expect(ownPricesOf(maps, 9).size).toBe(0);
  });

  it('gives the same maps from the prices read as columns (ownPriceMapsOfColumns), and none from no columns', () => {
    const prices = [
      { serviceId: 7, ruleId: 'a', currency: 'EUR', price: '9' },
      { serviceId: 8, ruleId: 'a', currency: 'EUR', price: '3' },
      { serviceId: 7, ruleId: 'a', currency: 'USD', price: '11' },
    ];
    const columns = [
      prices.map((p) => p.serviceId),
      prices.map((p) => p.ruleId),
      prices.map((p) => p.currency),
      prices.map((p) => p.price),
    ] as const;

    expect(ownPriceMapsOfColumns(columns)).toEqual(ownPriceMaps(prices));
    expect(ownPriceMapsOfColumns([null, null, null, null]).size).toBe(0);
    expect(ownPriceMapsOfColumns(null).size).toBe(0);
  });
});
