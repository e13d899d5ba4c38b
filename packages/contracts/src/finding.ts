/**
 * Finding things (issue 18, decision 0054): the header's global search, the children list of a reseller's or a
 * company's page, and a plain user's home "My services".
 *
 * @example
 * await client.call(GlobalSearch, { text: 'acme' });
 * await client.call(ListChildAccounts, { id: 5, text: 'dental', types: ['Company'], page: 1 });
 */
import { z } from 'zod';
import { AccountIdSchema, AccountStateSchema, AccountTypeSchema } from './accounts.js';
import { defineOperation } from './operation.js';
import { ORDERS_READ_CAPABILITY_KEYS, OrderStatusSchema } from './orders.js';

/** The search box answers from this many characters on. */
export const GLOBAL_SEARCH_MIN_CHARS = 2;
/** Each group of the global search shows at most this many results (a "see all" link leads further). */
export const GLOBAL_SEARCH_GROUP_LIMIT = 5;

const GroupFlags = { HasMore: z.boolean() };

export const GlobalSearchOutputSchema = z.object({
  /** Accounts inside the caller's scope whose name contains the text (the SearchAccounts rule). */
  Accounts: z.object({
    Items: z.array(
      z.object({
        AccountId: AccountIdSchema,
        AccountType: AccountTypeSchema,
        DisplayName: z.string(),
        ParentDisplayName: z.string().nullable(),
      }),
    ),
    ...GroupFlags,
  }),
  /** Services the caller may browse (the marketplace's Global source); null without a browsing capability. */
  Services: z
    .object({
      Items: z.array(z.object({ Id: z.number().int(), ServiceName: z.string(), DisplayName: z.string() })),
      ...GroupFlags,
    })
    .nullable(),
  /** Orders inside the caller's scope by number, company or service (ListOrders' search); null without orders read. */
  Orders: z
    .object({
      Items: z.array(
        z.object({
          OrderNumber: z.string(),
          AccountId: AccountIdSchema,
          Company: z.string(),
          Service: z.string(),
          Status: OrderStatusSchema,
          PlacedAt: z.string(),
        }),
      ),
      Total: z.number().int(),
      ...GroupFlags,
    })
    .nullable(),
});
export type GlobalSearchOutput = z.infer<typeof GlobalSearchOutputSchema>;

export const GlobalSearch = defineOperation({
  name: 'GlobalSearch',
  summary:
    "The header's search: accounts, services and orders the caller may see whose name (or order number) contains the text, up to 5 of each",
  input: z.object({
    text: z
      .string()
      .trim()
      .min(GLOBAL_SEARCH_MIN_CHARS, `Type at least ${GLOBAL_SEARCH_MIN_CHARS} characters`)
      .max(100, 'Enter at most 100 characters'),
    limit: z.number().int().min(1).max(10).default(GLOBAL_SEARCH_GROUP_LIMIT),
  }),
  output: GlobalSearchOutputSchema,
  // Each group follows its own source's capability; accounts need only a session, as SearchAccounts.
  access: { kind: 'session' },
  mutating: false,
});

/** The children list's page sizes. */
export const CHILD_ACCOUNTS_PAGE_SIZES = [10, 25, 50] as const;
export const CHILD_ACCOUNTS_PAGE_SIZE = 25;

export const ChildAccountSchema = z.object({
  AccountId: AccountIdSchema,
  AccountType: AccountTypeSchema,
  AccountState: AccountStateSchema,
  DisplayName: z.string(),
  ChildCount: z.number().int(),
});
export type ChildAccount = z.infer<typeof ChildAccountSchema>;

export const ListChildAccountsInputSchema = z.object({
  id: AccountIdSchema,
  /** Part of the display name, case-insensitive and literal; '' for any. */
  text: z.string().trim().max(100, 'Enter at most 100 characters').default(''),
  types: z.array(AccountTypeSchema).max(6).default([]),
  state: AccountStateSchema.nullable().default(null),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z
    .number()
    .int()
    .refine((n) => (CHILD_ACCOUNTS_PAGE_SIZES as readonly number[]).includes(n), {
      message: `Choose a page size of ${CHILD_ACCOUNTS_PAGE_SIZES.join(', ')}`,
    })
    .default(CHILD_ACCOUNTS_PAGE_SIZE),
});
export type ListChildAccountsInput = z.input<typeof ListChildAccountsInputSchema>;

export const ListChildAccounts = defineOperation({
  name: 'ListChildAccounts',
  summary: 'The direct children of an account by name, searched and filtered by type and state, paged with a total',
  input: ListChildAccountsInputSchema,
  output: z.object({
    Items: z.array(ChildAccountSchema),
    Total: z.number().int(),
    Page: z.number().int(),
    PageSize: z.number().int(),
  }),
  // As the tree (GetPartialCompanyHierarchy): any signed-in user, for an account inside the scope.
  access: { kind: 'session' },
  account: (i) => i.id,
  mutating: false,
});

export const MySubscriptionSchema = z.object({
  AccountId: AccountIdSchema,
  DisplayName: z.string(),
  ProductName: z.string().nullable(),
  AccountState: AccountStateSchema,
  /** ISO 8601 UTC: when the subscription was created. */
  CreatedAt: z.string(),
  /** The custom actions the caller may run on it (the account page's rule: the Product update capability). */
  Actions: z.array(z.object({ Name: z.string(), DisplayName: z.string() })),
});
export type MySubscription = z.infer<typeof MySubscriptionSchema>;

export const ListMySubscriptions = defineOperation({
  name: 'ListMySubscriptions',
  summary: "The signed-in user's subscriptions: the Product accounts below the user's own account, by name",
  input: z.object({}),
  output: z.object({ Items: z.array(MySubscriptionSchema) }),
  access: { kind: 'capability', capability: { name: 'PRODUCT_ACCOUNT', kind: 'READ' } },
  mutating: false,
});

/** Creating or deleting any account, or changing an organisation's record (not a user's own account or subscription). */
const ACCOUNT_ADMINISTRATION =
  /^((RESELLER|COMPANY|DEPARTMENT|USER|PRODUCT)_ACCOUNT_(CREATE|DELETE)|(RESELLER|COMPANY|DEPARTMENT)_ACCOUNT_UPDATE)$/;
/** Capabilities that make a user an administrator besides account writes (decision 0054). */
export const ADMINISTRATION_CAPABILITY_KEYS: readonly string[] = [
  ...ORDERS_READ_CAPABILITY_KEYS,
  'AUDIT_LOG_READ',
  'SERVICE_TOOL_INFO_READ',
  'MARKETPLACE_UPDATE',
  'IMPERSONATE_EXECUTE',
  'OUTBOX_READ',
];

/**
 * Decision 0054: a plain user holds no administration capability: no creating or deleting accounts of any type, no
 * changing a reseller's, company's or department's record, no reading orders, no audit log, no service tool (a
 * vendor's staff), no price-list editing, no impersonation, no outbox. Updating User and Product accounts is
 * self-service (a user's own password, upgrading a subscription) and keeps a user plain. A plain user's home is "My
 * services" rather than the company's record.
 */
export function isPlainUser(capabilities: Iterable<string>): boolean {
  for (const key of capabilities) {
    if (ACCOUNT_ADMINISTRATION.test(key) || ADMINISTRATION_CAPABILITY_KEYS.includes(key)) return false;
  }
  return true;
}

export const findingOperations = [GlobalSearch, ListChildAccounts, ListMySubscriptions] as const;
