/**
 * What the customer is charged for a subscription, in the customer's currency: the one summary of the
 * one pricing rule (`priceSubscription`) that the order review, the success screen, the order record,
 * the review of an order and the subscription's price preview all show (issue 15, decision 0045).
 *
 * The first invoice holds every setup fee, one month of each monthly fee that is not prepaid, and the
 * advance months of each prepaid monthly fee (instead of its first month). Amounts are exact decimal
 * strings; null when a charged line has no selling price in the currency (unknown, never a guess).
 */
import Decimal from 'decimal.js';
import { z } from 'zod';
import type { PriceLine, PricingResult } from './pricing.js';
import type { BillingRule, ServiceField } from './services.js';

export const ChargeSummarySchema = z.object({
  /** The customer's currency: every amount below is in it. */
  Currency: z.string(),
  /** Setup fees, charged once with the first invoice. */
  Setup: z.string().nullable(),
  /** Recurring per month: every monthly fee, prepaid or not. */
  Monthly: z.string().nullable(),
  /** The months prepaid fees ask in advance (distinct periods, shortest first); empty when nothing is prepaid. */
  AdvanceMonths: z.array(z.number().int().positive()),
  /** What the prepaid fees ask now: their monthly amount times their advance months; "0" when nothing is prepaid. */
  AdvanceDueNow: z.string().nullable(),
  /** The first month of the monthly fees that are not prepaid. */
  MonthlyDueNow: z.string().nullable(),
  /** The first invoice: Setup + MonthlyDueNow + AdvanceDueNow. */
  FirstInvoice: z.string().nullable(),
});
export type ChargeSummary = z.infer<typeof ChargeSummarySchema>;

const str = (d: Decimal) => d.toFixed();

function total(values: readonly (string | null)[]): string | null {
  let sum = new Decimal(0);
  for (const v of values) {
    if (v === null) return null;
    sum = sum.plus(new Decimal(v));
  }
  return str(sum);
}

/** The charge summary of priced fee lines (the lines of an ok `PricingResult`) in `currency`. */
export function chargeSummaryOfLines(
  lines: readonly Pick<PriceLine, 'chargeType' | 'sellingTotal' | 'advanceMonths'>[],
  currency: string,
): ChargeSummary {
  const monthly = lines.filter((l) => l.chargeType === 'Monthly');
  const prepaid = monthly.filter((l) => l.advanceMonths);
  const setup = total(lines.filter((l) => l.chargeType === 'Setup').map((l) => l.sellingTotal));
  const monthlyDueNow = total(monthly.filter((l) => !l.advanceMonths).map((l) => l.sellingTotal));
  const advanceDueNow = total(
    prepaid.map((l) => (l.sellingTotal === null ? null : str(new Decimal(l.sellingTotal).times(l.advanceMonths ?? 1)))),
  );
  return {
    Currency: currency,
    Setup: setup,
    Monthly: total(monthly.map((l) => l.sellingTotal)),
    AdvanceMonths: [...new Set(prepaid.map((l) => l.advanceMonths as number))].sort((a, b) => a - b),
    AdvanceDueNow: advanceDueNow,
    MonthlyDueNow: monthlyDueNow,
    FirstInvoice: total([setup, monthlyDueNow, advanceDueNow]),
  };
}

/**
 * The charge summary of an order of several subscriptions (a service and the dependency placed with it), all in
 * one currency: amounts add up (null when any is unknown); null when any summary is missing or the currencies
 * differ.
 *
 * @example
 * combineChargeSummaries([a, b]).FirstInvoice // a.FirstInvoice + b.FirstInvoice
 */
export function combineChargeSummaries(summaries: readonly (ChargeSummary | null)[]): ChargeSummary | null {
  const first = summaries[0];
  if (!first || summaries.some((s) => s === null || s.Currency !== first.Currency)) return null;
  const all = summaries as readonly ChargeSummary[];
  const sum = (key: 'Setup' | 'Monthly' | 'AdvanceDueNow' | 'MonthlyDueNow' | 'FirstInvoice') => total(all.map((s) => s[key]));
  return {
    Currency: first.Currency,
    Setup: sum('Setup'),
    Monthly: sum('Monthly'),
    AdvanceMonths: [...new Set(all.flatMap((s) => s.AdvanceMonths))].sort((a, b) => a - b),
    AdvanceDueNow: sum('AdvanceDueNow'),
    MonthlyDueNow: sum('MonthlyDueNow'),
    FirstInvoice: sum('FirstInvoice'),
  };
}

/** The charge summary of a priced subscription; null when it could not be priced. */
export function chargeSummary(result: PricingResult): ChargeSummary | null {
  return result.ok ? chargeSummaryOfLines(result.lines, result.currency) : null;
}

export const UnpricedFieldSchema = z.object({
  FieldId: z.string(),
  DisplayName: z.string(),
  /** The value entered, as text ('' when none). */
  Value: z.string(),
});
export type UnpricedField = z.infer<typeof UnpricedFieldSchema>;

/**
 * The service's number fields that no fee of the service reads (neither as its units nor as its
 * condition): a value entered there changes nothing the customer pays, and the review says so
 * ("not a price driver") rather than leave the customer to think it was priced.
 */
export function unpricedNumberFields(
  rules: readonly BillingRule[],
  fields: readonly ServiceField[],
  values: Readonly<Record<string, string | number | boolean | null | undefined>>,
): UnpricedField[] {
  const read = new Set<string>();
  for (const r of rules) {
    if (!r.enabled) continue;
    if (r.UdrcField) read.add(r.UdrcField);
    if (r.Condition) read.add(r.Condition.FieldId);
  }
  return fields
    .filter((f) => f.FieldType === 'Numeric' && !read.has(f.Id))
    .map((f) => {
      const v = values[f.Id];
      return { FieldId: f.Id, DisplayName: f.DisplayName, Value: v === null || v === undefined ? '' : String(v) };
    });
}

/** How a fee line is named on the review and on an order: its condition, its per-unit field, or the base fee. */
export function describePriceLine(line: Pick<PriceLine, 'condition' | 'unitField'>): string {
  if (line.condition) return `${line.condition.fieldDisplayName}: ${line.condition.value}`;
  return line.unitField ? line.unitField.fieldDisplayName : 'Base fee';
}
