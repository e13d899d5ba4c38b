import { createHmac, timingSafeEqual } from 'node:crypto';
import { type CapabilityRequirement, hasCapability, ORDERS_READ_CAPABILITIES } from '@portal/contracts';
import { z } from 'zod';

/** Visual types a report page may hold (the names powerbi-client users know). */
export const VISUAL_TYPES = [
  'tableEx',
  'columnChart',
  'barChart',
  'lineChart',
  'pieChart',
  'donutChart',
  'card',
  'slicer',
  'actionButton',
] as const;
export type VisualType = (typeof VISUAL_TYPES)[number];

/** Datasets the server computes live; each is one table of rows named `Accounts` in filter targets. */
export const DATASETS = {
  /** Exact counts of the subtree grouped by type, state and level below the scope root. */
  accountCounts: { table: 'Accounts', columns: ['AccountType', 'State', 'Level', 'Count'] },
  /** The first accounts of the subtree in tree order (at most ACCOUNT_LIST_LIMIT). */
  accounts: { table: 'Accounts', columns: ['Id', 'DisplayName', 'AccountType', 'State', 'Level'] },
  /**
   * The product subscriptions (Product accounts) of the subtree, newest first (at most
   * SUBSCRIPTION_LIST_LIMIT): the company that holds each, its creation day and month (UTC), and
   * Link, the portal address of the subscription's account page.
   */
  subscriptions: {
    table: 'Accounts',
    columns: ['Id', 'Subscription', 'Product', 'Company', 'State', 'CreatedOn', 'Month', 'Link'],
  },
  /**
   * The orders of the subscriptions of the subtree, newest first (at most 1000): number, the company
   * and reseller above the subscription, service, status, kind, day and month placed (UTC), quantity,
   * currency, the monthly and setup selling totals at order time, and Link to the subscription.
   */
  orders: {
    table: 'Accounts',
    columns: [
      'Number',
      'Company',
      'Reseller',
      'Service',
      'Status',
      // Decision 0045: New, Upgrade or Change.
      'Kind',
      'Day',
      'Month',
      'Quantity',
      'Currency',
      'MonthlyTotal',
      'SetupTotal',
      'Link',
    ],
  },
  /**
   * Monthly recurring revenue of the last 12 months by month, company, reseller, service and
   * currency (never summed across currencies): Amount, ThisMonthAmount (Amount in the current month,
   * else 0) and the number of subscriptions.
   */
  revenue: {
    table: 'Accounts',
    columns: ['Month', 'Company', 'Reseller', 'Service', 'Currency', 'Amount', 'ThisMonthAmount', 'Subscriptions'],
  },
} as const;
export type DatasetName = keyof typeof DATASETS;
export const DATASET_NAMES = Object.keys(DATASETS) as [DatasetName, ...DatasetName[]];

/**
 * Who may read each dataset: the capabilities of the operations that read the same data (any one
 * of them is enough), or null when any signed-in user may (decision: analytics-access).
 * - accountCounts, accounts: the account tree (GetPartialCompanyHierarchy, ListAccountSubtree) needs a session only.
 * - subscriptions: the subscriptions are Product accounts, read with PRODUCT_ACCOUNT_READ (LoadAccountById).
 * - orders, revenue: the Orders page (ListOrders) needs CREDITCHECK_COMPANYORDERS_READ or ORDER_MANAGEMENT_READ;
 *   revenue is the money of those orders.
 */
export const DATASET_ACCESS: Record<DatasetName, readonly CapabilityRequirement[] | null> = {
  accountCounts: null,
  accounts: null,
  subscriptions: [{ name: 'PRODUCT_ACCOUNT', kind: 'READ' }],
  orders: ORDERS_READ_CAPABILITIES,
  revenue: ORDERS_READ_CAPABILITIES,
};

/**
 * Whether a user holding `capabilities` may read a dataset; unknown names are refused.
 *
 * @example
 * mayReadDataset(new Set(['PRODUCT_ACCOUNT_READ']), 'orders') // false
 */
export function mayReadDataset(capabilities: ReadonlySet<string>, dataset: string): boolean {
  if (!Object.hasOwn(DATASET_ACCESS, dataset)) return false;
  const needs = DATASET_ACCESS[dataset as DatasetName];
  return needs === null || needs.some((req) => hasCapability(capabilities, req));
}
export const ACCOUNT_LIST_LIMIT = 500;
export const SUBSCRIPTION_LIST_LIMIT = 1000;

/**
 * The first `limit` rows of a list read with one row more than the limit, and whether the list
 * was cut there (the extra row was found). The embed host tells the host page so (info event).
 */
export function cutAtLimit<T>(rows: T[], limit: number): { rows: T[]; cut: boolean } {
  return rows.length > limit ? { rows: rows.slice(0, limit), cut: true } : { rows, cut: false };
}

/** The portal address of an account's page, as the Link column of a dataset gives it. */
export const accountPageLink = (id: number) => `/#/Account/View/${id}`;

/** What a button visual (actionButton) does when clicked; the type names are those of powerbi buttons. */
export type ButtonAction = { type: 'PageNavigation'; page: string } | { type: 'WebUrl'; url: string };
export const BUTTON_ACTION_TYPES = ['PageNavigation', 'WebUrl'] as const;

export interface VisualDefinition {
  name: string;
  title: string;
  type: VisualType;
  /** Every visual but a button reads one dataset. */
  dataset?: DatasetName;
  /** A button's action (actionButton only). */
  action?: ButtonAction;
  /** category/value for charts and cards (value summed), columns for tables, category for slicers. */
  fields: { category?: string; value?: string; columns?: string[] };
  layout: { x: number; y: number; width: number; height: number };
}

export interface PageDefinition {
  name: string;
  displayName: string;
  visuals: VisualDefinition[];
}

/** Checks a report definition; returns the problems found (empty when valid). */
export function checkPages(pages: PageDefinition[]): string[] {
  const problems: string[] = [];
  if (pages.length === 0) problems.push('a report needs at least one page');
  const pageNames = new Set<string>();
  for (const page of pages) {
    if (pageNames.has(page.name)) problems.push(`page ${page.name} appears twice`);
    pageNames.add(page.name);
    const visualNames = new Set<string>();
    for (const visual of page.visuals) {
      if (visualNames.has(visual.name)) problems.push(`visual ${visual.name} appears twice on ${page.name}`);
      visualNames.add(visual.name);
      if (!VISUAL_TYPES.includes(visual.type)) problems.push(`visual ${visual.name} has unknown type ${visual.type}`);
      if (visual.type === 'actionButton') {
        problems.push(...checkButton(visual, pages));
        continue;
      }
      if (visual.action) problems.push(`visual ${visual.name} has an action, which only buttons have`);
      if (!visual.dataset) {
        problems.push(`visual ${visual.name} needs a dataset`);
        continue;
      }
      const dataset = DATASETS[visual.dataset];
      if (!dataset) {
        problems.push(`visual ${visual.name} is bound to unknown dataset ${visual.dataset}`);
        continue;
      }
      const fields = [visual.fields.category, visual.fields.value, ...(visual.fields.columns ?? [])].filter(
        (f): f is string => typeof f === 'string',
      );
      for (const field of fields) {
        if (!(dataset.columns as readonly string[]).includes(field))
          problems.push(`visual ${visual.name} uses ${field}, which ${visual.dataset} does not have`);
      }
    }
  }
  return problems;
}

function checkButton(visual: VisualDefinition, pages: PageDefinition[]): string[] {
  const action = visual.action;
  if (!action) return [`button ${visual.name} needs an action`];
  if (action.type === 'PageNavigation' && !pages.some((p) => p.name === action.page))
    return [`button ${visual.name} goes to page ${action.page}, which the report does not have`];
  if (action.type === 'WebUrl' && !/^https?:\/\/\S+$/.test(action.url))
    return [`button ${visual.name} opens ${action.url}, which is not a web address`];
  return [];
}

/** What an embed token says. Short names keep the token small. */
export interface EmbedTokenClaims {
  /** report id */
  rid: string;
  /** workgroup id */
  wid: string;
  /** the caller's scope root account */
  sid: number;
  /** the account the token is limited to, when one was asked for */
  aid: number | null;
  /** the user it was issued to */
  uid: number;
  /** issued at and expiry, seconds since the epoch */
  iat: number;
  exp: number;
  /** What the token allows beyond reading, as powerbi-models' Permissions bits; absent means Read (0). */
  prm?: number;
  /** What `rid` names: a report (also when absent, for tokens issued before dashboards) or a dashboard. */
  knd?: EmbedKind;
}

export type EmbedKind = 'report' | 'dashboard';

/** A tile of a dashboard: a visual pinned from a report page, 1 or 2 grid cells wide and high. */
export interface DashboardTile {
  id: string;
  title: string;
  reportId: string;
  pageName: string;
  visualName: string;
  size: { columns: 1 | 2; rows: 1 | 2 };
}

/** powerbi-models' Permissions bits that an embed token can carry. */
export const REPORT_PERMISSIONS = { Read: 0, ReadWrite: 1, Copy: 2 } as const;

/**
 * What a caller may do with a report besides reading it: save it (ReadWrite) only when the report
 * is owned inside the caller's own scope, since a report shared down from above belongs to someone
 * else; save a copy (Copy) with the create right.
 */
export function decideReportPermissions(params: {
  canUpdate: boolean;
  canCreate: boolean;
  ownerPath: string;
  scopeRootPath: string;
}): number {
  let bits: number = REPORT_PERMISSIONS.Read;
  if (params.canUpdate && params.ownerPath.startsWith(params.scopeRootPath)) bits |= REPORT_PERMISSIONS.ReadWrite;
  if (params.canCreate) bits |= REPORT_PERMISSIONS.Copy;
  return bits;
}

export const allows = (claims: Pick<EmbedTokenClaims, 'prm'>, bit: number) => ((claims.prm ?? 0) & bit) === bit;

export const REPORT_NAME_MAX = 100;
export const REPORT_PAGES_MAX = 20;
export const PAGE_VISUALS_MAX = 30;

const VisualDefinitionSchema = z.object({
  name: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'a visual name is a letter then letters, digits or _ (64 at most)'),
  title: z.string().trim().min(1).max(100),
  type: z.enum(VISUAL_TYPES),
  dataset: z.enum(DATASET_NAMES).optional(),
  action: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('PageNavigation'), page: z.string().max(64) }).strict(),
      z.object({ type: z.literal('WebUrl'), url: z.string().max(2000) }).strict(),
    ])
    .optional(),
  fields: z
    .object({
      category: z.string().max(64).optional(),
      value: z.string().max(64).optional(),
      columns: z.array(z.string().max(64)).max(20).optional(),
    })
    .strict(),
  layout: z
    .object({
      x: z.number().min(0).max(10_000),
      y: z.number().min(0).max(10_000),
      width: z.number().min(10).max(10_000),
      height: z.number().min(10).max(10_000),
    })
    .strict(),
});

const PageDefinitionSchema = z.object({
  name: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'a page name is a letter then letters, digits or _ (64 at most)'),
  displayName: z.string().trim().min(1, 'a page needs a display name').max(100),
  visuals: z.array(VisualDefinitionSchema).max(PAGE_VISUALS_MAX),
});

export const ReportPagesSchema = z.array(PageDefinitionSchema).min(1, 'a report needs at least one page').max(REPORT_PAGES_MAX);

/** Parses report pages sent by the embed host; the problems name the place of each mistake. */
export function parsePages(
  input: unknown,
): { ok: true; pages: PageDefinition[] } | { ok: false; problems: { field: string; message: string }[] } {
  const parsed = ReportPagesSchema.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => ({ field: ['pages', ...i.path].join('.'), message: i.message })),
    };
  const pages = parsed.data as PageDefinition[];
  const problems = checkPages(pages);
  if (problems.length > 0) return { ok: false, problems: problems.map((message) => ({ field: 'pages', message })) };
  return { ok: true, pages };
}

const b64url = (buf: Buffer) => buf.toString('base64url');
const sign = (secret: string, body: string) => createHmac('sha256', secret).update(`v1.${body}`).digest();

/** Encodes and signs claims: `v1.<payload>.<HMAC-SHA256>`. */
export function signEmbedToken(claims: EmbedTokenClaims, secret: string): string {
  const body = b64url(Buffer.from(JSON.stringify(claims), 'utf8'));
  return `v1.${body}.${b64url(sign(secret, body))}`;
}

export type TokenDecision =
  | { ok: true; claims: EmbedTokenClaims }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'foreign'; message: string };

/** Verifies signature, expiry and that the token was issued for this report and workgroup. */
export function verifyEmbedToken(params: {
  token: string;
  secret: string;
  now: Date;
  reportId: string;
  workgroupId: string;
  /** What the id names; tokens of the other kind are foreign. Default report. */
  kind?: EmbedKind;
}): TokenDecision {
  const parts = params.token.split('.');
  if (parts.length !== 3 || parts[0] !== 'v1' || !parts[1] || !parts[2])
    return { ok: false, reason: 'malformed', message: 'The embed token is malformed' };
  const expected = sign(params.secret, parts[1]);
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'signature', message: 'The embed token signature is invalid' };
  let claims: EmbedTokenClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as EmbedTokenClaims;
  } catch {
    return { ok: false, reason: 'malformed', message: 'The embed token is malformed' };
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= params.now.getTime())
    return { ok: false, reason: 'expired', message: 'The embed token has expired' };
  const kind = params.kind ?? 'report';
  if (claims.rid !== params.reportId || claims.wid !== params.workgroupId || (claims.knd ?? 'report') !== kind)
    return { ok: false, reason: 'foreign', message: `The embed token was issued for another ${kind}` };
  return { ok: true, claims };
}

/** Claims of a new token valid for `minutes` from `now`. */
export function tokenClaims(params: Omit<EmbedTokenClaims, 'iat' | 'exp'> & { now: Date; minutes: number }): EmbedTokenClaims {
  const iat = Math.floor(params.now.getTime() / 1000);
  return {
    rid: params.rid,
    wid: params.wid,
    sid: params.sid,
    aid: params.aid,
    uid: params.uid,
    iat,
    exp: iat + Math.round(params.minutes * 60),
    prm: params.prm ?? REPORT_PERMISSIONS.Read,
    ...(params.knd && params.knd !== 'report' ? { knd: params.knd } : {}),
  };
}

/**
 * A report is visible to a caller when its owner is inside the caller's scope, or above it
 * (a provider's or reseller's report is shared down its subtree).
 */
export function canSeeReport(params: { ownerPath: string; scopeRootPath: string }): boolean {
  return params.ownerPath.startsWith(params.scopeRootPath) || params.scopeRootPath.startsWith(params.ownerPath);
}

/** The demo report "Account overview": two pages over the accounts datasets. */
export function accountOverviewPages(): PageDefinition[] {
  return [
    {
      name: 'ReportSection1',
      displayName: 'Overview',
      visuals: [
        {
          name: 'TotalAccounts',
          title: 'Accounts',
          type: 'card',
          dataset: 'accountCounts',
          fields: { value: 'Count' },
          layout: { x: 0, y: 0, width: 220, height: 120 },
        },
        {
          name: 'TypeSlicer',
          title: 'Account type',
          type: 'slicer',
          dataset: 'accountCounts',
          fields: { category: 'AccountType' },
          layout: { x: 0, y: 130, width: 220, height: 250 },
        },
        {
          name: 'AccountsByType',
          title: 'Accounts by type',
          type: 'columnChart',
          dataset: 'accountCounts',
          fields: { category: 'AccountType', value: 'Count' },
          layout: { x: 230, y: 0, width: 420, height: 380 },
        },
        {
          name: 'AccountsByState',
          title: 'Accounts by state',
          type: 'donutChart',
          dataset: 'accountCounts',
          fields: { category: 'State', value: 'Count' },
          layout: { x: 660, y: 0, width: 320, height: 380 },
        },
      ],
    },
    {
      name: 'ReportSection2',
      displayName: 'Accounts',
      visuals: [
        {
          name: 'AccountsByLevel',
          title: 'Accounts by level below you',
          type: 'lineChart',
          dataset: 'accountCounts',
          fields: { category: 'Level', value: 'Count' },
          layout: { x: 0, y: 0, width: 480, height: 260 },
        },
        {
          name: 'StatesByType',
          title: 'Types (bar)',
          type: 'barChart',
          dataset: 'accountCounts',
          fields: { category: 'AccountType', value: 'Count' },
          layout: { x: 490, y: 0, width: 240, height: 260 },
        },
        {
          name: 'StateShare',
          title: 'State share',
          type: 'pieChart',
          dataset: 'accountCounts',
          fields: { category: 'State', value: 'Count' },
          layout: { x: 740, y: 0, width: 240, height: 260 },
        },
        {
          name: 'AccountList',
          title: 'Accounts',
          type: 'tableEx',
          dataset: 'accounts',
          fields: { columns: ['DisplayName', 'AccountType', 'State', 'Level'] },
          layout: { x: 0, y: 270, width: 980, height: 400 },
        },
      ],
    },
  ];
}

/** The demo report "Subscriptions": the product subscriptions of the scope, charted and listed with links. */
export function subscriptionsPages(): PageDefinition[] {
  return [
    {
      name: 'SubscriptionsOverview',
      displayName: 'Overview',
      visuals: [
        {
          name: 'TotalSubscriptions',
          title: 'Subscriptions',
          type: 'card',
          dataset: 'subscriptions',
          fields: {},
          layout: { x: 0, y: 0, width: 220, height: 120 },
        },
        {
          name: 'StateSlicer',
          title: 'Subscription state',
          type: 'slicer',
          dataset: 'subscriptions',
          fields: { category: 'State' },
          layout: { x: 0, y: 130, width: 220, height: 250 },
        },
        {
          name: 'ByProduct',
          title: 'Subscriptions by product',
          type: 'donutChart',
          dataset: 'subscriptions',
          fields: { category: 'Product' },
          layout: { x: 230, y: 0, width: 360, height: 380 },
        },
        {
          name: 'ByCompany',
          title: 'Subscriptions by company',
          type: 'barChart',
          dataset: 'subscriptions',
          fields: { category: 'Company' },
          layout: { x: 600, y: 0, width: 380, height: 380 },
        },
        {
          name: 'ByMonth',
          title: 'New subscriptions by month',
          type: 'columnChart',
          dataset: 'subscriptions',
          fields: { category: 'Month' },
          layout: { x: 0, y: 390, width: 980, height: 260 },
        },
        {
          name: 'ShowList',
          title: 'Show the subscriptions',
          type: 'actionButton',
          fields: {},
          action: { type: 'PageNavigation', page: 'SubscriptionsList' },
          layout: { x: 0, y: 660, width: 260, height: 44 },
        },
      ],
    },
    {
      name: 'SubscriptionsList',
      displayName: 'Subscriptions',
      visuals: [
        {
          name: 'SubscriptionList',
          title: 'Subscriptions',
          type: 'tableEx',
          dataset: 'subscriptions',
          fields: { columns: ['Subscription', 'Company', 'State', 'CreatedOn', 'Link'] },
          layout: { x: 0, y: 0, width: 980, height: 600 },
        },
      ],
    },
  ];
}

/**
 * The demo report "Orders and revenue": monthly recurring revenue by month, company and service
 * with this month's total and a currency slicer, and the orders with a status slicer and links.
 * Money visuals are drawn per currency by the host (amounts of two currencies are never added).
 */
export function ordersAndRevenuePages(): PageDefinition[] {
  return [
    {
      name: 'RevenueOverview',
      displayName: 'Revenue',
      visuals: [
        {
          name: 'CurrencySlicer',
          title: 'Currency',
          type: 'slicer',
          dataset: 'revenue',
          fields: { category: 'Currency' },
          layout: { x: 0, y: 0, width: 220, height: 150 },
        },
        {
          name: 'ThisMonthRevenue',
          title: "This month's recurring revenue",
          type: 'card',
          dataset: 'revenue',
          fields: { value: 'ThisMonthAmount' },
          layout: { x: 0, y: 160, width: 220, height: 160 },
        },
        {
          name: 'RevenueByMonth',
          title: 'Monthly recurring revenue',
          type: 'lineChart',
          dataset: 'revenue',
          fields: { category: 'Month', value: 'Amount' },
          layout: { x: 230, y: 0, width: 750, height: 320 },
        },
        {
          name: 'RevenueByCompany',
          title: 'This month by company',
          type: 'barChart',
          dataset: 'revenue',
          fields: { category: 'Company', value: 'ThisMonthAmount' },
          layout: { x: 0, y: 330, width: 560, height: 420 },
        },
        {
          name: 'RevenueByService',
          title: 'This month by service',
          type: 'donutChart',
          dataset: 'revenue',
          fields: { category: 'Service', value: 'ThisMonthAmount' },
          layout: { x: 570, y: 330, width: 410, height: 420 },
        },
      ],
    },
    {
      name: 'OrdersList',
      displayName: 'Orders',
      visuals: [
        {
          name: 'OrderCount',
          title: 'Orders',
          type: 'card',
          dataset: 'orders',
          fields: {},
          layout: { x: 0, y: 0, width: 220, height: 120 },
        },
        {
          name: 'StatusSlicer',
          title: 'Order status',
          type: 'slicer',
          dataset: 'orders',
          fields: { category: 'Status' },
          layout: { x: 0, y: 130, width: 220, height: 150 },
        },
        {
          name: 'OrdersByMonth',
          title: 'Orders by month',
          type: 'columnChart',
          dataset: 'orders',
          fields: { category: 'Month' },
          layout: { x: 230, y: 0, width: 750, height: 280 },
        },
        {
          name: 'OrderList',
          title: 'Orders',
          type: 'tableEx',
          dataset: 'orders',
          fields: {
            columns: ['Number', 'Day', 'Company', 'Service', 'Status', 'Quantity', 'MonthlyTotal', 'SetupTotal', 'Link'],
          },
          layout: { x: 0, y: 290, width: 980, height: 460 },
        },
      ],
    },
  ];
}

/** Fixed tile ids of the demo dashboard. */
export function accountHealthTiles(reportId: string): DashboardTile[] {
  const tile = (id: string, title: string, pageName: string, visualName: string, columns: 1 | 2, rows: 1 | 2): DashboardTile => ({
    id,
    title,
    reportId,
    pageName,
    visualName,
    size: { columns, rows },
  });
  return [
    tile('5d7c2f3e-1a2b-4c3d-8e4f-a1b2c3d4e5f1', 'Accounts', 'ReportSection1', 'TotalAccounts', 1, 1),
    tile('5d7c2f3e-1a2b-4c3d-8e4f-a1b2c3d4e5f2', 'Accounts by state', 'ReportSection1', 'AccountsByState', 1, 2),
    tile('5d7c2f3e-1a2b-4c3d-8e4f-a1b2c3d4e5f3', 'Accounts by type', 'ReportSection1', 'AccountsByType', 2, 2),
    tile('5d7c2f3e-1a2b-4c3d-8e4f-a1b2c3d4e5f4', 'Accounts by level below you', 'ReportSection2', 'AccountsByLevel', 2, 1),
  ];
}
