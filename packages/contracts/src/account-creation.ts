/**
 * The account creation wizard [A1.3], [A2.39]-[A2.45], [A7.13]: which account may hold which new account,
 * the default views and layout pages of a new account, the parent picker and CreateAccount itself.
 */
import { z } from 'zod';
import {
  AccountIdSchema,
  type AccountType,
  AccountTypeSchema,
  LayoutSchema,
  ViewSchema,
  ViewValuesInputSchema,
} from './accounts.js';
import { ACCOUNT_TYPE_CAPABILITY } from './capabilities.js';
import { ChargeSummarySchema, UnpricedFieldSchema } from './charge-summary.js';
import { OrdersWithoutLimitSchema } from './credit-limits.js';
import { defineOperation } from './operation.js';

/** The account types the wizard creates (decision 0027-wizard-parents); Product is a service subscription [A1.1]. */
export const CREATE_ACCOUNT_TYPES = ['Reseller', 'Company', 'Department', 'User', 'Product'] as const;
export const CreateAccountTypeSchema = z.enum(CREATE_ACCOUNT_TYPES, {
  message: `Choose one of ${CREATE_ACCOUNT_TYPES.join(', ')}`,
});
export type CreateAccountType = z.infer<typeof CreateAccountTypeSchema>;

/**
 * Which account types may hold a new account of each type: Company and Reseller under a Reseller or the
 * provider [A2.43]; Department under a Company or a Department; User under the provider, a Reseller, a Company or a
 * Department (with the department choice of [A2.40]).
 */
export const CREATE_PARENT_TYPES: Readonly<Record<CreateAccountType, readonly AccountType[]>> = {
  Reseller: ['Provider', 'Reseller'],
  Company: ['Provider', 'Reseller'],
  Department: ['Company', 'Department'],
  // A provider's and a reseller's own staff are users directly under them, as in the demo tenant.
  User: ['Provider', 'Reseller', 'Company', 'Department'],
  // The creation wizard's parent: a User. A Product is also valid under a Company when its service's Parents
  // include Company (decideCreateParent's serviceParents; the ordering wizard, decision 0043).
  Product: ['User'],
};

/** The extra parent types a Product may have when its service's Parents include them (decision 0043). */
export const SERVICE_PARENT_TYPES: readonly AccountType[] = ['Company'];

/**
 * The account types the parent tree shows for each new type: possible parents and the accounts on the way to
 * them. For Company and Reseller only Reseller accounts (and the provider) [A2.43].
 */
export const CREATE_TREE_TYPES: Readonly<Record<CreateAccountType, readonly AccountType[]>> = {
  Reseller: ['Provider', 'Reseller'],
  Company: ['Provider', 'Reseller'],
  Department: ['Provider', 'Reseller', 'Company', 'Department'],
  User: ['Provider', 'Reseller', 'Company', 'Department'],
  Product: ['Provider', 'Reseller', 'Company', 'Department', 'User'],
};

/** The `<TYPE>_ACCOUNT_CREATE` capability key a new account of this type needs [A6.6], [A6.7]. */
export function createCapabilityKey(type: CreateAccountType): string {
  return `${ACCOUNT_TYPE_CAPABILITY[type]}_CREATE`;
}

export type CreateParentDecision = { ok: true } | { ok: false; message: string };

/**
 * Whether an account may be the parent of a new account of this type.
 *
 * @example
 * decideCreateParent({ accountType: 'Company', parentType: 'Company', parentState: 'Active' })
 * // { ok: false, message: 'A company can be created under a reseller or the provider' }
 */
export function decideCreateParent(params: {
  accountType: CreateAccountType;
  parentType: AccountType;
  parentState: string;
  /** A Product's service's Parents (catalogue): a Company parent is valid when they include Company. */
  serviceParents?: readonly string[];
}): CreateParentDecision {
  const byService =
    params.accountType === 'Product' &&
    SERVICE_PARENT_TYPES.includes(params.parentType) &&
    (params.serviceParents ?? []).includes(params.parentType);
  if (!byService && !CREATE_PARENT_TYPES[params.accountType].includes(params.parentType)) {
    return { ok: false, message: PARENT_MESSAGES[params.accountType] };
  }
  if (params.parentState === 'Terminated') return { ok: false, message: 'Choose a parent that is not terminated' };
  return { ok: true };
}

const PARENT_MESSAGES: Readonly<Record<CreateAccountType, string>> = {
  Reseller: 'A reseller can be created under a reseller or the provider',
  Company: 'A company can be created under a reseller or the provider',
  Department: 'A department can be created under a company or a department',
  User: 'A user can be created under the provider, a reseller, a company or a department',
  Product: 'A service can be created under a user',
};

/**
 * The types a viewer may create under an account: the parent rules allow it and the viewer holds the type's
 * CREATE capability. The account page offers exactly these in its Create menu.
 */
export function creatableChildTypes(params: {
  parentType: AccountType;
  parentState: string;
  capabilities: ReadonlySet<string>;
}): CreateAccountType[] {
  return CREATE_ACCOUNT_TYPES.filter(
    (type) =>
      params.capabilities.has(createCapabilityKey(type)) &&
      decideCreateParent({ accountType: type, parentType: params.parentType, parentState: params.parentState }).ok,
  );
}

/**
 * [A2.9] The wizard's accountType parameter: Service maps to Product [A1.1]; anything else unknown is null.
 *
 * @example
 * wizardAccountType('Service') // 'Product'
 */
export function wizardAccountType(param: string | null | undefined): CreateAccountType | null {
  if (param === 'Service') return 'Product';
  return (CREATE_ACCOUNT_TYPES as readonly string[]).includes(param ?? '') ? (param as CreateAccountType) : null;
}

/**
 * A new user's role (decision 0027-wizard-parents, "Roles of new users"): the wizard asks for it as the field
 * Access.Role, a view of its own that is never stored as an account attribute.
 */
export const ROLE_VIEW = 'Access';
export const ROLE_FIELD = 'Role';

/** The kinds of organisation a new user can belong to, for its role choice. */
export type RoleOrganisationKind = 'Provider' | 'Reseller' | 'Company' | 'Vendor';

/**
 * The standard roles a new user of each kind of organisation may be given, and the one offered first (the
 * least privileged). Only roles of the user's own organisation kind: a company's user never becomes a reseller
 * or provider administrator, whoever creates it.
 */
export const NEW_USER_ROLES: Readonly<Record<RoleOrganisationKind, { roles: readonly string[]; default: string }>> = {
  Provider: { roles: ['Provider administrator', 'Auditor'], default: 'Auditor' },
  Reseller: { roles: ['Reseller administrator', 'Auditor'], default: 'Auditor' },
  Company: { roles: ['Company administrator', 'Company user'], default: 'Company user' },
  Vendor: {
    roles: ['Vendor service administrator', 'Vendor service editor', 'Company administrator', 'Company user'],
    default: 'Company user',
  },
};

/**
 * The organisation kind of a new user for its role: that of the nearest provider, reseller or company above it
 * (a vendor is a company that sells services); null when there is none.
 *
 * @example roleOrganisationKind('Company', true) // 'Vendor'
 */
export function roleOrganisationKind(organisationType: AccountType | null, isVendor: boolean): RoleOrganisationKind | null {
  if (organisationType === 'Provider' || organisationType === 'Reseller') return organisationType;
  if (organisationType === 'Company') return isVendor ? 'Vendor' : 'Company';
  return null;
}

/** [A5.8] The scheduled provisioning date's format: yyyy-MM-dd HH:mm, UTC. */
export const SCHEDULED_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/**
 * [A5.8] A scheduled provisioning date as a time: null when it is not a real yyyy-MM-dd HH:mm date (UTC).
 *
 * @example
 * parseScheduledDate('2030-01-31 08:00') // 2030-01-31T08:00:00.000Z
 */
export function parseScheduledDate(text: string): Date | null {
  if (!SCHEDULED_DATE.test(text)) return null;
  const date = new Date(`${text.replace(' ', 'T')}:00.000Z`);
  if (Number.isNaN(date.getTime())) return null;
  return date.toISOString().slice(0, 16).replace('T', ' ') === text ? date : null;
}

/** Any one of the CREATE capabilities lets a caller open the wizard; the service checks the one for the type. */
const ANY_CREATE = {
  kind: 'anyCapability',
  capabilities: [
    { name: 'RESELLER_ACCOUNT', kind: 'CREATE' },
    { name: 'COMPANY_ACCOUNT', kind: 'CREATE' },
    { name: 'DEPARTMENT_ACCOUNT', kind: 'CREATE' },
    { name: 'USER_ACCOUNT', kind: 'CREATE' },
    { name: 'PRODUCT_ACCOUNT', kind: 'CREATE' },
  ],
} as const;

/** A catalogue service the wizard can create a subscription of [A2.41]. */
export const CreateServiceItemSchema = z.object({
  ServiceName: z.string(),
  DisplayName: z.string(),
  ShortDescription: z.string(),
  OwnerName: z.string(),
  Icon: z.string().nullable(),
  HasTerms: z.boolean(),
});
export type CreateServiceItem = z.infer<typeof CreateServiceItemSchema>;

/** [A2.41] A service's terms and conditions, and whether the new subscription's company accepted this revision. */
export const ServiceTermsSchema = z.object({
  Title: z.string(),
  Content: z.string(),
  Revision: z.number().int(),
  Accepted: z.boolean(),
  /** The viewer holds MARKETPLACE_TC_ACCEPT_EXECUTE [A6.18]. */
  CanAccept: z.boolean(),
});
export type ServiceTerms = z.infer<typeof ServiceTermsSchema>;

export const CreateParentSchema = z.object({
  AccountId: AccountIdSchema,
  AccountType: AccountTypeSchema,
  DisplayName: z.string(),
});

export const GetDefaultAccountViewsForCreate = defineOperation({
  name: 'GetDefaultAccountViewsForCreate',
  summary: 'The views (field definitions and default values) and layout pages of a new account of a type under a parent [A7.13]',
  input: z.object({
    accountType: CreateAccountTypeSchema,
    parentId: AccountIdSchema,
    /** [A2.41] The service of a new Product account (its ServiceName); required for a Product. */
    productName: z.string().max(1000).nullable().default(null),
    secondaryParentId: AccountIdSchema.nullable().default(null),
  }),
  output: z.object({
    AccountType: CreateAccountTypeSchema,
    Parent: CreateParentSchema,
    /** Only the fields a new account can be given; values are the defaults. */
    Views: z.record(z.string(), ViewSchema),
    /** The type's layout pages without read-only fields (they are set by the server). */
    Layout: LayoutSchema,
    /** For a Product: the chosen service and its terms and conditions (null when it has none). */
    Service: CreateServiceItemSchema.nullable().default(null),
    Terms: ServiceTermsSchema.nullable().default(null),
  }),
  access: ANY_CREATE,
  account: (i) => i.parentId,
  mutating: false,
});

export const CreateAccount = defineOperation({
  name: 'CreateAccount',
  summary:
    'Create an account of a type under a parent from its view values, validated like UpdateAccount; returns the new id [A7.13]',
  input: z.object({
    accountType: CreateAccountTypeSchema,
    parentId: AccountIdSchema,
    /** [A2.41] The service of a new Product account. */
    productName: z.string().max(1000).nullable().default(null),
    views: ViewValuesInputSchema,
    /**
     * [A4.10] [A5.8] Schedule the new Product's provisioning: yyyy-MM-dd HH:mm (UTC), never in the past; null
     * provisions at once.
     */
    scheduledDate: z.string().regex(SCHEDULED_DATE, 'Enter the date as yyyy-MM-dd HH:mm (UTC)').nullable().default(null),
  }),
  output: z.object({
    AccountId: AccountIdSchema,
    AccountType: CreateAccountTypeSchema,
    DisplayName: z.string(),
    ParentAccountId: AccountIdSchema,
    /** A User account can be sent its first-time credentials (SendUserFirstTimePassword). */
    CanSendCredentials: z.boolean(),
    /** The role a new User was given; null for other accounts, or when the installation has no standard roles. */
    Role: z.string().nullable().default(null),
    /** A Product's order: Completed, or UnderReview above the company's credit limit [A4.8], [A8.7]. */
    OrderStatus: z.enum(['Completed', 'UnderReview', 'Canceled']).nullable().default(null),
    /** The CREATE provisioning request started for a Product (null when its service defines none). */
    ProvisioningRequestId: z.number().int().nullable().default(null),
    /** ISO 8601 UTC time the provisioning is scheduled for; null when it started at once. */
    ScheduledFor: z.string().nullable().default(null),
    /** [A2.44] The address an order under review was notified to (the caller's e-mail); null when none was sent. */
    NoticeSentTo: z.string().nullable().default(null),
    /** A Product's order number, and what its first invoice holds (only with BILLING_SHOWPRODUCTPRICE read) [A6.17]. */
    OrderNumber: z.string().nullable().default(null),
    Charges: ChargeSummarySchema.nullable().default(null),
  }),
  access: ANY_CREATE,
  account: (i) => i.parentId,
  mutating: true,
});

export const CreateParentItemSchema = z.object({
  AccountId: AccountIdSchema,
  AccountType: AccountTypeSchema,
  DisplayName: z.string(),
  ParentDisplayName: z.string().nullable(),
  /** The account may hold the new account; otherwise it is only on the way to such accounts. */
  CanBeParent: z.boolean(),
  /** It has children the parent tree shows. */
  HasChildren: z.boolean(),
});
export type CreateParentItem = z.infer<typeof CreateParentItemSchema>;

export const GetAvailableCreateParents = defineOperation({
  name: 'GetAvailableCreateParents',
  summary:
    "Accounts inside the caller's scope to choose as parent of a new account: a search by name, or one level of the parent tree (filtered to Reseller accounts for a Company or Reseller [A2.43])",
  input: z.object({
    accountType: CreateAccountTypeSchema,
    /** The tree node whose children to list; null lists the caller's own organisation. */
    parentId: AccountIdSchema.nullable().default(null),
    /** With 2 or more characters, searches the whole scope instead and lists only possible parents. */
    text: z.string().trim().max(100).default(''),
    limit: z.number().int().min(1).max(200).default(100),
  }),
  output: z.object({ Items: z.array(CreateParentItemSchema) }),
  access: ANY_CREATE,
  account: (i) => i.parentId,
  mutating: false,
});

const PRODUCT_CREATE = { kind: 'capability', capability: { name: 'PRODUCT_ACCOUNT', kind: 'CREATE' } } as const;

export const GetAvailableServicesForCreate = defineOperation({
  name: 'GetAvailableServicesForCreate',
  summary: 'The active catalogue services a subscription can be created of under a user, by name [A2.41]',
  input: z.object({
    parentId: AccountIdSchema,
    text: z.string().trim().max(100).default(''),
    limit: z.number().int().min(1).max(100).default(50),
  }),
  output: z.object({ Parent: CreateParentSchema, Items: z.array(CreateServiceItemSchema) }),
  access: PRODUCT_CREATE,
  account: (i) => i.parentId,
  mutating: false,
});

export const AcceptTermsAndConditions = defineOperation({
  name: 'AcceptTermsAndConditions',
  summary:
    "Accept a service's current terms and conditions for the company of an account [A7.13], [A5.11]; needs MARKETPLACE_TC_ACCEPT_EXECUTE [A6.18]",
  input: z.object({ accountId: AccountIdSchema, productName: z.string().min(1).max(1000) }),
  output: z.object({ ProductName: z.string(), Revision: z.number().int(), Accepted: z.literal(true) }),
  access: { kind: 'capability', capability: { name: 'MARKETPLACE_TC_ACCEPT', kind: 'EXECUTE' } },
  account: (i) => i.accountId,
  mutating: true,
});

export const PriceReviewLineSchema = z.object({
  Description: z.string(),
  ChargeType: z.string(),
  Units: z.string(),
  /** Selling price per unit and total in the customer's currency; null when the fee has no retail price. */
  UnitPrice: z.string().nullable(),
  Total: z.string().nullable(),
  /** The service the line prices (the ordered service or its dependency). */
  ServiceName: z.string().default(''),
});

/**
 * Decision 0046: the customer's credit as the order review shows it, in the customer's currency. Limit null: no
 * limit is set (then OrdersWithoutLimit decides). Open: the first invoices of the customer's orders under review.
 * ThisOrder: this order's first invoice (null when a fee has no retail price). Over: by how much open + this order
 * exceed the limit (null without a limit or amount, "0.00" when it fits).
 */
export const OrderCreditSchema = z.object({
  Limit: z.string().nullable(),
  Open: z.string(),
  ThisOrder: z.string().nullable(),
  Over: z.string().nullable(),
  Currency: z.string(),
  OrdersWithoutLimit: OrdersWithoutLimitSchema,
});
export type OrderCredit = z.infer<typeof OrderCreditSchema>;
/** [M6.10] The reseller's purchase price of the order and its gross margin per month (BILLING_SHOWPRODUCTPRICE_MARGIN read). */
export const PurchasePriceSchema = z.object({
  Monthly: z.string(),
  Setup: z.string(),
  /** Selling monthly minus purchase monthly. */
  GrossMarginMonthly: z.string(),
  Currency: z.string(),
});
export type PurchasePrice = z.infer<typeof PurchasePriceSchema>;

export const ValidateCreateOrderBottleneck = defineOperation({
  name: 'ValidateCreateOrderBottleneck',
  summary:
    'Check a new subscription before its order review [A4.10], [A5.7], [A8.8]: Valid or the message to show, with the price lines of the review',
  input: z.object({
    parentId: AccountIdSchema,
    productName: z.string().min(1).max(1000),
    views: ViewValuesInputSchema,
    /** [M4.21] The ordering wizard's dependency not yet added: its lines are part of the review. */
    dependency: z
      .object({ productName: z.string().min(1).max(1000), views: ViewValuesInputSchema })
      .nullable()
      .optional(),
  }),
  output: z.object({
    Valid: z.boolean(),
    /** The message to show when not Valid [A8.8]. */
    InvalidMessageRef: z.string().nullable(),
    Currency: z.string(),
    Lines: z.array(PriceReviewLineSchema),
    /** Selling totals; null when not Valid or a fee has no retail price. */
    Monthly: z.string().nullable(),
    Setup: z.string().nullable(),
    /** The first invoice is above the company's credit limit: the order will be under review [A4.8]. */
    AboveCreditLimit: z.boolean(),
    /** The viewer holds BILLING_SHOWPRODUCTPRICE read [A6.17]; otherwise no prices are given. */
    PricesShown: z.boolean(),
    /** The customer's credit (decision 0046): with FIELDS_CREDITLIMIT read and prices shown, for a company's order; else null. */
    Credit: OrderCreditSchema.nullable(),
    /** [M6.10] The reseller's purchase price and margin; null without BILLING_SHOWPRODUCTPRICE_MARGIN read or a price. */
    Purchase: PurchasePriceSchema.nullable().default(null),
    /** What the first invoice holds (setup, monthly, advance payment now); null when not Valid or prices are not shown. */
    Charges: ChargeSummarySchema.nullable().default(null),
    /** The service's number fields no fee reads: their values are not price drivers. */
    UnpricedFields: z.array(UnpricedFieldSchema).default([]),
  }),
  access: PRODUCT_CREATE,
  account: (i) => i.parentId,
  mutating: false,
});

/** [A9.7] At most this many suggested services. */
export const SUGGESTED_SERVICES_MAX = 3;

export const GetSuggestedServices = defineOperation({
  name: 'GetSuggestedServices',
  summary:
    'Up to 3 services to suggest after a subscription was created [A2.44], [A9.7]: other orderable services of its category',
  input: z.object({ productName: z.string().min(1).max(1000), accountId: AccountIdSchema }),
  output: z.object({ Items: z.array(CreateServiceItemSchema).max(SUGGESTED_SERVICES_MAX) }),
  access: PRODUCT_CREATE,
  account: (i) => i.accountId,
  mutating: false,
});

export const accountCreationOperations = [
  GetSuggestedServices,
  GetDefaultAccountViewsForCreate,
  CreateAccount,
  GetAvailableCreateParents,
  GetAvailableServicesForCreate,
  AcceptTermsAndConditions,
  ValidateCreateOrderBottleneck,
] as const;
