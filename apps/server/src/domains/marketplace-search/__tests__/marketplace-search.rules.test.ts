import {
  type BillingRule,
  type BillingRuleInput,
  BillingRuleSchema,
  type ServiceField,
  type ServiceFieldInput,
  ServiceFieldSchema,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  basePrice,
  billingText,
  buyingOrganisation,
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
