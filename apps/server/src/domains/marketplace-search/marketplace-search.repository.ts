import type { SearchOrderBy } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { pathIds, pathUpperBound } from '../../platform/tenancy/scope.js';
import { listMayPriceSql, type PriceListPricingRow, priceListPricingSql } from '../price-lists/index.js';

/**
 * SQL of marketplace search. Reads the catalogue (`services`, `service_tag_links`, `service_categories`,
 * description groups, terms acceptances), the price-list tables, `product_owner_profiles` and the tables its triggers
 * keep (`service_facet_counts`, the narrow `service_search_rows`), and writes nothing. Every query is built from a
 * `SearchSet`: the services a caller may see, decided by the service from the caller's organisation (see the README).
 */

/** Which services a search starts from, before the filters. */
export type BaseSet =
  /** Every Active service (the provider, or a customer that is the provider). */
  | { kind: 'all' }
  /** Services owned by accounts inside a path (a vendor's own; MyServices). */
  | { kind: 'ownedIn'; path: string }
  /** Services in one of these price lists with one of these statuses. */
  | { kind: 'inLists'; marketplaceIds: number[]; statuses: ('Added' | 'Hidden')[] }
  /**
   * What an organisation that is not the provider browses (decision 0033), decided inside the statement from its
   * path: a vendor's own services, else the Added services of the lists reaching it or owned in its subtree.
   * `maybeVendor`: the organisation is a Company, so its `is_vendor` decides.
   */
  | { kind: 'visibleTo'; rootId: number; rootPath: string; maybeVendor: boolean };

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

/** No filter at all: a lookup of one service by id or name inside a base set (the info page, a material number). */
export const NO_FILTERS: Readonly<SearchSet['filters']> = Object.freeze({
  text: '',
  ownerIds: [],
  categories: [],
  tags: [],
  excludeAdded: false,
  excludeHidden: false,
  createdSince: null,
});

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * An account path and its subtree's exclusive upper bound (`pathUpperBound`) as SQL over one parameter: the path's
 * ids (an integer array), so a statement whose other values are integers too may be prepared (decision 0041: PGlite
 * prepares only statements whose parameters are all integers).
 */
function pathRange(path: string, p: Params): { path: string; upper: string } {
  const ids = `array_to_string(${p.add(pathIds(path))}::int[], '/')`;
  return { path: `('/' || ${ids} || '/')`, upper: `('/' || ${ids} || '0')` };
}

/** Escapes LIKE wildcards so the text typed matches literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The ids of the price lists that reach an organisation: assigned to it, or to an account above it with
 * propagation on (the same lists as `listReachingMarketplaceIds`), as a SELECT of one column.
 */
function reachingListsSelect(rootId: number, rootPath: string, p: Params): string {
  const ancestors = pathIds(rootPath).filter((id) => id !== rootId);
  return `SELECT ma.marketplace_id FROM marketplace_assignments ma JOIN marketplaces m ON m.id = ma.marketplace_id
    WHERE ma.account_id = ${p.add(rootId)}::int OR (m.is_propagation_enabled AND ma.account_id = ANY(${p.add(ancestors)}::int[]))`;
}

/**
 * The lists an organisation browses: those reaching it and those owned in its subtree (`listOwnedMarketplaceIds`),
 * as an uncorrelated array (one initplan per statement).
 */
function visibleListsArray(rootId: number, rootPath: string, p: Params): string {
  const range = pathRange(rootPath, p);
  return `ARRAY(${reachingListsSelect(rootId, rootPath, p)}
    UNION SELECT vm.id FROM marketplaces vm JOIN accounts va ON va.id = vm.owner_account_id
    WHERE va.path >= ${range.path} AND va.path < ${range.upper})`;
}

/**
 * The base set's condition on `s`. On the narrow table (`narrow`), "Added to one of these lists" is an overlap with the
 * row's `added_lists` (kept by triggers on the entries, migration 0153) instead of a probe of the entries.
 */
function baseCondition(base: BaseSet, p: Params, narrow: boolean): string {
  switch (base.kind) {
    case 'visibleTo': {
      const lists = visibleListsArray(base.rootId, base.rootPath, p);
      const inLists = narrow
        ? `s.added_lists && ${lists}`
        : `EXISTS (SELECT 1 FROM marketplace_services bms WHERE bms.service_id = s.id
        AND bms.marketplace_id = ANY(${lists}) AND bms.status = 'Added')`;
      if (!base.maybeVendor) return inLists;
      const vendor = `COALESCE((SELECT va.is_vendor FROM accounts va WHERE va.id = ${p.add(base.rootId)}::int), false)`;
      const range = pathRange(base.rootPath, p);
      const owned = `o.path >= ${range.path} AND o.path < ${range.upper}`;
      return `CASE WHEN ${vendor} THEN (${owned}) ELSE ${inLists} END`;
    }
    case 'all':
      return 'TRUE';
    case 'ownedIn':
      return `o.path >= ${p.add(base.path)} AND o.path < ${p.add(pathUpperBound(base.path))}`;
    case 'inLists':
      if (base.marketplaceIds.length === 0) return 'FALSE';
      if (narrow && base.statuses.length === 1 && base.statuses[0] === 'Added')
        return `s.added_lists && ${p.add(base.marketplaceIds)}::int[]`;
      return `EXISTS (SELECT 1 FROM marketplace_services bms WHERE bms.service_id = s.id
        AND bms.marketplace_id = ANY(${p.add(base.marketplaceIds)}::int[]) AND bms.status = ANY(${p.add(base.statuses)}::text[]))`;
  }
}

/**
 * The vendor, category and tag filters as conditions on the rows `alias` (services, or `service_facet_counts` groups,
 * which share those columns): every tag given must be among the row's tags, read `FROM ${tagsFrom} t.tag = ...`.
 */
function listFilterConditions(f: SearchSet['filters'], p: Params, alias: string, tagsFrom: string): string[] {
  const parts: string[] = [];
  if (f.ownerIds.length > 0) parts.push(`${alias}.owner_account_id = ANY(${p.add(f.ownerIds)}::int[])`);
  if (f.categories.length > 0) parts.push(`${alias}.category = ANY(${p.add(f.categories)}::text[])`);
  if (f.tags.length > 0) {
    parts.push(`(SELECT count(DISTINCT t.tag) FROM ${tagsFrom}
      t.tag = ANY(${p.add(f.tags)}::text[])) = ${p.add(f.tags.length)}::int`);
  }
  return parts;
}

/**
 * The WHERE clause of a search set on `s`: `services`, or with `narrow` the narrow table `service_search_rows` (migration
 * 0153), which holds only Active services (so no state condition), their Added lists, and no names but `search_name`
 * (`readsNarrow`).
 */
function whereOf(set: SearchSet, p: Params, options: { withText?: boolean; narrow?: boolean } = {}): string {
  const f = set.filters;
  const parts = [...(options.narrow ? [] : [`s.state = 'Active'`]), baseCondition(set.base, p, options.narrow === true)];
  if (options.withText !== false && f.text !== '') {
    const pattern = p.add(likePattern(f.text));
    // Either name contains the text, without case: `search_name` holds both lower-cased with a newline between them
    // (migration 0146), so one LIKE of the lower-cased text is the same test (ILIKE is lower() and LIKE in a UTF-8
    // database) as long as the text holds no newline to match across them; one that does is tested the old way.
    parts.push(
      f.text.includes('\n')
        ? `(s.display_name ILIKE ${pattern} OR s.service_name ILIKE ${pattern})`
        : `s.search_name LIKE lower(${pattern})`,
    );
  }
  parts.push(...listFilterConditions(f, p, 's', 'service_tag_links t WHERE t.service_id = s.id AND'));
  if (f.createdSince) parts.push(`s.created_at >= ${p.add(f.createdSince)}::timestamptz`);
  if (set.statusListId !== null && (f.excludeAdded || f.excludeHidden)) {
    const excluded = [...(f.excludeAdded ? ['Added'] : []), ...(f.excludeHidden ? ['Hidden'] : [])];
    parts.push(`NOT EXISTS (SELECT 1 FROM marketplace_services xms WHERE xms.service_id = s.id
      AND xms.marketplace_id = ${p.add(set.statusListId)}::int AND xms.status = ANY(${p.add(excluded)}::text[]))`);
  }
  return parts.join('\n  AND ');
}

const FROM = 'FROM services s JOIN accounts o ON o.id = s.owner_account_id';

/** The ORDER BY of a sort key, on the columns of `alias` (a service row or a page row of `detailColumns`). */
function orderOf(orderBy: SearchOrderBy, alias = 's'): string {
  const dir = orderBy.Direction === 'DESC' ? 'DESC' : 'ASC';
  const a = alias;
  switch (orderBy.Key) {
    case 'Ranking':
      return `${a}.ranking ${dir}, lower(${a}.display_name) ASC, ${a}.id ASC`;
    case 'DisplayName':
      return `lower(${a}.display_name) ${dir}, ${a}.id ${dir}`;
    case 'ModifyDate':
      return `${a}.updated_at ${dir}, ${a}.id ${dir}`;
    case 'CreateDate':
      return `${a}.created_at ${dir}, ${a}.id ${dir}`;
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

/**
 * The details of the services of a page, joined after the page is cut so only its rows pay for them. `pricing`: the
 * stored BillingRules and Fields, which only pricing reads (NULL otherwise: a caller who does not see prices never
 * has them read out of the definition).
 *
 * The tags in their order (`position`): a service with fewer than two tags has them all in `search_tags` (migration
 * 0150 keeps it equal to the links' tags, sorted), where no order is needed; only one with two or more reads its links
 * (decision 0078). The terms acceptance: a service's terms group is read, and the acceptances probed, only when the
 * service has a terms group (one index probe otherwise); the group's revision is looked up by its key (`group_id` is a
 * foreign key, so it always finds one), where a join made a plan hash the groups once per row.
 */
function detailColumns(p: Params, statusListId: number | null, companyId: number, pricing = true): string {
  const status =
    statusListId === null
      ? `'Active'`
      : `COALESCE((SELECT sms.status FROM marketplace_services sms WHERE sms.service_id = s.id
          AND sms.marketplace_id = ${p.add(statusListId)}::int), 'Active')`;
  return `s.id, s.service_name, s.display_name, s.short_description, s.category, c.display_name AS category_display_name,
    s.icon, s.owner_account_id, o.display_name AS owner_name, o.currency AS owner_currency, pop.icon_file_id AS owner_icon,
    s.ranking, s.created_at, s.updated_at,
    CASE WHEN cardinality(s.search_tags) < 2 THEN s.search_tags
      ELSE ARRAY(SELECT t.tag FROM service_tag_links t WHERE t.service_id = s.id ORDER BY t.position) END AS tags,
    ${status} AS status,
    NOT EXISTS (SELECT 1 FROM service_description_groups sg
      WHERE sg.service_id = s.id AND sg.description_type = 'TermsAndConditions'
        AND NOT EXISTS (SELECT 1 FROM service_terms_acceptances a WHERE a.company_id = ${p.add(companyId)}::int
          AND a.service_name = lower(s.service_name)
          AND a.revision = (SELECT g.terms_revision FROM description_groups g WHERE g.id = sg.group_id))) AS is_tc_accepted,
    ${pricing ? `s.definition -> 'BillingRules' AS rules, s.definition -> 'Fields' AS fields` : 'NULL::jsonb AS rules, NULL::jsonb AS fields'}`;
}

/** The columns of a page's row, in the order of the JSON array each row is answered as (`pageRows` reads it back). */
const PAGE_ROW_KEYS = [
  'id',
  'service_name',
  'display_name',
  'short_description',
  'category',
  'category_display_name',
  'icon',
  'owner_account_id',
  'owner_name',
  'owner_currency',
  'owner_icon',
  'ranking',
  'created_at',
  'updated_at',
  'tags',
  'status',
  'is_tc_accepted',
  'rules',
  'fields',
] as const satisfies readonly (keyof SearchRow)[];
/** Every column of SearchRow is in PAGE_ROW_KEYS (a column added to the row and not to the list fails to compile). */
const everyPageRowKey: [Exclude<keyof SearchRow, (typeof PAGE_ROW_KEYS)[number]>] extends [never] ? true : never = true;
void everyPageRowKey;

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

/**
 * The FROM of a set: the owner is joined only when the base reads the owner's place in the tree. With `narrow`, the
 * services are read from `service_search_rows` (give `whereOf` the same option).
 */
const fromOf = (set: SearchSet, narrow = false) => {
  const services = narrow ? 'service_search_rows s' : 'services s';
  return set.base.kind === 'ownedIn' || (set.base.kind === 'visibleTo' && set.base.maybeVendor)
    ? `FROM ${services} JOIN accounts o ON o.id = s.owner_account_id`
    : `FROM ${services}`;
};

/**
 * Whether a set's matching services can be read from the narrow table `service_search_rows` (migration 0153, decision
 * 0077): the Active services' search columns and Added lists, kept by triggers in the same statement as `services` and
 * `marketplace_services`, 3.3 times denser (958 pages against 3,119 at 50,000 generated services). It has every column
 * `whereOf` tests but the two names, which only a text holding a newline reads (tested with an ILIKE on each).
 */
const readsNarrow = (set: SearchSet) => !set.filters.text.includes('\n');

/** What a page statement answers besides the page (see `searchPage`). */
export interface PageExtras {
  /** The accounts of this path (the caller's organisation path), top first, as `listPathAccounts` reads them. */
  pathAccountsOf?: string;
  /**
   * The buyer's path (an account path): the statement also answers, for the page's services, the price list that
   * prices each for the buyer's customer with what it charges (`priceListPricingSql` of domains/price-lists).
   */
  priceListsFor?: string;
  /** The rows' stored BillingRules and Fields (`SearchRow.rules`, `fields`), which pricing reads; else null. */
  pricing?: boolean;
}

/**
 * One page of a search with the total of the whole matching set, in one statement. The page is cut in the
 * order of an index and stops after its rows; the total is counted in the same statement only when none is kept
 * for the set (see `totals` above), so paging through a set counts it once. A kept total is used when the page
 * statement read the generation it was counted under; otherwise (the catalogue changed) it is counted again.
 * The statement always answers one row, even past the last page, for the generation, the total and the extras, with
 * the page's rows as one JSON array in the page's order (parsed once, rather than some 25 columns per row), each row
 * itself an array of its values (`PAGE_ROW_KEYS`, decision 0078).
 */
export async function searchPage(
  db: Queryable,
  set: SearchSet,
  orderBy: SearchOrderBy,
  page: { offset: number; limit: number },
  companyId: number,
  extras: PageExtras = {},
  usePositions = true,
): Promise<{
  rows: SearchRow[];
  total: number;
  pathAccounts: OrganisationRow[] | null;
  /** The rows of `priceListPricingSql` for the page's services (`extras.priceListsFor`; else empty). */
  priceLists: PriceListPricingRow[];
}> {
  const p = new Params();
  const where = whereOf(set, p);
  // No value in the set's condition: the whole Active catalogue (the provider's unfiltered Global set), where every row
  // the order's index walks is on the page or before it, so any plan walks offset + limit rows.
  const walksOnlyUpToThePage = p.values.length === 0;
  const countKey = totalKey(set, where, p.values);
  const countNow = !totalsByDb.get(db)?.has(countKey);
  const access = accessOf(db, set, page, countKey);
  // The first page of a set whose values are all integers (the provider's unfiltered or owner-filtered catalogue, the
  // hottest page), and the first page of a text search whose total is kept (`accessOf`), run prepared with their LIMIT
  // written in: the generic plan then knows the page's size (a LIMIT or OFFSET given as a parameter makes a generic
  // plan read a tenth of the set) and it is planned once per connection. A later page of the whole catalogue is
  // prepared too, its LIMIT written in and its OFFSET bound (planning was more than half of a page 50: 3.6 ms of
  // planning against 2.2 ms of execution on PostgreSQL, 2026-11-27): the walk is the same under any plan. A later page
  // of any other set is planned for its values, as every other page: the planner may then sort the matching set
  // instead of walking to a deep offset (a reseller's page 500 by name: 55 ms planned for its values, 182 ms under the
  // generic plan, which walks). The texts stay few: one per shape, way in, page size (1 to 100) and first page or not.
  const prepare =
    Number.isInteger(page.limit) &&
    (page.offset === 0 ? access.prepared || (set.filters.text === '' && p.values.every(isIntegerValue)) : walksOnlyUpToThePage);
  const limit = prepare ? String(page.limit) : p.add(page.limit);
  // A deep page of an order whose positions the generation keeps (`keysetOf`) starts where a page read under this
  // generation said its row is, instead of walking past `offset` rows; its rows are read as before.
  const keyset = access.way === 'walk' ? keysetOf(orderBy) : null;
  const positionKey = keyset ? `${countKey}\u0000${orderBy.Key} ${orderBy.Direction}\u0000` : '';
  const from = keyset && usePositions && page.offset > 0 ? keptPosition(db, positionKey + page.offset) : null;
  const startsAt =
    keyset && from
      ? `\n       AND (${keyset.key}, s.id) ${keyset.after}${from.inclusive ? '=' : ''} (${keyset.fromText(p.add(from.key))}, ${p.add(from.id)}::int)`
      : '';
  const offset = (prepare && page.offset === 0) || from ? '0' : p.add(page.offset);
  const details = detailColumns(p, set.statusListId, companyId, extras.pricing ?? false);
  // The buyer's path is given as its ids (an integer array, so a prepared page stays preparable) and written back
  // into the path text the price-list rule reads.
  // Only where some list is assigned on the buyer's path (`listMayPriceSql`: else the lookup finds nothing): the
  // provider's own page, which no list prices unless one is assigned to the provider, skips the lookup's joins.
  const buyerIds = extras.priceListsFor ? p.add(pathIds(extras.priceListsFor)) : '';
  const priceLists = extras.priceListsFor
    ? `CASE WHEN ${listMayPriceSql(`${buyerIds}::int[]`)} THEN (SELECT json_agg(pl) FROM (${priceListPricingSql(
        `ARRAY['/' || array_to_string(${buyerIds}::int[], '/') || '/']`,
        'ARRAY(SELECT id FROM page)',
      )}) pl) END`
    : 'NULL::json';
  const pathAccounts = extras.pathAccountsOf
    ? `(SELECT json_agg(json_build_object('id', pa.id, 'account_type', pa.account_type, 'is_vendor', pa.is_vendor,
          'path', pa.path, 'depth', pa.depth, 'currency', pa.currency) ORDER BY pa.depth)
        FROM accounts pa WHERE pa.id = ANY(${p.add(pathIds(extras.pathAccountsOf))}::int[]))`
    : 'NULL::json';
  const [head] = await db.query<{
    generation: string;
    counted: number | null;
    path_accounts: OrganisationRow[] | null;
    price_lists: PriceListPricingRow[] | null;
    page: unknown[][] | null;
    keys: [string, number][] | null;
  }>(
    `WITH ${
      access.way === 'walk'
        ? `page AS MATERIALIZED (
       SELECT s.id${keyset ? `, ${keyset.key} AS k` : ''} ${fromOf(set)}
       WHERE ${where}${startsAt}
       ORDER BY ${orderOf(orderBy)}
       LIMIT ${limit} OFFSET ${offset}
     ),`
        : `matched AS MATERIALIZED (
       SELECT s.id, s.ranking, s.display_name, s.created_at, s.updated_at ${fromOf(set)}
       WHERE ${where}
     ),
     page AS MATERIALIZED (
       SELECT s.id FROM matched s
       ORDER BY ${orderOf(orderBy)}
       LIMIT ${limit} OFFSET ${offset}
     ),`
    }
     found AS (
       SELECT ${details}
       FROM page JOIN services s ON s.id = page.id ${DETAIL_JOINS}
     )
     SELECT head.generation, head.counted, head.path_accounts, head.price_lists,
       (SELECT json_agg(json_build_array(${PAGE_ROW_KEYS.map((k) => `found.${k}`).join(', ')})
         ORDER BY ${orderOf(orderBy, 'found')}) FROM found) AS page,
       ${
         keyset
           ? `(SELECT json_agg(json_build_array(${keyset.asText('page.k')}, page.id) ORDER BY page.k ${keyset.direction}, page.id ${keyset.direction})
         FROM page)`
           : 'NULL::json'
       } AS keys
     FROM (SELECT ${GENERATION} AS generation,
             ${
               !countNow
                 ? 'NULL::int'
                 : access.way === 'matched'
                   ? '(SELECT count(*)::int FROM matched)'
                   : `(SELECT count(*)::int ${fromOf(set)} WHERE ${where})`
             } AS counted,
             ${pathAccounts} AS path_accounts,
             ${priceLists} AS price_lists) head`,
    p.values,
    // The values added after the decision are path ids: integers too.
    { prepare },
  );
  if (!head) throw new Error('a search page statement answers one row');
  // The catalogue changed since the position was kept: the page is read again, walking to its offset.
  if (from && head.generation !== from.generation) {
    return searchPage(db, set, orderBy, page, companyId, extras, false);
  }
  if (positionsByDb.has(db)) positionsOf(db, head.generation);
  if (keyset && head.keys && head.keys.length > 0) {
    const first = head.keys[0] as [string, number];
    const last = head.keys[head.keys.length - 1] as [string, number];
    keepPosition(db, head.generation, positionKey + page.offset, { key: first[0], id: first[1], inclusive: true });
    if (head.keys.length === page.limit) {
      keepPosition(db, head.generation, positionKey + (page.offset + page.limit), {
        key: last[0],
        id: last[1],
        inclusive: false,
      });
    }
  }
  const answer = { rows: pageRows(head.page), pathAccounts: head.path_accounts, priceLists: head.price_lists ?? [] };
  if (head.counted !== null) {
    keepTotal(db, countKey, head.generation, head.counted);
    return { ...answer, total: head.counted };
  }
  const kept = keptTotal(db, countKey, head.generation);
  if (kept !== null) return { ...answer, total: kept };
  return { ...answer, total: await countSearch(db, set, countKey) };
}

/**
 * The rows of a page from the statement's JSON: each row an array of the PAGE_ROW_KEYS' values in that order (decision
 * 0078: no column names repeated on every row, in the statement or in the parse), its dates made Dates (the instant
 * the driver's own timestamptz parsing gives: both keep the milliseconds and drop the microseconds).
 */
function pageRows(page: unknown[][] | null): SearchRow[] {
  if (!page) return [];
  return page.map((values) => {
    const row: Record<string, unknown> = {};
    for (const [i, key] of PAGE_ROW_KEYS.entries()) row[key] = values[i];
    row.created_at = new Date(row.created_at as string);
    row.updated_at = new Date(row.updated_at as string);
    return row as unknown as SearchRow;
  });
}

/**
 * The orders whose every position the catalogue search generation keeps: by name and by creation date. A statement
 * that changes a service's names, creation date or state, or which services a set holds, adds one to the generation
 * (migration 0125), so under one generation the row at an offset of a set's order is always the same row, and a page
 * can start at that row's key (its index's columns) instead of walking to the offset. Not by Ranking or ModifyDate:
 * a ranking or any other change of a service moves it there without a new generation. `key`: the order's first
 * column as the page reads it; `asText` and `fromText`: that key as text and back, exactly (an instant as UTC ISO text
 * with its microseconds, whatever the session's DateStyle); `after`: the comparison of the rows after a key.
 */
function keysetOf(orderBy: SearchOrderBy): {
  key: string;
  asText: (sql: string) => string;
  fromText: (sql: string) => string;
  after: '>' | '<';
  direction: 'ASC' | 'DESC';
} | null {
  const direction = orderBy.Direction === 'DESC' ? 'DESC' : 'ASC';
  const after = direction === 'DESC' ? '<' : '>';
  switch (orderBy.Key) {
    case 'DisplayName':
      return { key: 'lower(s.display_name)', asText: (sql) => sql, fromText: (sql) => `${sql}::text`, after, direction };
    case 'CreateDate':
      return {
        key: 's.created_at',
        asText: (sql) => `to_char(${sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
        fromText: (sql) => `(${sql}::timestamp AT TIME ZONE 'UTC')`,
        after,
        direction,
      };
    default:
      return null;
  }
}

/**
 * Where the pages of a set start, kept per database handle like the totals (the most recently used `POSITIONS_KEPT`,
 * about 1 KB each): the key and id of the row at an offset of an order (`inclusive`: the page starts at it) or of the
 * row before it, all under the one generation the page statements that found them read. A page statement that reads
 * another generation forgets them all (`positionsOf`), and a page started from a position re-reads its generation: a
 * position kept under another one is not used (the page is read again, walking to its offset). The rows themselves
 * are read by every page.
 */
const POSITIONS_KEPT = 2000;
interface KeptPosition {
  key: string;
  id: number;
  inclusive: boolean;
}
const positionsByDb = new WeakMap<Queryable, { generation: string; positions: Map<string, KeptPosition> }>();

/** The positions kept under `generation`, forgetting those of any other. */
function positionsOf(db: Queryable, generation: string): Map<string, KeptPosition> {
  let kept = positionsByDb.get(db);
  if (!kept || kept.generation !== generation) {
    kept = { generation, positions: new Map() };
    positionsByDb.set(db, kept);
  }
  return kept.positions;
}

function keepPosition(db: Queryable, generation: string, key: string, position: KeptPosition): void {
  const positions = positionsOf(db, generation);
  positions.delete(key);
  positions.set(key, position);
  if (positions.size > POSITIONS_KEPT) positions.delete(positions.keys().next().value as string);
}

function keptPosition(db: Queryable, key: string): (KeptPosition & { generation: string }) | null {
  const kept = positionsByDb.get(db);
  const position = kept?.positions.get(key);
  return kept && position ? { ...position, generation: kept.generation } : null;
}

/** The key of a set's kept total: its WHERE clause with its values. */
const totalKey = (set: SearchSet, where: string, values: readonly unknown[]) =>
  `${where}\u0000${JSON.stringify(values)}\u0000${set.base.kind}`;

/**
 * How a page's statement finds its rows. `walk`: down the index of the order, testing each row, stopping after the
 * page (cheap when the set is a large part of what is walked). `matched`: the whole matching set once (a text filter
 * through its trigram indexes), then the page sorted out of it; when the total is counted in the same statement it
 * is counted from that same set, so a text never searched before is scanned once, not once for the page and once
 * for the count. `prepared`: the way is fixed by the text itself, so a generic plan cannot choose a worse one.
 *
 * A text search counted now takes `matched`, prepared on its first page (its generic plan reads the set through the
 * trigram index, measured on both databases; a text shorter than a trigram is planned for its values, and the planner
 * then reads it sequentially). A text search whose total T is kept takes, on its first page, the
 * cheaper way by the kept totals, prepared: `walk` reads about limit x B / T rows where B is the kept total of the
 * same set without the text, `matched` about T, so `walk` when limit x B / T <= WALKED_PER_MATCHED x T. Without a kept B it is planned for
 * its values, as every other page. The totals only choose the way; the rows and their order are the same either way.
 */
function accessOf(
  db: Queryable,
  set: SearchSet,
  page: { offset: number; limit: number },
  countKey: string,
): { way: 'walk' | 'matched'; prepared: boolean } {
  if (set.filters.text === '') return { way: 'walk', prepared: false };
  const totals = totalsByDb.get(db);
  const found = totals?.get(countKey)?.total;
  // Counted now: the matching set is read whatever the plan; prepared, the statement is not planned for every new text.
  if (found === undefined) {
    return { way: 'matched', prepared: page.offset === 0 && set.filters.text.length >= MIN_PREPARED_TEXT };
  }
  const withoutText: SearchSet = { ...set, filters: { ...set.filters, text: '' } };
  const q = new Params();
  const base = totals?.get(totalKey(withoutText, whereOf(withoutText, q), q.values))?.total;
  // A text too short to hold a trigram would make a generic plan read the whole trigram index: planned for its values.
  if (page.offset !== 0 || base === undefined || set.filters.text.length < MIN_PREPARED_TEXT) {
    return { way: 'walk', prepared: false };
  }
  return { way: page.limit * base <= WALKED_PER_MATCHED * found * found ? 'walk' : 'matched', prepared: true };
}

/**
 * How many rows a walk may test for each row the matching set reads, and still be the cheaper way: a walked row is an
 * index entry and one LIKE on stored text, a matched row trigram posting entries (the posting lists of every trigram of
 * the text, however few rows match), a heap fetch and a recheck. Measured on 50,000 services (PostgreSQL, loaded
 * machine): "cloud sync" (347 matches) walking about 2,900 rows cost less than reading its matching set.
 */
const WALKED_PER_MATCHED = 10;

/** The shortest text whose search is prepared (pg_trgm's trigrams are 3 characters long). */
const MIN_PREPARED_TEXT = 3;

/** An integer or an array of integers: the values of a set whose first page is prepared without a text filter. */
const isIntegerValue = (value: unknown): boolean =>
  Number.isSafeInteger(value) || (Array.isArray(value) && value.every((v) => Number.isSafeInteger(v)));

/** The number of services a set matches, counted in one scan and kept for its generation. */
export async function countSearch(db: Queryable, set: SearchSet, key?: string): Promise<number> {
  const p = new Params();
  const where = whereOf(set, p);
  const [row] = await db.query<{ n: number; generation: string }>(
    `SELECT count(*)::int AS n, ${GENERATION} AS generation ${fromOf(set)} WHERE ${where}`,
    p.values,
  );
  const n = row?.n ?? 0;
  if (row) keepTotal(db, key ?? totalKey(set, where, p.values), row.generation, n);
  return n;
}

export interface MetadataRows {
  total: number;
  categories: { name: string; display_name: string; count: number }[];
  vendors: { owner_account_id: number; owner_name: string; owner_icon: string | null; count: number }[];
  tags: { tag: string; count: number }[];
}

/**
 * The groups of a set answered by `service_facet_counts` (migration 0150): the Active catalogue counted by (category,
 * owner, tags), kept by triggers in the same statement as the services. It answers the whole Active catalogue (base
 * `all`) filtered by categories, vendors or tags only (the conditions `whereOf` writes, on the group's columns: a
 * group's services all share them); null for any other set.
 */
function countedGroupsOf(set: SearchSet, p: Params): string | null {
  const f = set.filters;
  const excludes = set.statusListId !== null && (f.excludeAdded || f.excludeHidden);
  if (set.base.kind !== 'all' || f.text !== '' || f.createdSince !== null || excludes) return null;
  const parts = ['g.services > 0', ...listFilterConditions(f, p, 'g', 'unnest(g.search_tags) AS t(tag) WHERE')];
  return `SELECT g.category, g.owner_account_id, g.search_tags, g.services AS n FROM service_facet_counts g
    WHERE ${parts.join(' AND ')}`;
}

/**
 * The categories, vendors and tags of the whole matching set, with counts: one statement. The set is grouped once by
 * (category, owner, tags) (the tags as the row keeps them, `services.search_tags`, migration 0150): a catalogue has
 * few such groups, however many services match. The total and the three counts are sums over those groups, and only
 * the groups' few owners and categories are joined for their names. The whole Active catalogue filtered by
 * categories, vendors or tags (the provider's) reads its groups already counted (`countedGroupsOf`); any other set
 * groups its matching services. Before 2026-11-27 the set was materialised and grouped three times, its tags through
 * every link of the catalogue (decision 0074).
 */
export async function searchMetadata(db: Queryable, set: SearchSet): Promise<MetadataRows> {
  const p = new Params();
  const narrow = readsNarrow(set);
  const grouped =
    countedGroupsOf(set, p) ??
    `SELECT s.category, s.owner_account_id, s.search_tags, count(*)::int AS n ${fromOf(set, narrow)}
       WHERE ${whereOf(set, p, { narrow })}
       GROUP BY s.category, s.owner_account_id, s.search_tags`;
  const [row] = await db.query<MetadataRows>(
    `WITH grouped AS MATERIALIZED (${grouped}),
     categories AS (
       SELECT c.name, c.display_name, c.sort, sum(g.n)::int AS count FROM grouped g JOIN service_categories c ON c.name = g.category
       GROUP BY c.name, c.display_name, c.sort),
     vendors AS (
       SELECT v.owner_account_id, o.display_name AS owner_name, pop.icon_file_id AS owner_icon, v.count
       FROM (SELECT g.owner_account_id, sum(g.n)::int AS count FROM grouped g GROUP BY g.owner_account_id) v
       JOIN accounts o ON o.id = v.owner_account_id
       LEFT JOIN product_owner_profiles pop ON pop.account_id = v.owner_account_id),
     tags AS (
       SELECT t.tag, sum(g.n)::int AS count FROM grouped g CROSS JOIN LATERAL unnest(g.search_tags) AS t(tag) GROUP BY t.tag)
     SELECT (SELECT COALESCE(sum(g.n), 0)::int FROM grouped g) AS total,
       COALESCE((SELECT json_agg(json_build_object('name', x.name, 'display_name', x.display_name, 'count', x.count)
         ORDER BY x.sort, x.display_name) FROM categories x), '[]') AS categories,
       COALESCE((SELECT json_agg(json_build_object('owner_account_id', x.owner_account_id, 'owner_name', x.owner_name,
         'owner_icon', x.owner_icon, 'count', x.count) ORDER BY lower(x.owner_name), x.owner_account_id) FROM vendors x), '[]') AS vendors,
       COALESCE((SELECT json_agg(json_build_object('tag', x.tag, 'count', x.count) ORDER BY x.count DESC, lower(x.tag))
         FROM tags x), '[]') AS tags`,
    p.values,
  );
  return row ?? { total: 0, categories: [], vendors: [], tags: [] };
}

export interface AutocompleteRows {
  services: { id: number; service_name: string; display_name: string; icon: string | null }[];
  vendor: { owner_account_id: number; owner_name: string; owner_icon: string | null } | null;
  tags: string[];
}

/**
 * [M9.7] In one statement: up to `limits.services` services whose name contains the text (best ranked first); the
 * vendor owning most of them (none when nothing matches); up to `limits.tags` known tags containing the text among
 * the services of the set (whatever their names), the most used first.
 *
 * The matching services are read once (through the trigram index) and both the best ranked and the vendor come from
 * them: the vendor needs every match anyway, and a generic plan walking the ranking index for the best 5 would test
 * tens of thousands of rows for a rare text (decision 0065). The best are sorted by name only among the matches ranked
 * at most as the 5th best (the order is the ranking first), so the names of the others are never lower-cased. The
 * vendor counts the matches per owner and joins the names of those few owners only. The tags are the known tags
 * containing the text (`service_tags`, trigram index), whose links are each tested against the set by its service's
 * key (a LIMIT 1 lateral, so the planner cannot turn it into a hash of the whole set: for a reseller, the set's
 * 10,000 list entries and 50,000 services were read to test 10 links, 2026-11-27, decision 0074).
 */
export async function autocomplete(
  db: Queryable,
  set: SearchSet,
  text: string,
  limits: { services: number; tags: number },
): Promise<AutocompleteRows> {
  const p = new Params();
  const narrow = readsNarrow(set);
  const where = whereOf(set, p, { narrow });
  const whereWithoutText = whereOf(set, p, { withText: false, narrow: true });
  // Prepared (one generic plan per connection, the limits written in) when the text holds a trigram: the generic plan
  // reads the matches through the trigram index, where a plan for the values of a common text ("sec": 8,000 of 50,000
  // services) read every service and tested its name (PGlite: 4x slower, 2026-11-27, decision 0074). A shorter text
  // would make a generic plan read the whole trigram index: planned for its values, as are odd limits.
  const prepare =
    set.filters.text.length >= MIN_PREPARED_TEXT && Number.isSafeInteger(limits.services) && Number.isSafeInteger(limits.tags);
  const limit = (n: number) => (prepare ? String(n) : p.add(n));
  const [row] = await db.query<AutocompleteRows>(
    `WITH matched AS MATERIALIZED (SELECT s.id, s.owner_account_id, s.ranking ${fromOf(set, narrow)} WHERE ${where}),
     found AS (
       SELECT s.id, s.service_name, s.display_name, s.icon, s.ranking
       FROM matched m JOIN services s ON s.id = m.id
       WHERE m.ranking <= COALESCE(
         (SELECT r.ranking FROM matched r ORDER BY r.ranking LIMIT 1 OFFSET ${limit(Math.max(limits.services - 1, 0))}),
         2147483647)
       ORDER BY s.ranking, lower(s.display_name), s.id LIMIT ${limit(limits.services)}),
     vendor AS (
       SELECT v.owner_account_id, o.display_name AS owner_name, pop.icon_file_id AS owner_icon
       FROM (SELECT m.owner_account_id, count(*) AS n FROM matched m GROUP BY m.owner_account_id) v
       JOIN accounts o ON o.id = v.owner_account_id
       LEFT JOIN product_owner_profiles pop ON pop.account_id = v.owner_account_id
       ORDER BY v.n DESC, lower(o.display_name), v.owner_account_id LIMIT 1),
     tags AS (
       SELECT tl.tag, count(*) AS n FROM service_tags st JOIN service_tag_links tl ON tl.tag = st.value
       CROSS JOIN LATERAL (SELECT 1 ${fromOf(set, true)} WHERE s.id = tl.service_id AND ${whereWithoutText} LIMIT 1) visible
       WHERE st.value ILIKE ${p.add(likePattern(text))}
       GROUP BY tl.tag ORDER BY count(*) DESC, lower(tl.tag) LIMIT ${limit(limits.tags)})
     SELECT
       COALESCE((SELECT json_agg(json_build_object('id', x.id, 'service_name', x.service_name, 'display_name', x.display_name,
         'icon', x.icon) ORDER BY x.ranking, lower(x.display_name), x.id) FROM found x), '[]') AS services,
       (SELECT row_to_json(x) FROM vendor x) AS vendor,
       COALESCE((SELECT json_agg(x.tag ORDER BY x.n DESC, lower(x.tag)) FROM tags x), '[]') AS tags`,
    p.values,
    { prepare },
  );
  return row ?? { services: [], vendor: null, tags: [] };
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

/** Price lists by name with their owner's name: these ids, or every list when ids is null. */
export async function listMarketplaceNames(
  db: Queryable,
  ids: readonly number[] | null,
): Promise<{ id: number; name: string; owner_name: string }[]> {
  return db.query(
    `SELECT m.id, m.name, a.display_name AS owner_name FROM marketplaces m JOIN accounts a ON a.id = m.owner_account_id
     WHERE $1::int[] IS NULL OR m.id = ANY ($1::int[]) ORDER BY lower(m.name), m.id`,
    [ids],
  );
}
