/**
 * The price preview block of a Product account [A2.34], [A6.17] and its price protection end [A2.33],
 * [A3.1], [A9.9]. The server prices the subscription with `priceSubscription` (pricing.ts) and decides
 * what the caller may see: purchase prices and gross margin only for holders of
 * BILLING_SHOWPRODUCTPRICE_MARGIN read, absent from the response otherwise.
 */

import { z } from 'zod';
import { AccountIdSchema } from './accounts.js';
import { ChargeSummarySchema } from './charge-summary.js';
import { defineOperation } from './operation.js';
import { ChargeTypeSchema } from './services.js';

/** A decimal amount on the wire, exact (not rounded); formatMoney rounds it for display [M9.3]. */
const AmountSchema = z.string();

/** Why the gross margin is not given although the caller may see it. */
export const MARGIN_UNAVAILABLE_REASONS = [
  /** The vendor charges in another currency than the customer pays in, and no exchange rate converts it (decision 0029). */
  'NoExchangeRate',
  /** A line has no retail price in the customer's currency, so the selling total is unknown. */
  'NoRetailPrice',
] as const;
export const MarginUnavailableReasonSchema = z.enum(MARGIN_UNAVAILABLE_REASONS);
export type MarginUnavailableReason = z.infer<typeof MarginUnavailableReasonSchema>;

export const PricePreviewLineSchema = z.object({
  ChargeType: ChargeTypeSchema,
  /** A field-based fee: its field and value; null for a base fee. */
  Condition: z.object({ FieldId: z.string(), FieldDisplayName: z.string(), Value: z.string() }).nullable(),
  /** The per-unit field whose value sets the units; null when the units are the quantity. */
  UnitField: z.object({ FieldId: z.string(), FieldDisplayName: z.string() }).nullable(),
  Units: AmountSchema,
  /** The retail price per unit in the customer's currency; null when the fee has none in it. */
  UnitPrice: AmountSchema.nullable(),
  Total: AmountSchema.nullable(),
  /** Months paid in advance when the fee is prepaid. */
  AdvanceMonths: z.number().int().nullable(),
  /** Only for BILLING_SHOWPRODUCTPRICE_MARGIN read: the vendor's price per unit, in PurchaseCurrency. */
  PurchaseUnitPrice: AmountSchema.optional(),
  PurchaseTotal: AmountSchema.optional(),
  /** Only with the margin capability and an exchange rate: PurchaseTotal converted into Currency. */
  ConvertedPurchaseTotal: AmountSchema.optional(),
  /** Only with the margin capability, and null when the margin cannot be given (see Margin.Reason). */
  GrossMargin: AmountSchema.nullable().optional(),
});
export type PricePreviewLine = z.infer<typeof PricePreviewLineSchema>;

export const PricePreviewTotalSchema = z.object({
  /** The selling total in the customer's currency; null when a line has no retail price in it. */
  Total: AmountSchema.nullable(),
  PurchaseTotal: AmountSchema.optional(),
  /** PurchaseTotal in Currency, when an exchange rate converts it (margin capability only). */
  ConvertedPurchaseTotal: AmountSchema.optional(),
  GrossMargin: AmountSchema.nullable().optional(),
});
export type PricePreviewTotal = z.infer<typeof PricePreviewTotalSchema>;

export const PRICE_PREVIEW_OUTCOMES = [
  /** Lines and totals are given (some selling prices may still be missing: see MissingRetailPrice). */
  'Priced',
  /** [M5.8] The service's configuration is wrong: a per-unit field holds no number. */
  'ConfigurationError',
  /** The account's service is not (or no longer) an active catalogue service. */
  'ServiceNotFound',
] as const;
export const PricePreviewOutcomeSchema = z.enum(PRICE_PREVIEW_OUTCOMES);

export const AccountPricePreviewSchema = z.object({
  AccountId: AccountIdSchema,
  /** The account's service (Product.ProductName) and its display name in the catalogue. */
  ServiceName: z.string().nullable(),
  ServiceDisplayName: z.string().nullable(),
  Quantity: z.number(),
  /** The customer's currency: of the nearest company, reseller or provider above the account (EUR when unset). */
  Currency: z.string(),
  Outcome: PricePreviewOutcomeSchema,
  /** With ConfigurationError: the message of [M5.8] and the per-unit field it is about. */
  Error: z.object({ Message: z.string(), FieldId: z.string() }).nullable(),
  Lines: z.array(PricePreviewLineSchema),
  Monthly: PricePreviewTotalSchema,
  Setup: PricePreviewTotalSchema,
  /** What prepaid fees ask in advance; null when no fee is prepaid. */
  PrepaidAdvance: PricePreviewTotalSchema.nullable(),
  /** True when a charged line has no retail price in Currency. */
  MissingRetailPrice: z.boolean(),
  /** With Priced: what a new order of it would invoice first (setup, monthly, advance payment now), as its order recorded. */
  Charges: ChargeSummarySchema.nullable().default(null),
  /** Only for BILLING_SHOWPRODUCTPRICE_MARGIN read. */
  Margin: z
    .object({
      /** The vendor's currency, in which purchase prices are given (EUR when unset). */
      PurchaseCurrency: z.string(),
      /** True when the gross margin is given; otherwise Reason says why. */
      Available: z.boolean(),
      Reason: MarginUnavailableReasonSchema.nullable(),
      /**
       * When PurchaseCurrency differs from Currency and the provider's rates convert it: the factor
       * (1 PurchaseCurrency = Factor Currency), the month end of the oldest rate used and whether it is
       * up to date [A2.33]; null otherwise.
       */
      ExchangeRate: z.object({ Factor: z.string(), EffectiveOn: z.string().nullable(), UpToDate: z.boolean() }).nullable(),
      /**
       * Decision 0049: set when the purchase prices are a reseller's, not the vendor's: the owning organisation's
       * parent reseller, its purchase price of this subscription (its own price list, its discount, the special deal
       * of the stream into it). Only for the reseller itself and the organisations above it.
       */
      PurchaseFrom: z.object({ AccountId: AccountIdSchema, DisplayName: z.string() }).optional(),
    })
    .optional(),
});
export type AccountPricePreview = z.infer<typeof AccountPricePreviewSchema>;

export const GetAccountPricePreview = defineOperation({
  name: 'GetAccountPricePreview',
  summary:
    'The price of a Product account from its service fees and quantity in the customer currency [A2.34], [M5.8]; purchase prices and gross margin only with BILLING_SHOWPRODUCTPRICE_MARGIN read [A6.17], [M6.10]',
  input: z.object({ accountId: AccountIdSchema }),
  output: AccountPricePreviewSchema,
  access: { kind: 'capability', capability: { name: 'BILLING_SHOWPRODUCTPRICE', kind: 'READ' } },
  account: (i) => i.accountId,
  mutating: false,
});

export const pricePreviewOperations = [GetAccountPricePreview] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * [A2.33] [A3.1] The end of a subscription's price protection: its creation time plus its service's
 * PriceProtectionLengthInDays; null when the service gives none (null, 0 or negative).
 *
 * @example priceProtectionEnd(new Date('2026-01-01T10:00:00Z'), 30) // 2026-01-31T10:00:00.000Z
 */
export function priceProtectionEnd(createdAt: Date, lengthInDays: number | null | undefined): Date | null {
  if (lengthInDays === null || lengthInDays === undefined || !Number.isFinite(lengthInDays) || lengthInDays <= 0) return null;
  if (Number.isNaN(createdAt.getTime())) return null;
  return new Date(createdAt.getTime() + Math.floor(lengthInDays) * DAY_MS);
}

/**
 * [A2.33] [A9.9] The price protection banner's date, "yyyy-MM-dd HH:mm:ss" in UTC, while the end
 * (ExtendedView.PriceProtectionEnddate, ISO 8601) is still in the future; null otherwise.
 */
export function priceProtectionBannerDate(end: unknown, now: Date): string | null {
  if (typeof end !== 'string' || end === '') return null;
  const date = new Date(end);
  if (Number.isNaN(date.getTime()) || date.getTime() <= now.getTime()) return null;
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}
