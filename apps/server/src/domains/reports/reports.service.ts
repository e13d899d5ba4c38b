import { randomUUID } from 'node:crypto';
import { writeAudit } from '../../platform/audit/write-audit.js';
import type { Db, Queryable } from '../../platform/db/db.js';
import { DomainError, forbidden, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import type { Caller } from '../../platform/operations/types.js';
import { isInScope } from '../../platform/tenancy/scope.js';
import { callerForUser } from '../auth/index.js';
import { lastMonths, type OrderDatasetRow, ordersDataset, type RevenueRow, revenueDataset } from '../orders/index.js';
import * as repo from './reports.repository.js';
import {
  ACCOUNT_LIST_LIMIT,
  accountHealthTiles,
  accountOverviewPages,
  accountPageLink,
  allows,
  canSeeReport,
  checkPages,
  cutAtLimit,
  DATASETS,
  type DashboardTile,
  type DatasetName,
  decideReportPermissions,
  type EmbedKind,
  type EmbedTokenClaims,
  mayReadDataset,
  ordersAndRevenuePages,
  type PageDefinition,
  parsePages,
  REPORT_NAME_MAX,
  REPORT_PERMISSIONS,
  SUBSCRIPTION_LIST_LIMIT,
  signEmbedToken,
  subscriptionsPages,
  tokenClaims,
  type VisualDefinition,
  verifyEmbedToken,
} from './reports.rules.js';

export interface TokenSettings {
  /** Lifetime of an embed token in minutes. */
  minutes: number;
  /** EMBED_TOKEN_SECRET when set; otherwise the key generated once and kept in the database. */
  secret: string | null;
}

/** Token settings from the environment: EMBED_TOKEN_MINUTES (default 60), EMBED_TOKEN_SECRET. */
export function tokenSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): TokenSettings {
  const minutes = Number(env.EMBED_TOKEN_MINUTES ?? 60);
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 24 * 60)
    throw new Error(`EMBED_TOKEN_MINUTES must be between 1 and 1440, got "${env.EMBED_TOKEN_MINUTES}"`);
  const secret = env.EMBED_TOKEN_SECRET?.trim() || null;
  if (secret !== null && secret.length < 32) throw new Error('EMBED_TOKEN_SECRET must be at least 32 characters');
  return { minutes, secret };
}

async function secretOf(db: Queryable, settings: TokenSettings) {
  return settings.secret ?? repo.signingSecret(db);
}

export interface EmbedTokenResponse {
  id: string;
  embedUrl: string;
  embedToken: string;
  /** ISO time the token stops working. */
  expiration: string;
}

/** Path of the host page for a report ([E2.1] reportEmbed). */
export const embedPath = (reportId: string, workgroupId: string) =>
  `/embed/reportEmbed?reportId=${encodeURIComponent(reportId)}&groupId=${encodeURIComponent(workgroupId)}`;

/**
 * A report or dashboard the caller can see (owned inside or above its scope), and the account the
 * token is to be limited to inside that scope; anything else is not found. Returns the item and
 * its owner's path.
 */
async function requireVisible<T extends { ownerAccountId: number }>(
  db: Queryable,
  caller: Pick<Caller, 'scope'>,
  item: T | null,
  accountId: number | null,
  what: 'Report' | 'Dashboard',
): Promise<{ item: T; ownerPath: string }> {
  const owner = item ? await repo.findAccountPlace(db, item.ownerAccountId) : null;
  if (!item || !owner || !canSeeReport({ ownerPath: owner.path, scopeRootPath: caller.scope.rootPath })) throw notFound(what);
  if (accountId !== null) {
    const account = await repo.findAccountPlace(db, accountId);
    if (!account || !isInScope(caller.scope.rootPath, account.path)) throw notFound();
  }
  return { item, ownerPath: owner.path };
}

/**
 * Issues an embed token for a report the caller can see ([S7.5]), bound to the caller's scope and,
 * when given, to one account of it. A report or account outside the scope is not found.
 */
export async function issueEmbedToken(
  db: Queryable,
  caller: Pick<Caller, 'userId' | 'scope'> & { capabilities?: ReadonlySet<string> },
  input: { workgroupId: string; reportId: string; accountId: number | null; baseUrl: string; now: Date },
  settings: TokenSettings,
): Promise<EmbedTokenResponse> {
  const { item: report, ownerPath } = await requireVisible(
    db,
    caller,
    await repo.findReport(db, input.workgroupId, input.reportId),
    input.accountId,
    'Report',
  );
  const claims = tokenClaims({
    rid: report.id,
    wid: report.workgroupId,
    sid: caller.scope.rootId,
    aid: input.accountId,
    uid: caller.userId,
    prm: decideReportPermissions({
      canUpdate: caller.capabilities?.has('EMBEDDED_REPORT_UPDATE') ?? false,
      canCreate: caller.capabilities?.has('EMBEDDED_REPORT_CREATE') ?? false,
      ownerPath,
      scopeRootPath: caller.scope.rootPath,
    }),
    now: input.now,
    minutes: settings.minutes,
  });
  return {
    id: report.id,
    embedUrl: `${input.baseUrl}${embedPath(report.id, report.workgroupId)}`,
    embedToken: signEmbedToken(claims, await secretOf(db, settings)),
    expiration: new Date(claims.exp * 1000).toISOString(),
  };
}

/** Checks a token for a report; throws UNAUTHENTICATED (expired, tampered) or FORBIDDEN (another report). */
export async function checkEmbedToken(
  db: Queryable,
  input: { token: string; reportId: string; workgroupId: string; now: Date; kind?: EmbedKind },
  settings: TokenSettings,
): Promise<EmbedTokenClaims> {
  const decision = verifyEmbedToken({ ...input, secret: await secretOf(db, settings) });
  if (!decision.ok) {
    throw new DomainError(decision.reason === 'foreign' ? 'FORBIDDEN' : 'UNAUTHENTICATED', decision.message, [], {
      reason: decision.reason,
    });
  }
  return decision.claims;
}

/** The datasets of DATASETS a report or dashboard reads, computed for one scope (the others are absent). */
export interface Datasets {
  accountCounts?: repo.AccountCountRow[];
  accounts?: repo.AccountListRow[];
  subscriptions?: repo.SubscriptionRow[];
  orders?: OrderDatasetRow[];
  revenue?: RevenueRow[];
}

export interface EmbedData {
  report: { id: string; workgroupId: string; name: string; pages: PageDefinition[] };
  /** powerbi-models' Permissions bits the token allows (0 read, 1 save, 2 save as). */
  permissions: number;
  scope: { accountId: number; displayName: string };
  datasets: Datasets;
  /** The datasets cut at their row limit, with that limit (e.g. { accounts: 500 }); empty when none is. */
  rowLimits: RowLimits;
  /** Datasets the report reads that the token's user may not read (DATASET_ACCESS): absent from datasets. */
  denied: DatasetName[];
  /** The currency of the token's user's organisation: the embed host starts a currency slicer on it (decision 0058). */
  viewerCurrency: string | null;
  categories: Categories;
  expiresAt: string;
}

/**
 * The values a dataset's column ranges over, by dataset and column, each drawn by a chart of that column even when no
 * row has it (decision 0083): the revenue's Month is the last 12 months, so a month without revenue is a zero, not a
 * gap. Empty for the other datasets.
 */
export type Categories = { revenue?: { Month: string[] } };

/** Lists cut at their row limit, by dataset, with the limit. */
export type RowLimits = { accounts?: number; subscriptions?: number };

/** The token's scope root and the place its data comes from (the root, or the account it is limited to). */
async function scopePlace(db: Queryable, claims: EmbedTokenClaims) {
  const root = await repo.findAccountPlace(db, claims.sid);
  if (!root) throw new DomainError('UNAUTHENTICATED', 'The embed token scope no longer exists');
  let place = { ...root, id: claims.sid };
  if (claims.aid !== null) {
    const account = await repo.findAccountPlace(db, claims.aid);
    // An account moved out of the token's scope since issue is refused like a foreign one.
    if (!account || !isInScope(root.path, account.path)) throw notFound();
    place = { ...account, id: claims.aid };
  }
  return { rootPath: root.path, place, scope: { accountId: place.id, displayName: place.displayName } };
}

/**
 * The capabilities the token's user holds now (not when the token was issued), so that a revoked
 * role stops the data at once; a user who no longer exists or was terminated has no data at all.
 */
async function tokenUserCapabilities(db: Queryable, claims: EmbedTokenClaims): Promise<ReadonlySet<string>> {
  const user = await callerForUser(db, claims.uid);
  if (!user) throw new DomainError('UNAUTHENTICATED', 'The user of this embed token can no longer sign in');
  return user.capabilities;
}

/**
 * The datasets the given visuals read, computed now at the place; the others are not queried. The
 * lists stop at their row limit; rowLimits names those that had more rows. With `capabilities`, a
 * dataset its holder may not read (DATASET_ACCESS) is not queried either and is named in `denied`.
 */
async function datasetsFor(
  db: Queryable,
  place: { path: string; depth: number },
  visuals: Iterable<Pick<VisualDefinition, 'dataset'> | null>,
  now: Date,
  capabilities: ReadonlySet<string> | null,
): Promise<{ datasets: Datasets; rowLimits: RowLimits; denied: DatasetName[]; categories: Categories }> {
  const read = new Set<string>([...visuals].flatMap((v) => (v?.dataset === undefined ? [] : [v.dataset])));
  const denied = (Object.keys(DATASETS) as DatasetName[]).filter(
    (name) => read.has(name) && capabilities !== null && !mayReadDataset(capabilities, name),
  );
  const needed = new Set([...read].filter((name) => !(denied as string[]).includes(name)));
  const datasets: Datasets = {};
  const rowLimits: RowLimits = {};
  if (needed.has('accountCounts')) datasets.accountCounts = await repo.countSubtree(db, place.path, place.depth);
  if (needed.has('accounts')) {
    const { rows, cut } = cutAtLimit(await repo.listSubtree(db, place.path, place.depth), ACCOUNT_LIST_LIMIT);
    datasets.accounts = rows;
    if (cut) rowLimits.accounts = ACCOUNT_LIST_LIMIT;
  }
  if (needed.has('subscriptions')) {
    const { rows, cut } = cutAtLimit(await repo.listSubscriptions(db, place.path), SUBSCRIPTION_LIST_LIMIT);
    datasets.subscriptions = rows;
    if (cut) rowLimits.subscriptions = SUBSCRIPTION_LIST_LIMIT;
  }
  if (needed.has('orders')) datasets.orders = await ordersDataset(db, place.path, accountPageLink);
  const categories: Categories = {};
  if (needed.has('revenue')) {
    datasets.revenue = await revenueDataset(db, place.path, now);
    categories.revenue = { Month: lastMonths(now).map((m) => m.key) };
  }
  return { datasets, rowLimits, denied, categories };
}

/** The report definition and its datasets, computed now within the token's scope (and account). */
export async function loadEmbedData(
  db: Queryable,
  input: { token: string; reportId: string; workgroupId: string; now: Date },
  settings: TokenSettings,
): Promise<EmbedData> {
  const claims = await checkEmbedToken(db, input, settings);
  const report = await repo.findReport(db, claims.wid, claims.rid);
  if (!report) throw notFound('Report');
  const { place, scope } = await scopePlace(db, claims);
  const { datasets, rowLimits, denied, categories } = await datasetsFor(
    db,
    place,
    report.pages.flatMap((p) => p.visuals),
    input.now,
    await tokenUserCapabilities(db, claims),
  );
  const viewerCurrency = await repo.findOrganisationCurrency(db, claims.uid);
  return {
    report: { id: report.id, workgroupId: report.workgroupId, name: report.name, pages: report.pages },
    permissions: claims.prm ?? REPORT_PERMISSIONS.Read,
    scope,
    datasets,
    rowLimits,
    denied,
    viewerCurrency,
    categories,
    expiresAt: new Date(claims.exp * 1000).toISOString(),
  };
}

/** The outcome of preparing a report's data for one account: row counts per dataset, or why it cannot be. */
export type AccountReportPreparation =
  | { ok: true; reportName: string; rows: Record<string, number>; rowLimits: RowLimits }
  | { ok: false; message: string };

/**
 * [A7.3] Prepares a report for one account (decision 0028): the report must exist and be shared
 * with the account (owned at or above it, or inside it), every visual must read a dataset the
 * server computes, and those datasets are computed now at the account, as the embed host will.
 */
export async function prepareAccountReport(
  db: Queryable,
  input: { workgroupId: string; reportId: string; accountId: number; now: Date },
): Promise<AccountReportPreparation> {
  const report = await repo.findReport(db, input.workgroupId, input.reportId);
  if (!report) return { ok: false, message: 'The report of this page does not exist in this installation' };
  const [owner, place] = await Promise.all([
    repo.findAccountPlace(db, report.ownerAccountId),
    repo.findAccountPlace(db, input.accountId),
  ]);
  if (!place) return { ok: false, message: 'The account no longer exists' };
  if (!owner || !canSeeReport({ ownerPath: owner.path, scopeRootPath: place.path })) {
    return { ok: false, message: `The report "${report.name}" is not shared with this account` };
  }
  const visuals = report.pages.flatMap((p) => p.visuals);
  const unknown = [...new Set(visuals.map((v) => v.dataset).filter((d) => d !== undefined && !(d in DATASETS)))];
  if (unknown.length > 0) {
    return { ok: false, message: `The report "${report.name}" reads data that cannot be prepared: ${unknown.join(', ')}` };
  }
  // The job has no viewer: it prepares every dataset; the status hides counts a viewer may not read.
  const { datasets, rowLimits } = await datasetsFor(db, place, visuals, input.now, null);
  const rows = Object.fromEntries(Object.entries(datasets).map(([name, list]) => [name, (list as unknown[]).length]));
  return { ok: true, reportName: report.name, rows, rowLimits };
}

/** Path of the dashboard host page ([E2.1] dashboardEmbed) and of one of its tiles (embed?tileId). */
export const dashboardEmbedPath = (dashboardId: string, workgroupId: string) =>
  `/embed/dashboardEmbed?dashboardId=${encodeURIComponent(dashboardId)}&groupId=${encodeURIComponent(workgroupId)}`;
export const tileEmbedPath = (dashboardId: string, tileId: string, workgroupId: string) =>
  `/embed/embed?dashboardId=${encodeURIComponent(dashboardId)}&tileId=${encodeURIComponent(tileId)}&groupId=${encodeURIComponent(workgroupId)}`;

export interface DashboardTokenResponse extends EmbedTokenResponse {
  /** The dashboard's tiles with the embed URL of each (tiles embed with the dashboard's token). */
  tiles: { id: string; title: string; embedUrl: string }[];
}

/** Issues an embed token for a dashboard the caller can see, like issueEmbedToken does for reports. */
export async function issueDashboardToken(
  db: Queryable,
  caller: Pick<Caller, 'userId' | 'scope'>,
  input: { workgroupId: string; dashboardId: string; accountId: number | null; baseUrl: string; now: Date },
  settings: TokenSettings,
): Promise<DashboardTokenResponse> {
  const { item: dashboard } = await requireVisible(
    db,
    caller,
    await repo.findDashboard(db, input.workgroupId, input.dashboardId),
    input.accountId,
    'Dashboard',
  );
  const claims = tokenClaims({
    rid: dashboard.id,
    wid: dashboard.workgroupId,
    sid: caller.scope.rootId,
    aid: input.accountId,
    uid: caller.userId,
    knd: 'dashboard',
    now: input.now,
    minutes: settings.minutes,
  });
  return {
    id: dashboard.id,
    embedUrl: `${input.baseUrl}${dashboardEmbedPath(dashboard.id, dashboard.workgroupId)}`,
    embedToken: signEmbedToken(claims, await secretOf(db, settings)),
    expiration: new Date(claims.exp * 1000).toISOString(),
    tiles: dashboard.tiles.map((t) => ({
      id: t.id,
      title: t.title,
      embedUrl: `${input.baseUrl}${tileEmbedPath(dashboard.id, t.id, dashboard.workgroupId)}`,
    })),
  };
}

export interface DashboardData {
  dashboard: {
    id: string;
    workgroupId: string;
    name: string;
    tiles: (Omit<DashboardTile, 'reportId'> & {
      reportId: string;
      /** The pinned visual, or null when its report, page or visual is gone or no longer visible. */
      visual: VisualDefinition | null;
      /** The report the tile opens (tileClicked). */
      reportEmbedUrl: string;
    })[];
  };
  scope: { accountId: number; displayName: string };
  datasets: Datasets;
  /** Datasets the tiles read that the token's user may not read: absent from datasets. */
  denied: DatasetName[];
  categories: Categories;
  expiresAt: string;
}

/** A dashboard's tiles with their visuals and the scope's datasets, for a dashboard token. */
export async function loadDashboardData(
  db: Queryable,
  input: { token: string; dashboardId: string; workgroupId: string; baseUrl: string; now: Date },
  settings: TokenSettings,
): Promise<DashboardData> {
  const claims = await checkEmbedToken(
    db,
    { token: input.token, reportId: input.dashboardId, workgroupId: input.workgroupId, now: input.now, kind: 'dashboard' },
    settings,
  );
  const dashboard = await repo.findDashboard(db, claims.wid, claims.rid);
  if (!dashboard) throw notFound('Dashboard');
  const { rootPath, place, scope } = await scopePlace(db, claims);
  const reports = new Map(
    (await repo.listReportsWithOwnerPath(db, [...new Set(dashboard.tiles.map((t) => t.reportId))])).map((r) => [r.id, r]),
  );
  const tiles = dashboard.tiles.map((tile) => {
    const report = reports.get(tile.reportId);
    const visible = report && canSeeReport({ ownerPath: report.ownerPath, scopeRootPath: rootPath });
    const visual = visible
      ? (report.pages.find((p) => p.name === tile.pageName)?.visuals.find((v) => v.name === tile.visualName) ?? null)
      : null;
    return {
      ...tile,
      visual,
      reportEmbedUrl: `${input.baseUrl}${embedPath(tile.reportId, report?.workgroupId ?? dashboard.workgroupId)}`,
    };
  });
  const { datasets, denied, categories } = await datasetsFor(
    db,
    place,
    tiles.map((t) => t.visual),
    input.now,
    await tokenUserCapabilities(db, claims),
  );
  return {
    dashboard: { id: dashboard.id, workgroupId: dashboard.workgroupId, name: dashboard.name, tiles },
    scope,
    datasets,
    denied,
    categories,
    expiresAt: new Date(claims.exp * 1000).toISOString(),
  };
}

interface TokenInput {
  token: string;
  reportId: string;
  workgroupId: string;
  now: Date;
  requestId: string | null;
}

function pagesOrFail(input: unknown): PageDefinition[] {
  const parsed = parsePages(input);
  if (!parsed.ok) throw validationFailed(parsed.problems, 'The report definition is invalid');
  return parsed.pages;
}

/** Saves edited pages over the report the token was issued for (powerbi save); needs ReadWrite. */
export async function saveReport(
  db: Db,
  input: TokenInput & { pages: unknown },
  settings: TokenSettings,
): Promise<{ id: string; name: string; updatedAt: string }> {
  const claims = await checkEmbedToken(db, input, settings);
  if (!allows(claims, REPORT_PERMISSIONS.ReadWrite)) throw forbidden('This embed token does not allow saving the report');
  const pages = pagesOrFail(input.pages);
  return db.transaction(async (tx) => {
    const report = await repo.findReport(tx, claims.wid, claims.rid);
    if (!report) throw notFound('Report');
    const updatedAt = await repo.updateReportPages(tx, report.id, pages);
    await writeAudit(tx, {
      actorId: claims.uid,
      impersonatorId: null,
      operation: 'SaveEmbeddedReport',
      accountId: report.ownerAccountId,
      before: { name: report.name, pages: report.pages.map((p) => p.displayName) },
      after: { name: report.name, pages: pages.map((p) => p.displayName) },
      requestId: input.requestId,
    });
    return { id: report.id, name: report.name, updatedAt };
  });
}

/**
 * Saves the edited pages as a new report of the same workgroup owned by the token's scope
 * (powerbi saveAs); needs Copy. The token stays bound to the original report.
 */
export async function saveReportAs(
  db: Db,
  input: TokenInput & { name: unknown; pages: unknown },
  settings: TokenSettings,
): Promise<{ id: string; workgroupId: string; name: string }> {
  const claims = await checkEmbedToken(db, input, settings);
  if (!allows(claims, REPORT_PERMISSIONS.Copy)) throw forbidden('This embed token does not allow saving a copy of the report');
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name.length === 0) throw validationFailed([{ field: 'name', message: 'name is required' }]);
  if (name.length > REPORT_NAME_MAX)
    throw validationFailed([{ field: 'name', message: `name must be at most ${REPORT_NAME_MAX} characters` }]);
  const pages = pagesOrFail(input.pages);
  return db.transaction(async (tx) => {
    if (await repo.findReportByName(tx, claims.sid, name))
      throw new DomainError('CONFLICT', `A report named ${name} already exists`, [{ field: 'name', message: 'is taken' }]);
    const report = { id: randomUUID(), workgroupId: claims.wid, name, ownerAccountId: claims.sid, pages };
    await repo.insertReport(tx, report);
    await writeAudit(tx, {
      actorId: claims.uid,
      impersonatorId: null,
      operation: 'SaveEmbeddedReportAs',
      accountId: claims.sid,
      before: { copyOf: claims.rid },
      after: { id: report.id, name, pages: pages.map((p) => p.displayName) },
      requestId: input.requestId,
    });
    return { id: report.id, workgroupId: report.workgroupId, name };
  });
}

export const DEMO_REPORT_NAME = 'Account overview';
/** Fixed ids of the demo report, so documentation and browser tests can name it. */
export const DEMO_REPORT_ID = '6f1d3c2a-8b4e-4f7a-9c1d-0a5e2b7c9d11';
export const DEMO_WORKGROUP_ID = '2c9e7b15-4d3a-4e8f-b6a1-7f0d9e3c5a22';
export const DEMO_SUBSCRIPTIONS_REPORT_NAME = 'Subscriptions';
export const DEMO_SUBSCRIPTIONS_REPORT_ID = '6f1d3c2a-8b4e-4f7a-9c1d-0a5e2b7c9d12';
export const DEMO_ORDERS_REPORT_NAME = 'Orders and revenue';
export const DEMO_ORDERS_REPORT_ID = '6f1d3c2a-8b4e-4f7a-9c1d-0a5e2b7c9d13';
export const DEMO_DASHBOARD_NAME = 'Account health';
export const DEMO_DASHBOARD_ID = '9a4e6b2d-3c1f-4d8e-a7b6-5c4d3e2f1a00';

/**
 * Seeds the demo reports "Account overview", "Subscriptions" and "Orders and revenue", and the dashboard "Account
 * health" pinned from the first (idempotent).
 */
export async function seedDemoReports(db: Db | Queryable): Promise<{ created: boolean; id: string; workgroupId: string }> {
  const [provider] = await db.query<{ id: number }>("SELECT id FROM accounts WHERE account_type = 'Provider' LIMIT 1");
  if (!provider) throw new Error('seed the demo tenant first');
  const existing = await repo.findReportByName(db, provider.id, DEMO_REPORT_NAME);
  const report = existing ?? { id: DEMO_REPORT_ID, workgroupId: DEMO_WORKGROUP_ID };
  /** Adds one demo report of the provider when it has none of that name. */
  const seed = async (r: { id: string; name: string; pages: PageDefinition[]; group: string; description: string }) => {
    if (await repo.findReportByName(db, provider.id, r.name)) return false;
    const problems = checkPages(r.pages);
    if (problems.length > 0) throw new Error(`demo report ${r.name} is invalid: ${problems.join('; ')}`);
    await repo.insertReport(db, { ...r, workgroupId: report.workgroupId, ownerAccountId: provider.id });
    return true;
  };
  const created = await seed({
    id: DEMO_REPORT_ID,
    name: DEMO_REPORT_NAME,
    pages: accountOverviewPages(),
    group: 'Accounts',
    description: 'How many accounts you have, by type, state and level, and the accounts themselves.',
  });
  await seed({
    id: DEMO_SUBSCRIPTIONS_REPORT_ID,
    name: DEMO_SUBSCRIPTIONS_REPORT_NAME,
    pages: subscriptionsPages(),
    group: 'Subscriptions',
    description: 'Product subscriptions by product, company and month, with a link to each.',
  });
  await seed({
    id: DEMO_ORDERS_REPORT_ID,
    name: DEMO_ORDERS_REPORT_NAME,
    pages: ordersAndRevenuePages(),
    group: 'Sales',
    description: 'Monthly recurring revenue of the last 12 months by currency, company and service, and the orders placed.',
  });
  if (!(await repo.findDashboardByName(db, provider.id, DEMO_DASHBOARD_NAME))) {
    await repo.insertDashboard(db, {
      id: DEMO_DASHBOARD_ID,
      workgroupId: report.workgroupId,
      name: DEMO_DASHBOARD_NAME,
      ownerAccountId: provider.id,
      tiles: accountHealthTiles(report.id),
    });
  }
  return { created, id: report.id, workgroupId: report.workgroupId };
}
