/**
 * Special deals on charge streams of a Product account (decision 0049): the Special Deal tab [A2.25] [A2.29]
 * [A2.49], the charge stream, the deal payload and its history [A3.6], its states [A4.5], its limits [A5.3]
 * [A5.12], SPECIAL_DEAL execute [A6.16] and the operations GetAccountChargeStreams, GetSpecialDealDiscount and
 * SaveSpecialDealDiscount [A7.9].
 *
 * A charge stream is one seller → buyer link above a subscription (the owning organisation buys from its parent,
 * that parent from its own, up to the provider). A special deal is the seller's price to the buyer for one end
 * customer's subscription; in the one pricing rule (`priceSubscription`) it replaces the buyer's discount for the
 * fees it has an item for: special deal > discount > price list > SRP.
 *
 * Field errors of SaveSpecialDealDiscount are named `Deals[i].<Field>` (e.g. `Deals[0].DiscountItems[1].Discount`,
 * `Deals[0].EffectiveEndDate`, `Deals[0].Comments`, `Deals[0].Version`); `checkSpecialDealChange` is the shared
 * part of the checks the web can run before sending.
 */
import { z } from 'zod';
import { AccountIdSchema, AccountTypeSchema } from './accounts.js';
import { checkDiscountItems, type DiscountPricing, discountedUnitPrice, discountItemKey } from './discounts.js';
import type { FieldError } from './errors.js';
import { defineOperation } from './operation.js';
import { RecordVersionSchema } from './versions.js';

// ---------------------------------------------------------------------------------------------
// Limits [A5.3] [A5.12]
// ---------------------------------------------------------------------------------------------

/** [A5.3] Percent fields use 2 decimals, 0 to 100, as a discount's (checkDiscountItems). Special price fields use 6 decimals in the pricing panel (the Special Deal tab). */
export const SPECIAL_DEAL_CUSTOM_CHARGE_DECIMALS = 6;
/** The comments of a deal: at most 1000 characters. */
export const SPECIAL_DEAL_COMMENTS_MAX = 1000;
/** [A5.12] The valid-until choices run for 10 years (120 month ends) from the current month. */
export const SPECIAL_DEAL_VALID_UNTIL_MONTHS = 120;
/** The marketplace name of a stream priced from suggested retail prices (the buyer has no price list for the service). */
export const SUGGESTED_RETAIL_PRICES_MARKETPLACE = 'Suggested retail prices';

export const SPECIAL_DEAL_STATUSES = ['Active', 'Removed', 'Expired'] as const;
export type SpecialDealStatus = (typeof SPECIAL_DEAL_STATUSES)[number];

/** [A4.5] History actions. */
export const SPECIAL_DEAL_ACTIONS = ['Activated', 'Modified', 'Removed special deal', 'Expired'] as const;
export type SpecialDealAction = (typeof SPECIAL_DEAL_ACTIONS)[number];

/** The stable id of the charge stream from a seller to a buyer. */
export const chargeStreamIdOf = (sellerAccountId: number, buyerAccountId: number) => `${sellerAccountId}-${buyerAccountId}`;

/** The seller and buyer a charge stream id names; null when it is not one. */
export function parseChargeStreamId(id: string): { sellerAccountId: number; buyerAccountId: number } | null {
  const m = /^([1-9]\d{0,14})-([1-9]\d{0,14})$/.exec(id);
  if (!m) return null;
  return { sellerAccountId: Number(m[1]), buyerAccountId: Number(m[2]) };
}

export interface ValidUntilChoice {
  /** The instant stored as EffectiveEndDate (ISO 8601 UTC), null for "No end date". */
  value: string | null;
  /** The month the choice ends (1-12) and its year; null for "No end date". The web formats the label. */
  year: number | null;
  month: number | null;
}

/** The last instant of a month in UTC: 23:59:59.999 of its last day. */
export function endOfMonthUtc(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 1) - 1).toISOString();
}

/**
 * [A5.12] The valid-until choices: "No end date", then the end of each month for 10 years from the current month
 * (the current month's end first, 120 in all). A month's end is 23:59:59.999 UTC of its last day; a deal applies up
 * to and including that instant.
 */
export function specialDealValidUntilChoices(now: Date): ValidUntilChoice[] {
  const choices: ValidUntilChoice[] = [{ value: null, year: null, month: null }];
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  for (let i = 0; i < SPECIAL_DEAL_VALID_UNTIL_MONTHS; i++) {
    const first = new Date(Date.UTC(y, m + i, 1));
    const year = first.getUTCFullYear();
    const month = first.getUTCMonth() + 1;
    choices.push({ value: endOfMonthUtc(year, month), year, month });
  }
  return choices;
}

/** Whether an end date is one of the valid-until choices at `now` (compared as instants). */
export function isValidUntilChoice(effectiveEndDate: string | null, now: Date): boolean {
  if (effectiveEndDate === null) return true;
  const t = Date.parse(effectiveEndDate);
  if (Number.isNaN(t)) return false;
  return specialDealValidUntilChoices(now).some((c) => c.value !== null && Date.parse(c.value) === t);
}

/** Whether a deal with this end date still applies at `now` (no end date, or its end not passed). */
export function specialDealApplies(effectiveEndDate: string | null, now: Date): boolean {
  return effectiveEndDate === null || Date.parse(effectiveEndDate) >= now.getTime();
}

// ---------------------------------------------------------------------------------------------
// Pricing (the one pricing rule's special-deal slot)
// ---------------------------------------------------------------------------------------------

/**
 * The active special deal of a charge stream on one subscription, as the pricing rule needs it. Items are keyed by
 * discountItemKey(PriceableItemId, Currency); the PriceableItemId is the billing rule's PriceableItemId, or its Id
 * when it has none (as discounts do).
 */
export interface SpecialDealPricing {
  dealId: number;
  /** Every item is a percent off; custom charges are not used. */
  percentMode: boolean;
  items: DiscountPricing['items'];
}

/**
 * The price per unit a special deal gives a fee, or undefined when the deal has no item for the fee and currency
 * (the fee then keeps its discounted price). A percent is taken off `listed` (the price list's price or the SRP,
 * not the discounted one), capped at 100, so percent 0 is the listed price; a custom charge replaces the price.
 * Never below 0; rounded half up to 6 decimals. Null when a percent item has no listed price to take it off.
 */
export function specialDealUnitPrice(
  listed: string | null,
  deal: SpecialDealPricing | null | undefined,
  priceableItemId: string | null,
  currency: string,
): string | null | undefined {
  if (!deal || priceableItemId === null) return undefined;
  if (!deal.items.has(discountItemKey(priceableItemId, currency))) return undefined;
  return discountedUnitPrice(
    listed,
    { discountId: deal.dealId, percentMode: deal.percentMode, items: deal.items },
    priceableItemId,
    currency,
  );
}

// ---------------------------------------------------------------------------------------------
// Wire [A3.6]
// ---------------------------------------------------------------------------------------------

const MoneySchema = z.object({ Charge: z.string(), Currency: z.string() });
const AccountRefSchema = z.object({ AccountId: AccountIdSchema, DisplayName: z.string() });

/** [A3.6] One priced fee of the subscription in a charge stream. */
export const ChargeStreamSubscriptionSchema = z.object({
  PriceableItem: z.object({
    /** The billing rule's PriceableItemId, or its Id when it has none: what a deal item names. */
    PriceableItemId: z.string(),
    /** The billing rule as the service tool describes it: its condition (field = value) or per-unit field; '' for a base fee. */
    Description: z.string(),
    ChargeType: z.enum(['Monthly', 'Setup']),
  }),
  /** The price per unit before any discount or deal: the buyer's price list's price, or the SRP. A deal's percent is taken off it (specialDealUnitPrice). */
  ListedPrice: z.object({ Charge: z.string().nullable(), Currency: z.string() }),
  /** The price per unit the buyer pays without any deal: its price list's price (or the SRP), then its discount. Charge null when the fee has no price in the currency. */
  ActualPrice: z.object({ Charge: z.string().nullable(), Currency: z.string() }),
  /** The protected price per unit while the subscription's price protection runs. */
  ProtectedPrice: MoneySchema.extend({ Description: z.string() }).optional(),
  /** A prepaid fee: the charge times the advance months. */
  AdvancePrice: MoneySchema.extend({ Description: z.string() }).optional(),
  /** What the active deal (or, without one, the buyer's company discount) makes of the price; null when neither changes it. */
  DiscountDetails: z.object({ Price: z.string().nullable(), Description: z.string() }).nullable(),
});
export type ChargeStreamSubscription = z.infer<typeof ChargeStreamSubscriptionSchema>;

/** [A3.6] One special deal item: a percent off, or a custom charge (special price), for a fee in the buyer's currency. */
export const SpecialDealItemSchema = z.object({
  PriceableItemId: z.string().min(1).max(100),
  Currency: z.string().regex(/^[A-Z]{3}$/, 'Expected a 3-letter currency code'),
  IsCustomCharge: z.boolean(),
  /** The special price per unit, decimal string, 0 or more, up to 6 decimals; null in percent mode. */
  CustomCharge: z.string().max(40).nullable(),
  /** Percent off, decimal string, 0 to 100, up to 2 decimals; null for a custom charge. */
  Discount: z.string().max(40).nullable(),
});
export type SpecialDealItem = z.infer<typeof SpecialDealItemSchema>;

/** [A3.6] Special deal history entry. */
export const SpecialDealHistoryEntrySchema = z.object({
  Author: AccountRefSchema.nullable(),
  Comments: z.string(),
  CreatedDate: z.string(),
  EffectiveEndDate: z.string().nullable(),
  DiscountItems: z.array(SpecialDealItemSchema),
  Status: z.enum(SPECIAL_DEAL_STATUSES),
  ActionTaken: z.enum(SPECIAL_DEAL_ACTIONS),
});
export type SpecialDealHistoryEntry = z.infer<typeof SpecialDealHistoryEntrySchema>;

/** A special deal of a Product account on one charge stream. */
export const SpecialDealSchema = z.object({
  Id: z.number().int(),
  /** Decision 0036. */
  Version: RecordVersionSchema,
  ChargeStreamId: z.string(),
  /** The Product account. */
  TargetAccountId: AccountIdSchema,
  Comments: z.string(),
  /** ISO 8601 UTC; null for no end date. */
  EffectiveEndDate: z.string().nullable(),
  PercentMode: z.boolean(),
  Status: z.enum(SPECIAL_DEAL_STATUSES),
  DiscountItems: z.array(SpecialDealItemSchema),
  LastModifiedOn: z.string(),
  /** Newest first. */
  History: z.array(SpecialDealHistoryEntrySchema),
});
export type SpecialDeal = z.infer<typeof SpecialDealSchema>;

/** [A3.6] [A2.49] A charge stream: the seller company, the marketplace (price list), the priced fees and the active deal. */
export const ChargeStreamSchema = z.object({
  ChargeStreamId: z.string(),
  /** The buyer's price list that holds the service; null when priced from suggested retail prices. */
  MarketplaceId: z.number().int().nullable(),
  MarketplaceName: z.string(),
  SellerCompany: AccountRefSchema,
  BuyerAccount: AccountRefSchema.extend({ AccountType: AccountTypeSchema }),
  /** The buyer's currency: every deal item's currency. */
  Currency: z.string(),
  Subscriptions: z.array(ChargeStreamSubscriptionSchema),
  /** The buyer has an Active discount on the service: the tab warns a special deal overrides it [A2.49]. */
  HasCompanyDiscount: z.boolean(),
  /** The active deal on this stream, or null. */
  SpecialDeal: SpecialDealSchema.nullable(),
});
export type ChargeStream = z.infer<typeof ChargeStreamSchema>;

export const AccountChargeStreamsSchema = z.object({
  AccountId: AccountIdSchema,
  /** The streams whose seller is the viewer's organisation (normally one). */
  Items: z.array(ChargeStreamSchema),
});
export type AccountChargeStreams = z.infer<typeof AccountChargeStreamsSchema>;

export const SpecialDealsSchema = z.object({
  AccountId: AccountIdSchema,
  /**
   * Every deal of the account on the viewer's streams, any status (at most one Active per stream), newest first;
   * each with its own history. `chargeStreamHistory` merges a stream's history.
   */
  Deals: z.array(SpecialDealSchema),
});
export type SpecialDeals = z.infer<typeof SpecialDealsSchema>;

/** [A3.6] One deal to save: without id activate; with id and version modify; with status Removed remove. */
export const SpecialDealChangeSchema = z.object({
  chargeStreamId: z.string().min(1).max(40),
  targetAccountId: AccountIdSchema,
  comments: z.string().max(SPECIAL_DEAL_COMMENTS_MAX).default(''),
  /** One of the valid-until choices' instants, or null for no end date. */
  effectiveEndDate: z.string().datetime({ offset: true }).nullable().default(null),
  discountItems: z.array(SpecialDealItemSchema).max(500).default([]),
  percentMode: z.boolean().default(true),
  id: z.number().int().positive().optional(),
  version: RecordVersionSchema.optional(),
  status: z.enum(['Active', 'Removed']).default('Active'),
});
export type SpecialDealChange = z.infer<typeof SpecialDealChangeSchema>;
export type SpecialDealChangeInput = z.input<typeof SpecialDealChangeSchema>;

/** The merged history of a stream's deals (any status), newest first. */
export function chargeStreamHistory(deals: readonly SpecialDeal[], chargeStreamId: string): SpecialDealHistoryEntry[] {
  return deals
    .filter((d) => d.ChargeStreamId === chargeStreamId)
    .flatMap((d) => d.History)
    .sort((a, b) => Date.parse(b.CreatedDate) - Date.parse(a.CreatedDate));
}

/**
 * [A5.3] [A5.12] The checks of one deal to save that need no database; errors are named `Deals[index].…`.
 * Percent 0..100 with at most 2 decimals; custom charge 0 or more with at most 6 decimals; each fee and currency
 * once; comments at most 1000 characters; the end date one of the valid-until choices at `now` (or null). A removal
 * checks only its id and version. The server adds: the fee belongs to the service, the currency is the buyer's.
 */
export function checkSpecialDealChange(change: SpecialDealChange, index: number, now: Date): FieldError[] {
  const errors: FieldError[] = [];
  const at = (field: string) => `Deals[${index}].${field}`;
  if (change.status === 'Removed') {
    if (change.id === undefined) errors.push({ field: at('Id'), message: 'Only a saved special deal can be removed' });
    if (change.version === undefined) errors.push({ field: at('Version'), message: 'Send the version you read' });
    return errors;
  }
  if (change.id !== undefined && change.version === undefined)
    errors.push({ field: at('Version'), message: 'Send the version you read' });
  if (change.comments.length > SPECIAL_DEAL_COMMENTS_MAX)
    errors.push({ field: at('Comments'), message: 'The comments have at most 1000 characters' });
  if (!isValidUntilChoice(change.effectiveEndDate, now))
    errors.push({ field: at('EffectiveEndDate'), message: 'Choose no end date or the end of a month within 10 years' });
  errors.push(...checkDiscountItems(change.discountItems, change.percentMode, at, SPECIAL_DEAL_CUSTOM_CHARGE_DECIMALS));
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Operations [A7.9]
// ---------------------------------------------------------------------------------------------

const SPECIAL_DEAL_EXECUTE = { kind: 'capability', capability: { name: 'SPECIAL_DEAL', kind: 'EXECUTE' } } as const;

export const GetAccountChargeStreams = defineOperation({
  name: 'GetAccountChargeStreams',
  summary: 'The charge streams of a Product account the viewer sells on, with their priced fees and active deal [A7.9] [A3.6]',
  input: z.object({ accountId: AccountIdSchema }),
  output: AccountChargeStreamsSchema,
  access: SPECIAL_DEAL_EXECUTE,
  account: (i) => i.accountId,
  mutating: false,
});

export const GetSpecialDealDiscount = defineOperation({
  name: 'GetSpecialDealDiscount',
  summary: 'The special deals of a Product account on the viewer’s charge streams, with their history [A7.9] [A4.5]',
  input: z.object({ accountId: AccountIdSchema }),
  output: SpecialDealsSchema,
  access: SPECIAL_DEAL_EXECUTE,
  account: (i) => i.accountId,
  mutating: false,
});

export const SaveSpecialDealDiscount = defineOperation({
  name: 'SaveSpecialDealDiscount',
  summary:
    'Activate, modify or remove special deals of one Product account, all or nothing; answers its deals as GetSpecialDealDiscount [A7.9] [A4.5]',
  input: z.object({ deals: z.array(SpecialDealChangeSchema).min(1).max(20) }),
  output: SpecialDealsSchema,
  access: SPECIAL_DEAL_EXECUTE,
  account: (i) => i.deals[0]?.targetAccountId ?? null,
  mutating: true,
});

export const specialDealOperations = [GetAccountChargeStreams, GetSpecialDealDiscount, SaveSpecialDealDiscount] as const;
