import type { Queryable } from '../../platform/db/db.js';

export interface MarketplaceRow {
  id: number;
  owner_account_id: number;
  owner_name: string;
  owner_path: string;
  name: string;
  priority: number;
  pricing_mode: 'legacy' | 'dynamic';
  is_auto_srp_sync_enabled: boolean;
  is_auto_add_enabled: boolean;
  is_propagation_enabled: boolean;
  markup_percent: string | null;
  version: number;
  updated_at: Date;
  updated_by_name: string | null;
  assignee_count: number;
  service_count: number;
}

const COLUMNS = `m.id, m.owner_account_id, o.display_name AS owner_name, o.path AS owner_path, m.name, m.priority,
  m.pricing_mode, m.is_auto_srp_sync_enabled, m.is_auto_add_enabled, m.is_propagation_enabled, m.markup_percent::text AS markup_percent,
  m.version, m.updated_at, (SELECT u.display_name FROM accounts u WHERE u.id = m.updated_by) AS updated_by_name,
  (SELECT count(*)::int FROM marketplace_assignments a WHERE a.marketplace_id = m.id) AS assignee_count,
  (SELECT count(*)::int FROM marketplace_services s WHERE s.marketplace_id = m.id) AS service_count`;
const FROM = 'FROM marketplaces m JOIN accounts o ON o.id = m.owner_account_id';

/** An ILIKE pattern matching `text` anywhere, its wildcard characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The caller's scope: its organisation's path and id (a list assigned to the organisation is readable too). */
export interface Scope {
  rootId: number;
  rootPath: string;
}

/** A price list the scope owns (its owner inside the scope's subtree) or is assigned; null otherwise. */
export async function findVisible(db: Queryable, scope: Scope, id: number): Promise<MarketplaceRow | null> {
  const [row] = await db.query<MarketplaceRow>(
    `SELECT ${COLUMNS} ${FROM}
     WHERE m.id = $1 AND (o.path LIKE $2 OR EXISTS (
       SELECT 1 FROM marketplace_assignments a WHERE a.marketplace_id = m.id AND a.account_id = $3))`,
    [id, `${scope.rootPath}%`, scope.rootId],
  );
  return row ?? null;
}

/** Locks the price list row for an edit (the version check and the write see the same row). */
export async function lockForUpdate(db: Queryable, id: number): Promise<void> {
  await db.query('SELECT id FROM marketplaces WHERE id = $1 FOR UPDATE', [id]);
}

/** The lists owned inside the scope and those assigned to the scope's organisation, by name. */
export async function listVisible(db: Queryable, scope: Scope, page: { offset: number; limit: number; search: string }) {
  const params = [`${scope.rootPath}%`, scope.rootId, containing(page.search)];
  const where = `WHERE (o.path LIKE $1 OR EXISTS (
      SELECT 1 FROM marketplace_assignments a WHERE a.marketplace_id = m.id AND a.account_id = $2))
    AND m.name ILIKE $3`;
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${FROM} ${where}`, params);
  const rows = await db.query<MarketplaceRow>(
    `SELECT ${COLUMNS} ${FROM} ${where} ORDER BY lower(m.name), m.id LIMIT $4 OFFSET $5`,
    [...params, page.limit, page.offset],
  );
  return { rows, total: count?.n ?? 0 };
}

export async function nameTaken(db: Queryable, ownerId: number, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM marketplaces WHERE owner_account_id = $1 AND lower(name) = lower($2) AND id <> coalesce($3, 0)',
    [ownerId, name, exceptId],
  );
  return rows.length > 0;
}

export async function insert(
  db: Queryable,
  m: {
    ownerId: number;
    name: string;
    priority: number;
    pricingMode: string;
    isAutoSrpSyncEnabled?: boolean;
    isAutoAddEnabled?: boolean;
    isPropagationEnabled?: boolean;
    by: number;
    now: Date;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO marketplaces (owner_account_id, name, priority, pricing_mode, is_auto_srp_sync_enabled, is_auto_add_enabled,
       is_propagation_enabled, created_by, created_at, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $9) RETURNING id`,
    [
      m.ownerId,
      m.name,
      m.priority,
      m.pricingMode,
      m.isAutoSrpSyncEnabled ?? false,
      m.isAutoAddEnabled ?? false,
      m.isPropagationEnabled ?? false,
      m.by,
      m.now,
    ],
  );
  if (!row) throw new Error('price list was not inserted');
  return row.id;
}

/** Applies changed columns and moves the version on (every edit of the list or its services and assignees). */
export async function update(
  db: Queryable,
  id: number,
  change: Partial<{
    name: string;
    priority: number;
    pricing_mode: string;
    is_auto_srp_sync_enabled: boolean;
    is_auto_add_enabled: boolean;
    is_propagation_enabled: boolean;
  }>,
  by: number,
  now: Date,
): Promise<void> {
  const entries = Object.entries(change).filter(([, v]) => v !== undefined);
  const sets = entries.map(([k], i) => `${k} = $${i + 4}`);
  await db.query(
    `UPDATE marketplaces SET ${[...sets, 'version = version + 1', 'updated_by = $2', 'updated_at = $3'].join(', ')} WHERE id = $1`,
    [id, by, now, ...entries.map(([, v]) => v)],
  );
}

export async function remove(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM marketplaces WHERE id = $1', [id]);
}

/** Copies services (Added only), their prices times `factor` applied by `priceOf`, price protection and pricing rules. */
export async function listServicesForCopy(db: Queryable, id: number) {
  const services = await db.query<{
    service_id: number;
    override_price_protection: boolean;
    price_protection_days: number | null;
  }>(
    `SELECT service_id, override_price_protection, price_protection_days FROM marketplace_services
     WHERE marketplace_id = $1 AND status = 'Added' ORDER BY service_id`,
    [id],
  );
  const prices = await db.query<{ service_id: number; rule_id: string; currency: string; custom_price: string }>(
    `SELECT p.service_id, p.rule_id, p.currency, p.custom_price::text AS custom_price FROM marketplace_prices p
     JOIN marketplace_services s ON s.marketplace_id = p.marketplace_id AND s.service_id = p.service_id AND s.status = 'Added'
     WHERE p.marketplace_id = $1`,
    [id],
  );
  const rules = await db.query<{ target_kind: string; target_value: string; markup_percent: string }>(
    'SELECT target_kind, target_value, markup_percent::text AS markup_percent FROM marketplace_pricing_rules WHERE marketplace_id = $1',
    [id],
  );
  return { services, prices, rules };
}

export async function insertCopy(
  db: Queryable,
  to: number,
  copy: {
    services: { service_id: number; override_price_protection: boolean; price_protection_days: number | null }[];
    prices: { service_id: number; rule_id: string; currency: string; custom_price: string }[];
    rules: { target_kind: string; target_value: string; markup_percent: string }[];
  },
  by: number,
  now: Date,
): Promise<void> {
  if (copy.services.length > 0) {
    await db.query(
      `INSERT INTO marketplace_services (marketplace_id, service_id, status, override_price_protection, price_protection_days, added_by, added_at)
       SELECT $1, s, 'Added', o, d, $5, $6 FROM unnest($2::int[], $3::boolean[], $4::int[]) AS t(s, o, d)`,
      [
        to,
        copy.services.map((s) => s.service_id),
        copy.services.map((s) => s.override_price_protection),
        copy.services.map((s) => s.price_protection_days),
        by,
        now,
      ],
    );
  }
  if (copy.prices.length > 0) {
    await db.query(
      `INSERT INTO marketplace_prices (marketplace_id, service_id, rule_id, currency, custom_price, updated_by, updated_at)
       SELECT $1, s, r, c, p::numeric, $6, $7 FROM unnest($2::int[], $3::text[], $4::text[], $5::text[]) AS t(s, r, c, p)`,
      [
        to,
        copy.prices.map((p) => p.service_id),
        copy.prices.map((p) => p.rule_id),
        copy.prices.map((p) => p.currency),
        copy.prices.map((p) => p.custom_price),
        by,
        now,
      ],
    );
  }
  if (copy.rules.length > 0) {
    await db.query(
      `INSERT INTO marketplace_pricing_rules (marketplace_id, target_kind, target_value, markup_percent)
       SELECT $1, k, v, p::numeric FROM unnest($2::text[], $3::text[], $4::text[]) AS t(k, v, p)`,
      [to, copy.rules.map((r) => r.target_kind), copy.rules.map((r) => r.target_value), copy.rules.map((r) => r.markup_percent)],
    );
  }
}

export interface ServiceTileRow {
  service_id: number;
  service_name: string;
  display_name: string;
  short_description: string;
  icon: string | null;
  category: string | null;
  owner_account_id: number;
  owner_name: string;
  status: 'Added' | 'Hidden';
}

export async function listServices(db: Queryable, id: number, page: { offset: number; limit: number; search: string }) {
  const params = [id, containing(page.search)];
  const from = `FROM marketplace_services ms JOIN services s ON s.id = ms.service_id JOIN accounts v ON v.id = s.owner_account_id
     WHERE ms.marketplace_id = $1 AND (s.display_name ILIKE $2 OR s.service_name ILIKE $2)`;
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
  const rows = await db.query<ServiceTileRow>(
    `SELECT s.id AS service_id, s.service_name, s.display_name, s.short_description, s.icon, s.category,
            s.owner_account_id, v.display_name AS owner_name, ms.status
     ${from} ORDER BY lower(s.display_name), s.id LIMIT $3 OFFSET $4`,
    [...params, page.limit, page.offset],
  );
  return { rows, total: count?.n ?? 0 };
}

/** The list's rows of these services: their status. */
export async function serviceStatuses(db: Queryable, id: number, serviceIds: number[]) {
  const rows = await db.query<{ service_id: number; status: 'Added' | 'Hidden' }>(
    'SELECT service_id, status FROM marketplace_services WHERE marketplace_id = $1 AND service_id = ANY($2::int[])',
    [id, serviceIds],
  );
  return new Map(rows.map((r) => [r.service_id, r.status]));
}

/**
 * Of these services, the ones the owner may add (decision 0033): the provider any Active service; a reseller
 * (or a company) the Active services Added to the price lists assigned to it.
 */
export async function addableServices(db: Queryable, owner: { id: number; type: string }, serviceIds: number[]) {
  const rows =
    owner.type === 'Provider'
      ? await db.query<{ id: number }>("SELECT id FROM services WHERE id = ANY($1::int[]) AND state = 'Active'", [serviceIds])
      : await db.query<{ id: number }>(
          `SELECT DISTINCT s.id FROM services s
           JOIN marketplace_services ms ON ms.service_id = s.id AND ms.status = 'Added'
           JOIN marketplace_assignments a ON a.marketplace_id = ms.marketplace_id AND a.account_id = $2
           WHERE s.id = ANY($1::int[]) AND s.state = 'Active'`,
          [serviceIds, owner.id],
        );
  return new Set(rows.map((r) => r.id));
}

export async function upsertAdded(db: Queryable, id: number, serviceIds: number[], by: number, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO marketplace_services (marketplace_id, service_id, status, added_by, added_at)
     SELECT $1, unnest($2::int[]), 'Added', $3, $4
     ON CONFLICT (marketplace_id, service_id) DO UPDATE SET status = 'Added'`,
    [id, serviceIds, by, now],
  );
}

export async function setHidden(db: Queryable, id: number, serviceIds: number[]): Promise<void> {
  await db.query("UPDATE marketplace_services SET status = 'Hidden' WHERE marketplace_id = $1 AND service_id = ANY($2::int[])", [
    id,
    serviceIds,
  ]);
}

export async function deleteServices(db: Queryable, id: number, serviceIds: number[]): Promise<void> {
  await db.query('DELETE FROM marketplace_services WHERE marketplace_id = $1 AND service_id = ANY($2::int[])', [id, serviceIds]);
}

/**
 * [M3.16] The assignees whose subscriptions (not terminated Product accounts) use a service: a subscription
 * whose customer (the nearest Company, Reseller or Provider above it) is the assignee, or, with propagation
 * on, any subscription below the assignee.
 */
export async function assigneesUsingService(db: Queryable, id: number, serviceId: number) {
  return db.query<{ account_id: number; display_name: string }>(
    `SELECT acc.id AS account_id, acc.display_name
     FROM marketplace_assignments a
     JOIN marketplaces m ON m.id = a.marketplace_id
     JOIN accounts acc ON acc.id = a.account_id
     WHERE a.marketplace_id = $1 AND EXISTS (
       SELECT 1 FROM accounts p JOIN services s ON lower(s.service_name) = lower(p.product_name)
       WHERE s.id = $2 AND p.account_type = 'Product' AND p.state <> 'Terminated' AND p.path LIKE acc.path || '%'
         AND (m.is_propagation_enabled OR acc.path = (
           SELECT org.path FROM accounts org
           WHERE org.id = ANY(string_to_array(trim(both '/' from p.path), '/')::int[])
             AND org.account_type IN ('Company', 'Reseller', 'Provider')
           ORDER BY org.depth DESC LIMIT 1)))
     ORDER BY lower(acc.display_name), acc.id`,
    [id, serviceId],
  );
}

/** For each service, the price lists owned inside the scope that hold it. */
export async function marketplacesHolding(db: Queryable, scopePath: string, serviceIds: number[]) {
  return db.query<{ service_id: number; id: number; name: string; status: 'Added' | 'Hidden' }>(
    `SELECT ms.service_id, m.id, m.name, ms.status
     FROM marketplace_services ms JOIN marketplaces m ON m.id = ms.marketplace_id JOIN accounts o ON o.id = m.owner_account_id
     WHERE ms.service_id = ANY($1::int[]) AND o.path LIKE $2
     ORDER BY ms.service_id, lower(m.name), m.id`,
    [serviceIds, `${scopePath}%`],
  );
}

export interface AssigneeRow {
  account_id: number;
  display_name: string;
  account_type: 'Reseller' | 'Company';
  assigned_at: Date;
}

/** The assignees of a list, by name; with `withinPath` only those inside that subtree. */
export async function listAssignees(
  db: Queryable,
  id: number,
  page: { offset: number; limit: number },
  withinPath: string | null,
) {
  const from = `FROM marketplace_assignments a JOIN accounts acc ON acc.id = a.account_id
     WHERE a.marketplace_id = $1 AND ($2::text IS NULL OR acc.path LIKE $2 || '%')`;
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, [id, withinPath]);
  const rows = await db.query<AssigneeRow>(
    `SELECT a.account_id, acc.display_name, acc.account_type, a.assigned_at
     ${from} ORDER BY lower(acc.display_name), acc.id LIMIT $3 OFFSET $4`,
    [id, withinPath, page.limit, page.offset],
  );
  return { rows, total: count?.n ?? 0 };
}

/** Resellers and companies strictly below `ownerPath` and inside `scopePath`, not yet assigned, by name. */
export async function listCandidates(
  db: Queryable,
  p: { id: number; ownerPath: string; scopePath: string; search: string; limit: number },
) {
  return db.query<{ id: number; display_name: string; account_type: 'Reseller' | 'Company' }>(
    `SELECT acc.id, acc.display_name, acc.account_type FROM accounts acc
     WHERE acc.account_type IN ('Reseller', 'Company') AND acc.state <> 'Terminated'
       AND acc.path LIKE $1 AND acc.path <> $2 AND acc.path LIKE $3 AND acc.display_name ILIKE $4
       AND NOT EXISTS (SELECT 1 FROM marketplace_assignments a WHERE a.marketplace_id = $5 AND a.account_id = acc.id)
     ORDER BY lower(acc.display_name), acc.id LIMIT $6`,
    [`${p.ownerPath}%`, p.ownerPath, `${p.scopePath}%`, containing(p.search), p.id, p.limit],
  );
}

export async function findAccount(db: Queryable, accountId: number) {
  const [row] = await db.query<{ id: number; account_type: string; path: string; display_name: string; state: string }>(
    'SELECT id, account_type, path, display_name, state FROM accounts WHERE id = $1',
    [accountId],
  );
  return row ?? null;
}

export async function isAssigned(db: Queryable, id: number, accountId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM marketplace_assignments WHERE marketplace_id = $1 AND account_id = $2', [
    id,
    accountId,
  ]);
  return rows.length > 0;
}

export async function insertAssignment(db: Queryable, id: number, accountId: number, by: number, now: Date) {
  await db.query(
    'INSERT INTO marketplace_assignments (marketplace_id, account_id, assigned_by, assigned_at) VALUES ($1, $2, $3, $4)',
    [id, accountId, by, now],
  );
}

export async function deleteAssignment(db: Queryable, id: number, accountId: number) {
  await db.query('DELETE FROM marketplace_assignments WHERE marketplace_id = $1 AND account_id = $2', [id, accountId]);
}
