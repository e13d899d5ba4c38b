import {
  blankServiceDocument,
  newBaseRule,
  type ServiceDocument,
  ServiceFieldSchema,
  validateServiceDocument,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  addBaseRule,
  availableBillingFields,
  billingGroups,
  errorAt,
  parseWholeNumber,
  removeFieldFees,
  removeRule,
  replaceRule,
  ruleControls,
  srpOf,
  withCancellationWindow,
  withContractRenew,
  withPrepaid,
  withSrp,
} from '../billing-form';

const combo = ServiceFieldSchema.parse({
  Id: 'Plan',
  DisplayName: 'Plan',
  FieldType: 'Combobox',
  AvailableValues: [{ Value: 'Basic' }, { Value: 'Pro' }],
});
const check = ServiceFieldSchema.parse({ Id: 'Backup', DisplayName: 'Backup', FieldType: 'Checkbox' });
const users = ServiceFieldSchema.parse({ Id: 'Users', DisplayName: 'Users', FieldType: 'Numeric' });

function doc(over: Partial<ServiceDocument> = {}): ServiceDocument {
  return { ...blankServiceDocument(), Fields: [combo, check, users], ...over };
}
const fieldRule = (value: string) => ({ ...newBaseRule('Monthly'), Condition: { FieldId: 'Plan', Value: value } });

describe('the Billing tab helpers', () => {
  it('[S2.9] separates base fees from field based fee groups', () => {
    const d = doc({ BillingRules: [fieldRule('Basic'), newBaseRule('Setup'), fieldRule('Pro')] });
    const { base, groups } = billingGroups(d);
    expect(base.map((r) => r.index)).toEqual([1]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.field?.Id).toBe('Plan');
    expect(groups[0]?.rules.map((r) => r.index)).toEqual([0, 2]);
  });

  it('[S2.9] offers Combobox and Checkbox fields not yet billed', () => {
    expect(availableBillingFields(doc()).map((f) => f.Id)).toEqual(['Plan', 'Backup']);
    expect(availableBillingFields(doc({ BillingRules: [fieldRule('Basic')] })).map((f) => f.Id)).toEqual(['Backup']);
  });

  it.each([
    // mode, enabled, prepaid, renew, window, expected subset
    [
      'create',
      true,
      false,
      false,
      false,
      {
        toggle: true,
        chargeType: true,
        licenceType: true,
        prices: true,
        prepaidSwitch: true,
        prepaidDetails: false,
        contractRenewPeriod: false,
        cancellationDays: false,
        remove: true,
      },
    ],
    [
      'create',
      false,
      true,
      true,
      true,
      {
        licenceType: false,
        prices: false,
        prepaidSwitch: false,
        prepaidDetails: false,
        contractRenewPeriod: false,
        cancellationDays: false,
      },
    ],
    ['create', true, true, true, true, { prepaidDetails: true, contractRenewPeriod: true, cancellationDays: true }],
    [
      'edit',
      true,
      true,
      true,
      true,
      {
        toggle: false,
        chargeType: false,
        licenceType: true,
        prices: true,
        prepaidSwitch: false,
        prepaidDetails: false,
        contractRenewSwitch: false,
        cancellationSwitch: false,
        remove: false,
      },
    ],
  ] as const)(
    '[S4.6] [S4.7] %s mode, enabled %s, prepaid %s, renew %s, window %s',
    (mode, enabled, prepaid, renew, window, expected) => {
      let rule = { ...newBaseRule('Monthly'), enabled };
      rule = withPrepaid(rule, prepaid);
      rule = withContractRenew(rule, renew);
      rule = withCancellationWindow(rule, window);
      expect(ruleControls(rule, mode)).toMatchObject(expected);
    },
  );

  it('[S4.4] enabling advance payment in create mode adds RENEW and RENEWMODIFY; disabling removes them', () => {
    const d = doc({ BillingRules: [newBaseRule('Monthly')] });
    const on = replaceRule(d, 0, withPrepaid(d.BillingRules[0]!, true), 'create');
    expect(on.ProvisioningActions.map((a) => a.Action)).toEqual(['CREATE', 'MODIFY', 'DELETE', 'RENEW', 'RENEWMODIFY']);
    expect(on.BillingRules[0]?.AdvancePaymentConfiguration).toEqual({
      AdvancePeriodLenghtInMonths: 12,
      AllowEarlyTermination: false,
      AdvancePeriodEndDateAction: 'Renew',
    });
    const off = replaceRule(on, 0, withPrepaid(on.BillingRules[0]!, false), 'create');
    expect(off.ProvisioningActions.map((a) => a.Action)).toEqual(['CREATE', 'MODIFY', 'DELETE']);
    expect(removeRule(on, 0, 'create').ProvisioningActions).toEqual(d.ProvisioningActions);
  });

  it('[S4.4] [S4.6] edit mode leaves provisioning actions and fees in place', () => {
    const d = doc({ BillingRules: [newBaseRule('Monthly')] });
    expect(replaceRule(d, 0, withPrepaid(d.BillingRules[0]!, true), 'edit').ProvisioningActions).toEqual(d.ProvisioningActions);
    expect(removeRule(d, 0, 'edit')).toBe(d);
    expect(removeFieldFees(doc({ BillingRules: [fieldRule('Basic')] }), 'Plan', 'edit').BillingRules).toHaveLength(1);
    expect(removeFieldFees(doc({ BillingRules: [fieldRule('Basic')] }), 'Plan', 'create').BillingRules).toHaveLength(0);
  });

  it('[S3.5] adds a base fee with the defaults of [S9.5]', () => {
    const d = addBaseRule(doc(), 'Setup', 'create');
    expect(d.BillingRules[0]).toMatchObject({
      ChargeType: 'Setup',
      BillableTimeUnit: 'Day',
      EndDateAction: 'Renew',
      enabled: true,
    });
  });

  it('[S5.13] sets, changes and clears a suggested retail price per currency', () => {
    let rule = withSrp(newBaseRule('Monthly'), 'EUR', '12.5');
    rule = withSrp(rule, 'USD', '13');
    expect(srpOf(rule, 'EUR')).toBe('12.5');
    rule = withSrp(rule, 'EUR', '11.123456');
    expect(rule.SuggestedRetailPrices).toEqual([
      { Id: null, Currency: 'EUR', Charge: '11.123456' },
      { Id: null, Currency: 'USD', Charge: '13' },
    ]);
    rule = withSrp(rule, 'USD', ' ');
    expect(srpOf(rule, 'USD')).toBe('');
  });

  it.each([
    ['', null],
    ['  ', null],
    ['12', 12],
    [7, 7],
    ['1.5', 1.5],
  ] as const)('reads the whole-number input %j as %j', (text, value) => {
    expect(parseWholeNumber(text)).toBe(value);
  });

  it.each([
    [{ PriceProtectionLengthInDays: 1876 }, 'PriceProtectionLengthInDays'],
    [{ MinimumContractPeriodInDays: -1 }, 'MinimumContractPeriodInDays'],
    [{ GracePeriodInHours: 1.5 }, 'GracePeriodInHours'],
  ])('[S5.13] [S9.3] the contracts validator names %j', (over, field) => {
    const errors = validateServiceDocument(doc(over), { mode: 'create' });
    expect(errorAt(errors, true, field)).toMatch(/whole number/);
    expect(errorAt(errors, false, field)).toBeUndefined();
  });

  it('[S5.12] needs a licence type on an enabled fee and a vendor reference field', () => {
    const errors = validateServiceDocument(doc({ BillingRules: [newBaseRule('Monthly')] }), { mode: 'create' });
    expect(errorAt(errors, true, 'BillingRules')).toBe('At least one enabled fee needs a licence type');
    expect(errorAt(errors, true, 'VendorReferenceField')).toBe('Choose the vendor reference field');
  });
});
