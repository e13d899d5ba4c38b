import {
  type BillingRule,
  type BillingRuleInput,
  BillingRuleSchema,
  type PriceListPricing,
  type ServiceField,
  type ServiceFieldInput,
  ServiceFieldSchema,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  BILLING_KEY_MAX_LENGTH,
  basePrice,
  billingText,
  buyingOrganisation,
  keptBillingText,
  newSince,
  pickDescriptions,
  viewerKind,
} from '../marketplace-search.rules.js';

const rule = (r: Partial<BillingRuleInput>): BillingRule => BillingRuleSchema.parse({ ChargeType: 'Monthly', Charge: '1', ...r });
const field = (f: Partial<ServiceFieldInput>): ServiceField =>
  ServiceFieldSchema.parse({ DisplayName: 'Devices', FieldType: 'Numeric', ...f });

describe('viewerKind', () => {
  it.each([
    [{ account_type: 'Provider', is_vendor: false }, 'provider'],
    [{ account_type: 'Company', is_vendor: true }, 'vendor'],
    [{ account_type: 'Company', is_vendor: false }, 'customer'],
    [{ account_type: 'Reseller', is_vendor: false }, 'customer'],
  ] as const)('%o is a %s', (organisation, kind) => {
    expect(viewerKind(organisation)).toBe(kind);
  });
});

describe('buyingOrganisation', () => {
  it('is the nearest Company, Reseller or Provider at or above the account', () => {
    const path = [
      { id: 1, account_type: 'Provider' },
      { id: 2, account_type: 'Reseller' },
      { id: 3, account_type: 'Company' },
      { id: 4, account_type: 'Department' },
      { id: 5, account_type: 'User' },
    ];

    expect(buyingOrganisation(path)?.id).toBe(3);
    expect(buyingOrganisation(path.slice(0, 2))?.id).toBe(2);
    expect(buyingOrganisation([])).toBeNull();
  });
});

describe('pickDescriptions', () => {
  const rows = [
    { description_type: 'Description', language_code: 'de' },
    { description_type: 'Description', language_code: 'en' },
    { description_type: 'TermsAndConditions', language_code: 'fr' },
  ];

  it('takes the default language, else English, else the first, per type', () => {
    expect(pickDescriptions(rows, 'de')).toEqual([rows[0], rows[2]]);
    expect(pickDescriptions(rows, 'nl')).toEqual([rows[1], rows[2]]);
  });
});

describe('basePrice and billingText', () => {
  it('prices one unit in the viewer currency from the suggested retail price', () => {
    const result = basePrice({
      rules: [rule({ SuggestedRetailPrices: [{ Id: null, Currency: 'EUR', Charge: '12.5' }] })],
      fields: [],
      currency: 'EUR',
    });

    expect(billingText(result)).toBe('€12.50');
  });

  it('counts one unit for a per-unit fee whose field has no default', () => {
    const result = basePrice({
      rules: [rule({ Id: 'r1', UdrcField: 'f1', SuggestedRetailPrices: [{ Id: null, Currency: 'USD', Charge: '3' }] })],
      fields: [field({ Id: 'f1' })],
      currency: 'USD',
    });

    expect(result.ok && result.monthly.selling).toBe('3');
    expect(billingText(result)).toBe('3.00 USD');
  });

  it('has no Billing text without fees or without a price in the currency', () => {
    expect(billingText(basePrice({ rules: [], fields: [], currency: 'EUR' }))).toBeNull();
    const noEuro = basePrice({
      rules: [rule({ SuggestedRetailPrices: [{ Id: null, Currency: 'USD', Charge: '3' }] })],
      fields: [],
      currency: 'EUR',
    });
    expect(billingText(noEuro)).toBeNull();
  });
});

describe('newSince', () => {
  it('is thirty days before now, rounded down to the minute, so one minute of searches shares a total', () => {
    expect(newSince(new Date('2026-03-31T10:15:42.123Z')).toISOString()).toBe('2026-03-01T10:15:00.000Z');
    expect(newSince(new Date('2026-03-31T10:15:59.999Z'))).toEqual(newSince(new Date('2026-03-31T10:15:00.000Z')));
  });
});

describe('keptBillingText', () => {
  const stored = [{ Id: 'r1', ChargeType: 'Monthly', Charge: '4', SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '6' }] }];
  const list = (over: Partial<PriceListPricing> = {}): PriceListPricing => ({
    marketplaceId: 7,
    name: 'List',
    mode: 'legacy',
    isAutoSrpSyncEnabled: false,
    customPrices: new Map([['r1|EUR', '5']]),
    markupPercent: null,
    ...over,
  });
  const parse = (rules: unknown, fields: unknown) => ({
    rules: (rules as BillingRuleInput[]).map((r) => BillingRuleSchema.parse(r)),
    fields: ((fields ?? []) as ServiceFieldInput[]).map((f) => ServiceFieldSchema.parse(f)),
  });
  const computed = (input: Parameters<typeof keptBillingText>[1]) =>
    billingText(
      basePrice({ ...parse(input.storedRules, input.storedFields), currency: input.currency, priceList: input.priceList }),
    );

  it('answers what computing it gives, and computes it once for the same inputs', () => {
    const kept = new Map<string, string | null>();
    let parses = 0;
    const counting = (rules: unknown, fields: unknown) => {
      parses++;
      return parse(rules, fields);
    };
    const input = { serviceId: 1, storedRules: stored, storedFields: null, currency: 'EUR', priceList: null };
    expect(keptBillingText(kept, input, counting)).toBe(computed(input));
    expect(keptBillingText(kept, { ...input, storedRules: structuredClone(stored) }, counting)).toBe('€6.00');
    expect(parses).toBe(1);
  });

  it('computes again when any input changes: the rules, the currency, the service or any part of the price list', () => {
    const kept = new Map<string, string | null>();
    const input = { serviceId: 1, storedRules: stored, storedFields: null, currency: 'EUR', priceList: list() };
    const variants = [
      input,
      { ...input, storedRules: [{ ...stored[0], Charge: '9', SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '8' }] }] },
      { ...input, currency: 'USD' },
      { ...input, priceList: null },
      { ...input, priceList: list({ customPrices: new Map([['r1|EUR', '4.5']]) }) },
      { ...input, priceList: list({ mode: 'dynamic', markupPercent: '10' }) },
      { ...input, priceList: list({ isAutoSrpSyncEnabled: true }) },
    ];
    for (const variant of variants) expect(keptBillingText(kept, variant, parse)).toBe(computed(variant));
    // Asked again in another order, each still answers its own text.
    for (const variant of [...variants].reverse()) expect(keptBillingText(kept, variant, parse)).toBe(computed(variant));
    expect(new Set(variants.map(computed)).size).toBeGreaterThan(3);
  });

  it('keys the fields only when a rule names one', () => {
    const kept = new Map<string, string | null>();
    const perUnit = [{ ...stored[0], UdrcField: 'devices' }];
    const fields = (value: string) => [
      { Id: 'devices', DisplayName: 'Devices', FieldType: 'Numeric', PlaceholderDefaultValue: value },
    ];
    const a = { serviceId: 1, storedRules: perUnit, storedFields: fields('2'), currency: 'EUR', priceList: null };
    const b = { ...a, storedFields: fields('3') };
    expect(keptBillingText(kept, a, parse)).toBe('€12.00');
    expect(keptBillingText(kept, b, parse)).toBe('€18.00');
    // Without a rule naming a field, the fields cannot change the price: one text for both.
    const plain = { ...a, serviceId: 2, storedRules: stored };
    expect(keptBillingText(kept, plain, parse)).toBe('€6.00');
    expect(kept.size).toBe(3);
    expect(keptBillingText(kept, { ...plain, storedFields: fields('3') }, parse)).toBe('€6.00');
    expect(kept.size).toBe(3);
  });

  it('does not keep a text whose inputs are longer than BILLING_KEY_MAX_LENGTH', () => {
    const kept = new Map<string, string | null>();
    const disabled = { ...stored[0], enabled: false, VendorSku: 'x'.repeat(100) };
    const long = [...stored, ...Array.from({ length: Math.ceil(BILLING_KEY_MAX_LENGTH / 100) }, () => disabled)];
    const input = { serviceId: 1, storedRules: long, storedFields: null, currency: 'EUR', priceList: null };
    expect(keptBillingText(kept, input, parse)).toBe('€6.00');
    expect(kept.size).toBe(0);
  });
});
