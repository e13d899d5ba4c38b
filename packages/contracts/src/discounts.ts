/**
 * Per-service discounts of a company or reseller (decision 0048): the Discount tab [A2.24] [A2.28] [A2.48],
 * the Discount record [A3.5], its audit [A4.4], its limits [A5.3], DISCOUNT_TOOL [A6.15] and the operations
 * GetServiceDiscounts and UpdateServiceDiscounts [A7.6].
 *
 * The pricing part is pure and decimal: `discountedUnitPrice` is what the one pricing rule (`priceSubscription`)
 * applies on top of the price list's price or the suggested retail price.
 */
import Decimal from 'decimal.js';
import { z } from 'zod';
import { AccountIdSchema } from './accounts.js';
import type { FieldError } from './errors.js';
import { defineOperation } from './operation.js';
import { PRICE_DECIMALS } from './price-list-pricing.js';
import { RecordVersionSchema } from './versions.js';

/** [A5.3] At most 20 active discounts per account. */
export const MAX_DISCOUNTS_PER_ACCOUNT = 20;
/** [A5.3] Percent fields use 2 decimals; the percent is capped at 100. */
export const DISCOUNT_PERCENT_DECIMALS = 2;
export const DISCOUNT_PERCENT_MAX = 100;
/** [A5.3] Special price (custom charge) fields use 3 decimals in the discount tool. */
export const DISCOUNT_CUSTOM_CHARGE_DECIMALS = 3;

export const DISCOUNT_STATUSES = ['Active', 'Deleted'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

/** The key of one item of a discount: a priceable item (a billing rule) in one currency. */
export const discountItemKey = (priceableItemId: string, currency: string) => `${priceableItemId}|${currency}`;

/** One item of a discount as the pricing rule needs it. */
export interface DiscountItemPricing {
  isCustomCharge: boolean;
  /** Percent off, decimal string (0 to 100). */
  percent: string | null;
  /** The special price per unit, decimal string. */
  customCharge: string | null;
}

/** The discount of the customer on one service, effective now (price-lists' loadCustomerPricing loads it). */
export interface DiscountPricing {
  discountId: number;
  /** [A2.48] The percentage-discount toggle: every item is a percent off, custom charges are not used. */
  percentMode: boolean;
  /** By discountItemKey(priceableItemId, currency). */
  items: ReadonlyMap<string, DiscountItemPricing>;
}

function decimalOrNull(value: string | null | undefined): Decimal | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  try {
    const d = new Decimal(value.trim());
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/**
 * The selling price per unit after the discount: `listed` is the price the customer's price list gives (or the
 * SRP), null when there is none. A percent is capped at 100 [A5.3] and below 0 counts as 0, so the price never
 * goes below zero; the result is rounded half up to 6 decimals. A custom charge replaces the price (never below
 * zero). Answers `listed` unchanged when the discount has no item for the fee and currency.
 */
export function discountedUnitPrice(
  listed: string | null,
  discount: DiscountPricing | null | undefined,
  priceableItemId: string | null,
  currency: string,
): string | null {
  if (!discount || priceableItemId === null) return listed;
  const item = discount.items.get(discountItemKey(priceableItemId, currency));
  if (!item) return listed;
  if (item.isCustomCharge && !discount.percentMode) {
    const custom = decimalOrNull(item.customCharge);
    if (custom === null) return listed;
    return Decimal.max(custom, 0).toDecimalPlaces(PRICE_DECIMALS, Decimal.ROUND_HALF_UP).toFixed();
  }
  const base = decimalOrNull(listed);
  if (base === null) return listed;
  const raw = decimalOrNull(item.percent) ?? new Decimal(0);
  const percent = Decimal.min(Decimal.max(raw, 0), DISCOUNT_PERCENT_MAX);
  if (percent.isZero()) return listed;
  const price = base.times(new Decimal(100).minus(percent)).dividedBy(100);
  return Decimal.max(price, 0).toDecimalPlaces(PRICE_DECIMALS, Decimal.ROUND_HALF_UP).toFixed();
}

// ---------------------------------------------------------------------------------------------
// Wire
// ---------------------------------------------------------------------------------------------

const decimalString = z.string().max(40);

/** [A3.5] Discount item. */
export const DiscountItemSchema = z.object({
  Id: z.number().int().nullable(),
  Currency: z.string().regex(/^[A-Z]{3}$/, 'Expected a 3-letter currency code'),
  CustomCharge: decimalString.nullable(),
  /** Percent off, 2 decimals. */
  Discount: decimalString.nullable(),
  IsCustomCharge: z.boolean(),
  PriceableItemId: z.string().min(1).max(100),
});
export type DiscountItem = z.infer<typeof DiscountItemSchema>;

/** One fee of the discounted service as the card's table shows it: billing rule, my charge (the price without discount). */
export const DiscountBillingLineSchema = z.object({
  PriceableItemId: z.string(),
  ChargeType: z.string(),
  /** The rule's condition or per-unit field, for the table's Billing rule column; '' for a base fee. */
  Description: z.string(),
  Currency: z.string(),
  /** [A2.48] My charge: the price the account gets without the discount (its price list's price or the SRP). */
  MyCharge: z.string().nullable(),
});
export type DiscountBillingLine = z.infer<typeof DiscountBillingLineSchema>;

/** [A3.5] Discount. */
export const DiscountSchema = z.object({
  Id: z.number().int(),
  Description: z.string(),
  DiscountItems: z.array(DiscountItemSchema),
  EffectiveStartDate: z.string(),
  EffectiveEndDate: z.string().nullable(),
  LastModifiedOn: z.string(),
  ProductName: z.string(),
  SellerCompanyAccountId: AccountIdSchema,
  ServiceInfo: z.object({ Icon: z.string().nullable(), DisplayName: z.string(), OwnerName: z.string() }),
  Status: z.enum(DISCOUNT_STATUSES),
  TargetAccountId: AccountIdSchema,
  PercentMode: z.boolean(),
  /** The fees of the service in the account's currency, for the card's table. */
  BillingLines: z.array(DiscountBillingLineSchema),
  /** Decision 0036. */
  Version: RecordVersionSchema,
});
export type Discount = z.infer<typeof DiscountSchema>;

export const ServiceDiscountsSchema = z.object({
  AccountId: AccountIdSchema,
  Currency: z.string(),
  CanUpdate: z.boolean(),
  MaxDiscounts: z.number().int(),
  /** The active discounts, by service display name. */
  Items: z.array(DiscountSchema),
});
export type ServiceDiscounts = z.infer<typeof ServiceDiscountsSchema>;

/** One discount to save: without Id a new one; with Id an edit (Version as read); Status Deleted removes it. */
export const DiscountChangeSchema = z.object({
  Id: z.number().int().positive().nullable().default(null),
  Version: RecordVersionSchema.nullable().default(null),
  ProductName: z.string().min(1).max(200),
  Description: z.string().max(1000).default(''),
  PercentMode: z.boolean().default(true),
  EffectiveStartDate: z.string().datetime({ offset: true }).nullable().default(null),
  EffectiveEndDate: z.string().datetime({ offset: true }).nullable().default(null),
  Status: z.enum(DISCOUNT_STATUSES).default('Active'),
  DiscountItems: z
    .array(DiscountItemSchema.omit({ Id: true }))
    .max(500)
    .default([]),
});
export type DiscountChange = z.infer<typeof DiscountChangeSchema>;
export type DiscountChangeInput = z.input<typeof DiscountChangeSchema>;

const decimalsOf = (d: Decimal) => Math.max(0, d.decimalPlaces());

/** The fields of a discount's or a special deal's item that checkDiscountItems reads. */
interface CheckedItem {
  PriceableItemId: string;
  Currency: string;
  IsCustomCharge: boolean;
  CustomCharge?: string | null;
  Discount?: string | null;
}

/**
 * [A5.3] The items of a discount or of a special deal: each fee and currency once; a custom charge (unless in percent
 * mode) 0 or more with at most `customChargeDecimals` decimals; else a percent 0..100 with at most 2 decimals.
 * `at` names the field under the record, e.g. `Discounts[0].…`.
 */
export function checkDiscountItems(
  items: readonly CheckedItem[],
  percentMode: boolean,
  at: (field: string) => string,
  customChargeDecimals: number,
): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const key = discountItemKey(item.PriceableItemId, item.Currency);
    if (seen.has(key))
      errors.push({ field: at(`DiscountItems[${i}]`), message: 'This billing rule and currency is given twice' });
    seen.add(key);
    if (item.IsCustomCharge && !percentMode) {
      const d = decimalOrNull(item.CustomCharge);
      if (d === null) errors.push({ field: at(`DiscountItems[${i}].CustomCharge`), message: 'Enter a special price' });
      else if (d.isNegative())
        errors.push({ field: at(`DiscountItems[${i}].CustomCharge`), message: 'The special price cannot be negative' });
      else if (decimalsOf(d) > customChargeDecimals)
        errors.push({
          field: at(`DiscountItems[${i}].CustomCharge`),
          message: `The special price has at most ${customChargeDecimals} decimals`,
        });
    } else {
      const d = decimalOrNull(item.Discount);
      if (d === null) errors.push({ field: at(`DiscountItems[${i}].Discount`), message: 'Enter a discount percent' });
      else if (d.isNegative() || d.greaterThan(DISCOUNT_PERCENT_MAX))
        errors.push({ field: at(`DiscountItems[${i}].Discount`), message: 'The discount is between 0 and 100 percent' });
      else if (decimalsOf(d) > DISCOUNT_PERCENT_DECIMALS)
        errors.push({ field: at(`DiscountItems[${i}].Discount`), message: 'The discount has at most 2 decimals' });
    }
  });
  return errors;
}

/**
 * [A5.3] Checks one discount to save; errors name the field as `Discounts[i].…`. Percent 0..100 with at most 2
 * decimals, custom charge 0 or more with at most 3 decimals, the end after the start.
 */
export function checkDiscountChange(change: DiscountChange, index: number): FieldError[] {
  const errors: FieldError[] = [];
  const at = (field: string) => `Discounts[${index}].${field}`;
  errors.push(...checkDiscountItems(change.DiscountItems, change.PercentMode, at, DISCOUNT_CUSTOM_CHARGE_DECIMALS));
  if (
    change.EffectiveStartDate &&
    change.EffectiveEndDate &&
    Date.parse(change.EffectiveEndDate) <= Date.parse(change.EffectiveStartDate)
  )
    errors.push({ field: at('EffectiveEndDate'), message: 'The end date must be after the start date' });
  return errors;
}

export const GetServiceDiscounts = defineOperation({
  name: 'GetServiceDiscounts',
  summary: 'The active per-service discounts of a company or reseller [A7.6] [A2.48]',
  input: z.object({ accountId: AccountIdSchema }),
  output: ServiceDiscountsSchema,
  access: { kind: 'capability', capability: { name: 'DISCOUNT_TOOL', kind: 'READ' } },
  account: (i) => i.accountId,
  mutating: false,
});

export const UpdateServiceDiscounts = defineOperation({
  name: 'UpdateServiceDiscounts',
  summary: 'Create, edit or remove (Status Deleted) per-service discounts of a company or reseller [A7.6] [A4.4]',
  input: z.object({ accountId: AccountIdSchema, discounts: z.array(DiscountChangeSchema).min(1).max(MAX_DISCOUNTS_PER_ACCOUNT) }),
  output: ServiceDiscountsSchema,
  access: { kind: 'capability', capability: { name: 'DISCOUNT_TOOL', kind: 'UPDATE' } },
  account: (i) => i.accountId,
  mutating: true,
});

export const discountOperations = [GetServiceDiscounts, UpdateServiceDiscounts] as const;

// ---------------------------------------------------------------------------------------------
// Effective dates (decision 0048): whole days in UTC; a discount is in effect from its start (included) until its
// end (excluded), as the pricing rule reads it (start <= now < end).
// ---------------------------------------------------------------------------------------------

const DISCOUNT_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The card's date field ("yyyy-MM-dd", a day in UTC) as the ISO instant it stands for (00:00 UTC); null when not a real day. */
export function discountDateToIso(text: string): string | null {
  const m = DISCOUNT_DATE.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString();
}

/** A stored instant as the card's date field: its day in UTC ("yyyy-MM-dd"). */
export function isoToDiscountDate(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10);
}

export type DiscountPeriodState = 'scheduled' | 'inEffect' | 'ended';

/** Whether a discount prices at `now`: scheduled before its start, ended from its end, else in effect. */
export function discountPeriodState(startIso: string, endIso: string | null, now: Date): DiscountPeriodState {
  if (now.getTime() < Date.parse(startIso)) return 'scheduled';
  if (endIso !== null && now.getTime() >= Date.parse(endIso)) return 'ended';
  return 'inEffect';
}

/**
 * The card's dates as UpdateServiceDiscounts takes them, or the field errors (named as the server names them,
 * `Discounts[0].EffectiveStartDate`): the start is required, the end optional and after the start.
 */
export function checkDiscountDates(
  start: string,
  end: string,
  index = 0,
): { ok: true; start: string; end: string | null } | { ok: false; errors: FieldError[] } {
  const at = (field: string) => `Discounts[${index}].${field}`;
  const errors: FieldError[] = [];
  const startIso = discountDateToIso(start);
  const endIso = end.trim() === '' ? null : discountDateToIso(end);
  if (startIso === null) errors.push({ field: at('EffectiveStartDate'), message: 'Enter the start date as yyyy-MM-dd' });
  if (end.trim() !== '' && endIso === null)
    errors.push({ field: at('EffectiveEndDate'), message: 'Enter the end date as yyyy-MM-dd' });
  if (startIso !== null && endIso !== null && Date.parse(endIso) <= Date.parse(startIso))
    errors.push({ field: at('EffectiveEndDate'), message: 'The end date must be after the start date' });
  if (errors.length > 0 || startIso === null) return { ok: false, errors };
  return { ok: true, start: startIso, end: endIso };
}
