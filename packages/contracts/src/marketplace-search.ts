/**
 * Marketplace explore and search [M1.5] [M2.26]: the search options [M3.12], the service as search
 * returns it [M3.11], SearchServices [M7.9], GetSearchServicesMetadata and GetServiceInfo [M7.16],
 * and the search box's autocomplete [M9.7].
 *
 * Who sees what (decision 0033, domains/marketplace-search/README.md): the provider sees every
 * Active service; a vendor its own; anyone else the services (Added, not Hidden) of the price lists
 * that reach its organisation and of the lists its organisation owns. `Source` narrows that set;
 * `MarketplaceId` names the price list being edited, which sets each service's Status and what
 * ExcludeAdded / ExcludeHidden leave out.
 *
 * @example
 * await client.call(SearchServices, {
 *   options: { DisplayName: 'backup', ServiceCategories: ['storage'] },
 *   orderBy: { Key: 'Ranking', Direction: 'ASC' }, page: 1, limit: 20,
 * });
 */
import { z } from 'zod';
import type { CapabilityRequirement } from './capabilities.js';
import {
  EXPLORE_DEFAULT_LIMIT,
  type ExploreQueryOptions,
  SEARCH_ORDER_KEYS,
  SEARCH_SOURCE_TYPES,
  SORT_DIRECTIONS,
} from './explore-query.js';
import { defineOperation } from './operation.js';
import { ServiceFileSchema, ServiceVideoSchema } from './services.js';

/** Who may browse the marketplace: MARKETPLACE read, or a vendor's service tool (the provider has both). */
export const MARKETPLACE_BROWSE_CAPABILITIES: readonly [CapabilityRequirement, ...CapabilityRequirement[]] = [
  { name: 'MARKETPLACE', kind: 'READ' },
  { name: 'SERVICE_TOOL_INFO', kind: 'READ' },
];

/** The same as capability keys, for showing the Marketplace entry to whoever may browse. */
export const MARKETPLACE_BROWSE_CAPABILITY_KEYS = ['MARKETPLACE_READ', 'SERVICE_TOOL_INFO_READ'] as const;

/** [M3.11] [M4.13] A service's status in a price list; Active when it is not in the list. */
export const MARKETPLACE_SERVICE_STATUSES = ['Active', 'Added', 'Hidden', 'Deleted'] as const;
export const MarketplaceServiceStatusSchema = z.enum(MARKETPLACE_SERVICE_STATUSES);
export type MarketplaceServiceStatus = z.infer<typeof MarketplaceServiceStatusSchema>;

/** ShowNewOnly: a service created within this many days counts as new (decision in the domain README). */
export const NEW_SERVICE_DAYS = 30;
/** [M9.6] The newly added carousel. */
export const NEWLY_ADDED_COUNT = 20;
/** [M9.7] Autocomplete. */
export const AUTOCOMPLETE_MIN_CHARS = 2;
export const AUTOCOMPLETE_SERVICES = 5;
export const AUTOCOMPLETE_TAGS = 10;

/**
 * [A7.6] The Discount tab's add-service search (decision 0048): the services an account may be given a discount
 * on (the AvailableServicesForAccount rule for that account), each with its fees' purchase and custom prices
 * [A3.8]. Needs DISCOUNT_TOOL read and the Discount tab's rule [A2.28], not the marketplace's capabilities. Not a
 * source of the explore query string.
 */
export const DISCOUNT_SEARCH_SOURCE = 'AvailableServicesForAccountDiscount' as const;
/** [A7.6] [A9.3] The discount source's defaults: page 1, 10 to a page, by display name A to Z. */
export const DISCOUNT_SEARCH_LIMIT = 10;
/**
 * [A9.3] The page sizes the Discount tab's search offers (the first is the default). The operation answers any limit
 * up to 100, as for every source.
 */
export const DISCOUNT_SEARCH_PAGE_SIZES = [DISCOUNT_SEARCH_LIMIT, 20] as const;

/** Who may call SearchServices and GetSearchServicesMetadata: a browser of the marketplace, or the discount tool for its source. */
export const SEARCH_CAPABILITIES: readonly [CapabilityRequirement, ...CapabilityRequirement[]] = [
  ...MARKETPLACE_BROWSE_CAPABILITIES,
  { name: 'DISCOUNT_TOOL', kind: 'READ' },
];

export const SearchSourceTypeSchema = z.enum([...SEARCH_SOURCE_TYPES, DISCOUNT_SEARCH_SOURCE]);
export const SearchOrderKeySchema = z.enum(SEARCH_ORDER_KEYS);
export const SortDirectionSchema = z.enum(SORT_DIRECTIONS);

const AccountIdSchema = z.number().int().positive();

/** [M3.12] Search options. */
export const SearchOptionsSchema = z.object({
  /** Part of a service's display name or service name, case-insensitive; '' for any. */
  DisplayName: z.string().trim().max(200, { message: 'Enter at most 200 characters' }).default(''),
  /** Vendors (owner account ids); any of them. */
  OwnerAccountIds: z.array(AccountIdSchema).max(100).default([]),
  /** Category names; any of them. */
  ServiceCategories: z.array(z.string().min(1).max(100)).max(100).default([]),
  /** Tags; a service must have every one of them. */
  ServiceTags: z.array(z.string().min(1).max(100)).max(50).default([]),
  Source: z
    .object({
      Type: SearchSourceTypeSchema,
      /** AvailableServicesForAccount(Discount): the account id; Marketplace: the price list id; otherwise null. */
      Value: AccountIdSchema.nullable().default(null),
    })
    .refine((s) => s.Type === 'Global' || s.Type === 'MyServices' || s.Value !== null, {
      message: 'Choose the account or price list to search',
      path: ['Value'],
    })
    .default({ Type: 'Global', Value: null }),
  /** Leave out the services Hidden in MarketplaceId's list. */
  ExcludeHidden: z.boolean().default(false),
  /** Leave out the services Added to MarketplaceId's list. */
  ExcludeAdded: z.boolean().default(false),
  /** Only services created in the last NEW_SERVICE_DAYS days. */
  ShowNewOnly: z.boolean().default(false),
  /** The price list being edited: sets each service's Status (Active when not in it). Null: none. */
  MarketplaceId: AccountIdSchema.nullable().default(null),
});
export type SearchOptions = z.infer<typeof SearchOptionsSchema>;
export type SearchOptionsInput = z.input<typeof SearchOptionsSchema>;

export const SearchOrderBySchema = z.object({
  Key: SearchOrderKeySchema.default('Ranking'),
  Direction: SortDirectionSchema.default('ASC'),
});
export type SearchOrderBy = z.infer<typeof SearchOrderBySchema>;

/** [A3.8] One fee of a service found by the discount source, with its charge in the account's currency. */
export const SearchServiceBillingSchema = z.object({
  PriceableItemId: z.string(),
  ChargeType: z.string(),
  /** The rule's condition or per-unit field; '' for a base fee (as the discount card's table). */
  Description: z.string(),
  Charges: z.array(
    z.object({
      Currency: z.string(),
      /** What the giving organisation pays per unit (its own price list and discount, or the vendor's charge), converted; null when unknown. */
      PurchasePrice: z.string().nullable(),
      /** The account's price per unit without a discount: its price list's price, else the SRP; null without one. */
      CustomPrice: z.string().nullable(),
    }),
  ),
});
export type SearchServiceBilling = z.infer<typeof SearchServiceBillingSchema>;

/** [M3.11] A service as search returns it. */
export const SearchServiceSchema = z.object({
  Id: z.number().int(),
  ServiceName: z.string(),
  DisplayName: z.string(),
  Status: MarketplaceServiceStatusSchema,
  /** The base monthly price as short text ('€12.50 / month', 'FREE'); null when the caller may not see prices or none is set. */
  Billing: z.string().nullable(),
  Owner: z.object({ OwnerId: z.number().int(), OwnerName: z.string() }),
  /** True when the caller's organisation accepted the service's latest terms (or it has none). */
  IsTcAccepted: z.boolean(),
  ServiceCategoryName: z.string().nullable(),
  ServiceCategoryDisplayName: z.string().nullable(),
  OwnerAccountId: z.number().int(),
  OwnerAccountName: z.string(),
  /** The vendor's logo (a file URL), null without one. */
  OwnerProfileIcon: z.string().nullable(),
  Tags: z.array(z.string()),
  Ranking: z.number().int(),
  ModifyDate: z.string(),
  CreateDate: z.string(),
  Icon: z.string().nullable(),
  ShortDescription: z.string(),
  /** [A3.8] Source AvailableServicesForAccountDiscount only: each fee's purchase and custom price. */
  DiscountBilling: z.array(SearchServiceBillingSchema).optional(),
  /** Source AvailableServicesForAccountDiscount only: the account's Active discount on the service, null without one. */
  ActiveDiscountId: z.number().int().nullable().optional(),
});
export type SearchService = z.infer<typeof SearchServiceSchema>;

/**
 * Without orderBy or limit: Ranking and EXPLORE_DEFAULT_LIMIT, except for the discount source [A7.6] (DisplayName ASC,
 * DISCOUNT_SEARCH_LIMIT).
 */
export const SearchServicesInputSchema = z
  .object({
    options: SearchOptionsSchema.prefault({}),
    orderBy: SearchOrderBySchema.optional(),
    page: z.number().int().min(1, { message: 'The page starts at 1' }).max(100_000).default(1),
    limit: z.number().int().min(1).max(100, { message: 'At most 100 services per page' }).optional(),
  })
  .transform((input) => {
    const discount = input.options.Source.Type === DISCOUNT_SEARCH_SOURCE;
    return {
      ...input,
      orderBy: input.orderBy ?? SearchOrderBySchema.parse(discount ? { Key: 'DisplayName', Direction: 'ASC' } : {}),
      limit: input.limit ?? (discount ? DISCOUNT_SEARCH_LIMIT : EXPLORE_DEFAULT_LIMIT),
    };
  });
export type SearchServicesInput = z.input<typeof SearchServicesInputSchema>;

export const SearchServicesOutputSchema = z.object({
  Services: z.array(SearchServiceSchema),
  Total: z.number().int(),
  Page: z.number().int(),
  Limit: z.number().int(),
});
export type SearchServicesOutput = z.infer<typeof SearchServicesOutputSchema>;

export const SearchServices = defineOperation({
  name: 'SearchServices',
  summary:
    "The services the caller may see that match the options, one page in the given order, with the total [M7.9] [M3.12]. Source AvailableServicesForAccount and Marketplace name an account or price list in reach of the caller, else 404; Source AvailableServicesForAccountDiscount [A7.6] (DISCOUNT_TOOL read, the Discount tab rule [A2.28]) the services an account may be given a discount on, with each fee's purchase and custom price [A3.8]",
  input: SearchServicesInputSchema,
  output: SearchServicesOutputSchema,
  access: { kind: 'anyCapability', capabilities: SEARCH_CAPABILITIES },
  mutating: false,
});

/** The categories, vendors and tags of the services matching some options, with counts. */
export const SearchServicesMetadataSchema = z.object({
  Total: z.number().int(),
  Categories: z.array(
    z.object({ ServiceCategoryName: z.string(), ServiceCategoryDisplayName: z.string(), Count: z.number().int() }),
  ),
  Vendors: z.array(
    z.object({
      OwnerAccountId: z.number().int(),
      OwnerAccountName: z.string(),
      OwnerProfileIcon: z.string().nullable(),
      Count: z.number().int(),
    }),
  ),
  Tags: z.array(z.object({ TagValue: z.string(), Count: z.number().int() })),
});
export type SearchServicesMetadata = z.infer<typeof SearchServicesMetadataSchema>;

export const GetSearchServicesMetadata = defineOperation({
  name: 'GetSearchServicesMetadata',
  summary:
    'The categories, vendors and tags present among the services matching the options, each with how many services have it [M7.16]; for the category dropdown, vendor and filter tags and the vendor tiles of the category view',
  input: z.object({ options: SearchOptionsSchema.prefault({}) }),
  output: SearchServicesMetadataSchema,
  access: { kind: 'anyCapability', capabilities: SEARCH_CAPABILITIES },
  mutating: false,
});

/** [M3.11] [M9.7] An autocomplete entry. */
export const AutocompleteEntrySchema = z.discriminatedUnion('Type', [
  z.object({
    Type: z.literal('Service'),
    Id: z.number().int(),
    ServiceName: z.string(),
    DisplayName: z.string(),
    Icon: z.string().nullable(),
  }),
  z.object({
    Type: z.literal('Vendor'),
    OwnerAccountId: z.number().int(),
    OwnerAccountName: z.string(),
    OwnerProfileIcon: z.string().nullable(),
  }),
  z.object({ Type: z.literal('Tag'), TagValue: z.string() }),
]);
export type AutocompleteEntry = z.infer<typeof AutocompleteEntrySchema>;

export const SearchServicesAutocomplete = defineOperation({
  name: 'SearchServicesAutocomplete',
  summary:
    '[M9.7] Suggestions for the search box: up to 5 matching services (best ranked first), the vendor owning most matches, and the tags containing the text',
  input: z.object({
    Text: z
      .string()
      .trim()
      .min(AUTOCOMPLETE_MIN_CHARS, { message: `Type at least ${AUTOCOMPLETE_MIN_CHARS} characters` })
      .max(200, { message: 'Enter at most 200 characters' }),
    /** The other filters in force (DisplayName is replaced by Text). */
    options: SearchOptionsSchema.prefault({}),
  }),
  output: z.object({ Entries: z.array(AutocompleteEntrySchema) }),
  access: { kind: 'anyCapability', capabilities: MARKETPLACE_BROWSE_CAPABILITIES },
  mutating: false,
});

/** A fee of the price in GetServiceInfo. */
export const ServiceInfoPriceLineSchema = z.object({
  ChargeType: z.enum(['Monthly', 'Setup']),
  /** The field value a field-based fee is for, e.g. 'Plan: Gold'; null for a base fee. */
  Condition: z.string().nullable(),
  /** Per-unit fee: the field that sets the units. */
  UnitField: z.string().nullable(),
  /** Price per unit in Currency; null when the fee has no price in it. */
  UnitPrice: z.string().nullable(),
  /** Months paid in advance, when prepaid. */
  AdvanceMonths: z.number().int().nullable(),
});

export const ServiceInfoPriceSchema = z.object({
  Currency: z.string(),
  /** The price list the price comes from; null: the suggested retail price. */
  PriceListName: z.string().nullable(),
  /** Every fee of the service that may apply (field-based fees for each of their values). */
  Lines: z.array(ServiceInfoPriceLineSchema),
  /** A subscription of one unit with the default field values: monthly and setup totals; null when a fee has no price in Currency. */
  MonthlyTotal: z.string().nullable(),
  SetupTotal: z.string().nullable(),
});
export type ServiceInfoPrice = z.infer<typeof ServiceInfoPriceSchema>;

/** [M7.16] [M3.17] The service info page. */
export const ServiceInfoSchema = z.object({
  Id: z.number().int(),
  ServiceName: z.string(),
  DisplayName: z.string(),
  ShortDescription: z.string(),
  Icon: z.string().nullable(),
  Status: MarketplaceServiceStatusSchema,
  Category: z.object({ ServiceCategoryName: z.string(), ServiceCategoryDisplayName: z.string() }).nullable(),
  Tags: z.array(z.string()),
  Owner: z.object({ OwnerId: z.number().int(), OwnerName: z.string() }),
  OwnerProfileIcon: z.string().nullable(),
  /** The texts in the service's default language, Description and TermsAndConditions. */
  Descriptions: z.array(
    z.object({
      Type: z.enum(['Description', 'TermsAndConditions']),
      Title: z.string(),
      Content: z.string(),
      LocalizationLanguageCode: z.string(),
    }),
  ),
  Screenshots: z.array(ServiceFileSchema),
  Downloads: z.array(ServiceFileSchema),
  ServiceVideos: z.array(ServiceVideoSchema),
  PriceProtectionLengthInDays: z.number().int().nullable(),
  MinimumContractPeriodInDays: z.number().int().nullable(),
  IsTcAccepted: z.boolean(),
  CreateDate: z.string(),
  ModifyDate: z.string(),
  /** The price in the viewer's currency; null when the viewer may not see prices (BILLING_SHOWPRODUCTPRICE read). */
  Price: ServiceInfoPriceSchema.nullable(),
});
export type ServiceInfo = z.infer<typeof ServiceInfoSchema>;

export const GetServiceInfoInputSchema = z.union([
  z.object({ Id: AccountIdSchema }).strict(),
  z.object({ ServiceName: z.string().trim().min(1, { message: 'Enter a service name' }).max(1000) }).strict(),
]);
export type GetServiceInfoInput = z.infer<typeof GetServiceInfoInputSchema>;

export const GetServiceInfo = defineOperation({
  name: 'GetServiceInfo',
  summary:
    'A service the caller may see, by Id or ServiceName, with its descriptions and terms, screenshots, downloads, videos, category, tags, vendor, price protection, minimum contract period and the price in the viewer’s currency [M7.16]; another tenant’s service is a 404',
  input: GetServiceInfoInputSchema,
  output: ServiceInfoSchema,
  access: { kind: 'anyCapability', capabilities: MARKETPLACE_BROWSE_CAPABILITIES },
  mutating: false,
});

export const GetCompanyMarketplaceService = defineOperation({
  name: 'GetCompanyMarketplaceService',
  summary:
    "[A2.13] [A7.7] The Service info tab of a subscription (Product account) the caller may read: its service as the customer company's price list offers it (descriptions, terms, media, price for the subscription's customer)",
  input: z.object({ id: AccountIdSchema }),
  output: ServiceInfoSchema,
  access: { kind: 'accountType', permission: 'READ' },
  account: (i) => i.id,
  mutating: false,
});

export const marketplaceSearchOperations = [
  GetCompanyMarketplaceService,
  SearchServices,
  GetSearchServicesMetadata,
  SearchServicesAutocomplete,
  GetServiceInfo,
] as const;

/** The SearchServices input for explore query options [M2.28]. */
export function searchInputFromExploreQuery(
  q: ExploreQueryOptions,
  context: { marketplaceId?: number | null } = {},
): z.input<typeof SearchServicesInputSchema> {
  return {
    options: searchOptionsFromExploreQuery(q, context),
    orderBy: { Key: q.order.key, Direction: q.order.direction },
    page: q.page,
    limit: q.limit,
  };
}

/** The search options for explore query options (paging and order left out). */
export function searchOptionsFromExploreQuery(
  q: ExploreQueryOptions,
  context: { marketplaceId?: number | null } = {},
): SearchOptions {
  const needsValue = q.sourceType === 'AvailableServicesForAccount' || q.sourceType === 'Marketplace';
  return {
    DisplayName: q.name.trim(),
    OwnerAccountIds: q.ownerIds,
    ServiceCategories: q.categories,
    ServiceTags: q.tags,
    Source:
      needsValue && q.sourceValue !== null
        ? { Type: q.sourceType, Value: q.sourceValue }
        : { Type: needsValue ? 'Global' : q.sourceType, Value: null },
    ExcludeHidden: q.excludeHidden,
    ExcludeAdded: q.excludeAdded,
    ShowNewOnly: q.newOnly,
    MarketplaceId: context.marketplaceId ?? null,
  };
}
