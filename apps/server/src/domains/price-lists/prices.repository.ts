/** SQL of a price list's prices, pricing rules, markup and terms (tables of migration 0115). */
import type { BillingRule, PricingMode, PricingRuleTarget } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { pathUpperBound } from '../../platform/tenancy/scope.js';
import { type MarkupUndo, type OwnPrice, ownPriceMapsOfColumns } from './prices.rules.js';

export interface MarketplaceRow {
  id: number;
  owner_account_id: number;
  owner_path: string;
  name: string;
  pricing_mode: PricingMode;
  is_auto_srp_sync_enabled: boolean;
  markup_percent: string | null;
  markup_undo: MarkupUndo | null;
  version: number;
}

export async function findMarketplace(db: Queryable, id: number): Promise<MarketplaceRow | null> {
  const [row] = await db.query<MarketplaceRow>(
    `SELECT m.id, m.owner_account_id, o.path AS owner_path, m.name, m.pricing_mode, m.is_auto_srp_sync_enabled,
            m.markup_percent::text AS markup_percent, m.markup_undo, m.version
     FROM marketplaces m JOIN accounts o ON o.id = m.owner_account_id WHERE m.id = $1`,
    [id],
  );
  return row ?? null;
}

/** Bumps the version when it is still `version`; null when someone changed the list since. */
export async function bumpVersion(
  db: Queryable,
  p: { id: number; version: number; actorId: number; pricingMode?: PricingMode },
): Promise<number | null> {
  const [row] = await db.query<{ version: number }>(
    `UPDATE marketplaces SET version = version + 1, updated_by = $3, updated_at = now(),
       pricing_mode = COALESCE($4, pricing_mode)
     WHERE id = $1 AND version = $2 RETURNING version`,
    [p.id, p.version, p.actorId, p.pricingMode ?? null],
  );
  return row?.version ?? null;
}

export interface ServiceFilter {
  ownerIds: readonly number[];
  categories: readonly string[];
  tags: readonly string[];
}

const NO_FILTER: ServiceFilter = { ownerIds: [], categories: [], tags: [] };

export interface ListedServiceRow {
  id: number;
  service_name: string;
  display_name: string;
  owner_account_id: number;
  owner_name: string;
  category: string | null;
  category_display_name: string | null;
  definition: { BillingRules?: BillingRule[] };
  status: string | null;
  override_price_protection: boolean | null;
  price_protection_days: number | null;
}

const FILTER_SQL = (from: number) => `($${from}::int[] = '{}' OR s.owner_account_id = ANY($${from}::int[]))
  AND ($${from + 1}::text[] = '{}' OR s.category = ANY($${from + 1}::text[]))
  AND ($${from + 2}::text[] = '{}' OR EXISTS (SELECT 1 FROM service_tag_links t WHERE t.service_id = s.id AND t.tag = ANY($${from + 2}::text[])))`;
const filterParams = (f: ServiceFilter) => [f.ownerIds, f.categories, f.tags];

const SERVICE_COLUMNS = `s.id, s.service_name, s.display_name, s.owner_account_id, o.display_name AS owner_name, s.category,
  c.display_name AS category_display_name`;

/**
 * The services a page of `listed` (a query of SERVICE_COLUMNS and the list columns, ordered and limited) selects, with
 * their fees. The fees are taken after the page is cut: below a sort, the planner would build them for every service
 * the query passes over, not only the page's (the export reads a list 200 services at a time, issue 12). Only the
 * fees of a service's definition are read: the rest (fields, layouts, texts) never reaches prices.
 */
const withFees = (
  listed: string,
) => `SELECT l.*, jsonb_build_object('BillingRules', COALESCE(d.definition -> 'BillingRules', '[]'::jsonb)) AS definition
  FROM (${listed}) l JOIN services d ON d.id = l.id ORDER BY l.id`;

/** The services of a price list, ordered by id, after `afterId`, at most `limit`. */
export async function listListServices(
  db: Queryable,
  p: { marketplaceId: number; filter?: ServiceFilter; afterId?: number; limit?: number; serviceIds?: readonly number[] },
): Promise<ListedServiceRow[]> {
  return db.query<ListedServiceRow>(
    withFees(`SELECT ${SERVICE_COLUMNS}, ms.status, ms.override_price_protection, ms.price_protection_days
     FROM marketplace_services ms JOIN services s ON s.id = ms.service_id JOIN accounts o ON o.id = s.owner_account_id
       LEFT JOIN service_categories c ON c.name = s.category
     WHERE ms.marketplace_id = $1 AND s.id > $2 AND ${FILTER_SQL(3)}
       AND ($6::int[] IS NULL OR s.id = ANY($6::int[]))
     ORDER BY s.id LIMIT $7`),
    [p.marketplaceId, p.afterId ?? 0, ...filterParams(p.filter ?? NO_FILTER), p.serviceIds ?? null, p.limit ?? 1000000],
  );
}

/** "My services": the Active services whose owner is inside the scope, ordered by id, after `afterId`. */
export async function listScopeServices(
  db: Queryable,
  p: { scopePath: string; filter?: ServiceFilter; afterId?: number; limit?: number; serviceIds?: readonly number[] },
): Promise<ListedServiceRow[]> {
  return db.query<ListedServiceRow>(
    withFees(`SELECT ${SERVICE_COLUMNS}, NULL::text AS status, NULL::boolean AS override_price_protection,
            NULL::int AS price_protection_days
     FROM services s JOIN accounts o ON o.id = s.owner_account_id LEFT JOIN service_categories c ON c.name = s.category
     WHERE s.state = 'Active' AND o.path >= $1 AND o.path < $2 AND s.id > $3 AND ${FILTER_SQL(4)}
       AND ($7::int[] IS NULL OR s.id = ANY($7::int[]))
     ORDER BY s.id LIMIT $8`),
    [
      p.scopePath,
      pathUpperBound(p.scopePath),
      p.afterId ?? 0,
      ...filterParams(p.filter ?? NO_FILTER),
      p.serviceIds ?? null,
      p.limit ?? 1000000,
    ],
  );
}

/** A price list's name and how many services it holds (Added and Hidden), for its export's title and progress. */
export async function findListForExport(db: Queryable, id: number): Promise<{ name: string; services: number } | null> {
  const [row] = await db.query<{ name: string; services: number }>(
    `SELECT m.name, (SELECT count(*)::int FROM marketplace_services ms WHERE ms.marketplace_id = m.id) AS services
     FROM marketplaces m WHERE m.id = $1`,
    [id],
  );
  return row ?? null;
}

export async function listOwnPrices(db: Queryable, marketplaceId: number, serviceIds?: readonly number[]): Promise<OwnPrice[]> {
  // One JSON text parsed once (a list holds thousands of prices; a result row each cost the driver more than the
  // query), the prices without numeric(24,6)'s padding (9.500000 travels as 9.5, as normalizePrice writes it).
  // Two texts, not "$2 IS NULL OR ...": a generic plan of that could not use the index for the services asked.
  // The prices of some services (an export's chunk, one service's edit) come in no particular order: their callers
  // look them up by fee (ownPriceMaps), and sorting a chunk's thousand prices cost PGlite about 1.5 ms (issue 12).
  const [row] = await db.query<{ prices: string | null }>(
    serviceIds
      ? `SELECT json_agg(json_build_array(service_id, rule_id, currency, trim_scale(custom_price)::text))::text AS prices
         FROM marketplace_prices WHERE marketplace_id = $1 AND service_id = ANY($2::int[])`
      : `SELECT json_agg(json_build_array(service_id, rule_id, currency, trim_scale(custom_price)::text)
                         ORDER BY service_id, rule_id, currency)::text AS prices
         FROM marketplace_prices WHERE marketplace_id = $1`,
    serviceIds ? [marketplaceId, serviceIds] : [marketplaceId],
  );
  const prices = row?.prices ? (JSON.parse(row.prices) as [number, string, string, string][]) : [];
  return prices.map(([serviceId, ruleId, currency, price]) => ({ serviceId, ruleId, currency, price }));
}

/**
 * A service of a price list with only what an upload's diff or an export needs: its id, name and fees (its
 * `price_fees` column, read with `storedFeeRules`).
 */
export interface ListServiceFeesRow {
  id: number;
  display_name: string;
  fees: unknown;
}

/**
 * Every service of a price list by id, with its fees only, as one JSON text parsed once (the upload preview, issue
 * 12). The fees are the `price_fees` column (migration 0149): json text made when the definition was written, copied
 * out as it is, where the BillingRules' jsonb had to be turned into text on every read.
 */
export async function listListServiceFees(db: Queryable, marketplaceId: number): Promise<ListServiceFeesRow[]> {
  const [row] = await db.query<{ services: string | null }>(
    `SELECT json_agg(json_build_array(s.id, s.display_name, s.price_fees) ORDER BY s.id)::text AS services
     FROM marketplace_services ms JOIN services s ON s.id = ms.service_id WHERE ms.marketplace_id = $1`,
    [marketplaceId],
  );
  const services = row?.services ? (JSON.parse(row.services) as [number, string, unknown][]) : [];
  return services.map(([id, display_name, fees]) => ({ id, display_name, fees }));
}

/**
 * The own prices of the list's rows `where` selects (alias `o`), as one JSON text of four columns: service ids, rule
 * ids, currencies, prices (without numeric(24,6)'s padding), in no particular order (read with
 * `ownPriceMapsOfColumns`). On PGlite a JSON array built per price cost about twice the four arrays (5,000 prices:
 * 15 -> 8 ms of CPU, issue 12).
 */
const ownPriceColumnsSql = (where: string) =>
  `SELECT json_build_array(array_agg(o.service_id), array_agg(o.rule_id), array_agg(o.currency),
                           array_agg(trim_scale(o.custom_price)::text))::text
   FROM marketplace_prices o WHERE ${where}`;

type OwnPriceColumns = [number[] | null, string[] | null, string[] | null, string[] | null];

/**
 * A price list's own prices by service id, then by priceKey(ruleId, currency): every price of the list (the upload
 * preview), read as columns (`ownPriceColumnsSql`), in no order.
 */
export async function listOwnPriceMaps(db: Queryable, marketplaceId: number): Promise<Map<number, Map<string, string>>> {
  const [row] = await db.query<{ prices: string | null }>(`SELECT (${ownPriceColumnsSql('o.marketplace_id = $1')}) AS prices`, [
    marketplaceId,
  ]);
  return ownPriceMapsOfColumns(row?.prices ? (JSON.parse(row.prices) as OwnPriceColumns) : null);
}

/** A page of an export: its services with their fees, and (a price list) their own prices by service and fee. */
export interface ExportPage {
  services: ListServiceFeesRow[];
  own: Map<number, Map<string, string>>;
}

/**
 * A page of the services an export writes (ordered by id, after `afterId`, at most `limit`, through the [M3.14]
 * filter): a price list's services, or the Active services owned inside a scope ("my services"), with their fees
 * only (`price_fees`, as listListServiceFees) as one JSON text parsed once (issue 12: a result row per service, with
 * its fees as jsonb, cost the driver about twice the text), and, for a price list, the page's own prices as columns
 * (`ownPriceColumnsSql`) in the same statement (a statement and a parse less per page). The fees and prices are taken
 * after the page is cut, for the page's services only.
 */
export async function listExportServices(
  db: Queryable,
  p: ({ marketplaceId: number } | { scopePath: string }) & { filter: ServiceFilter; afterId: number; limit: number },
): Promise<ExportPage> {
  const page =
    'marketplaceId' in p
      ? {
          // The cursor on both sides of the join (the planner does not carry a range across it): the list's rows and
          // the services are each read in index order from the cursor and the scan stops at the limit, instead of
          // starting from the list's first service for every chunk (PGlite, a chunk at 600 of 1,000: 5.3 -> 0.5 ms).
          sql: `SELECT s.id, s.display_name FROM marketplace_services ms JOIN services s ON s.id = ms.service_id
                WHERE ms.marketplace_id = $1 AND ms.service_id > $2 AND s.id > $2 AND ${FILTER_SQL(3)}
                ORDER BY ms.service_id LIMIT $6`,
          own: `(${ownPriceColumnsSql('o.marketplace_id = $1 AND o.service_id IN (SELECT id FROM page)')})`,
          params: [p.marketplaceId, p.afterId, ...filterParams(p.filter), p.limit],
        }
      : {
          sql: `SELECT s.id, s.display_name FROM services s JOIN accounts o ON o.id = s.owner_account_id
                WHERE s.state = 'Active' AND o.path >= $1 AND o.path < $2 AND s.id > $3 AND ${FILTER_SQL(4)}
                ORDER BY s.id LIMIT $7`,
          own: 'NULL::text',
          params: [p.scopePath, pathUpperBound(p.scopePath), p.afterId, ...filterParams(p.filter), p.limit],
        };
  // Prepared (one text per kind of page): planning this statement on every page cost PGlite more than running it
  // (5 pages of 200 services: 55 -> 36 ms of CPU, issue 12); its generic plan reads the page in index order as above.
  const [row] = await db.query<{ services: string | null; own: string | null }>(
    `WITH page AS (${page.sql})
     SELECT (SELECT json_agg(json_build_array(l.id, l.display_name, d.price_fees) ORDER BY l.id)
             FROM page l JOIN services d ON d.id = l.id)::text AS services,
            ${page.own} AS own`,
    page.params,
    { prepare: true },
  );
  const services = row?.services ? (JSON.parse(row.services) as [number, string, unknown][]) : [];
  return {
    services: services.map(([id, display_name, fees]) => ({ id, display_name, fees })),
    own: ownPriceMapsOfColumns(row?.own ? (JSON.parse(row.own) as OwnPriceColumns) : null),
  };
}

/** Sets (or with a null price removes) the list's own prices. */
export async function writeOwnPrices(
  db: Queryable,
  marketplaceId: number,
  actorId: number,
  prices: readonly { serviceId: number; ruleId: string; currency: string; price: string | null }[],
): Promise<void> {
  const set = prices.filter((p) => p.price !== null);
  const removed = prices.filter((p) => p.price === null);
  if (removed.length > 0) {
    await db.query(
      `DELETE FROM marketplace_prices p USING unnest($2::int[], $3::text[], $4::text[]) AS x(s, r, c)
       WHERE p.marketplace_id = $1 AND p.service_id = x.s AND p.rule_id = x.r AND p.currency = x.c`,
      [marketplaceId, removed.map((p) => p.serviceId), removed.map((p) => p.ruleId), removed.map((p) => p.currency)],
    );
  }
  for (let i = 0; i < set.length; i += 1000) {
    const chunk = set.slice(i, i + 1000);
    await db.query(
      `INSERT INTO marketplace_prices (marketplace_id, service_id, rule_id, currency, custom_price, updated_by)
       SELECT $1, x.s, x.r, x.c, x.p::numeric, $6 FROM unnest($2::int[], $3::text[], $4::text[], $5::text[]) AS x(s, r, c, p)
       ON CONFLICT (marketplace_id, service_id, rule_id, currency)
       DO UPDATE SET custom_price = EXCLUDED.custom_price, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [
        marketplaceId,
        chunk.map((p) => p.serviceId),
        chunk.map((p) => p.ruleId),
        chunk.map((p) => p.currency),
        chunk.map((p) => p.price),
        actorId,
      ],
    );
  }
}

export async function deleteAllOwnPrices(db: Queryable, marketplaceId: number): Promise<void> {
  await db.query('DELETE FROM marketplace_prices WHERE marketplace_id = $1', [marketplaceId]);
}

export async function updatePriceProtection(
  db: Queryable,
  p: { marketplaceId: number; serviceId: number; override: boolean; days: number | null },
): Promise<void> {
  await db.query(
    `UPDATE marketplace_services SET override_price_protection = $3, price_protection_days = $4
     WHERE marketplace_id = $1 AND service_id = $2`,
    [p.marketplaceId, p.serviceId, p.override, p.override ? p.days : null],
  );
}

export async function setMarkup(
  db: Queryable,
  p: { marketplaceId: number; percent: string | null; undo: MarkupUndo | null },
): Promise<void> {
  await db.query('UPDATE marketplaces SET markup_percent = $2::numeric, markup_undo = $3::jsonb WHERE id = $1', [
    p.marketplaceId,
    p.percent,
    p.undo === null ? null : JSON.stringify(p.undo),
  ]);
}

export interface PricingRuleRow {
  target: PricingRuleTarget;
  value: string;
  markupPercent: string;
}

export async function listPricingRules(db: Queryable, marketplaceId: number): Promise<PricingRuleRow[]> {
  return db.query<PricingRuleRow>(
    `SELECT target_kind AS target, target_value AS value, markup_percent::text AS "markupPercent"
     FROM marketplace_pricing_rules WHERE marketplace_id = $1 ORDER BY target_kind, target_value`,
    [marketplaceId],
  );
}

export async function replacePricingRules(db: Queryable, marketplaceId: number, rules: readonly PricingRuleRow[]): Promise<void> {
  await db.query('DELETE FROM marketplace_pricing_rules WHERE marketplace_id = $1', [marketplaceId]);
  if (rules.length === 0) return;
  await db.query(
    `INSERT INTO marketplace_pricing_rules (marketplace_id, target_kind, target_value, markup_percent)
     SELECT $1, x.t, x.v, x.p::numeric FROM unnest($2::text[], $3::text[], $4::text[]) AS x(t, v, p)`,
    [marketplaceId, rules.map((r) => r.target), rules.map((r) => r.value), rules.map((r) => r.markupPercent)],
  );
}

export async function listCurrencyCodes(db: Queryable): Promise<Set<string>> {
  const rows = await db.query<{ code: string }>('SELECT code FROM currencies');
  return new Set(rows.map((r) => r.code));
}

export interface TermsRow {
  service_id: number;
  title: string;
  content: string;
  language_code: string;
}

/** The terms and conditions texts of these services, in every language they have. */
export async function listTermsTexts(db: Queryable, serviceIds: readonly number[]): Promise<TermsRow[]> {
  return db.query<TermsRow>(
    `SELECT sg.service_id, d.title, d.content, d.language_code
     FROM service_description_groups sg JOIN descriptions d ON d.group_id = sg.group_id
     WHERE sg.description_type = 'TermsAndConditions' AND sg.service_id = ANY($1::int[])
     ORDER BY sg.service_id, d.language_code`,
    [serviceIds],
  );
}

export async function listCurrencies(db: Queryable): Promise<{ Value: string; Label: string }[]> {
  const rows = await db.query<{ code: string; display_name: string }>(
    'SELECT code, display_name FROM currencies ORDER BY sort, code',
  );
  return rows.map((r) => ({ Value: r.code, Label: `${r.code} (${r.display_name})` }));
}

/** The distinct tags of these services. */
export async function listTagsOf(db: Queryable, serviceIds: readonly number[]): Promise<string[]> {
  const rows = await db.query<{ tag: string }>(
    'SELECT DISTINCT tag FROM service_tag_links WHERE service_id = ANY($1::int[]) ORDER BY tag',
    [serviceIds],
  );
  return rows.map((r) => r.tag);
}
