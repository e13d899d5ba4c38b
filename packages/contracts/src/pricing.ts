/**
 * Pricing of one subscription from its service's fees [M5.8], the rule behind the price preview of a
 * Product account [A2.34], the totals of an order and the revenue a report shows. Pure: the caller
 * brings the fees, the fields, the subscription's values and the customer's currency.
 *
 * Money is decimal (decimal.js), never a float: the fees are decimal strings with up to 6 decimals
 * [S5.13]; totals are kept exact and rounded to cents only for display (formatMoney).
 */
import Decimal from 'decimal.js';
import { type DiscountPricing, discountedUnitPrice } from './discounts.js';
import { type PriceListPricing, priceListUnitPrice } from './price-list-pricing.js';
import type { BillingRule, ChargeType, ServiceField } from './services.js';
import { type SpecialDealPricing, specialDealUnitPrice } from './special-deals.js';

/** [M9.3] The currency of a customer whose organisation has none. */
export const DEFAULT_CURRENCY = 'EUR';

export const MISSING_UDRC_FIELD = 'Error in product configuration missing udrc test field';

/** A value a subscription holds for one of its service's fields, by field Id. */
export type PricingValue = string | number | boolean | null | undefined;

export interface PricingInput {
  rules: readonly BillingRule[];
  fields: readonly ServiceField[];
  /** The subscription's values by field Id; a missing Combobox value takes the field's first value [M5.8]. */
  values: Readonly<Record<string, PricingValue>>;
  /** The user amount every line is multiplied by [M5.8]; the Quantity of a Product account. */
  quantity: number;
  /** The customer's currency: the selling price is the price list's price, or the suggested retail price, in it. */
  currency: string;
  /**
   * The price list assigned to the customer that holds the service (decision 0033); without one the
   * selling price is the suggested retail price.
   */
  priceList?: PriceListPricing | null;
  /**
   * The discount of the customer (the nearest Company or Reseller at or above the subscription) on the
   * service, effective now (decision 0048); applied on top of the price list's price or the SRP.
   */
  discount?: DiscountPricing | null;
  /**
   * The active special deal on this subscription of the charge stream into the customer (decision 0049); for the
   * fees it has an item for it replaces the discount, taken off the price list's price or the SRP.
   */
  specialDeal?: SpecialDealPricing | null;
}

export interface PriceLine {
  priceableItemId: string | null;
  chargeType: ChargeType;
  /** The field and value a field-based fee is for; null for a base fee. */
  condition: { fieldId: string; fieldDisplayName: string; value: string } | null;
  /** The per-unit field that sets the units, when the fee is unit rated. */
  unitField: { fieldId: string; fieldDisplayName: string } | null;
  /** Units charged: the per-unit field's value times the quantity, or the quantity. */
  units: string;
  /** The vendor's price per unit (the fee's Charge, in the vendor's currency). */
  purchaseUnitPrice: string;
  purchaseTotal: string;
  /** The selling price per unit in the customer's currency (price list or SRP); null when the fee has none. */
  sellingUnitPrice: string | null;
  sellingTotal: string | null;
  /** Set when a discount changed the selling price: the price per unit before it (price list or SRP). */
  undiscountedUnitPrice?: string | null;
  /** Set (true) when a special deal priced this fee (decision 0049). */
  specialDeal?: true;
  /** Months paid in advance when the fee is prepaid, else null. */
  advanceMonths: number | null;
}

export interface PriceTotals {
  purchase: string;
  /** Null when a charged line has no price in the customer's currency. */
  selling: string | null;
}

export type PricingResult =
  | {
      ok: true;
      currency: string;
      /** The price list the selling prices come from; null when they are the suggested retail prices. */
      priceList: { marketplaceId: number; name: string } | null;
      lines: PriceLine[];
      monthly: PriceTotals;
      setup: PriceTotals;
      /** What prepaid fees ask in advance: their monthly total times their advance months. */
      prepaidAdvance: PriceTotals;
    }
  | { ok: false; error: typeof MISSING_UDRC_FIELD; fieldId: string };

const ZERO = new Decimal(0);

function asDecimal(value: string | null | undefined): Decimal | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  try {
    const d = new Decimal(value.trim());
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

function text(value: PricingValue): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

/** [M5.8] The value a fee tests: the subscription's value, or the first value of a Combobox without one. */
export function effectiveFieldValue(field: ServiceField | undefined, value: PricingValue): string {
  const given = text(value);
  if (given !== '' || !field) return given;
  if (field.FieldType === 'Combobox') return field.AvailableValues[0]?.Value ?? '';
  if (field.FieldType === 'Checkbox') return 'false';
  return field.PlaceholderDefaultValue ?? '';
}

/** [M5.8] A fee applies when it is enabled, charges something, and its field holds its test value (or it has no field). */
export function ruleApplies(rule: BillingRule, fields: readonly ServiceField[], values: PricingInput['values']): boolean {
  if (!rule.enabled) return false;
  const purchase = asDecimal(rule.Charge) ?? ZERO;
  const anySelling = rule.SuggestedRetailPrices.some((p) => !(asDecimal(p.Charge) ?? ZERO).isZero());
  if (purchase.isZero() && !anySelling) return false;
  if (!rule.Condition) return true;
  const field = fields.find((f) => f.Id === rule.Condition?.FieldId);
  return effectiveFieldValue(field, values[rule.Condition.FieldId]) === rule.Condition.Value;
}

function sum(values: readonly (Decimal | null)[]): Decimal | null {
  let total = ZERO;
  for (const v of values) {
    if (v === null) return null;
    total = total.plus(v);
  }
  return total;
}

const str = (d: Decimal) => d.toFixed();

/** [M5.8] Prices a subscription: every applying fee becomes a line; monthly and setup totals follow. */
export function priceSubscription(input: PricingInput): PricingResult {
  const quantity = new Decimal(Number.isFinite(input.quantity) && input.quantity > 0 ? input.quantity : 0);
  const lines: PriceLine[] = [];
  const totals = {
    Monthly: { purchase: [] as Decimal[], selling: [] as (Decimal | null)[] },
    Setup: { purchase: [] as Decimal[], selling: [] as (Decimal | null)[] },
  };
  const prepaid = { purchase: [] as Decimal[], selling: [] as (Decimal | null)[] };

  for (const rule of input.rules) {
    if (!ruleApplies(rule, input.fields, input.values)) continue;
    let units = quantity;
    let unitField: PriceLine['unitField'] = null;
    if (rule.UdrcField) {
      const field = input.fields.find((f) => f.Id === rule.UdrcField);
      const perUnit = asDecimal(effectiveFieldValue(field, input.values[rule.UdrcField]));
      if (!field || perUnit === null) return { ok: false, error: MISSING_UDRC_FIELD, fieldId: rule.UdrcField };
      units = perUnit.times(quantity);
      unitField = { fieldId: field.Id, fieldDisplayName: field.DisplayName };
    }
    const purchaseUnit = asDecimal(rule.Charge) ?? ZERO;
    const srpEntry = rule.SuggestedRetailPrices.find((p) => p.Currency === input.currency);
    const srp = srpEntry ? (asDecimal(srpEntry.Charge) ?? ZERO) : null;
    // Precedence (decision 0048): special deal > discount > price list custom price > SRP.
    const listed = input.priceList
      ? priceListUnitPrice(input.priceList, rule.Id, input.currency, srp ? str(srp) : null)
      : srp
        ? str(srp)
        : null;
    const itemId = rule.PriceableItemId ?? rule.Id;
    const discounted = discountedUnitPrice(listed, input.discount, itemId, input.currency);
    // A special deal's item replaces the discount for its fee (decision 0049); a fee without one keeps the discount.
    const dealt = specialDealUnitPrice(listed, input.specialDeal, itemId, input.currency);
    const selling = dealt === undefined ? discounted : dealt;
    const sellingUnit = selling === null ? null : (asDecimal(selling) ?? ZERO);
    const purchaseTotal = purchaseUnit.times(units);
    const sellingTotal = sellingUnit ? sellingUnit.times(units) : null;
    const conditionField = rule.Condition ? input.fields.find((f) => f.Id === rule.Condition?.FieldId) : undefined;
    const advanceMonths = rule.AdvancePaymentConfiguration?.AdvancePeriodLenghtInMonths ?? null;
    lines.push({
      priceableItemId: rule.PriceableItemId,
      chargeType: rule.ChargeType,
      condition: rule.Condition
        ? {
            fieldId: rule.Condition.FieldId,
            fieldDisplayName: conditionField?.DisplayName ?? rule.Condition.FieldId,
            value: rule.Condition.Value,
          }
        : null,
      unitField,
      units: str(units),
      purchaseUnitPrice: str(purchaseUnit),
      purchaseTotal: str(purchaseTotal),
      sellingUnitPrice: sellingUnit ? str(sellingUnit) : null,
      sellingTotal: sellingTotal ? str(sellingTotal) : null,
      ...(selling !== listed ? { undiscountedUnitPrice: listed } : {}),
      ...(dealt !== undefined ? { specialDeal: true as const } : {}),
      advanceMonths,
    });
    totals[rule.ChargeType].purchase.push(purchaseTotal);
    totals[rule.ChargeType].selling.push(sellingTotal);
    if (rule.ChargeType === 'Monthly' && advanceMonths) {
      prepaid.purchase.push(purchaseTotal.times(advanceMonths));
      prepaid.selling.push(sellingTotal ? sellingTotal.times(advanceMonths) : null);
    }
  }

  const total = (t: { purchase: Decimal[]; selling: (Decimal | null)[] }): PriceTotals => {
    const selling = sum(t.selling);
    return { purchase: str(sum(t.purchase) ?? ZERO), selling: selling ? str(selling) : null };
  };
  return {
    ok: true,
    currency: input.currency,
    priceList: input.priceList ? { marketplaceId: input.priceList.marketplaceId, name: input.priceList.name } : null,
    lines,
    monthly: total(totals.Monthly),
    setup: total(totals.Setup),
    prepaidAdvance: total(prepaid),
  };
}

/** Gross margin of a selling and a purchase amount in the same currency; null when either is missing. */
export function grossMargin(selling: string | null, purchase: string | null): string | null {
  const s = asDecimal(selling);
  const p = asDecimal(purchase);
  return s && p ? str(s.minus(p)) : null;
}

/**
 * [M9.3] An amount for display: 2 decimals with the euro sign when the currency is unset or EUR,
 * otherwise the code; zero shows FREE.
 */
export function formatMoney(
  amount: string,
  currency: string | null | undefined,
  /** 'amount' writes 0 as 0.00 (a balance, e.g. a credit limit), not as a price's FREE. */
  options: { zero?: 'FREE' | 'amount' } = {},
): string {
  const d = asDecimal(amount) ?? ZERO;
  if (d.isZero() && options.zero !== 'amount') return 'FREE';
  const fixed = d.toFixed(2, Decimal.ROUND_HALF_UP);
  const [whole = '0', fraction = '00'] = fixed.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = d.isNegative() ? '-' : '';
  return !currency || currency === 'EUR' ? `${sign}€${grouped}.${fraction}` : `${sign}${grouped}.${fraction} ${currency}`;
}

/** Orders two decimal amounts: negative when a is less than b, 0 when equal, positive when greater. */
export function compareAmounts(a: string, b: string): number {
  return (asDecimal(a) ?? ZERO).comparedTo(asDecimal(b) ?? ZERO);
}

/** The difference of two decimal amounts (a minus b), exact. */
export function subtractAmounts(a: string, b: string): string {
  return str((asDecimal(a) ?? ZERO).minus(asDecimal(b) ?? ZERO));
}
