import type {
  AccountState,
  AccountType,
  FieldDefinition,
  FieldValue,
  HierarchyEntry,
  LayoutContainer,
  LayoutPage,
} from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, notFound } from '../../platform/errors/domain-error.js';
import { inScopeSql, pathIds, pathUpperBound } from '../../platform/tenancy/scope.js';

export interface AccountRow {
  id: number;
  account_type: AccountType;
  state: AccountState;
  parent_id: number | null;
  path: string;
  depth: number;
  display_name: string;
  username: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  currency: string | null;
  product_name: string | null;
  is_vendor: boolean;
  attributes: Record<string, FieldValue>;
  termination_date: Date | null;
  /** When the account was created (a subscription's start, e.g. for its price protection [A3.1]). */
  created_at: Date;
  /** The optimistic-concurrency stamp (decision 0036): the version a save must name, and who last saved when. */
  version: number;
  updated_at: Date;
  updated_by_name: string | null;
}

/** Fields kept in their own columns; every other field lives in `attributes` under "View.Name". */
export const COLUMN_FIELDS: Readonly<Record<string, keyof AccountRow>> = {
  'Default.AccountIdentificator': 'id',
  'Default.AccountType': 'account_type',
  'Default.AccountState': 'state',
  'Default.ParentAccountId': 'parent_id',
  'Default.DisplayName': 'display_name',
  'Default.Username': 'username',
  'User.Email': 'email',
  'User.FirstName': 'first_name',
  'User.LastName': 'last_name',
  'User.Phone': 'phone',
  'Company.Currency': 'currency',
  'Product.ProductName': 'product_name',
};

const ACCOUNT_COLUMNS = `a.id, a.account_type, a.state, a.parent_id, a.path, a.depth, a.display_name, a.username, a.email,
  a.first_name, a.last_name, a.phone, a.currency, a.product_name, a.is_vendor, a.attributes, a.termination_date, a.created_at,
  a.version, a.updated_at`;
const ACCOUNT_COLUMN_LIST = ACCOUNT_COLUMNS.split(',').map((c) => c.trim());
/** Of ACCOUNT_COLUMNS, those the account page reads for the page's own account only (see pageColumns). */
const OWN_ONLY_COLUMNS = new Set(['a.attributes', 'a.termination_date', 'a.created_at', 'a.updated_at']);
const UPDATED_BY_NAME = '(SELECT u.display_name FROM accounts u WHERE u.id = a.updated_by)';

export async function findById(db: Queryable, id: number): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS}, ${UPDATED_BY_NAME} AS updated_by_name FROM accounts a WHERE a.id = $1`,
    [id],
  );
  return row ?? null;
}

/** A SQL expression: the User.Language field of the account whose id is the SQL expression `id` (null when unset). */
export const userLanguageSql = (id: string) => `(SELECT attributes ->> 'User.Language' FROM accounts WHERE id = ${id})`;

export async function findLocation(db: Queryable, id: number) {
  const [row] = await db.query<{ id: number; type: string; path: string }>(
    'SELECT id, account_type AS type, path FROM accounts WHERE id = $1',
    [id],
    { prepare: true },
  );
  return row ?? null;
}

/**
 * The tenant guard's lookup, before every operation on an account: where the account is and its type, only when it
 * lies in the scope whose root path is `scopeRootPath` (the guard's rule, `inScopeSql`); null when it does not exist
 * or lies outside, which the guard answers alike.
 */
export async function findLocationInScope(db: Queryable, id: number, scopeRootPath: string) {
  const [row] = await db.query<{ id: number; type: string; path: string }>(
    `SELECT id, account_type AS type, path FROM accounts WHERE id = $1 AND ${inScopeSql('path', '$2')}`,
    [id, scopeRootPath],
    { prepare: true },
  );
  return row ?? null;
}

/**
 * The columns the account extensions add for the page's account, whose id is the SQL expression `target`
 * (`extensionColumns` of account-extensions.ts, handed in by the service).
 */
export type ExtensionColumns = (target: string) => string;

/** An account as its page reads it: the row, whether a renewal is scheduled, and the account extensions' facts. */
export type PageRow = AccountRow & { has_renew_action: boolean | null } & Record<string, unknown>;

/** What the page reads of the accounts above the page's account: the breadcrumbs and the owning organisation. */
export type AncestryRow = Pick<
  AccountRow,
  'id' | 'parent_id' | 'account_type' | 'display_name' | 'product_name' | 'path' | 'depth'
>;

/**
 * The columns only the page's account needs (`target` is the SQL expression of its id): its field values, dates,
 * who saved it last, whether a renewal is scheduled [A3.1] and the account extensions' facts. On every other row
 * they are null: PostgreSQL does not evaluate them, and the server does not parse an ancestor's attributes (json)
 * and dates it never reads (about a tenth of the page's CPU in the server for a deep user, issue 13).
 */
const pageColumns = (target: string, extensions: ExtensionColumns) => `${ACCOUNT_COLUMN_LIST.map((c) =>
  OWN_ONLY_COLUMNS.has(c) ? `CASE WHEN a.id = ${target} THEN ${c} END AS ${c.slice('a.'.length)}` : c,
).join(', ')},
  CASE WHEN a.id = ${target} THEN ${UPDATED_BY_NAME} END AS updated_by_name,
  CASE WHEN a.id = ${target} AND a.account_type = 'Product' THEN EXISTS (
    SELECT 1 FROM account_scheduled_actions s WHERE s.account_id = a.id AND s.action = 'RENEW') END AS has_renew_action
  ${extensions(target)}`;

/**
 * The account page's one statement (decision 0063): the account and every account above it, top first, found only
 * when the account lies in the scope whose root path is `scopeRootPath` (the tenant guard's rule, `inScopeSql`, the
 * guard's lookup folded in); nothing when it does not exist or lies outside. The account's own path names its
 * ancestors. Every extension's column is in the statement (the type is not known before it runs), each evaluated only
 * for the account types it gives anything for (`extensionColumns` without a type; decision 0067 for the typed ones).
 * `account` is the page's row (the deepest, the only one with the page's columns), `chain` every row, the account's
 * included, as the breadcrumbs read them.
 */
export async function findInScopeWithAncestors(
  db: Queryable,
  id: number,
  scopeRootPath: string,
  extensions: ExtensionColumns,
): Promise<{ account: PageRow | null; chain: AncestryRow[] }> {
  // Only the last row (the account) carries the page's columns; the others are read as AncestryRow only.
  const rows = await db.query<PageRow>(
    `SELECT ${pageColumns('$1', extensions)}
     FROM accounts t JOIN accounts a ON a.id = ANY(string_to_array(btrim(t.path, '/'), '/')::int[])
     WHERE t.id = $1 AND ${inScopeSql('t.path', '$2')}
     ORDER BY a.depth`,
    [id, scopeRootPath],
    { prepare: true },
  );
  const last = rows.at(-1);
  return { account: last && last.id === id ? last : null, chain: rows };
}

/** The account alone, as its page reads it (see findInScopeWithAncestors), whatever the scope. */
export async function findForPage(db: Queryable, id: number, extensions: ExtensionColumns): Promise<PageRow | null> {
  const [row] = await db.query<PageRow>(`SELECT ${pageColumns('$1', extensions)} FROM accounts a WHERE a.id = $1`, [id], {
    prepare: true,
  });
  return row ?? null;
}

export const toHierarchyEntry = (r: {
  id: number;
  parent_id: number | null;
  account_type: AccountType;
  display_name: string;
  product_name: string | null;
}): HierarchyEntry => ({
  AccountId: r.id,
  ParentAccountId: r.parent_id,
  AccountType: r.account_type,
  DisplayName: r.display_name,
  ProductDisplayName: r.product_name,
});

/** The accounts on the path from (and including) minDepth down to the account itself, top first. */
export async function listAncestry(db: Queryable, path: string, minDepth: number): Promise<HierarchyEntry[]> {
  const ids = pathIds(path).slice(minDepth);
  const rows = await db.query<{
    id: number;
    parent_id: number | null;
    account_type: AccountType;
    display_name: string;
    product_name: string | null;
  }>('SELECT id, parent_id, account_type, display_name, product_name FROM accounts WHERE id = ANY($1::int[]) ORDER BY depth', [
    ids,
  ]);
  return rows.map(toHierarchyEntry);
}

/** The nearest account on the path (the account included) whose type is one of `types`. */
/**
 * The nearest account of the given types on a path (itself included), as a subquery over a path given as SQL (`$1`,
 * or a column for a LATERAL join): id, account_type, path, display_name. The types are account types (fixed words),
 * written into the text.
 */
export function nearestOfTypeSql(pathSql: string, types: readonly AccountType[]): string {
  const list = types.map((type) => {
    if (!/^[A-Za-z]+$/.test(type)) throw new Error(`not an account type: ${type}`);
    return `'${type}'`;
  });
  return `SELECT id, account_type, path, display_name FROM accounts
     WHERE id = ANY(string_to_array(btrim(${pathSql}, '/'), '/')::int[]) AND account_type IN (${list.join(', ')})
     ORDER BY depth DESC LIMIT 1`;
}

export async function findNearestOfType(db: Queryable, path: string, types: readonly AccountType[]) {
  const [row] = await db.query<{
    id: number;
    account_type: AccountType;
    path: string;
    display_name: string;
  }>(nearestOfTypeSql('$1::text', types), [path]);
  return row ?? null;
}

export interface ChildRow {
  id: number;
  parent_id: number | null;
  account_type: AccountType;
  state: AccountState;
  display_name: string;
  child_count: number;
}

export async function listChildren(db: Queryable, parentId: number, limit: number, offset: number): Promise<ChildRow[]> {
  return db.query<ChildRow>(
    `SELECT a.id, a.parent_id, a.account_type, a.state, a.display_name,
            (SELECT count(*) FROM accounts c WHERE c.parent_id = a.id)::int AS child_count
     FROM accounts a WHERE a.parent_id = $1 ORDER BY a.display_name, a.id LIMIT $2 OFFSET $3`,
    [parentId, limit, offset],
  );
}

export async function countChildren(db: Queryable, parentId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts WHERE parent_id = $1', [parentId]);
  return row?.n ?? 0;
}

/** A page of the subtree below `path` in depth-first (path) order, after the path `afterPath`. */
export interface SubtreeRow {
  id: number;
  parent_id: number | null;
  account_type: AccountType;
  state: AccountState;
  display_name: string;
  depth: number;
  path: string;
}

/**
 * The tenant guard's lookup and a page of the subtree in one statement (decision 0063, as the account page's): the root
 * found only inside the scope, then up to `limit` accounts below it in path order after `afterPath` (the root's own
 * path when null or before it: the page never leaves the subtree); none at all when the root is not in scope. The root comes first (its path is a prefix of every path
 * below it, so it sorts first) and is the only row whose id is `id`; each row carries the same columns once (on PGlite
 * every cell is parsed in JavaScript). The range is the root's prefix range (`pathUpperBound` in SQL: '0' follows '/').
 */
export async function findInScopeWithSubtreePage(
  db: Queryable,
  id: number,
  scopeRootPath: string,
  afterPath: string | null,
  limit: number,
) {
  return db.query<SubtreeRow>(
    `SELECT t.id, t.parent_id, t.account_type, t.state, t.display_name, t.depth, t.path
     FROM accounts t WHERE t.id = $1 AND ${inScopeSql('t.path', '$2')}
     UNION ALL
     SELECT a.id, a.parent_id, a.account_type, a.state, a.display_name, a.depth, a.path
     FROM accounts t CROSS JOIN LATERAL (
       SELECT s.id, s.parent_id, s.account_type, s.state, s.display_name, s.depth, s.path FROM accounts s
       WHERE s.path > greatest($3::text, t.path) AND s.path < left(t.path, -1) || '0'
       ORDER BY s.path LIMIT $4) a
     WHERE t.id = $1 AND ${inScopeSql('t.path', '$2')}
     ORDER BY path`,
    [id, scopeRootPath, afterPath, limit],
    { prepare: true },
  );
}

interface FieldDefinitionRow {
  view_name: string;
  name: string;
  display_name: string;
  display_type: FieldDefinition['DisplayType'];
  display_template: string | null;
  input_mask: string | null;
  is_modify_confirm_required: boolean;
  is_required: boolean;
  is_read_only: boolean;
  max_length: number | null;
  pattern: string | null;
  pattern_message: string | null;
  options: FieldDefinition['Options'];
}

export async function listFieldDefinitions(db: Queryable, type: AccountType): Promise<FieldDefinition[]> {
  const rows = await db.query<FieldDefinitionRow>(
    `SELECT view_name, name, display_name, display_type, display_template, input_mask, is_modify_confirm_required,
            is_required, is_read_only, max_length, pattern, pattern_message, options
     FROM field_definitions WHERE account_type = $1 ORDER BY view_name, sort, name`,
    [type],
  );
  return rows.map((r) => ({
    Name: r.name,
    DisplayName: r.display_name,
    DisplayType: r.display_type,
    DisplayTemplate: r.display_template,
    InputMask: r.input_mask,
    AccountViewName: r.view_name,
    IsModifyConfirmRequired: r.is_modify_confirm_required,
    IsRequired: r.is_required,
    IsReadOnly: r.is_read_only,
    MaxLength: r.max_length,
    Pattern: r.pattern,
    PatternMessage: r.pattern_message,
    Options: r.options,
  }));
}

export async function findLayoutPages(db: Queryable, type: AccountType): Promise<LayoutPage[]> {
  const [row] = await db.query<{ pages: LayoutPage[] }>('SELECT pages FROM account_layouts WHERE account_type = $1', [type]);
  return row?.pages ?? [];
}

/** [A2.11] A report page of an account type's layout (decision 0028). */
export interface ReportPage {
  accountType: AccountType;
  name: string;
  displayName: string;
  workgroupId: string;
  reportId: string;
}

interface ReportPageRow {
  account_type: AccountType;
  name: string;
  display_name: string;
  workgroup_id: string;
  report_id: string;
}

const toReportPage = (r: ReportPageRow): ReportPage => ({
  accountType: r.account_type,
  name: r.name,
  displayName: r.display_name,
  workgroupId: r.workgroup_id,
  reportId: r.report_id,
});

/** The report pages of an account type's layout, in tab order. */
export async function listReportPages(db: Queryable, type: AccountType): Promise<ReportPage[]> {
  const rows = await db.query<ReportPageRow>(
    'SELECT account_type, name, display_name, workgroup_id, report_id FROM account_report_pages WHERE account_type = $1 ORDER BY sort, name',
    [type],
  );
  return rows.map(toReportPage);
}

export async function findReportPage(db: Queryable, type: AccountType, name: string): Promise<ReportPage | null> {
  const [row] = await db.query<ReportPageRow>(
    'SELECT account_type, name, display_name, workgroup_id, report_id FROM account_report_pages WHERE account_type = $1 AND name = $2',
    [type, name],
  );
  return row ? toReportPage(row) : null;
}

/** Adds a report page to a layout, or changes the one of that name. */
export async function saveReportPage(db: Queryable, page: ReportPage & { sort: number }): Promise<void> {
  await db.query(
    `INSERT INTO account_report_pages (account_type, name, display_name, workgroup_id, report_id, sort)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (account_type, name) DO UPDATE SET display_name = EXCLUDED.display_name,
       workgroup_id = EXCLUDED.workgroup_id, report_id = EXCLUDED.report_id, sort = EXCLUDED.sort`,
    [page.accountType, page.name, page.displayName, page.workgroupId, page.reportId, page.sort],
  );
}

export async function isUsernameTaken(db: Queryable, username: string, exceptId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM accounts WHERE lower(username) = lower($1) AND id <> $2', [username, exceptId]);
  return rows.length > 0;
}

/**
 * Writes changed column fields and merges changed attribute fields; moves the version on and records who saved
 * (null for a change the system makes on its own), decision 0036.
 */
export async function updateFields(
  db: Queryable,
  id: number,
  columns: Partial<Record<keyof AccountRow, FieldValue>>,
  attributes: Record<string, FieldValue>,
  updatedBy: number | null = null,
): Promise<void> {
  const names = Object.keys(columns);
  const sets = names.map((column, i) => `${column} = $${i + 4}`);
  await db.query(
    `UPDATE accounts SET ${[...sets, 'attributes = attributes || $2::jsonb', 'updated_at = now()', 'version = version + 1', 'updated_by = $3'].join(', ')} WHERE id = $1`,
    [id, JSON.stringify(attributes), updatedBy, ...names.map((n) => columns[n as keyof AccountRow])],
  );
}

export interface AccountVersion {
  version: number;
  updated_at: Date;
  updated_by_name: string | null;
}

/** The account's version and who saved it last (decision 0036); `lock` holds the row until the transaction ends. */
export async function findVersion(db: Queryable, id: number, lock = false): Promise<AccountVersion | null> {
  const [row] = await db.query<AccountVersion>(
    `SELECT a.version, a.updated_at, (SELECT u.display_name FROM accounts u WHERE u.id = a.updated_by) AS updated_by_name
     FROM accounts a WHERE a.id = $1${lock ? ' FOR UPDATE OF a' : ''}`,
    [id],
  );
  return row ?? null;
}

export interface NewAccount {
  id?: number;
  type: AccountType;
  parentId: number | null;
  displayName: string;
  username?: string | null;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  currency?: string | null;
  productName?: string | null;
  isVendor?: boolean;
  state?: AccountState;
  attributes?: Record<string, FieldValue>;
}

/** Inserts an account under its parent, computing its path and depth from the parent's. */
export async function insertAccount(db: Queryable, a: NewAccount): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `WITH parent AS (SELECT path, depth FROM accounts WHERE id = $2),
          next AS (SELECT COALESCE($1::int, nextval(pg_get_serial_sequence('accounts', 'id'))::int) AS id)
     INSERT INTO accounts (id, account_type, parent_id, path, depth, display_name, username, email, first_name,
                           last_name, phone, currency, product_name, is_vendor, state, attributes)
     SELECT next.id, $3, $2, COALESCE((SELECT path FROM parent), '/') || next.id || '/',
            COALESCE((SELECT depth FROM parent) + 1, 0), $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb
     FROM next RETURNING id`,
    [
      a.id ?? null,
      a.parentId,
      a.type,
      a.displayName,
      a.username ?? null,
      a.email ?? null,
      a.firstName ?? null,
      a.lastName ?? null,
      a.phone ?? null,
      a.currency ?? null,
      a.productName ?? null,
      a.isVendor ?? false,
      a.state ?? 'Active',
      JSON.stringify(a.attributes ?? {}),
    ],
  );
  if (!row) throw new Error('account insert returned no row');
  return row.id;
}

/** Moves an account and its whole subtree under a new parent, in the caller's transaction. */
export async function moveSubtree(db: Queryable, id: number, newParentId: number): Promise<void> {
  const [check] = await db.query<{ old_path: string; parent_path: string }>(
    'SELECT m.path AS old_path, p.path AS parent_path FROM accounts m, accounts p WHERE m.id = $1 AND p.id = $2',
    [id, newParentId],
  );
  if (!check) throw notFound();
  // Under itself or its own descendant the paths would loop and parent_id would form a cycle.
  if (check.parent_path.startsWith(check.old_path)) {
    throw new DomainError('CONFLICT', 'An account cannot be moved under itself or one of its descendants');
  }
  await db.query(
    `WITH moving AS (SELECT path AS old_path, depth AS old_depth FROM accounts WHERE id = $1),
          target AS (SELECT path AS parent_path, depth AS parent_depth FROM accounts WHERE id = $2)
     UPDATE accounts a
     SET path = target.parent_path || $1 || '/' || substr(a.path, length(moving.old_path) + 1),
         depth = a.depth - moving.old_depth + target.parent_depth + 1,
         parent_id = CASE WHEN a.id = $1 THEN $2 ELSE a.parent_id END,
         updated_at = now()
     FROM moving, target
     WHERE a.path >= moving.old_path AND a.path < substr(moving.old_path, 1, length(moving.old_path) - 1) || '0'`,
    [id, newParentId],
  );
}

/** Terminates an account and its whole subtree; returns the ids it terminated. */
export async function terminateSubtree(db: Queryable, path: string, now: Date): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `UPDATE accounts SET state = 'Terminated', termination_date = COALESCE(termination_date, $3), updated_at = now()
     WHERE path >= $1 AND path < $2 AND state <> 'Terminated' RETURNING id`,
    [path, pathUpperBound(path), now],
  );
  return rows.map((r) => r.id);
}

export async function setTerminationDate(db: Queryable, id: number, date: Date | null): Promise<void> {
  await db.query('UPDATE accounts SET termination_date = $2, updated_at = now() WHERE id = $1', [id, date]);
}

/** Accounts whose scheduled termination date has come, topmost first. */
export async function listDueTerminations(db: Queryable, now: Date, limit: number) {
  return db.query<{ id: number; path: string; termination_date: Date }>(
    `SELECT id, path, termination_date FROM accounts
     WHERE termination_date IS NOT NULL AND termination_date <= $1 AND state <> 'Terminated' ORDER BY depth LIMIT $2`,
    [now, limit],
  );
}

export async function searchInScope(db: Queryable, scopePath: string, text: string, types: readonly string[], limit: number) {
  return db.query<{ id: number; account_type: AccountType; display_name: string; parent_name: string | null }>(
    `SELECT a.id, a.account_type, a.display_name, p.display_name AS parent_name
     FROM accounts a LEFT JOIN accounts p ON p.id = a.parent_id
     WHERE a.path >= $1 AND a.path < $2 AND a.state <> 'Terminated'
       AND a.display_name ILIKE '%' || $3 || '%' AND (cardinality($4::text[]) = 0 OR a.account_type = ANY($4::text[]))
     ORDER BY a.display_name, a.id LIMIT $5`,
    [scopePath, pathUpperBound(scopePath), text.replace(/[\\%_]/g, (c) => `\\${c}`), types, limit],
  );
}

export interface CustomActionRow {
  name: string;
  display_name: string;
  icon: string | null;
  title: string;
  account_types: string[];
  needs_confirmation: boolean;
  is_scheduled: boolean;
  fields: FieldDefinition[];
  containers: LayoutContainer[];
}

export async function listCustomActions(db: Queryable, type: AccountType): Promise<CustomActionRow[]> {
  return db.query<CustomActionRow>(
    `SELECT name, display_name, icon, title, account_types, needs_confirmation, is_scheduled, fields, containers
     FROM custom_actions WHERE $1 = ANY(account_types) ORDER BY sort, name`,
    [type],
  );
}

export async function findScheduledAction(db: Queryable, accountId: number, action: string) {
  const [row] = await db.query<{ values: Record<string, FieldValue> }>(
    'SELECT values FROM account_scheduled_actions WHERE account_id = $1 AND action = $2',
    [accountId, action],
  );
  return row?.values ?? null;
}

export async function saveScheduledAction(
  db: Queryable,
  accountId: number,
  action: string,
  values: Record<string, FieldValue>,
  userId: number,
) {
  await db.query(
    `INSERT INTO account_scheduled_actions (account_id, action, values, updated_by) VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (account_id, action) DO UPDATE SET values = EXCLUDED.values, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [accountId, action, JSON.stringify(values), userId],
  );
}

export async function deleteScheduledAction(db: Queryable, accountId: number, action: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM account_scheduled_actions WHERE account_id = $1 AND action = $2 RETURNING 1', [
    accountId,
    action,
  ]);
  return rows.length > 0;
}

export async function setState(db: Queryable, id: number, state: string): Promise<void> {
  await db.query('UPDATE accounts SET state = $2, updated_at = now() WHERE id = $1', [id, state]);
}

export interface SubtreeFilter {
  /** Only these account types; null for all. */
  types: readonly AccountType[] | null;
  /** Only accounts in the Active state. */
  onlyActive: boolean;
}

/**
 * A page of the accounts strictly below `path` in depth-first (path) order after `afterPath`, with
 * every column and the parent's name: for exports and bulk jobs that walk a whole subtree in chunks.
 */
export async function listSubtreeAccounts(
  db: Queryable,
  path: string,
  afterPath: string,
  limit: number,
  filter: SubtreeFilter,
): Promise<(AccountRow & { parent_display_name: string | null })[]> {
  return db.query(
    `SELECT a.id, a.account_type, a.state, a.parent_id, a.path, a.depth, a.display_name, a.username, a.email,
            a.first_name, a.last_name, a.phone, a.currency, a.product_name, a.is_vendor, a.attributes,
            a.termination_date, p.display_name AS parent_display_name
     FROM accounts a LEFT JOIN accounts p ON p.id = a.parent_id
     WHERE a.path > $1 AND a.path < $2 AND ($3::text[] IS NULL OR a.account_type = ANY($3::text[]))
       AND (NOT $4::boolean OR a.state = 'Active')
     ORDER BY a.path LIMIT $5`,
    [afterPath, pathUpperBound(path), filter.types, filter.onlyActive, limit],
  );
}

/** How many accounts lie strictly below `path` (an index range count), filtered like listSubtreeAccounts. */
export async function countSubtreeAccounts(db: Queryable, path: string, filter: SubtreeFilter): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM accounts
     WHERE path > $1 AND path < $2 AND ($3::text[] IS NULL OR account_type = ANY($3::text[]))
       AND (NOT $4::boolean OR state = 'Active')`,
    [path, pathUpperBound(path), filter.types, filter.onlyActive],
  );
  return row?.n ?? 0;
}

/**
 * Children of an account whose type is one of `types`, by name, each with whether it has children of those
 * types itself: one level of a type-filtered tree (the creation wizard's parent tree [A2.43]).
 */
export async function listChildrenOfTypes(db: Queryable, parentId: number, types: readonly AccountType[], limit: number) {
  return db.query<{ id: number; account_type: AccountType; display_name: string; parent_name: string; has_children: boolean }>(
    `SELECT a.id, a.account_type, a.display_name, p.display_name AS parent_name,
            EXISTS (SELECT 1 FROM accounts c WHERE c.parent_id = a.id AND c.account_type = ANY($2::text[])
                    AND c.state <> 'Terminated') AS has_children
     FROM accounts a JOIN accounts p ON p.id = a.parent_id
     WHERE a.parent_id = $1 AND a.account_type = ANY($2::text[]) AND a.state <> 'Terminated'
     ORDER BY a.display_name, a.id LIMIT $3`,
    [parentId, types, limit],
  );
}

/** Whether an account has children of one of these types that are not terminated. */
export async function hasChildrenOfTypes(db: Queryable, parentId: number, types: readonly AccountType[]): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM accounts WHERE parent_id = $1 AND account_type = ANY($2::text[]) AND state <> 'Terminated' LIMIT 1`,
    [parentId, types],
  );
  return rows.length > 0;
}

/** Decision 0054: a page of an account's direct children by name (index accounts_parent_idx), with the total. */
export async function listChildrenPage(
  db: Queryable,
  parentId: number,
  filter: { text: string; types: readonly string[]; state: string | null; limit: number; offset: number },
) {
  const rows = await db.query<{
    id: number;
    account_type: AccountType;
    state: AccountState;
    display_name: string;
    child_count: number;
    total: number;
  }>(
    `SELECT a.id, a.account_type, a.state, a.display_name,
            (SELECT count(*) FROM accounts c WHERE c.parent_id = a.id)::int AS child_count,
            count(*) OVER ()::int AS total
     FROM accounts a
     WHERE a.parent_id = $1 AND a.display_name ILIKE '%' || $2 || '%'
       AND (cardinality($3::text[]) = 0 OR a.account_type = ANY($3::text[])) AND ($4::text IS NULL OR a.state = $4)
     ORDER BY a.display_name, a.id LIMIT $5 OFFSET $6`,
    [parentId, filter.text.replace(/[\\%_]/g, (c) => `\\${c}`), filter.types, filter.state, filter.limit, filter.offset],
  );
  if (rows.length > 0 || filter.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  // A page past the last: count the set on its own.
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM accounts a
     WHERE a.parent_id = $1 AND a.display_name ILIKE '%' || $2 || '%'
       AND (cardinality($3::text[]) = 0 OR a.account_type = ANY($3::text[])) AND ($4::text IS NULL OR a.state = $4)`,
    [parentId, filter.text.replace(/[\\%_]/g, (c) => `\\${c}`), filter.types, filter.state],
  );
  return { rows, total: row?.n ?? 0 };
}

/** Decision 0054: the Product accounts (subscriptions) below a user's account, by name. */
export async function listProductsBelow(db: Queryable, path: string, limit: number) {
  return db.query<{ id: number; display_name: string; product_name: string | null; state: AccountState; created_at: Date }>(
    `SELECT id, display_name, product_name, state, created_at FROM accounts
     WHERE path > $1 AND path < $2 AND account_type = 'Product'
     ORDER BY state = 'Terminated', lower(display_name), id LIMIT $3`,
    [path, pathUpperBound(path), limit],
  );
}
