/**
 * Prices of a price list ("marketplace") and of "my services" (suggested retail prices): the per-service
 * price edit [M3.18] [M5.11], the Excel export, upload preview and save [M3.13] [M3.14] [M4.14] [M5.5]
 * [M5.6] [M7.11]-[M7.14], dynamic pricing rules [M4.16] [M6.6], markup with undo [M4.26] [M9.14] and the
 * terms review [M2.25] [M7.16] [M8.9]. See apps/server/src/domains/price-lists/PRICES.md.
 */
import Decimal from 'decimal.js';
import { z } from 'zod';
import { JobSchema } from './jobs.js';
import { defineOperation } from './operation.js';
import { PRICE_DECIMALS, PRICING_MODES, PRICING_RULE_TARGETS } from './price-list-pricing.js';
import { MarketplaceIdSchema } from './price-lists.js';

const MARKETPLACE_READ = { kind: 'capability', capability: { name: 'MARKETPLACE', kind: 'READ' } } as const;
const MARKETPLACE_UPDATE = { kind: 'capability', capability: { name: 'MARKETPLACE', kind: 'UPDATE' } } as const;
const MY_SERVICES_UPDATE = { kind: 'capability', capability: { name: 'MY_SERVICES', kind: 'UPDATE' } } as const;
const DYNAMIC_PRICING = { kind: 'capability', capability: { name: 'DYNAMIC_PRICING_MANAGEMENT', kind: 'EXECUTE' } } as const;

/** [M9.14] The markup percent offered when markup is switched on. */
export const DEFAULT_MARKUP_PERCENT = '20';
/** [M9.9] How long the "export file ready" notification stays. */
export const EXPORT_NOTIFICATION_MS = 30000;
/** [M9.8] Above this many chosen values an export multiselect shows one summary tag. */
export const EXPORT_FILTER_TAGS_SHOWN = 5;
/** The most rows a price workbook may hold. */
export const PRICE_WORKBOOK_MAX_ROWS = 100000;
/** The most row errors a refused upload lists. */
export const PRICE_UPLOAD_MAX_ERRORS = 50;

export const VersionSchema = z.number().int().positive();

/** A price as typed, once trimmed: at least 0 with at most 6 decimals [S5.13]. */
const PRICE_PATTERN = /^\d{1,17}(\.\d{1,6})?$/;

/** A price as typed: at least 0 with at most 6 decimals [S5.13]. */
export const PriceTextSchema = z
  .string()
  .trim()
  .regex(PRICE_PATTERN, { message: 'Enter a price of at least 0 with at most 6 decimals, such as 12.50' });

/** [M5.11] A percent of at least 0 with at most 2 decimals. */
export const PercentTextSchema = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, { message: 'Enter a percent of at least 0 with at most 2 decimals' });

/** Whether a text is a price: at least 0, at most 6 decimals. */
export function isPriceText(value: string): boolean {
  // PriceTextSchema's check without building a parse result: it runs once per row of a price workbook.
  return PRICE_PATTERN.test(value.trim());
}

/** A price text that normalizePrice leaves as it is. */
const CANONICAL_PRICE = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;

/** The canonical form of a price (no trailing zeros), so 12.50 and 12.5 compare equal. */
export function normalizePrice(value: string): string {
  const text = value.trim();
  // Already canonical (no leading or trailing zeros): most prices are, and decimal.js would answer the same text.
  if (CANONICAL_PRICE.test(text)) return text;
  return new Decimal(text).toFixed();
}

/** Two prices (or two missing prices) are the same. */
export function samePrice(a: string | null, b: string | null): boolean {
  // The same text is the same price: most rows of a price workbook come back unchanged.
  if (a === b) return true;
  if (a === null || b === null) return false;
  // Two canonical texts (what normalizePrice answers, and what the database's trim_scale gives) of one price are
  // the same text: different canonical texts are different prices, without decimal.js (a changed row of a workbook).
  if (CANONICAL_PRICE.test(a) && CANONICAL_PRICE.test(b)) return false;
  return new Decimal(a).equals(new Decimal(b));
}

/**
 * [M5.11] A prepaid fee's price shown per month: the price divided by the advance payment months, rounded
 * half up to 6 decimals. Without advance months (or 1) the price itself.
 */
export function pricePerMonth(price: string, advanceMonths: number | null): string {
  if (!advanceMonths || advanceMonths <= 1) return normalizePrice(price);
  return new Decimal(price).dividedBy(advanceMonths).toDecimalPlaces(PRICE_DECIMALS, Decimal.ROUND_HALF_UP).toFixed();
}

/**
 * [M5.11] A per-month price typed for a prepaid fee, back to the fee's price: multiplied by the months.
 * `original` is the stored price: when the per-month value was not changed, the stored price is kept as
 * it was, so 10.00 over 3 months (3.333333 a month) stays exactly 10.00.
 */
export function priceFromPerMonth(perMonth: string, advanceMonths: number | null, original: string | null): string {
  if (original !== null && pricePerMonth(original, advanceMonths) === normalizePrice(perMonth)) {
    return normalizePrice(original);
  }
  if (!advanceMonths || advanceMonths <= 1) return normalizePrice(perMonth);
  return new Decimal(perMonth).times(advanceMonths).toDecimalPlaces(PRICE_DECIMALS, Decimal.ROUND_HALF_UP).toFixed();
}

// ---------------------------------------------------------------------------------------------
// Per-service price edit [M3.18] [M5.11]
// ---------------------------------------------------------------------------------------------

export const ServiceChargeSchema = z.object({
  Currency: z.string(),
  /** The list's own price of the fee in this currency; null when it sells at the SRP. */
  CustomPrice: z.string().nullable(),
  SuggestedRetailPrice: z.string().nullable(),
  /** The vendor's price of the fee (the rule's Charge), in the vendor's currency. */
  PurchasePrice: z.string(),
});
export type ServiceCharge = z.infer<typeof ServiceChargeSchema>;

export const ServiceBillingRuleSchema = z.object({
  RuleId: z.string(),
  PriceableItem: z.string(),
  ChargeType: z.string(),
  /** What the fee is for: "Base fee" or "Plan = Pro". */
  Description: z.string(),
  /** Months a prepaid fee is paid in advance; null when it is not prepaid. */
  AdvancePaymentPeriodInMonths: z.number().int().nullable(),
  Charges: z.array(ServiceChargeSchema),
});
export type ServiceBillingRule = z.infer<typeof ServiceBillingRuleSchema>;

export const MarketplaceServicePricesSchema = z.object({
  MarketplaceId: z.number().int(),
  ServiceId: z.number().int(),
  DisplayName: z.string(),
  /** The price list's version: send it back with the change. */
  Version: z.number().int(),
  PricingMode: z.enum(PRICING_MODES),
  IsAutoSrpSyncEnabled: z.boolean(),
  OverridePriceProtection: z.boolean(),
  PriceProtectionLengthInDays: z.number().int().nullable(),
  Billing: z.array(ServiceBillingRuleSchema),
});
export type MarketplaceServicePrices = z.infer<typeof MarketplaceServicePricesSchema>;

export const GetMarketplaceServicePrices = defineOperation({
  name: 'GetMarketplaceServicePrices',
  summary:
    "One service's fees in a price list with, per currency, the list's own price, the suggested retail price and the purchase price, and the list's price protection [M3.18]",
  input: z.object({ marketplaceId: MarketplaceIdSchema, serviceId: z.number().int().positive() }),
  output: MarketplaceServicePricesSchema,
  access: MARKETPLACE_READ,
  mutating: false,
});

export const UpdateMarketplaceServicePricesInputSchema = z
  .object({
    marketplaceId: MarketplaceIdSchema,
    serviceId: z.number().int().positive(),
    version: VersionSchema,
    OverridePriceProtection: z.boolean(),
    PriceProtectionLengthInDays: z
      .number()
      .int({ message: 'Enter a whole number of days' })
      .min(0, { message: 'The price protection length must be at least 0' })
      .max(3650, { message: 'The price protection length is at most 3650 days' })
      .nullable(),
    Charges: z
      .array(
        z.object({
          RuleId: z.string().min(1).max(100),
          Currency: z.string().regex(/^[A-Z]{3}$/, { message: 'Enter a three-letter currency code' }),
          CustomPrice: PriceTextSchema.nullable(),
        }),
      )
      .max(2000),
  })
  .refine((v) => !v.OverridePriceProtection || v.PriceProtectionLengthInDays !== null, {
    message: 'Enter the price protection length in days',
    path: ['PriceProtectionLengthInDays'],
  });

export const UpdateMarketplaceServicePrices = defineOperation({
  name: 'UpdateMarketplaceServicePrices',
  summary:
    "Saves one service's own prices in a price list (null: sell at the SRP) and its price protection override [M3.18] [M5.11]; 409 when the list changed since it was read",
  input: UpdateMarketplaceServicePricesInputSchema,
  output: MarketplaceServicePricesSchema,
  access: MARKETPLACE_UPDATE,
  mutating: true,
});

// ---------------------------------------------------------------------------------------------
// Excel [M3.13] [M3.14] [M4.14] [M5.5] [M5.6] [M7.11]-[M7.14]
// ---------------------------------------------------------------------------------------------

/** [M3.14] Export filter (screen labels Vendors, Categories, Tags, Currency). */
export const ExportFilterSchema = z.object({
  OwnerAccountIds: z.array(z.number().int().positive()).max(200).default([]),
  ServiceCategories: z.array(z.string().max(100)).max(100).default([]),
  ServiceTags: z.array(z.string().max(100)).max(100).default([]),
  Currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { message: 'Enter a three-letter currency code' })
    .nullable()
    .default(null),
});
export type ExportFilter = z.infer<typeof ExportFilterSchema>;

const OptionSchema = z.object({ Value: z.string(), Label: z.string() });

export const PriceExportFilterOptionsSchema = z.object({
  Vendors: z.array(OptionSchema),
  Categories: z.array(OptionSchema),
  Tags: z.array(OptionSchema),
  Currencies: z.array(OptionSchema),
});
export type PriceExportFilterOptions = z.infer<typeof PriceExportFilterOptionsSchema>;

export const GetPriceExportFilterOptions = defineOperation({
  name: 'GetPriceExportFilterOptions',
  summary:
    "What the export filter offers [M3.14]: the vendors, categories and tags of a price list's services (or of the caller's own services without marketplaceId) and the currencies",
  input: z.object({ marketplaceId: MarketplaceIdSchema.nullable().default(null) }),
  output: PriceExportFilterOptionsSchema,
  access: {
    kind: 'anyCapability',
    capabilities: [
      { name: 'MARKETPLACE', kind: 'READ' },
      { name: 'MY_SERVICES', kind: 'UPDATE' },
    ],
  },
  mutating: false,
});

export const ExportMarketplacePricesToExcel = defineOperation({
  name: 'ExportMarketplacePricesToExcel',
  summary: "Starts a job writing a price list's prices (filtered) to an .xlsx file to edit and upload [M7.14] [M3.14]",
  input: z.object({ marketplaceId: MarketplaceIdSchema, filter: ExportFilterSchema.prefault({}) }),
  output: JobSchema,
  access: MARKETPLACE_READ,
  mutating: true,
});

export const ExportMyServicesToExcel = defineOperation({
  name: 'ExportMyServicesToExcel',
  summary:
    "Starts a job writing the suggested retail prices of the caller's services (filtered) to an .xlsx file to edit and upload [M7.11] [M3.14]",
  input: z.object({ filter: ExportFilterSchema.prefault({}) }),
  output: JobSchema,
  access: MY_SERVICES_UPDATE,
  mutating: true,
});

/** [M3.13] A changed price of a marketplace upload. */
export const MarketplacePriceChangeSchema = z.object({
  ServiceId: z.number().int(),
  ServiceName: z.string(),
  Currency: z.string(),
  PriceableItem: z.string(),
  /** The list's own price from the file; null: sell at the SRP. */
  CustomPrice: z.string().nullable(),
  PreviousCustomPrice: z.string().nullable(),
  /** [M5.6] Percent change, 2 decimals; null (blank) when the old price is 0 or either is missing. */
  PercentChange: z.string().nullable(),
});
export type MarketplacePriceChange = z.infer<typeof MarketplacePriceChangeSchema>;

/** [M3.13] A changed suggested retail price of a "my services" upload. */
export const MyServicesPriceChangeSchema = z.object({
  ServiceId: z.number().int(),
  ServiceName: z.string(),
  Currency: z.string(),
  PriceableItem: z.string(),
  Charge: z.string(),
  PreviousCharge: z.string().nullable(),
  PercentChange: z.string().nullable(),
});
export type MyServicesPriceChange = z.infer<typeof MyServicesPriceChangeSchema>;

const fileUrl = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{32}\.xlsx$/, { message: 'Upload one .xlsx file' });

export const GetUpdatedMarketplacePricesFromExcel = defineOperation({
  name: 'GetUpdatedMarketplacePricesFromExcel',
  summary:
    'Reads an uploaded price workbook of a price list and answers only the changed prices [M7.12] [M3.13] [M5.6]; a file with a bad row is refused naming the row, column and reason',
  input: z.object({ fileUrl, marketplaceId: MarketplaceIdSchema }),
  output: z.object({ Version: z.number().int(), Changes: z.array(MarketplacePriceChangeSchema) }),
  access: MARKETPLACE_UPDATE,
  mutating: false,
});

export const GetUpdatedMyPricesFromExcel = defineOperation({
  name: 'GetUpdatedMyPricesFromExcel',
  summary:
    'Reads an uploaded suggested retail price workbook and answers only the changed prices [M7.12] [M3.13] [M5.6]; a file with a bad row is refused naming the row, column and reason',
  input: z.object({ fileUrl }),
  output: z.object({ Changes: z.array(MyServicesPriceChangeSchema) }),
  access: MY_SERVICES_UPDATE,
  mutating: false,
});

const chargeItemBase = {
  ServiceId: z.number().int().positive(),
  PriceableItem: z.string().min(1).max(100),
  Currency: z.string().regex(/^[A-Z]{3}$/, { message: 'Enter a three-letter currency code' }),
};

export const UpdateMarketplaceServiceCharges = defineOperation({
  name: 'UpdateMarketplaceServiceCharges',
  summary:
    "Saves a price list's changed prices from a preview, all or nothing [M7.13]; 409 when the list changed since the preview",
  input: z.object({
    marketplaceId: MarketplaceIdSchema,
    version: VersionSchema,
    chargeItems: z
      .array(z.object({ ...chargeItemBase, CustomPrice: PriceTextSchema.nullable() }))
      .min(1, { message: 'No prices were changed' })
      .max(PRICE_WORKBOOK_MAX_ROWS),
  }),
  output: z.object({ Version: z.number().int(), Updated: z.number().int() }),
  access: MARKETPLACE_UPDATE,
  mutating: true,
});

export const UpdateMyServicesSRPFromExcel = defineOperation({
  name: 'UpdateMyServicesSRPFromExcel',
  summary:
    "Saves the changed suggested retail prices of the caller's services from a preview, all or nothing [M7.13] [M6.4]; 409 when a price changed since the preview",
  input: z.object({
    chargeItems: z
      .array(z.object({ ...chargeItemBase, Charge: PriceTextSchema, PreviousCharge: z.string().nullable() }))
      .min(1, { message: 'No prices were changed' })
      .max(PRICE_WORKBOOK_MAX_ROWS),
  }),
  output: z.object({ Updated: z.number().int() }),
  access: MY_SERVICES_UPDATE,
  mutating: true,
});

// ---------------------------------------------------------------------------------------------
// Dynamic pricing [M4.16] [M6.6]
// ---------------------------------------------------------------------------------------------

export const PricingRuleSchema = z.object({
  Target: z.enum(PRICING_RULE_TARGETS),
  /** Vendor: the owner account id; Category: the category name; Service: the service id (as text). */
  Value: z.string().min(1).max(200),
  MarkupPercent: PercentTextSchema,
});
export type PricingRule = z.infer<typeof PricingRuleSchema>;

export const PricingRuleViewSchema = PricingRuleSchema.extend({
  /** The vendor's, category's or service's display name. */
  Label: z.string(),
});

export const MarketplacePricingRulesSchema = z.object({
  MarketplaceId: z.number().int(),
  Version: z.number().int(),
  PricingMode: z.enum(PRICING_MODES),
  Rules: z.array(PricingRuleViewSchema),
  /** What a rule may target: the vendors, categories and services of the list. */
  Targets: z.array(z.object({ Target: z.enum(PRICING_RULE_TARGETS), Value: z.string(), Label: z.string() })),
});
export type MarketplacePricingRules = z.infer<typeof MarketplacePricingRulesSchema>;

export const ListMarketplacePricingRules = defineOperation({
  name: 'ListMarketplacePricingRules',
  summary: "A price list's pricing mode and dynamic pricing rules (markup by vendor, category or service) [M4.16]",
  input: z.object({ marketplaceId: MarketplaceIdSchema }),
  output: MarketplacePricingRulesSchema,
  access: DYNAMIC_PRICING,
  mutating: false,
});

const rulesInput = z
  .array(PricingRuleSchema)
  .max(500)
  .refine((rules) => new Set(rules.map((r) => `${r.Target}|${r.Value}`)).size === rules.length, {
    message: 'Each vendor, category or service may have one rule',
  });

export const PricingRulePreviewRowSchema = z.object({
  ServiceId: z.number().int(),
  ServiceName: z.string(),
  PriceableItem: z.string(),
  Currency: z.string(),
  SuggestedRetailPrice: z.string(),
  /** The rule that sets the markup; null when none matches (the SRP). */
  RuleTarget: z.enum(PRICING_RULE_TARGETS).nullable(),
  MarkupPercent: z.string().nullable(),
  Price: z.string(),
});

export const PreviewMarketplacePricingRules = defineOperation({
  name: 'PreviewMarketplacePricingRules',
  summary: "The prices a price list's services would sell at under these dynamic pricing rules, before saving them [M4.16]",
  input: z.object({ marketplaceId: MarketplaceIdSchema, Rules: rulesInput }),
  output: z.object({ Rows: z.array(PricingRulePreviewRowSchema), Total: z.number().int() }),
  access: DYNAMIC_PRICING,
  mutating: false,
});

export const SaveMarketplacePricingRules = defineOperation({
  name: 'SaveMarketplacePricingRules',
  summary:
    "Replaces a price list's dynamic pricing rules and sets its pricing mode (legacy or dynamic) [M4.16] [M6.6]; 409 when the list changed since it was read",
  input: z.object({
    marketplaceId: MarketplaceIdSchema,
    version: VersionSchema,
    PricingMode: z.enum(PRICING_MODES),
    Rules: rulesInput,
  }),
  output: MarketplacePricingRulesSchema,
  access: DYNAMIC_PRICING,
  mutating: true,
});

// ---------------------------------------------------------------------------------------------
// Markup [M4.26] [M9.14]
// ---------------------------------------------------------------------------------------------

export const MarketplaceMarkupSchema = z.object({
  MarketplaceId: z.number().int(),
  Version: z.number().int(),
  IsMarkupEnabled: z.boolean(),
  /** The percent while markup is on; null when off. */
  MarkupPercent: z.string().nullable(),
  /** Own prices written by switching markup on or restored by switching it off. */
  PricesChanged: z.number().int(),
});
export type MarketplaceMarkup = z.infer<typeof MarketplaceMarkupSchema>;

export const SetMarketplaceMarkup = defineOperation({
  name: 'SetMarketplaceMarkup',
  summary:
    "Switches a price list's markup on (saves its own prices for undo and applies the percent to them; a fee without an own price gets SRP plus the percent) or off (restores the saved prices) [M4.26]",
  input: z
    .object({
      marketplaceId: MarketplaceIdSchema,
      version: VersionSchema,
      Enabled: z.boolean(),
      MarkupPercent: PercentTextSchema.nullable().default(null),
    })
    .refine((v) => !v.Enabled || v.MarkupPercent !== null, {
      message: 'Enter the markup percent',
      path: ['MarkupPercent'],
    }),
  output: MarketplaceMarkupSchema,
  access: MARKETPLACE_UPDATE,
  mutating: true,
});

// ---------------------------------------------------------------------------------------------
// Terms review [M2.25] [M7.16] [M8.9]
// ---------------------------------------------------------------------------------------------

export const MarketplaceServiceTermsSchema = z.object({
  ServiceId: z.number().int(),
  DisplayName: z.string(),
  ServiceName: z.string(),
  /** GetServiceInfo's Descriptions filtered to Type TermsAndConditions [M7.16]. */
  Descriptions: z.array(
    z.object({
      Type: z.literal('TermsAndConditions'),
      Title: z.string(),
      Content: z.string(),
      LocalizationLanguageCode: z.string(),
    }),
  ),
});
export type MarketplaceServiceTerms = z.infer<typeof MarketplaceServiceTermsSchema>;

export const GetMarketplaceTermsReview = defineOperation({
  name: 'GetMarketplaceTermsReview',
  summary: 'The services of a price list with their terms and conditions texts, for the terms review [M2.25] [M7.16] [M8.9]',
  input: z.object({ marketplaceId: MarketplaceIdSchema }),
  output: z.object({ Services: z.array(MarketplaceServiceTermsSchema) }),
  access: MARKETPLACE_READ,
  mutating: false,
});

export const priceListPriceOperations = [
  GetMarketplaceServicePrices,
  UpdateMarketplaceServicePrices,
  GetPriceExportFilterOptions,
  ExportMarketplacePricesToExcel,
  ExportMyServicesToExcel,
  GetUpdatedMarketplacePricesFromExcel,
  GetUpdatedMyPricesFromExcel,
  UpdateMarketplaceServiceCharges,
  UpdateMyServicesSRPFromExcel,
  ListMarketplacePricingRules,
  PreviewMarketplacePricingRules,
  SaveMarketplacePricingRules,
  SetMarketplaceMarkup,
  GetMarketplaceTermsReview,
] as const;
