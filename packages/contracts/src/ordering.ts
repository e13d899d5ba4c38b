/**
 * The ordering wizard [M1.7] [M2.42]-[M2.49] [M4.19]-[M4.23] [M7.16] [M7.19] [M7.21]: a reseller (or the
 * provider) orders a marketplace service for a customer company, with its dependency and its terms, and places
 * the order in one transaction (decision 0043-ordering-wizard).
 *
 * @example
 * await client.call(PlaceOrder, {
 *   requestId: crypto.randomUUID(), customerId: 12, productName: 'backup',
 *   views: { Service: { Values: { Devices: 5 } } }, dependency: null, scheduledDate: null,
 * });
 */
import { z } from 'zod';
import { SCHEDULED_DATE } from './account-creation.js';
import { AccountIdSchema, ViewValuesInputSchema } from './accounts.js';
import { ChargeSummarySchema } from './charge-summary.js';
import { defineOperation } from './operation.js';

const PRODUCT_CREATE = { kind: 'capability', capability: { name: 'PRODUCT_ACCOUNT', kind: 'CREATE' } } as const;
const TC_ACCEPT = { kind: 'capability', capability: { name: 'MARKETPLACE_TC_ACCEPT', kind: 'EXECUTE' } } as const;

/** [M5.13] The ordering wizard's refusals, as the spec spells them. */
export const ORDERING_REFUSALS = {
  MultipleDependencies: 'Sorry multiple dependencies are not supported',
  NotCompanyLevel: "Ordering tool currently supports adding only 'Company' level services.",
} as const;
export const OrderingRefusalCodeSchema = z.enum(['NotCompanyLevel', 'MultipleDependencies']);
export type OrderingRefusalCode = z.infer<typeof OrderingRefusalCodeSchema>;

export const OrderingRefusalSchema = z.object({ Code: OrderingRefusalCodeSchema, Message: z.string() });
export type OrderingRefusal = z.infer<typeof OrderingRefusalSchema>;

/** [M2.42] A route parameter of digits only is a material number (the service's catalogue id). */
export function isMaterialNumber(param: string): boolean {
  return /^\d+$/.test(param) && Number(param) > 0;
}

/** At most this many customers in step 1. */
export const VISIBLE_COMPANIES_MAX = 500;

export const GetServiceNameByMaterialNumber = defineOperation({
  name: 'GetServiceNameByMaterialNumber',
  summary: '[M2.42] The ServiceName of the active service with this material number (its catalogue id) the caller may see',
  input: z.object({ materialNumber: z.number().int().positive({ message: 'Enter a material number above 0' }) }),
  output: z.object({ ServiceName: z.string() }),
  access: PRODUCT_CREATE,
  mutating: false,
});

export const VisibleCompanySchema = z.object({
  ChildAccountId: AccountIdSchema,
  DisplayName: z.string(),
  ParentDisplayName: z.string().nullable(),
});
export type VisibleCompany = z.infer<typeof VisibleCompanySchema>;

export const GetVisibleCompaniesForService = defineOperation({
  name: 'GetVisibleCompaniesForService',
  summary:
    "[M7.21] The companies in the caller's scope that may buy a service (its price list reaches them), by name; whether a new customer may be created inline [M6.14]",
  input: z.object({ productName: z.string().min(1, { message: 'Choose a service' }).max(1000) }),
  output: z.object({
    Items: z.array(VisibleCompanySchema).max(VISIBLE_COMPANIES_MAX),
    /** [M6.14] The caller's organisation is a Reseller and the caller holds COMPANY_ACCOUNT CREATE. */
    CanCreateCustomer: z.boolean(),
    /** Where CREATE NEW puts the company (the caller's reseller); null when !CanCreateCustomer. */
    CustomerParentId: AccountIdSchema.nullable(),
    /** [M5.13] The service cannot be ordered with this wizard; Items is then empty. */
    Refusal: OrderingRefusalSchema.nullable(),
  }),
  access: PRODUCT_CREATE,
  mutating: false,
});

export const OrderCustomerSchema = z.object({
  AccountId: AccountIdSchema,
  DisplayName: z.string(),
  CompanyName: z.string(),
  Domain: z.string(),
  VATID: z.string(),
  Address: z.string(),
  City: z.string(),
  Country: z.string(),
  Email: z.string(),
  Zip: z.string(),
});
export type OrderCustomer = z.infer<typeof OrderCustomerSchema>;

export const OrderServiceSchema = z.object({
  ServiceName: z.string(),
  DisplayName: z.string(),
  Icon: z.string().nullable(),
  ShortDescription: z.string(),
  /** [M2.42] The catalogue id. */
  MaterialNumber: z.number().int(),
});
export type OrderService = z.infer<typeof OrderServiceSchema>;

/** [M3.17] The service's (single) dependency and whether the customer already has it. */
export const OrderDependencySchema = z.object({
  ServiceName: z.string(),
  DisplayName: z.string(),
  IsProductAdded: z.boolean(),
  /** The customer's existing subscription of the dependency; null when not added. */
  AccountId: AccountIdSchema.nullable(),
});
export type OrderDependency = z.infer<typeof OrderDependencySchema>;

/** [M3.25] [M4.22] The terms of one service of the order, revision-aware. */
export const OrderTermsSchema = z.object({
  ServiceName: z.string(),
  ServiceDisplayName: z.string(),
  Title: z.string(),
  Content: z.string(),
  LatestRevision: z.number().int(),
  /** The revision the customer accepted last; null when never. */
  AcceptedRevision: z.number().int().nullable(),
  /** The latest revision is accepted (an older accepted revision counts as not accepted). */
  Accepted: z.boolean(),
  /** Services with the same key share their terms and are accepted together; null when not shared. */
  GroupKey: z.string().nullable(),
});
export type OrderTerms = z.infer<typeof OrderTermsSchema>;

export const GetMarketServiceForAccount = defineOperation({
  name: 'GetMarketServiceForAccount',
  summary:
    '[M7.16] A service as the ordering wizard shows it for a customer: the customer, the service, its dependency and the terms to accept',
  input: z.object({
    accountId: AccountIdSchema,
    serviceName: z.string().min(1, { message: 'Choose a service' }).max(1000),
  }),
  output: z.object({
    Customer: OrderCustomerSchema,
    Service: OrderServiceSchema,
    Dependency: OrderDependencySchema.nullable(),
    /** The main service's and, when not added, the dependency's terms; only services that have terms. */
    Terms: z.array(OrderTermsSchema),
    /** The viewer holds MARKETPLACE_TC_ACCEPT EXECUTE. */
    CanAcceptTerms: z.boolean(),
    Refusal: OrderingRefusalSchema.nullable(),
  }),
  access: PRODUCT_CREATE,
  account: (i) => i.accountId,
  mutating: false,
});

export const AcceptTermsForMarketplaceService = defineOperation({
  name: 'AcceptTermsForMarketplaceService',
  summary: "[M7.19] [M4.22] Accept a service's latest terms for a customer, together with every service of its linked group",
  input: z.object({
    accountId: AccountIdSchema,
    serviceName: z.string().min(1, { message: 'Choose a service' }).max(1000),
  }),
  output: z.object({ Accepted: z.array(z.object({ ServiceName: z.string(), Revision: z.number().int() })) }),
  access: TC_ACCEPT,
  account: (i) => i.accountId,
  mutating: true,
});

export const PlaceOrder = defineOperation({
  name: 'PlaceOrder',
  summary:
    '[M4.21] Place an order for a customer in one transaction: the dependency when not added, the service, the order(s), provisioning and the confirmation e-mail; idempotent by requestId',
  input: z.object({
    /** Made once per wizard run: the same id (by the same user) is the same order. */
    requestId: z.uuid({ message: 'Send the request id as a UUID' }),
    customerId: AccountIdSchema,
    productName: z.string().min(1, { message: 'Choose a service' }).max(1000),
    views: ViewValuesInputSchema,
    /** The dependency's values when it is not added yet; null when the service has none or it is added. */
    dependency: z.object({ views: ViewValuesInputSchema }).nullable().default(null),
    /** [M5.16] yyyy-MM-dd HH:mm, UTC, in the future; null provisions at once. */
    scheduledDate: z.string().regex(SCHEDULED_DATE, 'Enter the date as yyyy-MM-dd HH:mm (UTC)').nullable().default(null),
  }),
  output: z.object({
    AccountId: AccountIdSchema,
    DisplayName: z.string(),
    DependencyAccountId: AccountIdSchema.nullable(),
    OrderNumber: z.string(),
    OrderStatus: z.enum(['Completed', 'UnderReview']),
    ProvisioningRequestId: z.number().int().nullable(),
    /** ISO 8601 UTC; null when provisioning started at once (or waits for the review). */
    ScheduledFor: z.string().nullable(),
    /** The address an under-review notice went to. */
    NoticeSentTo: z.string().nullable(),
    /** Where the order confirmation e-mail went (the placing user and the customer's administrators). */
    ConfirmationSentTo: z.array(z.string()),
    PostCreationMessage: z.object({ Title: z.string(), Message: z.string() }).nullable(),
    CustomerId: AccountIdSchema,
    /** This answer is the stored result of an earlier request with the same requestId. */
    Replayed: z.boolean(),
    /**
     * What the first invoice holds for the whole order (the service and a dependency placed with it), as the review
     * showed it (decision 0045); null without BILLING_SHOWPRODUCTPRICE read.
     */
    Charges: ChargeSummarySchema.nullable().default(null),
  }),
  access: PRODUCT_CREATE,
  account: (i) => i.customerId,
  mutating: true,
});

export const orderingOperations = [
  GetServiceNameByMaterialNumber,
  GetVisibleCompaniesForService,
  GetMarketServiceForAccount,
  AcceptTermsForMarketplaceService,
  PlaceOrder,
] as const;
