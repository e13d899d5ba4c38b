import { describe, expect, it } from 'vitest';
import {
  compareAmounts,
  effectiveFieldValue,
  formatMoney,
  grossMargin,
  MISSING_UDRC_FIELD,
  type PricingInput,
  priceSubscription,
  ruleApplies,
  subtractAmounts,
} from '../pricing.js';
import {
  type BillingRule,
  type BillingRuleInput,
  BillingRuleSchema,
  type ServiceField,
  type ServiceFieldInput,
  ServiceFieldSchema,
} from '../services.js';

const rule = (over: Partial<BillingRuleInput>): BillingRule => BillingRuleSchema.parse({ ChargeType: 'Monthly', ...over });
const field = (over: Partial<ServiceFieldInput> & { Id: string }): ServiceField =>
  ServiceFieldSchema.parse({ DisplayName: over.Id, FieldType: 'Textbox', ...over });

const plan = field({
  Id: 'plan',
  DisplayName: 'Plan',
  FieldType: 'Combobox',
  AvailableValues: [{ Value: 'Basic' }, { Value: 'Pro' }],
});
const seats = field({ Id: 'seats', DisplayName: 'Seats', FieldType: 'Numeric' });
const archive = field({ Id: 'archive', DisplayName: 'Archive', FieldType: 'Checkbox' });

const base = (over: Partial<PricingInput>): PricingInput => ({
  rules: [],
  fields: [plan, seats, archive],
  values: {},
  quantity: 1,
  currency: 'EUR',
  ...over,
});

describe('[M5.8] which fees apply', () => {
  it.each([
    ['a base fee with a price', rule({ Charge: '5' }), {}, true],
    ['a disabled fee', rule({ Charge: '5', enabled: false }), {}, false],
    ['a fee of 0 with no retail price', rule({ Charge: '0' }), {}, false],
    [
      'a fee of 0 with a retail price',
      rule({ Charge: '0', SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '2' }] }),
      {},
      true,
    ],
    [
      'a field fee whose value is held',
      rule({ Charge: '5', Condition: { FieldId: 'plan', Value: 'Pro' } }),
      { plan: 'Pro' },
      true,
    ],
    [
      'a field fee whose value is not held',
      rule({ Charge: '5', Condition: { FieldId: 'plan', Value: 'Pro' } }),
      { plan: 'Basic' },
      false,
    ],
    ['an empty Combobox tests its first value', rule({ Charge: '5', Condition: { FieldId: 'plan', Value: 'Basic' } }), {}, true],
    [
      'a ticked Checkbox tests true',
      rule({ Charge: '5', Condition: { FieldId: 'archive', Value: 'true' } }),
      { archive: true },
      true,
    ],
    ['an unticked Checkbox tests false', rule({ Charge: '5', Condition: { FieldId: 'archive', Value: 'true' } }), {}, false],
  ])('%s', (_name, r, values, expected) => {
    expect(ruleApplies(r, [plan, seats, archive], values)).toBe(expected);
  });

  it('a Combobox without a value defaults to its first available value', () => {
    expect(effectiveFieldValue(plan, undefined)).toBe('Basic');
    expect(effectiveFieldValue(plan, '')).toBe('Basic');
    expect(effectiveFieldValue(plan, 'Pro')).toBe('Pro');
  });
});

describe('[M5.8] pricing a subscription', () => {
  it('multiplies every line by the quantity and sums monthly and setup apart, exactly', () => {
    const result = priceSubscription(
      base({
        quantity: 3,
        rules: [
          rule({ Charge: '0.1', SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '0.2' }] }),
          rule({ Charge: '0.2', SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '0.3' }] }),
          rule({ ChargeType: 'Setup', Charge: '10', SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '15.5' }] }),
        ],
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.lines).toHaveLength(3);
    expect(result.monthly).toEqual({ purchase: '0.9', selling: '1.5' });
    expect(result.setup).toEqual({ purchase: '30', selling: '46.5' });
  });

  it('a per-unit fee multiplies the field value by the charge', () => {
    const result = priceSubscription(
      base({
        quantity: 2,
        values: { seats: '25' },
        rules: [rule({ Charge: '1.5', UdrcField: 'seats', SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '2' }] })],
      }),
    );
    expect(result.ok && result.lines[0]).toMatchObject({
      units: '50',
      purchaseTotal: '75',
      sellingTotal: '100',
      unitField: { fieldId: 'seats', fieldDisplayName: 'Seats' },
    });
  });

  it('a per-unit fee whose field holds no number is the configuration error', () => {
    const result = priceSubscription(base({ rules: [rule({ Charge: '1', UdrcField: 'seats' })] }));
    expect(result).toEqual({ ok: false, error: MISSING_UDRC_FIELD, fieldId: 'seats' });
    expect(MISSING_UDRC_FIELD).toBe('Error in product configuration missing udrc test field');
  });

  it('charges only the field fee of the value the subscription holds', () => {
    const rules = [
      rule({ Charge: '4', Condition: { FieldId: 'plan', Value: 'Basic' } }),
      rule({ Charge: '9', Condition: { FieldId: 'plan', Value: 'Pro' } }),
    ];
    const basic = priceSubscription(base({ rules }));
    const pro = priceSubscription(base({ rules, values: { plan: 'Pro' } }));
    expect(basic.ok && basic.monthly.purchase).toBe('4');
    expect(pro.ok && pro.monthly.purchase).toBe('9');
    expect(pro.ok && pro.lines[0]?.condition).toEqual({ fieldId: 'plan', fieldDisplayName: 'Plan', value: 'Pro' });
  });

  it('has no selling total when a charged fee has no retail price in the customer currency', () => {
    const result = priceSubscription(
      base({
        currency: 'SEK',
        rules: [rule({ Charge: '3', SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '4' }] })],
      }),
    );
    expect(result.ok && result.monthly).toEqual({ purchase: '3', selling: null });
    expect(result.ok && result.lines[0]?.sellingUnitPrice).toBeNull();
  });

  it('a prepaid fee adds its advance: the monthly total times its months', () => {
    const result = priceSubscription(
      base({
        rules: [
          rule({
            Charge: '10',
            SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '12' }],
            AdvancePaymentConfiguration: { AdvancePeriodLenghtInMonths: 12 },
          }),
        ],
      }),
    );
    expect(result.ok && result.prepaidAdvance).toEqual({ purchase: '120', selling: '144' });
    expect(result.ok && result.lines[0]?.advanceMonths).toBe(12);
  });

  it('a subscription with no fees costs nothing', () => {
    const result = priceSubscription(base({}));
    expect(result.ok && result.monthly).toEqual({ purchase: '0', selling: '0' });
  });
});

describe('[M9.3] money for display', () => {
  it.each([
    ['12.5', 'EUR', '€12.50'],
    ['12.5', null, '€12.50'],
    ['1234567.005', 'EUR', '€1,234,567.01'],
    ['7', 'USD', '7.00 USD'],
    ['0', 'EUR', 'FREE'],
    ['-3.2', 'GBP', '-3.20 GBP'],
  ])('%s %s shows %s', (amount, currency, shown) => {
    expect(formatMoney(amount, currency)).toBe(shown);
  });

  it('writes a zero balance (a credit limit, nothing open) as an amount, not as FREE', () => {
    expect(formatMoney('0', 'EUR', { zero: 'amount' })).toBe('€0.00');
    expect(formatMoney('0.00', 'USD', { zero: 'amount' })).toBe('0.00 USD');
    expect(formatMoney('18', 'EUR', { zero: 'amount' })).toBe('€18.00');
  });

  it('gross margin is selling minus purchase, or nothing when either is missing', () => {
    expect(grossMargin('15.5', '10')).toBe('5.5');
    expect(grossMargin(null, '10')).toBeNull();
  });
});

describe('amount arithmetic', () => {
  it('compares and subtracts decimal amounts exactly', () => {
    expect(compareAmounts('0.3', '0.1')).toBeGreaterThan(0);
    expect(compareAmounts('12.50', '12.5')).toBe(0);
    expect(compareAmounts('2', '10')).toBeLessThan(0);
    expect(subtractAmounts('0.3', '0.1')).toBe('0.2');
  });
});
