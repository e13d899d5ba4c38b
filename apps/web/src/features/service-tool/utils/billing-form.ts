/**
 * Pure helpers of the Billing tab [S2.9]: grouping the fees, the enablement and edit-lock rules of
 * [S4.6] and [S4.7], prices per currency [S5.13], and keeping the RENEW boxes in step [S4.4].
 */
import {
  type BillingRule,
  type FieldError,
  isFieldBasedRule,
  newBaseRule,
  type ServiceDocument,
  type ServiceField,
  syncRenewActions,
} from '@portal/contracts';

/** A rule with its position in doc.BillingRules. */
export interface IndexedRule {
  index: number;
  rule: BillingRule;
}

/** A field-based fee group: one field and its fees per value [S2.9]. */
export interface FieldFeeGroup {
  fieldId: string;
  field: ServiceField | null;
  rules: IndexedRule[];
}

/** [S2.9] Base fees (no condition) and field-based fee groups in field order. */
export function billingGroups(doc: Pick<ServiceDocument, 'BillingRules' | 'Fields'>): {
  base: IndexedRule[];
  groups: FieldFeeGroup[];
} {
  const base: IndexedRule[] = [];
  const byField = new Map<string, IndexedRule[]>();
  doc.BillingRules.forEach((rule, index) => {
    if (!isFieldBasedRule(rule)) base.push({ index, rule });
    else {
      const id = rule.Condition?.FieldId ?? '';
      byField.set(id, [...(byField.get(id) ?? []), { index, rule }]);
    }
  });
  const groups = [...byField.entries()].map(([fieldId, rules]) => ({
    fieldId,
    field: doc.Fields.find((f) => f.Id === fieldId) ?? null,
    rules,
  }));
  const order = (g: FieldFeeGroup) => {
    const i = doc.Fields.findIndex((f) => f.Id === g.fieldId);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  groups.sort((a, b) => order(a) - order(b));
  return { base, groups };
}

/** [S2.9] Fields that can be dragged in as field-based fees: Combobox and Checkbox fields not yet billed. */
export function availableBillingFields(doc: Pick<ServiceDocument, 'BillingRules' | 'Fields'>): ServiceField[] {
  const billed = new Set(doc.BillingRules.map((r) => r.Condition?.FieldId).filter(Boolean));
  return doc.Fields.filter((f) => (f.FieldType === 'Combobox' || f.FieldType === 'Checkbox') && !billed.has(f.Id));
}

/** What a rule's controls allow, per [S4.6] (edit locks) and [S4.7] (enablement). */
export interface RuleControls {
  toggle: boolean;
  chargeType: boolean;
  licenceType: boolean;
  prices: boolean;
  prepaidSwitch: boolean;
  prepaidDetails: boolean;
  contractRenewSwitch: boolean;
  contractRenewPeriod: boolean;
  cancellationSwitch: boolean;
  cancellationDays: boolean;
  remove: boolean;
}

export function ruleControls(rule: BillingRule, mode: 'create' | 'edit'): RuleControls {
  const create = mode === 'create';
  const on = rule.enabled;
  const prepaid = rule.AdvancePaymentConfiguration !== null;
  const renew = rule.ContractRenew?.ContractRenewRequired === true;
  const cancellation = rule.CancellationWindowInDays !== null;
  return {
    toggle: create,
    chargeType: create,
    licenceType: on,
    prices: on,
    prepaidSwitch: create && on,
    prepaidDetails: create && on && prepaid,
    contractRenewSwitch: create && on,
    contractRenewPeriod: create && on && renew,
    cancellationSwitch: create && on,
    cancellationDays: create && on && cancellation,
    remove: create,
  };
}

/** Default prepaid settings when advance payment is switched on. */
export const DEFAULT_ADVANCE_PAYMENT = {
  AdvancePeriodLenghtInMonths: 12,
  AllowEarlyTermination: false,
  AdvancePeriodEndDateAction: 'Renew',
} as const satisfies NonNullable<BillingRule['AdvancePaymentConfiguration']>;

/** Switches advance payment on (with defaults) or off. */
export function withPrepaid(rule: BillingRule, on: boolean): BillingRule {
  return {
    ...rule,
    AdvancePaymentConfiguration: on ? (rule.AdvancePaymentConfiguration ?? { ...DEFAULT_ADVANCE_PAYMENT }) : null,
  };
}

/** Switches 'contract renew required' on or off; the period is cleared when off. */
export function withContractRenew(rule: BillingRule, required: boolean): BillingRule {
  return {
    ...rule,
    ContractRenew: required
      ? { ContractRenewRequired: true, ContractRenewPeriodInMonths: rule.ContractRenew?.ContractRenewPeriodInMonths ?? 12 }
      : null,
  };
}

/** Switches the cancellation window on (30 days) or off. */
export function withCancellationWindow(rule: BillingRule, on: boolean): BillingRule {
  return { ...rule, CancellationWindowInDays: on ? (rule.CancellationWindowInDays ?? 30) : null };
}

/** The suggested retail price of a rule in a currency, '' when not given. */
export function srpOf(rule: BillingRule, currency: string): string {
  return rule.SuggestedRetailPrices.find((p) => p.Currency === currency)?.Charge ?? '';
}

/** Sets (or with '' removes) the suggested retail price of a currency, keeping its Id. */
export function withSrp(rule: BillingRule, currency: string, charge: string): BillingRule {
  const text = charge.trim();
  const existing = rule.SuggestedRetailPrices.find((p) => p.Currency === currency);
  if (text === '') return { ...rule, SuggestedRetailPrices: rule.SuggestedRetailPrices.filter((p) => p.Currency !== currency) };
  if (existing) {
    return {
      ...rule,
      SuggestedRetailPrices: rule.SuggestedRetailPrices.map((p) => (p.Currency === currency ? { ...p, Charge: text } : p)),
    };
  }
  return { ...rule, SuggestedRetailPrices: [...rule.SuggestedRetailPrices, { Id: null, Currency: currency, Charge: text }] };
}

/**
 * Replaces one rule. In create mode the RENEW and RENEWMODIFY provisioning boxes follow whether any
 * rule uses advance payment [S4.4].
 */
export function replaceRule(doc: ServiceDocument, index: number, rule: BillingRule, mode: 'create' | 'edit'): ServiceDocument {
  return withRules(
    doc,
    doc.BillingRules.map((r, i) => (i === index ? rule : r)),
    mode,
  );
}

/** Replaces all rules, keeping the renew provisioning boxes in step in create mode [S4.4]. */
export function withRules(doc: ServiceDocument, rules: BillingRule[], mode: 'create' | 'edit'): ServiceDocument {
  return {
    ...doc,
    BillingRules: rules,
    ProvisioningActions: mode === 'create' ? syncRenewActions(doc.ProvisioningActions, rules) : doc.ProvisioningActions,
  };
}

/** Adds a base fee of the charge type. */
export function addBaseRule(doc: ServiceDocument, chargeType: BillingRule['ChargeType'], mode: 'create' | 'edit') {
  return withRules(doc, [...doc.BillingRules, newBaseRule(chargeType)], mode);
}

/** Removes a rule (create mode only [S4.6]); removing the last prepaid rule removes the RENEW boxes [S4.4]. */
export function removeRule(doc: ServiceDocument, index: number, mode: 'create' | 'edit'): ServiceDocument {
  if (mode === 'edit') return doc;
  return withRules(
    doc,
    doc.BillingRules.filter((_, i) => i !== index),
    mode,
  );
}

/** Removes every fee of a field (create mode only [S4.6]). */
export function removeFieldFees(doc: ServiceDocument, fieldId: string, mode: 'create' | 'edit'): ServiceDocument {
  if (mode === 'edit') return doc;
  return withRules(
    doc,
    doc.BillingRules.filter((r) => r.Condition?.FieldId !== fieldId),
    mode,
  );
}

/**
 * A whole-number input's text as a number: '' is null (not set), anything else a number (which the
 * contracts' validateWholeNumber then checks [S5.13]).
 */
export function parseWholeNumber(value: string | number): number | null {
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (text === '') return null;
  const n = Number(text);
  return Number.isNaN(n) ? Number.NaN : n;
}

/** The first error message of a path, when errors are shown. */
export function errorAt(errors: readonly FieldError[], showErrors: boolean, path: string): string | undefined {
  if (!showErrors) return undefined;
  return errors.find((e) => e.field === path)?.message;
}

/** Whether any error of the rule (path prefix BillingRules.i) is present. */
export function ruleHasErrors(errors: readonly FieldError[], index: number): boolean {
  const prefix = `BillingRules.${index}.`;
  return errors.some((e) => e.field.startsWith(prefix));
}
