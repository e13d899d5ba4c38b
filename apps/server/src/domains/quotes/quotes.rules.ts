/**
 * The pure rules of quotes (decision 0050): line checks [M4.4] [M4.5] [M5.9], pricing a line through the one
 * pricing rule [M5.8], totals, status changes [M4.25] and price differences before ordering.
 */
import {
  type BillingRule,
  type ChargeSummary,
  canTransition,
  chargeSummaryOfLines,
  type DiscountPricing,
  type FieldDefinition,
  type FieldError,
  isQuoteExpired,
  type PriceLine,
  type PriceListPricing,
  priceSubscription,
  type QuoteLinePrices,
  type QuotePriceDifference,
  type QuoteStatus,
  type ServiceField,
  type SettableQuoteStatus,
  validateFieldValue,
} from '@portal/contracts';
import Decimal from 'decimal.js';
import { SERVICE_VIEW, serviceFieldDefinitions } from '../account-creation/index.js';

export interface QuoteLineIn {
  ProductName: string;
  ProductDisplayName: string;
  Amount: number;
  Fields: { FieldName: string; FieldValue: string }[];
  IsSyncWithUserAmount: boolean;
}

/** [M4.5] All-users lines take the quote's total users (they follow it); the rest keep their amount. */
export function normaliseLines<L extends QuoteLineIn>(lines: readonly L[], users: number): L[] {
  return lines.map((l) => (l.IsSyncWithUserAmount ? { ...l, Amount: users } : l));
}

/** What the line checks need of a service. */
export interface QuotedService {
  displayName: string;
  fields: readonly ServiceField[];
}

/**
 * Checks lines against the price list's services and the quote's users: unknown services, amounts above the total
 * users [M4.5], unknown fields, Numeric values outside MinValue/MaxValue, Combobox values not offered [M5.9] and any
 * value of a Password field (decision 0082).
 * Errors name `${prefix}.${i}.…`.
 */
export function checkQuoteLines(
  lines: readonly QuoteLineIn[],
  users: number,
  services: ReadonlyMap<string, QuotedService>,
  prefix: string,
): FieldError[] {
  const errors: FieldError[] = [];
  lines.forEach((line, i) => {
    const at = `${prefix}.${i}`;
    const service = services.get(line.ProductName.toLowerCase());
    if (!service) {
      errors.push({ field: `${at}.ProductName`, message: `${line.ProductName} is not a service of the price list` });
      return;
    }
    if (line.Amount > users) {
      errors.push({ field: `${at}.Amount`, message: `The amount is at most the quote's ${users} users` });
    }
    line.Fields.forEach((f, j) => {
      const field = service.fields.find((d) => d.Id === f.FieldName);
      const where = `${at}.Fields.${j}.FieldValue`;
      if (!field) {
        errors.push({ field: `${at}.Fields.${j}.FieldName`, message: `${f.FieldName} is not a field of ${service.displayName}` });
        return;
      }
      const value = f.FieldValue.trim();
      // A secret is never kept in a quote (decision 0082): OrderQuote asks for it when the quote is ordered.
      if (field.FieldType === 'Password') {
        if (value !== '')
          errors.push({
            field: where,
            message: `${field.DisplayName} is a password: it is asked for when the quote is ordered and never kept in a quote`,
          });
        return;
      }
      if (field.FieldType === 'Numeric') {
        if (value === '') return;
        const n = Number(value);
        if (!Number.isFinite(n)) errors.push({ field: where, message: `${field.DisplayName}: enter a number` });
        else if (field.MinValue !== null && n < field.MinValue)
          errors.push({ field: where, message: `${field.DisplayName} is at least ${field.MinValue}` });
        else if (field.MaxValue !== null && n > field.MaxValue)
          errors.push({ field: where, message: `${field.DisplayName} is at most ${field.MaxValue}` });
      } else if (field.FieldType === 'Combobox' && value !== '' && !field.AvailableValues.some((v) => v.Value === value)) {
        errors.push({ field: where, message: `${field.DisplayName}: choose one of its values` });
      }
    });
  });
  return errors;
}

/** What pricing one line needs: the service's fees and fields, and the customer's or template's price list. */
export interface LinePricingInput {
  rules: readonly BillingRule[];
  fields: readonly ServiceField[];
  fieldValues: readonly { FieldName: string; FieldValue: string }[];
  amount: number;
  currency: string;
  priceList: PriceListPricing | null;
  discount: DiscountPricing | null;
}

export interface PricedLine {
  prices: QuoteLinePrices;
  /** The fee lines at the line's amount (for the charge summary); empty when the line could not be priced. */
  feeLines: PriceLine[];
}

/** [M5.8] A line's prices from the one pricing rule: per one user amount and times the amount. */
export function priceQuoteLine(p: LinePricingInput): PricedLine {
  const values = Object.fromEntries(p.fieldValues.map((f) => [f.FieldName, f.FieldValue]));
  const base = { rules: p.rules, fields: p.fields, values, currency: p.currency, priceList: p.priceList, discount: p.discount };
  const unit = priceSubscription({ ...base, quantity: 1 });
  const total = priceSubscription({ ...base, quantity: p.amount });
  if (!unit.ok || !total.ok) {
    const error = !total.ok ? total.error : !unit.ok ? unit.error : null;
    return {
      prices: { MonthlyPrice: null, SetupPrice: null, MonthlyTotal: null, SetupTotal: null, Error: error },
      feeLines: [],
    };
  }
  const unpriced = total.monthly.selling === null || total.setup.selling === null;
  return {
    prices: {
      MonthlyPrice: unit.monthly.selling,
      SetupPrice: unit.setup.selling,
      MonthlyTotal: total.monthly.selling,
      SetupTotal: total.setup.selling,
      Error: unpriced ? `A fee has no price in ${p.currency}` : null,
    },
    feeLines: total.lines,
  };
}

/** The sum of decimal strings; null when any is null. */
export function sumAmounts(values: readonly (string | null)[]): string | null {
  let total = new Decimal(0);
  for (const v of values) {
    if (v === null) return null;
    total = total.plus(new Decimal(v));
  }
  return total.toFixed();
}

/** The totals and the charge summary of priced lines; null totals when a line has no price. */
export function quoteTotals(
  lines: readonly PricedLine[],
  currency: string,
): { TotalRC: string | null; TotalNRC: string | null; Charges: ChargeSummary | null } {
  const TotalRC = sumAmounts(lines.map((l) => l.prices.MonthlyTotal));
  const TotalNRC = sumAmounts(lines.map((l) => l.prices.SetupTotal));
  const complete = lines.every((l) => l.prices.Error === null);
  return {
    TotalRC,
    TotalNRC,
    Charges: complete
      ? chargeSummaryOfLines(
          lines.flatMap((l) => l.feeLines),
          currency,
        )
      : null,
  };
}

/** [M3.24] The yearly charge: the monthly total times 12 (setup fees are one-off and left out). */
export function yearlyCharge(totalRc: string | null): string | null {
  return totalRc === null ? null : new Decimal(totalRc).times(12).toFixed();
}

export type StatusDecision = { ok: true } | { ok: false; message: string };

/**
 * [M4.25] Whether the caller may set `to` on a quote (decision 0050): only the owner organisation's users change a
 * quote; archived quotes are read-only; only QUOTE_TRANSITIONS are allowed; a quote past its validity date cannot be
 * sent or approved (renew it first).
 */
export function decideStatusChange(p: {
  status: QuoteStatus;
  to: SettableQuoteStatus;
  archived: boolean;
  isOwner: boolean;
  validUntil: string;
  now: Date;
}): StatusDecision {
  if (!p.isOwner) return { ok: false, message: "Only the quote's own organisation changes its status" };
  if (p.archived) return { ok: false, message: 'An archived quote cannot change; restore it from the archive first' };
  if (!canTransition(p.status, p.to)) return { ok: false, message: `A ${p.status} quote cannot become ${p.to}` };
  if (p.to !== 'draft' && isQuoteExpired(p.validUntil, p.now)) {
    return { ok: false, message: `The quote was valid until ${p.validUntil}; renew it first` };
  }
  return { ok: true };
}

/** The statuses the caller may set now (for the screens' buttons). */
export function allowedTransitions(p: Omit<Parameters<typeof decideStatusChange>[0], 'to'>): SettableQuoteStatus[] {
  return (['draft', 'pending', 'approved'] as const).filter((to) => decideStatusChange({ ...p, to }).ok);
}

/** The status a quote is in after a new revision is saved: an edited pending, approved or expired quote is a draft again. */
export function statusAfterSave(status: QuoteStatus): QuoteStatus {
  return ['pending', 'approved', 'active', 'expired'].includes(status) ? 'draft' : status;
}

/** Lines whose monthly or setup total today differs from the saved one (compared as decimals). */
export function priceDifferences(
  saved: readonly (QuoteLineIn & QuoteLinePrices)[],
  current: readonly QuoteLinePrices[],
): QuotePriceDifference[] {
  const same = (a: string | null, b: string | null) =>
    a === null || b === null ? a === b : new Decimal(a).equals(new Decimal(b));
  const out: QuotePriceDifference[] = [];
  saved.forEach((line, i) => {
    const now = current[i];
    if (!now) return;
    if (!same(line.MonthlyTotal, now.MonthlyTotal) || !same(line.SetupTotal, now.SetupTotal)) {
      out.push({
        ProductName: line.ProductName,
        ProductDisplayName: line.ProductDisplayName,
        QuotedMonthlyTotal: line.MonthlyTotal,
        CurrentMonthlyTotal: now.MonthlyTotal,
        QuotedSetupTotal: line.SetupTotal,
        CurrentSetupTotal: now.SetupTotal,
      });
    }
  });
  return out;
}

/**
 * The order lines are placed in: a line's dependency (when another line of the quote) before it, otherwise as
 * quoted. Returns indexes.
 */
export function orderingSequence(
  lines: readonly { ProductName: string }[],
  dependenciesOf: (productName: string) => readonly string[],
): number[] {
  const index = new Map(lines.map((l, i) => [l.ProductName.toLowerCase(), i]));
  const done = new Set<number>();
  const out: number[] = [];
  const visit = (i: number, seen: Set<number>) => {
    if (done.has(i) || seen.has(i)) return;
    seen.add(i);
    for (const d of dependenciesOf(lines[i]?.ProductName ?? '')) {
      const j = index.get(d.toLowerCase());
      if (j !== undefined) visit(j, seen);
    }
    done.add(i);
    out.push(i);
  };
  for (let i = 0; i < lines.length; i++) visit(i, new Set());
  return out;
}

/** The subscription views PlaceOrder takes for a quote line: its name, its amount as the quantity, its field values. */
export function lineViews(line: QuoteLineIn) {
  return {
    Default: { Values: { DisplayName: line.ProductDisplayName || line.ProductName } },
    Product: { Values: { Quantity: String(line.Amount) } },
    Service: { Values: Object.fromEntries(line.Fields.map((f) => [f.FieldName, f.FieldValue])) },
  };
}

/** A required field of a line's service that the line holds no value for, as ordering would refuse it. */
export interface MissingLineField {
  /** `Products.<i>.Views.Service.Values.<field id>`: where PlaceOrder's error for it is named under the line. */
  field: string;
  /** Names the line (its number and service) and the field. */
  message: string;
}

/** A required field a line lacks, with the form engine's definition of it (PreviewQuoteOrder's MissingFields). */
export interface LackedLineField extends MissingLineField {
  line: number;
  definition: FieldDefinition;
}

/**
 * The required fields the lines lack: the service's fields as a new subscription asks for them (the one form engine's
 * `serviceFieldDefinitions`, Mandatory ones required) against the line's values. Ordering a line without one would
 * refuse it ("… is required"), so PreviewQuoteOrder lists them for the order to ask, and OrderQuote refuses with the
 * first one still lacking after the values it was given, before placing anything. Empty when every line holds its
 * required fields (or its service is unknown).
 */
export function missingRequiredFields(
  lines: readonly QuoteLineIn[],
  fieldsOf: (productName: string) => readonly ServiceField[] | null,
): LackedLineField[] {
  const lacked: LackedLineField[] = [];
  for (const [i, line] of lines.entries()) {
    const fields = fieldsOf(line.ProductName);
    if (!fields) continue;
    const values = new Map(line.Fields.map((f) => [f.FieldName, f.FieldValue]));
    for (const def of serviceFieldDefinitions(fields)) {
      if (!def.IsRequired || (values.get(def.Name) ?? '').trim() !== '') continue;
      const name = line.ProductDisplayName || line.ProductName;
      lacked.push({
        line: i,
        definition: def,
        field: `Products.${i}.Views.${SERVICE_VIEW}.Values.${def.Name}`,
        message: `Line ${i + 1} (${name}): ${validateFieldValue(def, null)} and the quote holds no value for it`,
      });
    }
  }
  return lacked;
}

/** The first of `missingRequiredFields`; null when none. */
export function missingRequiredField(
  lines: readonly QuoteLineIn[],
  fieldsOf: (productName: string) => readonly ServiceField[] | null,
): MissingLineField | null {
  const [first] = missingRequiredFields(lines, fieldsOf);
  return first ? { field: first.field, message: first.message } : null;
}
