import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../platform/db/db.js';
import { openSecret, purposeOf, type SealedColumn, sealSecret } from '../../platform/secrets/index.js';
import { pathIds, pathUpperBound } from '../../platform/tenancy/scope.js';
import {
  ACCOUNT_LIST_LIMIT,
  accountPageLink,
  type DashboardTile,
  type PageDefinition,
  SUBSCRIPTION_LIST_LIMIT,
} from './reports.rules.js';

export interface ReportRow {
  id: string;
  workgroupId: string;
  name: string;
  ownerAccountId: number;
  pages: PageDefinition[];
}

const REPORT_COLUMNS = 'id::text AS "id", workgroup_id::text AS "workgroupId", name, owner_account_id AS "ownerAccountId", pages';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** The report of a workgroup, or null (also for ids that are not uuids). Visibility is the service's decision. */
export async function findReport(db: Queryable, workgroupId: string, reportId: string): Promise<ReportRow | null> {
  if (!isUuid(workgroupId) || !isUuid(reportId)) return null;
  const [row] = await db.query<ReportRow>(`SELECT ${REPORT_COLUMNS} FROM reports WHERE id = $1 AND workgroup_id = $2`, [
    reportId,
    workgroupId,
  ]);
  return row ?? null;
}

export async function findReportByName(db: Queryable, ownerAccountId: number, name: string): Promise<ReportRow | null> {
  const [row] = await db.query<ReportRow>(`SELECT ${REPORT_COLUMNS} FROM reports WHERE owner_account_id = $1 AND name = $2`, [
    ownerAccountId,
    name,
  ]);
  return row ?? null;
}

export async function insertReport(db: Queryable, report: ReportRow & { group?: string; description?: string }): Promise<void> {
  await db.query(
    `INSERT INTO reports (id, workgroup_id, name, owner_account_id, pages, report_group, description)
     VALUES ($1, $2, $3, $4, $5, coalesce($6, 'Reports'), coalesce($7, ''))`,
    [
      report.id,
      report.workgroupId,
      report.name,
      report.ownerAccountId,
      JSON.stringify(report.pages),
      report.group ?? null,
      report.description ?? null,
    ],
  );
}

/** A report as the Reports page lists it. */
export interface CatalogueRow {
  id: string;
  workgroupId: string;
  name: string;
  group: string;
  description: string;
}

const CATALOGUE_COLUMNS =
  'r.id::text AS "id", r.workgroup_id::text AS "workgroupId", r.name, r.report_group AS "group", r.description';
/** Reports owned inside the subtree at rootPath ($1) or above it (shared down), as canSeeReport decides. */
const VISIBLE_OWNER = 'JOIN accounts o ON o.id = r.owner_account_id AND (starts_with(o.path, $1) OR starts_with($1, o.path))';

/** Every report a scope can see, by group and name. */
export async function listVisibleReports(db: Queryable, rootPath: string): Promise<CatalogueRow[]> {
  return db.query<CatalogueRow>(
    `SELECT ${CATALOGUE_COLUMNS} FROM reports r ${VISIBLE_OWNER} WHERE r.kind = 'PowerBI' ORDER BY r.report_group, r.name, r.id`,
    [rootPath],
  );
}

/**
 * The reports a user opened most (ties: the latest first), among the analytics reports the scope still sees and the
 * server reports (whose capability the service checks).
 */
export async function listFrequentReports(
  db: Queryable,
  rootPath: string,
  userId: number,
  limit: number,
): Promise<(CatalogueRow & { kind: 'PowerBI' | 'Server' })[]> {
  return db.query<CatalogueRow & { kind: 'PowerBI' | 'Server' }>(
    `SELECT ${CATALOGUE_COLUMNS}, r.kind FROM reports r
       JOIN report_usage u ON u.report_id = r.id AND u.user_id = $2
       LEFT ${VISIBLE_OWNER}
      WHERE r.kind = 'Server' OR o.id IS NOT NULL
      ORDER BY u.uses DESC, u.last_used_at DESC, r.name LIMIT $3`,
    [rootPath, userId, limit],
  );
}

/** Counts one use of a report by a user. */
export async function recordReportUse(db: Queryable, userId: number, reportId: string, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO report_usage (user_id, report_id, uses, last_used_at) VALUES ($1, $2, 1, $3)
     ON CONFLICT (user_id, report_id) DO UPDATE SET uses = report_usage.uses + 1, last_used_at = EXCLUDED.last_used_at`,
    [userId, reportId, at],
  );
}

export interface DashboardRow {
  id: string;
  workgroupId: string;
  name: string;
  ownerAccountId: number;
  tiles: DashboardTile[];
}

const DASHBOARD_COLUMNS =
  'id::text AS "id", workgroup_id::text AS "workgroupId", name, owner_account_id AS "ownerAccountId", tiles';

/** The dashboard of a workgroup, or null (also for ids that are not uuids). */
export async function findDashboard(db: Queryable, workgroupId: string, dashboardId: string): Promise<DashboardRow | null> {
  if (!isUuid(workgroupId) || !isUuid(dashboardId)) return null;
  const [row] = await db.query<DashboardRow>(`SELECT ${DASHBOARD_COLUMNS} FROM dashboards WHERE id = $1 AND workgroup_id = $2`, [
    dashboardId,
    workgroupId,
  ]);
  return row ?? null;
}

export async function findDashboardByName(db: Queryable, ownerAccountId: number, name: string): Promise<DashboardRow | null> {
  const [row] = await db.query<DashboardRow>(
    `SELECT ${DASHBOARD_COLUMNS} FROM dashboards WHERE owner_account_id = $1 AND name = $2`,
    [ownerAccountId, name],
  );
  return row ?? null;
}

export async function insertDashboard(db: Queryable, dashboard: DashboardRow): Promise<void> {
  await db.query('INSERT INTO dashboards (id, workgroup_id, name, owner_account_id, tiles) VALUES ($1, $2, $3, $4, $5)', [
    dashboard.id,
    dashboard.workgroupId,
    dashboard.name,
    dashboard.ownerAccountId,
    JSON.stringify(dashboard.tiles),
  ]);
}

/** Reports by id with their owner's path (tiles read the visual definitions from them). */
export async function listReportsWithOwnerPath(db: Queryable, ids: string[]): Promise<(ReportRow & { ownerPath: string })[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db.query<ReportRow & { ownerPath: string }>(
    `SELECT r.id::text AS "id", r.workgroup_id::text AS "workgroupId", r.name, r.owner_account_id AS "ownerAccountId", r.pages,
            a.path AS "ownerPath"
       FROM reports r JOIN accounts a ON a.id = r.owner_account_id WHERE r.id = ANY($1::uuid[])`,
    [valid],
  );
}

/** Replaces a report's pages; returns the new update time. */
export async function updateReportPages(db: Queryable, id: string, pages: PageDefinition[]): Promise<string> {
  const [row] = await db.query<{ updatedAt: Date }>(
    'UPDATE reports SET pages = $2, updated_at = now() WHERE id = $1 RETURNING updated_at AS "updatedAt"',
    [id, JSON.stringify(pages)],
  );
  if (!row) throw new Error(`report ${id} vanished`);
  return new Date(row.updatedAt).toISOString();
}

/** The embed signing keys are stored sealed (decision 0035): start-up seals clear ones and re-seals after key rotation. */
export const EMBED_SIGNING_SECRET_COLUMN: SealedColumn = { table: 'embed_token_keys', column: 'secret', key: 'name' };

/**
 * The signing key kept in the database, created on first use (concurrent starters agree on one), stored sealed. A key
 * stored in clear before sealing existed still opens as it is (start-up seals it), so tokens already issued stay valid.
 */
export async function signingSecret(db: Queryable): Promise<string> {
  const purpose = purposeOf(EMBED_SIGNING_SECRET_COLUMN);
  await db.query('INSERT INTO embed_token_keys (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    'default',
    sealSecret(purpose, randomBytes(32).toString('base64url')),
  ]);
  const [row] = await db.query<{ secret: string }>('SELECT secret FROM embed_token_keys WHERE name = $1', ['default']);
  if (!row) throw new Error('embed token key is missing');
  return openSecret(purpose, row.secret);
}

/*
 * Dataset queries. They read the accounts table directly (read-only, always within a subtree
 * path range) because accounts/index.ts does not yet expose subtree counts and lists; move them
 * behind the accounts domain's index when it does (see README).
 */

export interface AccountCountRow {
  AccountType: string;
  State: string;
  Level: number;
  Count: number;
}

/** Exact counts of a subtree (root included) by type, state and level below the root. */
export async function countSubtree(db: Queryable, rootPath: string, rootDepth: number): Promise<AccountCountRow[]> {
  return db.query<AccountCountRow>(
    `SELECT account_type AS "AccountType", state AS "State", (depth - $3)::int AS "Level", count(*)::int AS "Count"
       FROM accounts WHERE path >= $1 AND path < $2
      GROUP BY account_type, state, depth ORDER BY depth, account_type, state`,
    [rootPath, pathUpperBound(rootPath), rootDepth],
  );
}

export interface AccountListRow {
  Id: number;
  DisplayName: string;
  AccountType: string;
  State: string;
  Level: number;
}

/** The first accounts of a subtree in tree order: ACCOUNT_LIST_LIMIT and one more, to tell that the list goes on. */
export async function listSubtree(db: Queryable, rootPath: string, rootDepth: number): Promise<AccountListRow[]> {
  return db.query<AccountListRow>(
    `SELECT id AS "Id", display_name AS "DisplayName", account_type AS "AccountType", state AS "State", (depth - $3)::int AS "Level"
       FROM accounts WHERE path >= $1 AND path < $2 ORDER BY path LIMIT ${ACCOUNT_LIST_LIMIT + 1}`,
    [rootPath, pathUpperBound(rootPath), rootDepth],
  );
}

export interface SubscriptionRow {
  Id: number;
  Subscription: string;
  Product: string;
  /** The nearest Company above the subscription, or '' when it sits under no company. */
  Company: string;
  State: string;
  /** yyyy-MM-dd and yyyy-MM, UTC. */
  CreatedOn: string;
  Month: string;
  Link: string;
}

/**
 * The Product accounts of a subtree (the root itself included when it is one), newest first:
 * SUBSCRIPTION_LIST_LIMIT and one more, to tell that the list goes on.
 */
export async function listSubscriptions(db: Queryable, rootPath: string): Promise<SubscriptionRow[]> {
  const rows = await db.query<Omit<SubscriptionRow, 'Link'>>(
    `SELECT p.id AS "Id", p.display_name AS "Subscription", coalesce(p.product_name, p.display_name) AS "Product",
            coalesce((SELECT c.display_name FROM accounts c
                       WHERE c.account_type = 'Company' AND starts_with(p.path, c.path)
                       ORDER BY c.depth DESC LIMIT 1), '') AS "Company",
            p.state AS "State",
            to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "CreatedOn",
            to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS "Month"
       FROM accounts p
      WHERE p.account_type = 'Product' AND p.path >= $1 AND p.path < $2
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${SUBSCRIPTION_LIST_LIMIT + 1}`,
    [rootPath, pathUpperBound(rootPath)],
  );
  return rows.map((row) => ({ ...row, Link: accountPageLink(row.Id) }));
}

/**
 * The currency of a user's organisation: that of the nearest Company, Reseller or Provider at or above the
 * account that has one (as orders take their customer's currency), or null.
 */
export async function findOrganisationCurrency(db: Queryable, accountId: number): Promise<string | null> {
  const [account] = await db.query<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [accountId]);
  if (!account) return null;
  const [row] = await db.query<{ currency: string }>(
    `SELECT currency FROM accounts
      WHERE id = ANY($1::int[]) AND account_type IN ('Company', 'Reseller', 'Provider') AND currency IS NOT NULL
      ORDER BY depth DESC LIMIT 1`,
    [pathIds(account.path)],
  );
  return row?.currency ?? null;
}

/** Path and depth of an account (for scoping datasets), or null. */
export async function findAccountPlace(
  db: Queryable,
  id: number,
): Promise<{ path: string; depth: number; displayName: string } | null> {
  const [row] = await db.query<{ path: string; depth: number; displayName: string }>(
    'SELECT path, depth, display_name AS "displayName" FROM accounts WHERE id = $1',
    [id],
  );
  return row ?? null;
}
