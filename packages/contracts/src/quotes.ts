/**
 * Sales quotes and the quotation tool (issue 17, decision 0050-quotes): the quote builder [M1.1] [M2.2]-[M2.7]
 * [M3.1]-[M3.5] [M4.1]-[M4.6] [M5.7]-[M5.9] [M7.7] [M7.8], the quotation tool [M2.54] [M2.55] [M3.24] [M4.25]
 * [M6.15] [M7.23], the exports [M6.1] and the step from an approved quote to orders.
 *
 * One quote record serves both screens: a header (owner organisation, author, optional customer, company name,
 * title, users, price list, status, currency, validity date, group, archived) and immutable revisions (lines and
 * totals). Every save makes a new revision [M4.2]; saving over a revision that is no longer the latest answers 409
 * CONFLICT. Prices come only from the one pricing rule (`priceSubscription`), so a quote shows what the order costs.
 *
 * The builder's catalogue search is SearchServices (marketplace-search) with
 * `{ options: { DisplayName, Source: { Type: 'Marketplace', Value: PriceTemplateId }, ExcludeHidden: true }, page: 1,
 * limit: SALES_QUOTE_SEARCH_LIMIT }` [M9.2]; the price templates ListSalesQuotesPriceTemplates answers are exactly the
 * lists that search accepts.
 *
 * Exports (xlsx and PDF) are jobs: the operation answers a Job; once it succeeded its Result is an
 * ExportFileResult whose DownloadUrl (GET /api/jobs/{id}/download, the export's creator only) is the file.
 *
 * @example
 * const { Id, RevisionNumber } = await client.call(SaveSalesQuote, { quote: {
 *   Id: null, RevisionNumber: null, Name: 'New It Infrastructure Quote', CompanyName: 'New Name', NumberOfUsers: 50,
 *   PriceTemplateId: 7, CustomerId: null, ValidUntil: null,
 *   Products: [{ ProductName: 'backup', ProductDisplayName: 'Backup', Amount: 50, IsSyncWithUserAmount: true,
 *                Fields: [{ FieldName: 'Storage', FieldValue: '100 GB' }] }],
 * } });
 */
import { z } from 'zod';
import { AccountIdSchema, FieldDefinitionSchema } from './accounts.js';
import type { CapabilityRequirement } from './capabilities.js';
import { ChargeSummarySchema } from './charge-summary.js';
import { JobSchema } from './jobs.js';
import { defineOperation } from './operation.js';
import { OrderingRefusalSchema, OrderTermsSchema } from './ordering.js';

// ---------------------------------------------------------------------------------------------
// Limits and defaults
// ---------------------------------------------------------------------------------------------

/** [M9.1] Default total users of a quote; [M4.5] a non-number total resets to it. */
export const QUOTE_DEFAULT_USERS = 50;
/** [M5.9] The new-quote dialog's users slider. */
export const NEW_QUOTE_USERS_MIN = 1;
export const NEW_QUOTE_USERS_MAX = 100;
/** The largest total users a saved quote may have (the header field; the dialog stops at 100). */
export const QUOTE_USERS_MAX = 10_000;
/** [M9.1] Defaults of the new-quote modal and after a reset. */
export const NEW_QUOTE_DEFAULTS = { Name: 'New It Infrastructure Quote', CompanyName: 'New Name', NumberOfUsers: 1 } as const;
export const RESET_QUOTE_DEFAULTS = {
  Name: 'Quote Title',
  CompanyName: 'Company Name',
  NumberOfUsers: QUOTE_DEFAULT_USERS,
} as const;
/** At most this many lines in one quote. */
export const QUOTE_LINES_MAX = 200;
/** [M9.2] Load-quotes grid page size; catalogue search limit (page 1). */
export const SALES_QUOTES_PAGE_SIZE = 30;
export const SALES_QUOTE_SEARCH_LIMIT = 20;
/** The quotation tool's list page size. */
export const QUOTES_PAGE_SIZE = 25;
/** A quote is valid this many days after it was created unless its ValidUntil says otherwise (decision 0050). */
export const QUOTE_VALIDITY_DAYS = 30;
/** At most this many quotes in one DeleteQuote / ArchiveQuote / SetQuotesGroup call. */
export const QUOTE_IDS_MAX = 100;
export const QUOTE_NAME_MAX = 200;
export const QUOTE_GROUP_NAME_MAX = 100;
/** [M8.2] What the builder logs when LoadCheckedMarketServices answers no service. */
export const EMPTY_MARKET_SERVICES_MESSAGE = 'Method returned empty list of services';

// ---------------------------------------------------------------------------------------------
// Statuses and transitions [M4.1] [M4.25] (decision 0050)
// ---------------------------------------------------------------------------------------------

/**
 * [M4.25] Quote statuses. `draft` is the builder's CREATED [M4.1]; `active` is shown as approved; `active` and
 * `open_to_csp` are recognised and kept but no transition reaches them.
 */
export const QUOTE_STATUSES = [
  'draft',
  'pending',
  'approved',
  'active',
  'expired',
  'ready_to_provision',
  'provisioning_request_sent',
  'open_to_csp',
] as const;
export const QuoteStatusSchema = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof QuoteStatusSchema>;

/** [M4.1] The status a new quote starts in (the builder's CREATED). */
export const QUOTE_INITIAL_STATUS: QuoteStatus = 'draft';

/** [M4.25] The status a screen shows: active is shown as approved. */
export function quoteStatusShownAs(status: QuoteStatus): QuoteStatus {
  return status === 'active' ? 'approved' : status;
}

/** The statuses SetQuoteStatus may set (the others are set by the server: the expiry sweep and OrderQuote). */
export const SETTABLE_QUOTE_STATUSES = ['draft', 'pending', 'approved'] as const;
export const SettableQuoteStatusSchema = z.enum(SETTABLE_QUOTE_STATUSES);
export type SettableQuoteStatus = z.infer<typeof SettableQuoteStatusSchema>;

/**
 * The transitions a user makes with SetQuoteStatus (decision 0050), by the owner organisation's users holding
 * QUOTATION_TOOL_UPDATE, on a quote that is not archived:
 * - draft -> pending (sent for approval);
 * - pending -> approved (approve) or draft (reject / withdraw);
 * - approved and active -> draft (reopen);
 * - expired -> draft (renew: a new validity date, QUOTE_VALIDITY_DAYS from now unless given).
 * The server moves draft, pending, approved and active to expired once ValidUntil has passed (the hourly sweep), and
 * an approved quote to provisioning_request_sent (ordered) or ready_to_provision (ordered, an order under credit
 * review) through OrderQuote. Saving a new revision of a pending, approved, active or expired quote returns it to
 * draft (what was approved is not what is saved).
 */
export const QUOTE_TRANSITIONS: Readonly<Record<QuoteStatus, readonly SettableQuoteStatus[]>> = {
  draft: ['pending'],
  pending: ['approved', 'draft'],
  approved: ['draft'],
  active: ['draft'],
  expired: ['draft'],
  ready_to_provision: [],
  provisioning_request_sent: [],
  open_to_csp: [],
};

export function canTransition(from: QuoteStatus, to: SettableQuoteStatus): boolean {
  return QUOTE_TRANSITIONS[from].includes(to);
}

/** Statuses in which a quote can still be edited (a save makes a new revision) and expires by date. */
export const OPEN_QUOTE_STATUSES: readonly QuoteStatus[] = ['draft', 'pending', 'approved', 'active', 'expired'];
/** Statuses a quote can be ordered in (OrderQuote). */
export const ORDERABLE_QUOTE_STATUSES: readonly QuoteStatus[] = ['approved', 'active'];

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

export const QuoteIdSchema = z.number().int().positive();
/** [M3.1] CreateDate and ModifyDate of a sales quote: `/Date(ms)/`. */
export const MsDateSchema = z.string().regex(/^\/Date\(-?\d+\)\/$/);

/** `/Date(ms)/` of a date [M3.1]. */
export const toMsDate = (date: Date) => `/Date(${date.getTime()})/`;
/** The Date of a `/Date(ms)/` string; null when it is not one. */
export function fromMsDate(value: string): Date | null {
  const m = /^\/Date\((-?\d+)\)\/$/.exec(value);
  return m ? new Date(Number(m[1])) : null;
}

/** A date without time, yyyy-MM-dd (the validity date; a quote is valid through that day, UTC). */
export const QuoteDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Enter the date as yyyy-MM-dd' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { message: 'Enter a real date' });

/** A quote's name (title) as typed. */
export const QuoteNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'Enter a quote title' })
  .max(QUOTE_NAME_MAX, { message: `The title may have at most ${QUOTE_NAME_MAX} characters` });

export const QuoteCompanyNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'Enter a company name' })
  .max(QUOTE_NAME_MAX, { message: `The company name may have at most ${QUOTE_NAME_MAX} characters` });

/** The total users of a quote (the header's field) [M5.9]. */
export const QuoteUsersSchema = z
  .number({ message: 'Enter a whole number of users' })
  .int({ message: 'Enter a whole number of users' })
  .min(NEW_QUOTE_USERS_MIN, { message: `A quote has at least ${NEW_QUOTE_USERS_MIN} user` })
  .max(QUOTE_USERS_MAX, { message: `A quote has at most ${QUOTE_USERS_MAX} users` });

/** [M5.9] The new-quote dialog's users: 1 to 100. */
export const NewQuoteUsersSchema = z
  .number({ message: 'Enter a whole number of users' })
  .int({ message: 'Enter a whole number of users' })
  .min(NEW_QUOTE_USERS_MIN, { message: `Choose at least ${NEW_QUOTE_USERS_MIN} user` })
  .max(NEW_QUOTE_USERS_MAX, { message: `Choose at most ${NEW_QUOTE_USERS_MAX} users` });

const pageInput = (size: number) => ({
  page: z.number().int().min(1, { message: 'The page starts at 1' }).default(1),
  pageSize: z.number().int().min(1).max(100, { message: 'At most 100 per page' }).default(size),
});

// ---------------------------------------------------------------------------------------------
// The builder: price templates, market lookup, lines [M3.2]-[M3.5]
// ---------------------------------------------------------------------------------------------

/** [M3.5] A price template: a price list the caller may quote from (its organisation's own and those reaching it). */
export const PriceTemplateSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  /** The organisation that owns the list. */
  OwnerName: z.string(),
});
export type PriceTemplate = z.infer<typeof PriceTemplateSchema>;

/** [M3.3] A field of a service as the builder edits it on a line (Combobox and Numeric fields only). */
export const MarketServiceFieldSchema = z.object({
  Id: z.string(),
  DisplayName: z.string(),
  FieldType: z.enum(['Combobox', 'Numeric']),
  /** The value a new line starts with: a Combobox's first value, a Numeric's default (or MinValue, or ''). */
  Value: z.string(),
  AvailableValues: z.array(z.object({ Value: z.string() })),
  PlaceholderDefaultValue: z.string(),
  /** [M5.9] Numeric limits; null when none. */
  MinValue: z.number().nullable(),
  MaxValue: z.number().nullable(),
});
export type MarketServiceField = z.infer<typeof MarketServiceFieldSchema>;

/** [M3.4] A charge rule as the builder shows it; ChargeAmount is the selling unit price in the quote's currency. */
export const QuoteChargeRuleSchema = z.object({
  /** Decimal string; null when the fee has no price in the currency. */
  ChargeAmount: z.string().nullable(),
  /** Monthly, or Subscription meaning setup [M3.4]. */
  ChargeType: z.enum(['Monthly', 'Subscription']),
  FieldName: z.string().nullable(),
  FieldTestValue: z.string().nullable(),
  IsUDRCField: z.boolean(),
  UDRCFieldName: z.string().nullable(),
});
export type QuoteChargeRule = z.infer<typeof QuoteChargeRuleSchema>;

/** [M3.3] A service from the market lookup. */
export const MarketServiceSchema = z.object({
  ServiceName: z.string(),
  /** The same as ServiceName: a line's ProductName. */
  ProductName: z.string(),
  DisplayName: z.string(),
  Icon: z.string().nullable(),
  /** [M4.4] The amount a non-user line starts with. */
  Amount: z.number().int(),
  /** [M4.4] A user product (its parent is a User): its line starts with allUsers (IsSyncWithUserAmount). */
  IsUserProduct: z.boolean(),
  Fields: z.array(MarketServiceFieldSchema),
  ChargeRules: z.array(QuoteChargeRuleSchema),
  /** [M4.3] Service names this service needs. */
  Dependencies: z.array(z.string()),
});
export type MarketService = z.infer<typeof MarketServiceSchema>;

/** [M3.2] A field value of a line. */
export const QuoteLineFieldSchema = z.object({
  FieldName: z.string().min(1).max(100),
  FieldValue: z.string().max(1000),
});
export type QuoteLineField = z.infer<typeof QuoteLineFieldSchema>;

/** [M3.2] A quote product line as the builder saves it. */
export const QuoteLineInputSchema = z.object({
  ProductName: z.string().trim().min(1, { message: 'Choose a service' }).max(1000),
  ProductDisplayName: z.string().max(1000).default(''),
  /** The user amount; at most the quote's NumberOfUsers [M4.5]. */
  Amount: z
    .number({ message: 'Enter a whole number' })
    .int({ message: 'Enter a whole number' })
    .min(1, { message: 'The amount is at least 1' }),
  Fields: z.array(QuoteLineFieldSchema).max(300).default([]),
  /** allUsers [M4.4]: the amount follows the quote's NumberOfUsers. */
  IsSyncWithUserAmount: z.boolean().default(false),
  NRCDiscount: z.literal(0).default(0),
  RCDiscount: z.literal(0).default(0),
});
export type QuoteLineInput = z.input<typeof QuoteLineInputSchema>;
export type QuoteLineValue = z.infer<typeof QuoteLineInputSchema>;

/** A line's prices in the quote's currency (decimal strings; null when unknown, with Error saying why). */
export const QuoteLinePricesSchema = z.object({
  /** Monthly price for one user amount. */
  MonthlyPrice: z.string().nullable(),
  /** Setup price for one user amount. */
  SetupPrice: z.string().nullable(),
  /** [M5.8] Monthly price times the user amount. */
  MonthlyTotal: z.string().nullable(),
  SetupTotal: z.string().nullable(),
  /** [M8.3] 'Error in product configuration missing udrc test field', or why the line has no price; null when priced. */
  Error: z.string().nullable(),
});
export type QuoteLinePrices = z.infer<typeof QuoteLinePricesSchema>;

/** [M3.2] A saved line with its prices as they were priced at the revision's save. */
export const QuoteLineSchema = z.object({
  ProductName: z.string(),
  ProductDisplayName: z.string(),
  Amount: z.number().int(),
  Fields: z.array(QuoteLineFieldSchema),
  IsSyncWithUserAmount: z.boolean(),
  NRCDiscount: z.literal(0),
  RCDiscount: z.literal(0),
  ...QuoteLinePricesSchema.shape,
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

// ---------------------------------------------------------------------------------------------
// The sales quote [M3.1]
// ---------------------------------------------------------------------------------------------

/** [M3.1] A sales quote's header (the load grid's row). */
export const SalesQuoteHeaderSchema = z.object({
  Id: QuoteIdSchema,
  Name: z.string(),
  CompanyName: z.string(),
  /** The author of this revision (user account id). */
  Author: z.number().int(),
  AuthorName: z.string(),
  CreateDate: MsDateSchema,
  ModifyDate: MsDateSchema,
  NumberOfUsers: z.number().int(),
  RevisionNumber: z.number().int(),
  Status: QuoteStatusSchema,
  /** Setup total (decimal string) in Currency; null when a line has no price. */
  TotalNRC: z.string().nullable(),
  /** Monthly total. */
  TotalRC: z.string().nullable(),
  PriceTemplateId: z.number().int().nullable(),
  /** Spelt as the spec spells it [M3.1]; null when the price list was deleted. */
  PricetemplateName: z.string().nullable(),
  /** [M9.3] The currency of every amount. */
  Currency: z.string(),
  /** The customer the quote is for (orderable), null for a prospect known only by CompanyName. */
  CustomerId: AccountIdSchema.nullable(),
  /** yyyy-MM-dd; valid through that day (UTC). */
  ValidUntil: z.string(),
});
export type SalesQuoteHeader = z.infer<typeof SalesQuoteHeaderSchema>;

export const QuoteRevisionSummarySchema = z.object({
  RevisionNumber: z.number().int(),
  Author: z.number().int(),
  AuthorName: z.string(),
  /** ISO 8601 UTC. */
  CreatedAt: z.string(),
  TotalRC: z.string().nullable(),
  TotalNRC: z.string().nullable(),
});
export type QuoteRevisionSummary = z.infer<typeof QuoteRevisionSummarySchema>;

/** [M3.1] A sales quote at one revision, with its lines. */
export const SalesQuoteSchema = SalesQuoteHeaderSchema.extend({
  Products: z.array(QuoteLineSchema),
  /** The newest revision; saving an older one answers 409 CONFLICT [M4.2]. */
  LatestRevisionNumber: z.number().int(),
  Revisions: z.array(QuoteRevisionSummarySchema),
  /** The charge summary of the revision's lines (first invoice etc.); null when a line has no price. */
  Charges: ChargeSummarySchema.nullable(),
  /** The caller may save a new revision (owner organisation, SALESQUOTE_UPDATE, not archived). */
  CanEdit: z.boolean(),
  Archived: z.boolean(),
});
export type SalesQuote = z.infer<typeof SalesQuoteSchema>;

/** [M7.8] SaveSalesQuote's quote. */
export const SalesQuoteInputSchema = z.object({
  /** Null for a new quote. */
  Id: QuoteIdSchema.nullable().default(null),
  /** [M4.2] The revision the user edited; null for a new quote. Not the latest: 409 CONFLICT. */
  RevisionNumber: z.number().int().min(1).nullable().default(null),
  Name: QuoteNameSchema,
  CompanyName: QuoteCompanyNameSchema,
  NumberOfUsers: QuoteUsersSchema,
  /** [M5.7] Required: without a price list the quote is not saved (422 naming PriceTemplateId). */
  PriceTemplateId: z.number({ message: 'Choose a price list' }).int().positive({ message: 'Choose a price list' }),
  /** A customer company in the caller's scope (prices then as that customer would pay); null: a prospect. */
  CustomerId: AccountIdSchema.nullable().default(null),
  /** Null: kept (a new quote: QUOTE_VALIDITY_DAYS from today). */
  ValidUntil: QuoteDateSchema.nullable().default(null),
  Products: z.array(QuoteLineInputSchema).max(QUOTE_LINES_MAX, { message: `A quote has at most ${QUOTE_LINES_MAX} lines` }),
  /** [M4.1] Sent back as loaded; the server keeps its own status (transitions only through SetQuoteStatus). */
  Status: QuoteStatusSchema.optional(),
});
export type SalesQuoteInput = z.input<typeof SalesQuoteInputSchema>;
export type SalesQuoteValue = z.infer<typeof SalesQuoteInputSchema>;

// ---------------------------------------------------------------------------------------------
// The quotation tool's quote [M3.24]
// ---------------------------------------------------------------------------------------------

export const QuoteSchema = z.object({
  Id: QuoteIdSchema,
  Name: z.string(),
  /**
   * Name: the customer account's name, else the CompanyName. [M3.24] also names Industry; accounts keep no industry
   * (no field definition, no column, no attribute), so the contract leaves it out rather than answer an always-null
   * field (decision 0050).
   */
  Customer: z.object({ Name: z.string() }),
  CustomerId: AccountIdSchema.nullable(),
  CompanyName: z.string(),
  Status: QuoteStatusSchema,
  /** ISO 8601 UTC. */
  CreateDate: z.string(),
  ModifyDate: z.string(),
  /** yyyy-MM-dd: the approval date once approved, else ValidUntil (the last day it can be approved). */
  EstimatedApprovalDate: z.string().nullable(),
  /** TotalRC of the latest revision times 12, in Currency; null when a line has no price. */
  YearlyChargeAmount: z.string().nullable(),
  Currency: z.string(),
  /** No quote migrates products here: always false. */
  IsProductMigration: z.boolean(),
  /** The organisation that owns the quote (for customer quotes: the reseller below the caller). */
  ResellerName: z.string(),
  OwnerAccountId: AccountIdSchema,
  AuthorName: z.string(),
  NumberOfUsers: z.number().int(),
  PriceTemplateId: z.number().int().nullable(),
  PricetemplateName: z.string().nullable(),
  LatestRevisionNumber: z.number().int(),
  TotalRC: z.string().nullable(),
  TotalNRC: z.string().nullable(),
  ValidUntil: z.string(),
  GroupId: z.number().int().nullable(),
  GroupName: z.string().nullable(),
  Archived: z.boolean(),
  /** Taken by SetQuoteStatus; bumped by every change of the quote. */
  Version: z.number().int(),
  /** The statuses the caller may set now (empty when it may not change the quote). */
  AllowedTransitions: z.array(SettableQuoteStatusSchema),
  /** The caller may order it now (approved, a customer, owner organisation, QUOTATION_TOOL_UPDATE, PRODUCT_ACCOUNT_CREATE). */
  CanOrder: z.boolean(),
  /** The caller's organisation owns it (it may change it); false for a customer quote. */
  IsOwn: z.boolean(),
  /** Order numbers placed from this quote (OrderQuote), oldest first. */
  OrderNumbers: z.array(z.string()),
  /** [M3.24] The quote's revisions, newest first. */
  Quotes: z.array(QuoteRevisionSummarySchema),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** LoadQuote: the quote with its latest revision's lines and charges. */
export const QuoteDetailSchema = QuoteSchema.extend({
  Products: z.array(QuoteLineSchema),
  Charges: ChargeSummarySchema.nullable(),
});
export type QuoteDetail = z.infer<typeof QuoteDetailSchema>;

export const QUOTE_SORT_KEYS = ['ModifyDate', 'CreateDate', 'Name', 'Status', 'YearlyChargeAmount'] as const;
export const QuoteSortSchema = z.object({
  Key: z.enum(QUOTE_SORT_KEYS).default('ModifyDate'),
  Direction: z.enum(['ASC', 'DESC']).default('DESC'),
});

export const QuoteListInputSchema = z.object({
  ...pageInput(QUOTES_PAGE_SIZE),
  sort: QuoteSortSchema.prefault({}),
  /** Part of the name, company or customer name, case-insensitive. */
  search: z.string().trim().max(200).default(''),
  /** Only the quotes of this group (project); null: any. */
  groupId: z.number().int().positive().nullable().default(null),
});
export type QuoteListInput = z.input<typeof QuoteListInputSchema>;

export const QuotesPageSchema = z.object({
  Items: z.array(QuoteSchema),
  Total: z.number().int(),
  Page: z.number().int(),
  PageSize: z.number().int(),
});
export type QuotesPage = z.infer<typeof QuotesPageSchema>;

/** A group (project) of quotes, owned by one organisation. */
export const QuoteGroupSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  QuoteCount: z.number().int(),
  Version: z.number().int(),
  /** ISO 8601 UTC. */
  CreateDate: z.string(),
});
export type QuoteGroup = z.infer<typeof QuoteGroupSchema>;

export const QuoteGroupNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'Enter a project name' })
  .max(QUOTE_GROUP_NAME_MAX, { message: `The project name may have at most ${QUOTE_GROUP_NAME_MAX} characters` });

const QuoteIdsSchema = z
  .array(QuoteIdSchema)
  .min(1, { message: 'Choose at least one quote' })
  .max(QUOTE_IDS_MAX, { message: `Choose at most ${QUOTE_IDS_MAX} quotes` });

// ---------------------------------------------------------------------------------------------
// Pricing and ordering
// ---------------------------------------------------------------------------------------------

/** PriceSalesQuote's answer: each line's prices and the totals in Currency, from the one pricing rule. */
export const QuotePricingSchema = z.object({
  Currency: z.string(),
  Lines: z.array(z.object({ ProductName: z.string(), ...QuoteLinePricesSchema.shape })),
  /** Monthly total; null when a line has no price. */
  TotalRC: z.string().nullable(),
  /** Setup total. */
  TotalNRC: z.string().nullable(),
  Charges: ChargeSummarySchema.nullable(),
});
export type QuotePricing = z.infer<typeof QuotePricingSchema>;

/** A line whose price today differs from the price the revision was saved with. */
export const QuotePriceDifferenceSchema = z.object({
  ProductName: z.string(),
  ProductDisplayName: z.string(),
  QuotedMonthlyTotal: z.string().nullable(),
  CurrentMonthlyTotal: z.string().nullable(),
  QuotedSetupTotal: z.string().nullable(),
  CurrentSetupTotal: z.string().nullable(),
});
export type QuotePriceDifference = z.infer<typeof QuotePriceDifferenceSchema>;

/** One order OrderQuote placed (one line). */
export const QuoteOrderLineSchema = z.object({
  ProductName: z.string(),
  AccountId: AccountIdSchema,
  OrderNumber: z.string(),
  OrderStatus: z.enum(['Completed', 'UnderReview']),
});
export type QuoteOrderLine = z.infer<typeof QuoteOrderLineSchema>;

export const OrderQuoteResultSchema = z.discriminatedUnion('Outcome', [
  /** Nothing was ordered: prices changed since the revision; call again with confirmPriceChanges. */
  z.object({
    Outcome: z.literal('PriceChanged'),
    Currency: z.string(),
    Differences: z.array(QuotePriceDifferenceSchema),
  }),
  /** Every line is ordered (all or nothing). */
  z.object({
    Outcome: z.literal('Ordered'),
    CustomerId: AccountIdSchema,
    Orders: z.array(QuoteOrderLineSchema),
    /** provisioning_request_sent, or ready_to_provision when an order waits for the credit review. */
    QuoteStatus: QuoteStatusSchema,
    /** The same requestId was answered before. */
    Replayed: z.boolean(),
  }),
]);
export type OrderQuoteResult = z.infer<typeof OrderQuoteResultSchema>;

// ---------------------------------------------------------------------------------------------
// Capabilities
// ---------------------------------------------------------------------------------------------

const cap = (name: 'SALESQUOTE' | 'QUOTATION_TOOL', kind: CapabilityRequirement['kind']) =>
  ({ kind: 'capability', capability: { name, kind } }) as const;
const SALESQUOTE_READ = cap('SALESQUOTE', 'READ');
const SALESQUOTE_UPDATE = cap('SALESQUOTE', 'UPDATE');
const SALESQUOTE_EXECUTE = cap('SALESQUOTE', 'EXECUTE');
const QUOTATION_TOOL_READ = cap('QUOTATION_TOOL', 'READ');
const QUOTATION_TOOL_UPDATE = cap('QUOTATION_TOOL', 'UPDATE');
/** Reading quotes: the builder's or the quotation tool's read. */
export const QUOTE_READ_CAPABILITIES: readonly [CapabilityRequirement, ...CapabilityRequirement[]] = [
  { name: 'SALESQUOTE', kind: 'READ' },
  { name: 'QUOTATION_TOOL', kind: 'READ' },
];
const QUOTE_READ = { kind: 'anyCapability', capabilities: QUOTE_READ_CAPABILITIES } as const;
const QUOTE_DELETE = {
  kind: 'anyCapability',
  capabilities: [
    { name: 'SALESQUOTE', kind: 'DELETE' },
    { name: 'QUOTATION_TOOL', kind: 'DELETE' },
  ],
} as const;

// ---------------------------------------------------------------------------------------------
// Operations: the builder [M7.7] [M7.8]
// ---------------------------------------------------------------------------------------------

export const ListSalesQuotesPriceTemplates = defineOperation({
  name: 'ListSalesQuotesPriceTemplates',
  summary:
    "[M7.8] [M3.5] The price lists the caller may quote from: its organisation's own and those assigned to it (the provider: all), by name",
  input: z.object({}).prefault({}),
  output: z.object({ Items: z.array(PriceTemplateSchema) }),
  access: SALESQUOTE_READ,
  mutating: false,
});

export const LoadCheckedMarketServices = defineOperation({
  name: 'LoadCheckedMarketServices',
  summary:
    '[M7.7] [M3.3] The services of a price list by name, with their fields, charge rules (priced in the currency) and dependencies; names not in the list are left out',
  input: z.object({
    priceList: z.number({ message: 'Choose a price list' }).int().positive({ message: 'Choose a price list' }),
    serviceNames: z.array(z.string().min(1).max(1000)).min(1, { message: 'Name at least one service' }).max(QUOTE_LINES_MAX),
    /** Prices as this customer would pay (its currency); null: the caller's organisation's currency. */
    customerId: AccountIdSchema.nullable().default(null),
  }),
  output: z.object({ Currency: z.string(), Services: z.array(MarketServiceSchema) }),
  access: SALESQUOTE_READ,
  mutating: false,
});

export const PriceSalesQuote = defineOperation({
  name: 'PriceSalesQuote',
  summary:
    "Prices a quote's lines with the one pricing rule: per line monthly and setup (unit and total) and the totals in the quote's currency [M1.1] [M5.8] [M9.3]",
  input: z.object({
    PriceTemplateId: z.number({ message: 'Choose a price list' }).int().positive({ message: 'Choose a price list' }),
    CustomerId: AccountIdSchema.nullable().default(null),
    NumberOfUsers: QuoteUsersSchema,
    Products: z.array(QuoteLineInputSchema).max(QUOTE_LINES_MAX, { message: `A quote has at most ${QUOTE_LINES_MAX} lines` }),
  }),
  output: QuotePricingSchema,
  access: SALESQUOTE_READ,
  mutating: false,
});

export const ListSalesQuotes = defineOperation({
  name: 'ListSalesQuotes',
  summary: "[M7.8] [M2.5] The caller organisation's quotes (latest revision, not archived), newest first, paged (30 [M9.2])",
  input: z.object({ ...pageInput(SALES_QUOTES_PAGE_SIZE), search: z.string().trim().max(200).default('') }),
  output: z.object({
    Items: z.array(SalesQuoteHeaderSchema),
    Total: z.number().int(),
    Page: z.number().int(),
    PageSize: z.number().int(),
  }),
  access: SALESQUOTE_READ,
  mutating: false,
});

export const LoadSalesQuote = defineOperation({
  name: 'LoadSalesQuote',
  summary: '[M7.8] [M2.6] A quote at a revision (null: the latest), older revisions stay readable; another tenant: 404',
  input: z.object({ id: QuoteIdSchema, revision: z.number().int().min(1).nullable().default(null) }),
  output: SalesQuoteSchema,
  access: QUOTE_READ,
  mutating: false,
});

export const SaveSalesQuote = defineOperation({
  name: 'SaveSalesQuote',
  summary:
    '[M7.8] [M4.2] Saves a quote as a new revision (1 for a new quote); a RevisionNumber that is no longer the latest answers 409 CONFLICT; lines are checked against the price list and the caps',
  input: z.object({ quote: SalesQuoteInputSchema }),
  output: z.object({ Id: QuoteIdSchema, RevisionNumber: z.number().int() }),
  access: SALESQUOTE_UPDATE,
  mutating: true,
});

export const ListQuoteCustomers = defineOperation({
  name: 'ListQuoteCustomers',
  summary: "The active companies in the caller's scope (below its organisation) a quote can be made for, by name, at most 50",
  input: z.object({ search: z.string().trim().max(200).default('') }).prefault({}),
  output: z.object({ Items: z.array(z.object({ AccountId: AccountIdSchema, DisplayName: z.string(), Currency: z.string() })) }),
  access: SALESQUOTE_READ,
  mutating: false,
});

export const ExportSalesQuoteToExcel = defineOperation({
  name: 'ExportSalesQuoteToExcel',
  summary:
    '[M7.23] [M6.1] Queues the .xlsx of a quote revision (lines, fields, prices, totals); the job Result is an ExportFileResult whose DownloadUrl is the file',
  input: z.object({ id: QuoteIdSchema, revision: z.number().int().min(1).nullable().default(null) }),
  output: JobSchema,
  access: SALESQUOTE_EXECUTE,
  mutating: true,
});

export const ExportSalesQuoteToPdf = defineOperation({
  name: 'ExportSalesQuoteToPdf',
  summary:
    "Queues the customer-facing PDF of a quote revision (seller's logo or name, customer, lines, totals, currency, validity date); the job Result is an ExportFileResult",
  input: z.object({ id: QuoteIdSchema, revision: z.number().int().min(1).nullable().default(null) }),
  output: JobSchema,
  access: QUOTE_READ,
  mutating: true,
});

// ---------------------------------------------------------------------------------------------
// Operations: the quotation tool [M7.23]
// ---------------------------------------------------------------------------------------------

export const ListQuotes = defineOperation({
  name: 'ListQuotes',
  summary: "[M7.23] [M2.55] My quotes: the caller organisation's quotes that are not archived, paged and sorted",
  input: QuoteListInputSchema,
  output: QuotesPageSchema,
  access: QUOTE_READ,
  mutating: false,
});

export const ListCustomerQuotes = defineOperation({
  name: 'ListCustomerQuotes',
  summary:
    '[M7.23] [M6.15] Customer quotes: the quotes of the organisations below the caller (hierarchy read), not archived, paged and sorted',
  input: QuoteListInputSchema,
  output: QuotesPageSchema,
  access: QUOTATION_TOOL_READ,
  mutating: false,
});

export const ListQuoteArchive = defineOperation({
  name: 'ListQuoteArchive',
  summary: "[M7.23] The caller organisation's archived quotes, paged and sorted",
  input: QuoteListInputSchema,
  output: QuotesPageSchema,
  access: QUOTE_READ,
  mutating: false,
});

export const LoadQuote = defineOperation({
  name: 'LoadQuote',
  summary: "[M7.23] A quote (own or a customer's below the caller) with its revisions and latest lines; another tenant: 404",
  input: z.object({ id: QuoteIdSchema }),
  output: QuoteDetailSchema,
  access: QUOTE_READ,
  mutating: false,
});

export const DeleteQuote = defineOperation({
  name: 'DeleteQuote',
  summary:
    "[M7.23] Deletes quotes of the caller's organisation with every revision (for good); any other id: 404, nothing deleted",
  input: z.object({ ids: QuoteIdsSchema }),
  output: z.object({ Deleted: z.array(QuoteIdSchema) }),
  access: QUOTE_DELETE,
  mutating: true,
});

export const SetQuoteStatus = defineOperation({
  name: 'SetQuoteStatus',
  summary:
    '[M4.25] Moves a quote of the caller organisation along QUOTE_TRANSITIONS (send for approval, approve, reject, reopen, renew); a stale version: 409',
  input: z.object({
    id: QuoteIdSchema,
    status: SettableQuoteStatusSchema,
    version: z.number().int().min(1),
    /** Renewing an expired quote: its new validity date (today or later); null: QUOTE_VALIDITY_DAYS from today. */
    validUntil: QuoteDateSchema.nullable().default(null),
  }),
  output: QuoteSchema,
  access: QUOTATION_TOOL_UPDATE,
  mutating: true,
});

export const ArchiveQuote = defineOperation({
  name: 'ArchiveQuote',
  summary:
    "Moves quotes of the caller's organisation to the archive (archived: true) or back (false); archived quotes are read-only",
  input: z.object({ ids: QuoteIdsSchema, archived: z.boolean() }),
  output: z.object({ Updated: z.array(QuoteIdSchema) }),
  access: QUOTATION_TOOL_UPDATE,
  mutating: true,
});

export const ListQuoteGroups = defineOperation({
  name: 'ListQuoteGroups',
  summary: "[M7.23] The caller organisation's quote groups (projects) by name, with their quote counts",
  input: z.object({}).prefault({}),
  output: z.object({ Items: z.array(QuoteGroupSchema) }),
  access: QUOTE_READ,
  mutating: false,
});

export const CreateQuoteGroup = defineOperation({
  name: 'CreateQuoteGroup',
  summary: 'Creates a quote group (project) of the caller organisation; names are unique per organisation (case-insensitive)',
  input: z.object({ Name: QuoteGroupNameSchema }),
  output: QuoteGroupSchema,
  access: QUOTATION_TOOL_UPDATE,
  mutating: true,
});

export const RenameQuoteGroup = defineOperation({
  name: 'RenameQuoteGroup',
  summary: 'Renames a quote group; a stale version: 409',
  input: z.object({ id: z.number().int().positive(), Name: QuoteGroupNameSchema, version: z.number().int().min(1) }),
  output: QuoteGroupSchema,
  access: QUOTATION_TOOL_UPDATE,
  mutating: true,
});

export const DeleteQuoteGroup = defineOperation({
  name: 'DeleteQuoteGroup',
  summary: 'Deletes a quote group; its quotes stay, without a group',
  input: z.object({ id: z.number().int().positive() }),
  output: z.object({ Id: z.number().int(), QuotesUngrouped: z.number().int() }),
  access: QUOTATION_TOOL_UPDATE,
  mutating: true,
});

export const SetQuotesGroup = defineOperation({
  name: 'SetQuotesGroup',
  summary: "Puts quotes of the caller's organisation into a group (project), or out of any (groupId null)",
  input: z.object({ ids: QuoteIdsSchema, groupId: z.number().int().positive().nullable() }),
  output: z.object({ Updated: z.array(QuoteIdSchema) }),
  access: QUOTATION_TOOL_UPDATE,
  mutating: true,
});

/**
 * A Mandatory field of a line's service that the quote holds no value for (a quote keeps a line's choice and number
 * fields only): OrderQuote asks for it, as the ordering wizard would, and the value goes to the order, not the quote.
 * `Definition` is the one form engine's (its DisplayType, pattern, options).
 */
export const QuoteOrderFieldSchema = z.object({
  /** The line's index in the revision (0-based). */
  Line: z.number().int().min(0),
  ProductName: z.string(),
  ProductDisplayName: z.string(),
  Definition: FieldDefinitionSchema,
});
export type QuoteOrderField = z.infer<typeof QuoteOrderFieldSchema>;

/** A value OrderQuote is given for a QuoteOrderField. */
export const QuoteOrderFieldValueSchema = z.object({
  Line: z.number().int().min(0).max(QUOTE_LINES_MAX),
  FieldName: z.string().min(1).max(200),
  FieldValue: z.string().max(4000),
});
export type QuoteOrderFieldValue = z.infer<typeof QuoteOrderFieldValueSchema>;

export const PreviewQuoteOrder = defineOperation({
  name: 'PreviewQuoteOrder',
  summary:
    'What ordering an approved quote would do: the customer, the price differences since the revision, the terms to accept and whether the caller may accept them, or why it cannot be ordered',
  input: z.object({ id: QuoteIdSchema }),
  output: z.object({
    CustomerId: AccountIdSchema.nullable(),
    CustomerName: z.string().nullable(),
    Currency: z.string(),
    RevisionNumber: z.number().int(),
    Differences: z.array(QuotePriceDifferenceSchema),
    /** The current prices of the latest revision's lines. */
    Pricing: QuotePricingSchema,
    /** Terms of the lines' services not yet accepted for the customer (OrderQuote accepts them when CanAcceptTerms). */
    Terms: z.array(OrderTermsSchema),
    CanAcceptTerms: z.boolean(),
    /** Why it cannot be ordered now (not approved, no customer, a line the ordering wizard refuses); null: it can. */
    Refusal: z.string().nullable(),
    /** The ordering wizard's own refusal of a line, when that is the reason. */
    LineRefusal: OrderingRefusalSchema.extend({ ProductName: z.string() }).nullable(),
    /** Mandatory fields the lines hold no value for: the order asks for them (OrderQuote's Fields). */
    MissingFields: z.array(QuoteOrderFieldSchema),
  }),
  access: QUOTATION_TOOL_UPDATE,
  mutating: false,
});

export const OrderQuote = defineOperation({
  name: 'OrderQuote',
  summary:
    "Orders an approved quote's latest revision for its customer through the ordering pipeline (PlaceOrder): every line an order and a subscription, terms accepted when the caller may, all or nothing, under review above the credit limit; changed prices first answer PriceChanged",
  input: z.object({
    /** Made once per attempt: the same id (by the same user) answers the same result. */
    requestId: z.uuid({ message: 'Send the request id as a UUID' }),
    id: QuoteIdSchema,
    /** The revision the user saw; no longer the latest: 409. */
    revision: z.number().int().min(1),
    /** The caller saw the PriceChanged differences and orders at today's prices. */
    confirmPriceChanges: z.boolean().default(false),
    /** Values of the preview's MissingFields, for the order only: the quote does not keep them. */
    Fields: z.array(QuoteOrderFieldValueSchema).max(500).default([]),
  }),
  output: OrderQuoteResultSchema,
  access: QUOTATION_TOOL_UPDATE,
  mutating: true,
});

export const quoteOperations = [
  ListSalesQuotesPriceTemplates,
  LoadCheckedMarketServices,
  PriceSalesQuote,
  ListSalesQuotes,
  LoadSalesQuote,
  SaveSalesQuote,
  ListQuoteCustomers,
  ExportSalesQuoteToExcel,
  ExportSalesQuoteToPdf,
  ListQuotes,
  ListCustomerQuotes,
  ListQuoteArchive,
  LoadQuote,
  DeleteQuote,
  SetQuoteStatus,
  ArchiveQuote,
  ListQuoteGroups,
  CreateQuoteGroup,
  RenameQuoteGroup,
  DeleteQuoteGroup,
  SetQuotesGroup,
  PreviewQuoteOrder,
  OrderQuote,
] as const;

// ---------------------------------------------------------------------------------------------
// Line rules [M4.3]-[M4.5] (pure; the builder applies them as the user edits, the server checks the result)
// ---------------------------------------------------------------------------------------------

/** [M4.4] A new line for a service: a user product follows the total users; another starts at its amount (or 1). */
export function newQuoteLine(service: MarketService, totalUsers: number): QuoteLineValue {
  const allUsers = service.IsUserProduct;
  return {
    ProductName: service.ProductName,
    ProductDisplayName: service.DisplayName,
    Amount: allUsers ? totalUsers : Math.min(Math.max(service.Amount, 1), totalUsers),
    Fields: service.Fields.map((f) => ({ FieldName: f.Id, FieldValue: f.Value })),
    IsSyncWithUserAmount: allUsers,
    NRCDiscount: 0,
    RCDiscount: 0,
  };
}

/** [M4.3] Adding a line inserts it at the top. */
export function addQuoteLine<L>(lines: readonly L[], line: L): L[] {
  return [line, ...lines];
}

/** [M4.4] A line's amount changed: allUsers holds only while the amount equals the total. */
export function setLineAmount<L extends Pick<QuoteLineValue, 'Amount' | 'IsSyncWithUserAmount'>>(
  line: L,
  amount: number,
  totalUsers: number,
): L {
  const capped = Math.min(Math.max(Math.trunc(amount) || 1, 1), totalUsers);
  return { ...line, Amount: capped, IsSyncWithUserAmount: capped === totalUsers };
}

/** [M4.5] The total users as typed: a non-number resets to QUOTE_DEFAULT_USERS. */
export function parseTotalUsers(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n >= 1 ? Math.trunc(n) : QUOTE_DEFAULT_USERS;
}

/** [M4.5] The total changed: allUsers lines follow it, amounts above it are capped. */
export function applyTotalUsers<L extends Pick<QuoteLineValue, 'Amount' | 'IsSyncWithUserAmount'>>(
  lines: readonly L[],
  totalUsers: number,
): L[] {
  return lines.map((l) =>
    l.IsSyncWithUserAmount ? { ...l, Amount: totalUsers } : l.Amount > totalUsers ? { ...l, Amount: totalUsers } : l,
  );
}

/**
 * [M4.3] The dependencies of the quote's lines that no line holds: by the requiring line's ProductName, the missing
 * service names (a removed dependency returns to its requiring line's unmet list).
 */
export function unmetDependencies(
  lines: readonly Pick<QuoteLineValue, 'ProductName'>[],
  dependenciesOf: (productName: string) => readonly string[],
): Map<string, string[]> {
  const held = new Set(lines.map((l) => l.ProductName.toLowerCase()));
  const unmet = new Map<string, string[]>();
  for (const l of lines) {
    const missing = dependenciesOf(l.ProductName).filter((d) => !held.has(d.toLowerCase()));
    if (missing.length) unmet.set(l.ProductName, missing);
  }
  return unmet;
}

/** A date plus whole days, as yyyy-MM-dd (UTC). */
export function addDaysIso(date: Date, days: number): string {
  return new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A quote dated ValidUntil has expired on `now` (it is valid through that day, UTC). */
export function isQuoteExpired(validUntil: string, now: Date): boolean {
  return now.toISOString().slice(0, 10) > validUntil;
}
