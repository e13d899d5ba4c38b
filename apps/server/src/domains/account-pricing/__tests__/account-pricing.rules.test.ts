import { type BillingRule, BillingRuleSchema, priceSubscription, type ServiceField, ServiceFieldSchema } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { type PreviewInput, toPricePreview } from '../account-pricing.rules.js';

const fields: ServiceField[] = [ServiceFieldSchema.parse({ Id: 'Seats', DisplayName: 'Seats', FieldType: 'Numeric' })];
const rule = (over: Record<string, unknown>): BillingRule => BillingRuleSchema.parse({ ChargeType: 'Monthly', ...over });
const rules = [
  rule({ Charge: '4', UdrcField: 'Seats', SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '5' }] }),
  rule({
    Charge: '10',
    SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '12' }],
    AdvancePaymentConfiguration: { AdvancePeriodLenghtInMonths: 12 },
  }),
  rule({ ChargeType: 'Setup', Charge: '20', SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '0' }] }),
];
const priced = (currency: string, seats: unknown = 3) =>
  priceSubscription({ rules, fields, values: { Seats: seats as number }, quantity: 1, currency });

const input = (over: Partial<PreviewInput>): PreviewInput => ({
  accountId: 7,
  serviceName: 'Backup',
  serviceDisplayName: 'Backup',
  quantity: 1,
  currency: 'EUR',
  purchaseCurrency: 'EUR',
  result: priced('EUR'),
  showMargin: false,
  conversion: null,
  ...over,
});

describe('[A2.34] [A6.17] [M6.10] what the price preview shows', () => {
  it.each([
    ['price only', { showMargin: false }, undefined],
    [
      'margin in the same currency',
      { showMargin: true },
      { PurchaseCurrency: 'EUR', Available: true, Reason: null, ExchangeRate: null },
    ],
    [
      'margin, vendor in another currency without an exchange rate',
      { showMargin: true, purchaseCurrency: 'USD', conversion: { ok: false, missing: ['USD'] } },
      { PurchaseCurrency: 'USD', Available: false, Reason: 'NoExchangeRate', ExchangeRate: null },
    ],
    [
      'margin, vendor in another currency converted with an outdated rate',
      {
        showMargin: true,
        purchaseCurrency: 'USD',
        conversion: { ok: true, factor: '0.5', upToDate: false, effectiveOn: '2026-09-30' },
      },
      {
        PurchaseCurrency: 'USD',
        Available: true,
        Reason: null,
        ExchangeRate: { Factor: '0.5', EffectiveOn: '2026-09-30', UpToDate: false },
      },
    ],
    [
      'margin, vendor currency unset counts as EUR [M9.3]',
      { showMargin: true, purchaseCurrency: null },
      { PurchaseCurrency: 'EUR', Available: true, Reason: null, ExchangeRate: null },
    ],
    [
      'margin, customer currency without retail prices',
      { showMargin: true, currency: 'CHF', purchaseCurrency: 'CHF', result: priced('CHF') },
      { PurchaseCurrency: 'CHF', Available: false, Reason: 'NoRetailPrice', ExchangeRate: null },
    ],
  ] as const)('%s', (_name, over, margin) => {
    const preview = toPricePreview(input(over as Partial<PreviewInput>));
    expect(preview.Margin).toEqual(margin);
    if (!margin) {
      expect(JSON.stringify(preview)).not.toMatch(/Purchase|GrossMargin/);
    }
  });

  it('gives totals, the prepaid advance and per-line margin', () => {
    const preview = toPricePreview(input({ showMargin: true }));
    expect(preview.Outcome).toBe('Priced');
    expect(preview.Monthly).toEqual({ Total: '27', PurchaseTotal: '22', GrossMargin: '5' });
    // A zero retail price is a price (FREE), not a missing one.
    expect(preview.Setup).toEqual({ Total: '0', PurchaseTotal: '20', GrossMargin: '-20' });
    expect(preview.PrepaidAdvance).toEqual({ Total: '144', PurchaseTotal: '120', GrossMargin: '24' });
    expect(preview.Lines.map((l) => [l.Units, l.UnitPrice, l.Total, l.GrossMargin, l.AdvanceMonths])).toEqual([
      ['3', '5', '15', '3', null],
      ['1', '12', '12', '2', 12],
      ['1', '0', '0', '-20', null],
    ]);
  });

  it('[A2.34] converts the purchase amounts into the customer currency for the margin', () => {
    const preview = toPricePreview(
      input({
        showMargin: true,
        purchaseCurrency: 'USD',
        conversion: { ok: true, factor: '0.5', upToDate: true, effectiveOn: '2026-10-31' },
      }),
    );
    // Purchase 22 USD is 11 EUR at 0.5; the selling total 27 EUR leaves 16.
    expect(preview.Monthly).toEqual({ Total: '27', PurchaseTotal: '22', ConvertedPurchaseTotal: '11', GrossMargin: '16' });
    expect(preview.Lines.map((l) => [l.PurchaseTotal, l.ConvertedPurchaseTotal, l.GrossMargin])).toEqual([
      ['12', '6', '9'],
      ['10', '5', '7'],
      ['20', '10', '-10'],
    ]);
  });

  it('has no prepaid advance when no fee is prepaid', () => {
    const result = priceSubscription({
      rules: [rules[0] as BillingRule],
      fields,
      values: { Seats: 2 },
      quantity: 1,
      currency: 'EUR',
    });
    expect(toPricePreview(input({ result })).PrepaidAdvance).toBeNull();
  });

  it.each([
    [
      'the configuration error [M5.8]',
      priced('EUR', null),
      'ConfigurationError',
      { Message: 'Error in product configuration missing udrc test field', FieldId: 'Seats' },
    ],
    ['a service not in the catalogue', null, 'ServiceNotFound', null],
  ] as const)('%s gives no lines', (_name, result, outcome, error) => {
    const preview = toPricePreview(input({ result, showMargin: true }));
    expect(preview).toMatchObject({ Outcome: outcome, Error: error, Lines: [], Monthly: { Total: null }, PrepaidAdvance: null });
    expect(preview.Margin?.Available).toBe(false);
  });
});
