import type { SearchOrderBy } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { pathIds, pathUpperBound } from '../../platform/tenancy/scope.js';

/**
 * SQL of marketplace search. Reads the catalogue (`services`, `service_tag_links`, `service_categories`,
 * description groups, terms acceptances), the price-list tables and `product_owner_profiles`, and
 * writes nothing. Every query is built from a `SearchSet`: the services a caller may see, decided by
 * the service from the caller's organisation (see the README).
 */

/** Which services a search starts from, before the filters. */
export type BaseSet =
  /** Every Active service (the provider, or a customer that is the provider). */
  | { kind: 'all' }
  /** Services owned by accounts inside a path (a vendor's own; MyServices). */
  | { kind: 'ownedIn'; path: string }
  /** Services in one of these price lists with one of these statuses. */
  | { kind: 'inLists'; marketplaceIds: number[]; statuses: ('Added' | 'Hidden')[] };

export interface SearchSet {
  base: BaseSet;
  /** The price list whose statuses the results show and the Exclude* options read; null: every service Active. */
  statusListId: number | null;
  filters: {
    text: string;
    ownerIds: number[];
    categories: string[];
    tags: string[];
    excludeAdded: boolean;
    excludeHidden: boolean;
    /** ShowNewOnly: created at or after this instant. */
    createdSince: Date | null;
  };
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Escapes LIKE wildcards so the text typed matches literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function baseCondition(base: BaseSet, p: Params): string {
  switch (base.kind) {
    case 'all':
      return 'TRUE';
    case 'ownedIn':
      return `o.path >= ${p.add(base.path)} AND o.path < ${p.add(pathUpperBound(base.path))}`;
    case 'inLists':
      if (base.marketplaceIds.length === 0) return 'FALSE';
      return `EXISTS (SELECT 1 FROM marketplace_services bms WHERE bms.service_id = s.id
        AND bms.marketplace_id = ANY(${p.add(base.marketplaceIds)}::int[]) AND bms.status = ANY(${p.add(base.statuses)}::text[]))`;
  }
}

/** The WHERE clause of a search set, on `services s JOIN accounts o` (the owner). */
function whereOf(set: SearchSet, p: Params, options: { withText: boolean } = { withText: true }): string {
  const f = set.filters;
  const parts = [`s.state = 'Active'`, baseCondition(set.base, p)];
  if (options.withText && f.text !== '') {
    const pattern = p.add(likePattern(f.text));
    parts.push(`(s.display_name ILIKE ${pattern} OR s.service_name ILIKE ${pattern})`);
  }
  if (f.ownerIds.length > 0) parts.push(`s.owner_account_id = ANY(${p.add(f.ownerIds)}::int[])`);
  if (f.categories.length > 0) parts.push(`s.category = ANY(${p.add(f.categories)}::text[])`);
  if (f.tags.length > 0) {
    parts.push(`(SELECT count(DISTINCT tl.tag) FROM service_tag_links tl WHERE tl.service_id = s.id
      AND tl.tag = ANY(${p.add(f.tags)}::text[])) = ${p.add(f.tags.length)}::int`);
  }
  if (f.createdSince) parts.push(`s.created_at >= ${p.add(f.createdSince)}::timestamptz`);
  if (set.statusListId !== null && (f.excludeAdded || f.excludeHidden)) {
    const excluded = [...(f.excludeAdded ? ['Added'] : []), ...(f.excludeHidden ? ['Hidden'] : [])];
    parts.push(`NOT EXISTS (SELECT 1 FROM marketplace_services xms WHERE xms.service_id = s.id
      AND xms.marketplace_id = ${p.add(set.statusListId)}::int AND xms.status = ANY(${p.add(excluded)}::text[]))`);
  }
  return parts.join('\n  AND ');
}

const FROM = 'FROM services s JOIN accounts o ON o.id = s.owner_account_id';

function orderOf(orderBy: SearchOrderBy): string {
  const dir = orderBy.Direction === 'DESC' ? 'DESC' : 'ASC';
  switch (orderBy.Key) {
    case 'Ranking':
      return `s.ranking ${dir}, lower(s.display_name) ASC, s.id ASC`;
    case 'DisplayName':
      return `lower(s.display_name) ${dir}, s.id ${dir}`;
    case 'ModifyDate':
      return `s.updated_at ${dir}, s.id ${dir}`;
    case 'CreateDate':
      return `s.created_at ${dir}, s.id ${dir}`;
  }
}

export interface SearchRow {
  id: number;
  service_name: string;
  display_name: string;
  short_description: string;
  category: string | null;
  category_display_name: string | null;
  icon: string | null;
  owner_account_id: number;
  owner_name: string;
  owner_currency: string | null;
  owner_icon: string | null;
  ranking: number;
  created_at: Date;
  updated_at: Date;
  tags: string[];
  status: 'Active' | 'Added' | 'Hidden';
  is_tc_accepted: boolean;
  rules: unknown;
  fields: unknown;
}

/** The details of the services of a page, joined after the page is cut so only its rows pay for them. */
function detailColumns(p: Params, statusListId: number | null, companyId: number): string {
  const status =
    statusListId === null
      ? `'Active'`
      : `COALESCE((SELECT sms.status FROM marketplace_services sms WHERE sms.service_id = s.id
          AND sms.marketplace_id = ${p.add(statusListId)}::int), 'Active')`;
  return `s.id, s.service_name, s.display_name, s.short_description, s.category, c.display_name AS category_display_name,
    s.icon, s.owner_account_id, o.display_name AS owner_name, o.currency AS owner_currency, pop.icon_file_id AS owner_icon,
    s.ranking, s.created_at, s.updated_at,
    COALESCE(ARRAY(SELECT t.tag FROM service_tag_links t WHERE t.service_id = s.id ORDER BY t.position), '{}') AS tags,
    ${status} AS status,
    NOT EXISTS (SELECT 1 FROM service_description_groups sg JOIN description_groups g ON g.id = sg.group_id
      WHERE sg.service_id = s.id AND sg.description_type = 'TermsAndConditions'
        AND NOT EXISTS (SELECT 1 FROM service_terms_acceptances a WHERE a.company_id = ${p.add(companyId)}::int
          AND a.service_name = lower(s.service_name) AND a.revision = g.terms_revision)) AS is_tc_accepted,
    s.definition -> 'BillingRules' AS rules, s.definition -> 'Fields' AS fields`;
}

const DETAIL_JOINS = `JOIN accounts o ON o.id = s.owner_account_id
  LEFT JOIN service_categories c ON c.name = s.category
  LEFT JOIN product_owner_profiles pop ON pop.account_id = s.owner_account_id`;

/**
 * The totals of searches, counted once per catalogue search generation (migration 0125): a total is
 * kept under the generation its count read, and used only while a page query reads that same
 * generation in its own snapshot. Totals are kept per database handle (a read operation's database;
 * a transaction's handle lives one operation), the most recently used `TOTALS_KEPT` of each.
 */
const TOTALS_KEPT = 500;
const totalsByDb = new WeakMap<Queryable, Map<string, { generation: string; total: number }>>();

function keepTotal(db: Queryable, key: string, generation: string, total: number): void {
  let totals = totalsByDb.get(db);
  if (!totals) {
    totals = new Map();
    totalsByDb.set(db, totals);
  }
  totals.delete(key);
  totals.set(key, { generation, total });
  if (totals.size > TOTALS_KEPT) totals.delete(totals.keys().next().value as string);
}

function keptTotal(db: Queryable, key: string, generation: string): number | null {
  const totals = totalsByDb.get(db);
  const kept = totals?.get(key);
  if (!totals || !kept || kept.generation !== generation) return null;
  totals.delete(key);
  totals.set(key, kept);
  return kept.total;
}

const GENERATION = '(SELECT value::text FROM catalogue_search_generation WHERE singleton)';

/** The FROM of a set: the owner is joined only when the base reads the owner's place in the tree. */
const fromOf = (set: SearchSet) => (set.base.kind === 'ownedIn' ? FROM : 'FROM services s');

/**
 * One page of a search with the total of the whole matching set. The page is cut in the order of an
 * index and stops after its rows; the total is counted only when none is kept for the set under the
 * generation the page query read (see `totals` above), so paging through a set counts it once.
 */
export async function searchPage(
  db: Queryable,
  set: SearchSet,
  orderBy: SearchOrderBy,
  page: { offset: number; limit: number },
  companyId: number,
): Promise<{ rows: SearchRow[]; total: number }> {
  const p = new Params();
  const order = orderOf(orderBy);
  const where = whereOf(set, p);
  const countKey = `${where}\u0000${JSON.stringify(p.values)}\u0000${set.base.kind}`;
  const limit = p.add(page.limit);
  const offset = p.add(page.offset);
  const details = detailColumns(p, set.statusListId, companyId);
  const rows = await db.query<SearchRow & { generation: string }>(
    `WITH page AS MATERIALIZED (
       SELECT s.id ${fromOf(set)}
       WHERE ${where}
       ORDER BY ${order}
       LIMIT ${limit} OFFSET ${offset}
     )
     SELECT ${details}, ${GENERATION} AS generation
     FROM page JOIN services s ON s.id = page.id ${DETAIL_JOINS}
     ORDER BY ${order}`,
    p.values,
  );
  const kept = rows[0] ? keptTotal(db, countKey, rows[0].generation) : null;
  if (kept !== null) return { rows, total: kept };
  return { rows, total: await countSearch(db, set, countKey) };
}

/** The number of services a set matches, counted in one scan and kept for its generation. */
export async function countSearch(db: Queryable, set: SearchSet, key?: string): Promise<number> {
  const p = new Params();
  const where = whereOf(set, p);
  const [row] = await db.query<{ n: number; generation: string }>(
    `SELECT count(*)::int AS n, ${GENERATION} AS generation ${fromOf(set)} WHERE ${where}`,
    p.values,
  );
  const n = row?.n ?? 0;
  if (row) keepTotal(db, key ?? `${where}\u0000${JSON.stringify(p.values)}\u0000${set.base.kind}`, row.generation, n);
  return n;
}

export interface MetadataRows {
  total: number;
  categories: { name: string; display_name: string; count: number }[];
  vendors: { owner_account_id: number; owner_name: string; owner_icon: string | null; count: number }[];
  tags: { tag: string; count: number }[];
}

/** The categories, vendors and tags of the whole matching set, with counts. */
export async function searchMetadata(db: Queryable, set: SearchSet): Promise<MetadataRows> {
  const p = new Params();
  const matched = `WITH matched AS (SELECT s.id, s.category, s.owner_account_id ${FROM} WHERE ${whereOf(set, p)})`;
  const [counted] = await db.query<{ n: number }>(`${matched} SELECT count(*)::int AS n FROM matched`, p.values);
  const categories = await db.query<MetadataRows['categories'][number]>(
    `${matched} SELECT c.name, c.display_name, count(*)::int AS count FROM matched m JOIN service_categories c ON c.name = m.category
     GROUP BY c.name, c.display_name, c.sort ORDER BY c.sort, c.display_name`,
    p.values,
  );
  const vendors = await db.query<MetadataRows['vendors'][number]>(
    `${matched} SELECT m.owner_account_id, o.display_name AS owner_name, pop.icon_file_id AS owner_icon, count(*)::int AS count
     FROM matched m JOIN accounts o ON o.id = m.owner_account_id
     LEFT JOIN product_owner_profiles pop ON pop.account_id = m.owner_account_id
     GROUP BY m.owner_account_id, o.display_name, pop.icon_file_id ORDER BY lower(o.display_name), m.owner_account_id`,
    p.values,
  );
  const tags = await db.query<MetadataRows['tags'][number]>(
    `${matched} SELECT tl.tag, count(*)::int AS count FROM matched m JOIN service_tag_links tl ON tl.service_id = m.id
     GROUP BY tl.tag ORDER BY count(*) DESC, lower(tl.tag)`,
    p.values,
  );
  return { total: counted?.n ?? 0, categories, vendors, tags };
}

/** [M9.7] Up to `limit` services whose name contains the text, best ranked first. */
export async function autocompleteServices(db: Queryable, set: SearchSet, limit: number) {
  const p = new Params();
  return db.query<{ id: number; service_name: string; display_name: string; icon: string | null }>(
    `SELECT s.id, s.service_name, s.display_name, s.icon ${FROM} WHERE ${whereOf(set, p)}
     ORDER BY s.ranking, lower(s.display_name), s.id LIMIT ${p.add(limit)}`,
    p.values,
  );
}

/** [M9.7] The vendor owning most of the services whose name contains the text. */
export async function autocompleteVendor(db: Queryable, set: SearchSet) {
  const p = new Params();
  const [row] = await db.query<{ owner_account_id: number; owner_name: string; owner_icon: string | null }>(
    `SELECT s.owner_account_id, o.display_name AS owner_name, pop.icon_file_id AS owner_icon
     ${FROM} LEFT JOIN product_owner_profiles pop ON pop.account_id = s.owner_account_id
     WHERE ${whereOf(set, p)}
     GROUP BY s.owner_account_id, o.display_name, pop.icon_file_id
     ORDER BY count(*) DESC, lower(o.display_name), s.owner_account_id LIMIT 1`,
    p.values,
  );
  return row ?? null;
}

/** [M9.7] Tags containing the text among the services of the set (whatever their names). */
export async function autocompleteTags(db: Queryable, set: SearchSet, text: string, limit: number) {
  const p = new Params();
  const rows = await db.query<{ tag: string }>(
    `SELECT tl.tag FROM service_tag_links tl
     WHERE tl.tag ILIKE ${p.add(likePattern(text))}
       AND tl.service_id IN (SELECT s.id ${FROM} WHERE ${whereOf(set, p, { withText: false })})
     GROUP BY tl.tag ORDER BY count(*) DESC, lower(tl.tag) LIMIT ${p.add(limit)}`,
    p.values,
  );
  return rows.map((r) => r.tag);
}

// ---------------------------------------------------------------------------------------------
// The caller's organisation and price lists
// ---------------------------------------------------------------------------------------------

export interface OrganisationRow {
  id: number;
  account_type: string;
  is_vendor: boolean;
  path: string;
  depth: number;
  currency: string | null;
}

/** The accounts on a path, top first (a handful of rows: the path's ids). */
export async function listPathAccounts(db: Queryable, path: string): Promise<OrganisationRow[]> {
  return db.query<OrganisationRow>(
    'SELECT id, account_type, is_vendor, path, depth, currency FROM accounts WHERE id = ANY($1::int[]) ORDER BY depth',
    [pathIds(path)],
  );
}

/**
 * The price lists that reach an organisation (decision 0033): assigned to it, or assigned to an
 * account above it with propagation on.
 */
export async function listReachingMarketplaceIds(
  db: Queryable,
  organisationId: number,
  ancestorIds: number[],
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT DISTINCT m.id FROM marketplace_assignments ma JOIN marketplaces m ON m.id = ma.marketplace_id
     WHERE ma.account_id = $1 OR (m.is_propagation_enabled AND ma.account_id = ANY($2::int[]))`,
    [organisationId, ancestorIds],
  );
  return rows.map((r) => r.id);
}

/** The price lists owned by accounts inside a path (an organisation's own lists). */
export async function listOwnedMarketplaceIds(db: Queryable, path: string): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT m.id FROM marketplaces m JOIN accounts a ON a.id = m.owner_account_id
     WHERE a.path >= $1 AND a.path < $2`,
    [path, pathUpperBound(path)],
  );
  return rows.map((r) => r.id);
}

export async function marketplaceExists(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM marketplaces WHERE id = $1', [id]);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Service info
// ---------------------------------------------------------------------------------------------

export interface InfoRow extends Omit<SearchRow, 'total'> {
  default_language: string;
  definition: Record<string, unknown>;
}

/** One service of the set, by id or service name (without case), with its details. */
export async function findInfo(
  db: Queryable,
  set: SearchSet,
  key: { id: number } | { serviceName: string },
  companyId: number,
): Promise<InfoRow | null> {
  const p = new Params();
  const where = whereOf(set, p);
  const match = 'id' in key ? `s.id = ${p.add(key.id)}::int` : `lower(s.service_name) = lower(${p.add(key.serviceName)})`;
  const details = detailColumns(p, set.statusListId, companyId);
  const [row] = await db.query<InfoRow>(
    `SELECT ${details}, s.default_language, s.definition
     FROM services s ${DETAIL_JOINS}
     WHERE ${match} AND s.id IN (SELECT s.id ${FROM} WHERE ${where} AND ${match})
     LIMIT 1`,
    p.values,
  );
  return row ?? null;
}

export interface DescriptionRow {
  description_type: 'Description' | 'TermsAndConditions';
  language_code: string;
  title: string;
  content: string;
}

export async function listDescriptions(db: Queryable, serviceId: number): Promise<DescriptionRow[]> {
  return db.query<DescriptionRow>(
    `SELECT sg.description_type, d.language_code, d.title, d.content
     FROM service_description_groups sg JOIN descriptions d ON d.group_id = sg.group_id
     WHERE sg.service_id = $1 ORDER BY sg.description_type, d.language_code`,
    [serviceId],
  );
}

/** The catalogue service a Product account subscribes to (its product name), or null. */
export async function findProductName(db: Queryable, accountId: number): Promise<string | null> {
  const [row] = await db.query<{ product_name: string | null }>(
    "SELECT product_name FROM accounts WHERE id = $1 AND account_type = 'Product'",
    [accountId],
  );
  return row?.product_name ?? null;
}
