/** Accounts: the hierarchy of providers, resellers, companies, departments, users and products. */
import { z } from 'zod';
import { defineOperation } from './operation.js';
import { RecordVersionSchema } from './versions.js';

export const ACCOUNT_TYPES = ['Provider', 'Reseller', 'Company', 'Department', 'User', 'Product'] as const;
export const AccountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof AccountTypeSchema>;

export const ACCOUNT_STATES = ['Active', 'Suspended', 'Terminated'] as const;
export const AccountStateSchema = z.enum(ACCOUNT_STATES);
export type AccountState = z.infer<typeof AccountStateSchema>;

export const AccountIdSchema = z.number().int().positive();

export const DISPLAY_TYPES = [
  'Text',
  'TextArea',
  'Email',
  'Phone',
  'Number',
  'Decimal',
  'Date',
  'Select',
  'Checkbox',
  'Currency',
  /** A secret typed twice and never shown back (the reset-password custom action). */
  'Password',
] as const;
export const DisplayTypeSchema = z.enum(DISPLAY_TYPES);
export type DisplayType = z.infer<typeof DisplayTypeSchema>;

export const FieldOptionSchema = z.object({
  Value: z.string(),
  DisplayName: z.string(),
});

/** [A3.2] Field definition, plus the validation attributes the portal needs (IsRequired and later). */
export const FieldDefinitionSchema = z.object({
  Name: z.string(),
  DisplayName: z.string(),
  DisplayType: DisplayTypeSchema,
  DisplayTemplate: z.string().nullable(),
  InputMask: z.string().nullable(),
  AccountViewName: z.string(),
  IsModifyConfirmRequired: z.boolean(),
  IsRequired: z.boolean(),
  IsReadOnly: z.boolean(),
  MaxLength: z.number().int().nullable(),
  /** A regular expression the value must match, with the message shown when it does not. */
  Pattern: z.string().nullable(),
  PatternMessage: z.string().nullable(),
  Options: z.array(FieldOptionSchema),
});
export type FieldDefinition = z.infer<typeof FieldDefinitionSchema>;

export const FieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type FieldValue = z.infer<typeof FieldValueSchema>;

export const ViewSchema = z.object({
  Name: z.string(),
  FieldDefinitions: z.array(FieldDefinitionSchema),
  Values: z.record(z.string(), FieldValueSchema),
  DisplayValues: z.record(z.string(), z.string()),
});
export type View = z.infer<typeof ViewSchema>;

export const CONTAINER_STATES = ['Expanded', 'Collapsed', 'Hidden'] as const;
export const LayoutContainerSchema = z.object({
  Name: z.string(),
  DisplayName: z.string(),
  State: z.enum(CONTAINER_STATES),
  Fields: z.array(z.object({ View: z.string(), Name: z.string() })),
});
export const LayoutPageSchema = z.object({
  Name: z.string(),
  DisplayName: z.string(),
  Containers: z.array(LayoutContainerSchema),
});
export const LayoutSchema = z.object({
  AccountType: AccountTypeSchema,
  Pages: z.array(LayoutPageSchema),
});
export type Layout = z.infer<typeof LayoutSchema>;
export type LayoutPage = z.infer<typeof LayoutPageSchema>;
export type LayoutContainer = z.infer<typeof LayoutContainerSchema>;

export const HierarchyEntrySchema = z.object({
  AccountId: AccountIdSchema,
  ParentAccountId: AccountIdSchema.nullable(),
  AccountType: AccountTypeSchema,
  DisplayName: z.string(),
  ProductDisplayName: z.string().nullable(),
});
export type HierarchyEntry = z.infer<typeof HierarchyEntrySchema>;

export const CustomActionSchema = z.object({
  Name: z.string(),
  DisplayName: z.string(),
  Icon: z.string().nullable(),
});

/** Tabs of the account page besides the layout pages [A2.12]-[A2.25]; the server decides which apply. */
export const ACCOUNT_TAB_IDS = [
  'Credit_check',
  'Service_info',
  'Available_services',
  'Custom_charge',
  'Billing',
  'Notifications',
  'Provisioning',
  'Security',
  'User_security',
  'Audit_log',
  'User_log',
  'Notes',
  'Discount',
  'Special_deal',
  /** Decision 0054: the direct children of a reseller or company, searched, filtered and paged. */
  'Accounts',
] as const;
export const AccountTabIdSchema = z.enum(ACCOUNT_TAB_IDS);
export type AccountTabId = z.infer<typeof AccountTabIdSchema>;

export const AccountTabSchema = z.discriminatedUnion('Kind', [
  /** A page of the account's layout, drawn by the dynamic form. */
  z.object({ Kind: z.literal('LayoutPage'), Id: z.string(), DisplayName: z.string() }),
  /** A feature tab. */
  z.object({ Kind: z.literal('Feature'), Id: AccountTabIdSchema, DisplayName: z.string() }),
  /** [A2.11] A report page of the account's layout: a report embedded for this account (decision 0028). */
  z.object({
    Kind: z.literal('ReportPage'),
    Id: z.string(),
    DisplayName: z.string(),
    ReportId: z.string(),
    WorkgroupId: z.string(),
  }),
]);
export type AccountTab = z.infer<typeof AccountTabSchema>;

/** [A3.1] An account with its views, the hierarchy above it (inside the caller's scope) and its layout. */
export const AccountSchema = z.object({
  AccountIdentificator: AccountIdSchema,
  Views: z.record(z.string(), ViewSchema),
  /** Ancestors from the caller's scope root down to and including this account. */
  Hierarchy: z.array(HierarchyEntrySchema),
  /** The same chain as account ids joined by '/'. */
  AccountPath: z.string(),
  CustomActions: z.array(CustomActionSchema),
  Layout: LayoutSchema,
  /** The tab strip in order: layout pages first, then the feature tabs this viewer may open. */
  Tabs: z.array(AccountTabSchema),
  /** Decision 0036: the version an UpdateAccount sends back, and who saved the account's fields last. */
  Version: RecordVersionSchema,
  UpdatedBy: z.string().nullable(),
  UpdatedAt: z.string().nullable(),
  Permissions: z.object({
    CanUpdate: z.boolean(),
    /** Terminate, or cancel a scheduled termination [A4.1], [A6.13]. */
    CanTerminate: z.boolean(),
    /** Move under another parent: User and Product accounts with ACCOUNT_MOVE_EXECUTE [A6.9]. */
    CanMove: z.boolean(),
    /** Save without provisioning: PROVISIONING_REQUEST_SKIP_BACKEND_EXECUTE [A6.4]. */
    CanSaveWithoutProvisioning: z.boolean().default(false),
    /** Recreate the provisioning request of a Product account: PROVISIONING_REQUEST_CREATE [A6.5], [A2.37]. */
    CanRecreateProvisioning: z.boolean().default(false),
    /** The price preview block of a Product account: BILLING_SHOWPRODUCTPRICE read [A2.34], [A6.17]. */
    CanSeePricePreview: z.boolean().default(false),
    /** The Orders page and the "pending approval" banner's link: CREDITCHECK_COMPANYORDERS or ORDER_MANAGEMENT read [A2.33]. */
    CanSeeOrders: z.boolean().default(false),
    /** The exchange rates screen, linked from the "exchange rate not up to date" banner: EXCHANGE_RATE read [A2.33]. */
    CanSeeExchangeRates: z.boolean().default(false),
    /** [A1.3] The account types this viewer may create under this account: the account page's Create menu. */
    CreatableChildTypes: z.array(AccountTypeSchema).default([]),
  }),
});
export type Account = z.infer<typeof AccountSchema>;

export const TreeNodeSchema: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({
    AccountId: AccountIdSchema,
    ParentAccountId: AccountIdSchema.nullable(),
    AccountType: AccountTypeSchema,
    AccountState: AccountStateSchema,
    DisplayName: z.string(),
    ChildCount: z.number().int(),
    Children: z.array(TreeNodeSchema),
    /** True when more children exist than were returned. */
    HasMoreChildren: z.boolean(),
  }),
);
export interface TreeNode {
  AccountId: number;
  ParentAccountId: number | null;
  AccountType: AccountType;
  AccountState: AccountState;
  DisplayName: string;
  ChildCount: number;
  Children: TreeNode[];
  HasMoreChildren: boolean;
}

export const ViewValuesInputSchema = z.record(z.string(), z.object({ Values: z.record(z.string(), FieldValueSchema) }));

export const LoadAccountById = defineOperation({
  name: 'LoadAccountById',
  summary: 'Load one account with its views, hierarchy and layout [A7.5]',
  input: z.object({ id: AccountIdSchema }),
  output: AccountSchema,
  access: { kind: 'accountType', permission: 'READ' },
  account: (i) => i.id,
  mutating: false,
});

export const GetPartialCompanyHierarchy = defineOperation({
  name: 'GetPartialCompanyHierarchy',
  summary: 'The account and its descendants down to a depth; children are paged [A7.11]',
  input: z.object({
    id: AccountIdSchema,
    depth: z.number().int().min(0).max(5).default(1),
    childLimit: z.number().int().min(1).max(500).default(100),
    childOffset: z.number().int().min(0).default(0),
  }),
  output: TreeNodeSchema,
  access: { kind: 'session' },
  account: (i) => i.id,
  mutating: false,
});

export const SubtreeItemSchema = z.object({
  AccountId: AccountIdSchema,
  ParentAccountId: AccountIdSchema.nullable(),
  AccountType: AccountTypeSchema,
  AccountState: AccountStateSchema,
  DisplayName: z.string(),
  Depth: z.number().int(),
});

export const ListAccountSubtree = defineOperation({
  name: 'ListAccountSubtree',
  summary: 'Page through every account below an account, depth first (keyset paging)',
  input: z.object({
    id: AccountIdSchema,
    cursor: z.string().max(2000).nullable().default(null),
    limit: z.number().int().min(1).max(500).default(50),
  }),
  output: z.object({
    Items: z.array(SubtreeItemSchema),
    NextCursor: z.string().nullable(),
  }),
  access: { kind: 'session' },
  account: (i) => i.id,
  mutating: false,
});

export const UpdateAccount = defineOperation({
  name: 'UpdateAccount',
  summary: 'Update view values of an account; sensitive fields need UpdateAccountByConfirm [A7.11]',
  input: z.object({
    id: AccountIdSchema,
    views: ViewValuesInputSchema,
    /** The Version LoadAccountById returned; a stale one answers 409 with the account as it is now. */
    version: RecordVersionSchema,
    /** Save without provisioning [A4.2]: needs PROVISIONING_REQUEST_SKIP_BACKEND_EXECUTE [A6.4]. */
    skipProvisioning: z.boolean().default(false),
  }),
  output: AccountSchema,
  access: { kind: 'accountType', permission: 'UPDATE' },
  account: (i) => i.id,
  mutating: true,
});

export const UpdateAccountByConfirm = defineOperation({
  name: 'UpdateAccountByConfirm',
  summary: 'UpdateAccount with the sensitive-change confirmation given [A5.6]',
  input: z.object({
    id: AccountIdSchema,
    views: ViewValuesInputSchema,
    /** The Version LoadAccountById returned; a stale one answers 409 with the account as it is now. */
    version: RecordVersionSchema,
    confirmation: z.literal(true),
    skipProvisioning: z.boolean().default(false),
  }),
  output: AccountSchema,
  access: { kind: 'accountType', permission: 'UPDATE' },
  account: (i) => i.id,
  mutating: true,
});

export const TerminateAccount = defineOperation({
  name: 'TerminateAccount',
  summary: 'Terminate an account and everything below it now, or schedule it for a later date (UTC) [A4.1]',
  input: z.object({
    id: AccountIdSchema,
    /** ISO 8601 UTC; null or absent terminates now. */
    terminationDate: z.iso
      .datetime({ offset: true, message: 'Enter the date and time in ISO 8601 form' })
      .nullable()
      .default(null),
  }),
  output: AccountSchema,
  access: { kind: 'accountType', permission: 'DELETE' },
  account: (i) => i.id,
  mutating: true,
});

export const CancelAccountTermination = defineOperation({
  name: 'CancelAccountTermination',
  summary: 'Clear the TerminationDate of a scheduled termination [A4.1]',
  input: z.object({ id: AccountIdSchema }),
  output: AccountSchema,
  access: { kind: 'accountType', permission: 'DELETE' },
  account: (i) => i.id,
  mutating: true,
});

export const SearchAccountsItemSchema = z.object({
  AccountId: AccountIdSchema,
  AccountType: AccountTypeSchema,
  DisplayName: z.string(),
  ParentDisplayName: z.string().nullable(),
});

export const SearchAccounts = defineOperation({
  name: 'SearchAccounts',
  summary: "Accounts inside the caller's scope whose display name contains the text",
  input: z.object({
    text: z.string().trim().min(2, 'Type at least 2 characters').max(100),
    types: z.array(AccountTypeSchema).max(6).default([]),
    limit: z.number().int().min(1).max(50).default(20),
  }),
  output: z.object({ Items: z.array(SearchAccountsItemSchema) }),
  access: { kind: 'session' },
  mutating: false,
});

export const MoveAccount = defineOperation({
  name: 'MoveAccount',
  summary: 'Move a User or Product account, with everything below it, under another parent [A6.9]',
  input: z.object({ id: AccountIdSchema, newParentId: AccountIdSchema }),
  output: AccountSchema,
  access: { kind: 'capability', capability: { name: 'ACCOUNT_MOVE', kind: 'EXECUTE' } },
  account: (i) => i.id,
  mutating: true,
});

export const accountOperations = [
  SearchAccounts,
  MoveAccount,
  TerminateAccount,
  CancelAccountTermination,
  LoadAccountById,
  GetPartialCompanyHierarchy,
  ListAccountSubtree,
  UpdateAccount,
  UpdateAccountByConfirm,
] as const;
