import { describe, expect, it } from 'vitest';
import { chargeSummary, chargeSummaryOfLines, unpricedNumberFields } from '../charge-summary.js';
import { priceSubscription } from '../pricing.js';
import type { BillingRule, ServiceField } from '../services.js';

const rule = (over: Partial<BillingRule>): BillingRule =>
  ({
    Id: null,
    PriceableItemId: null,
    enabled: true,
    ChargeType: 'Monthly',
    Charge: '39',
    LicenceType: 'CORP-SEAT',
    SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '50.70' }],
    Condition: null,
    UdrcField: null,
    AdvancePaymentConfiguration: null,
    ...over,
  }) as BillingRule;
const devices = { Id: 'Devices', DisplayName: 'Protected devices', FieldType: 'Numeric' } as ServiceField;

describe('charge summary (issue 15)', () => {
  it('a fee prepaid 12 months is invoiced 12 months at once: the review no longer says only "Monthly €50.70"', () => {
    const result = priceSubscription({
      rules: [rule({ AdvancePaymentConfiguration: { AdvancePeriodLenghtInMonths: 12 } as never })],
      fields: [devices],
      values: { Devices: 50 },
      quantity: 1,
      currency: 'EUR',
    });

    expect(chargeSummary(result)).toEqual({
      Currency: 'EUR',
      Setup: '0',
      Monthly: '50.7',
      AdvanceMonths: [12],
      AdvanceDueNow: '608.4',
      MonthlyDueNow: '0',
      FirstInvoice: '608.4',
    });
  });

  it('adds setup, the first month of fees not prepaid and the advance of prepaid ones; periods are listed once each', () => {
    expect(
      chargeSummaryOfLines(
        [
          { chargeType: 'Setup', sellingTotal: '25', advanceMonths: null },
          { chargeType: 'Monthly', sellingTotal: '10', advanceMonths: null },
          { chargeType: 'Monthly', sellingTotal: '2', advanceMonths: 12 },
          { chargeType: 'Monthly', sellingTotal: '1', advanceMonths: 3 },
          { chargeType: 'Monthly', sellingTotal: '1', advanceMonths: 12 },
        ],
        'USD',
      ),
    ).toEqual({
      Currency: 'USD',
      Setup: '25',
      Monthly: '14',
      AdvanceMonths: [3, 12],
      AdvanceDueNow: '39',
      MonthlyDueNow: '10',
      FirstInvoice: '74',
    });
  });

  it('an amount without a retail price is unknown (null), never a guess', () => {
    const summary = chargeSummaryOfLines([{ chargeType: 'Monthly', sellingTotal: null, advanceMonths: 12 }], 'EUR');
    expect(summary).toMatchObject({ Monthly: null, AdvanceDueNow: null, FirstInvoice: null, Setup: '0' });
  });

  it('a number field no fee reads is not a price driver; one read as units or as a condition is', () => {
    const plan = { Id: 'Plan', DisplayName: 'Plan', FieldType: 'Numeric' } as ServiceField;
    expect(unpricedNumberFields([rule({})], [devices], { Devices: 50 })).toEqual([
      { FieldId: 'Devices', DisplayName: 'Protected devices', Value: '50' },
    ]);
    expect(unpricedNumberFields([rule({ UdrcField: 'Devices' })], [devices], { Devices: 50 })).toEqual([]);
    expect(unpricedNumberFields([rule({ Condition: { FieldId: 'Plan', Value: '2' } as never })], [devices, plan], {})).toEqual([
      { FieldId: 'Devices', DisplayName: 'Protected devices', Value: '' },
    ]);
  });
});
