import type { Queryable } from '../../src/platform/db/db.js';

let counter = 0;

/**
 * A price list (migration 0115) owned by `ownerId`, written with plain SQL, for tests of domains that read
 * price lists or edit their prices (the price-list operations live in domains/price-lists).
 */
export async function makePriceList(
  db: Queryable,
  p: {
    ownerId: number;
    name?: string;
    pricingMode?: 'legacy' | 'dynamic';
    isAutoSrpSyncEnabled?: boolean;
    propagation?: boolean;
    priority?: number;
    /** Services added with status Added. */
    serviceIds?: readonly number[];
    /** Services with a status of their own. */
    services?: { id: number; status?: 'Added' | 'Hidden' }[];
    assignees?: number[];
  },
): Promise<number> {
  counter++;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO marketplaces (owner_account_id, name, pricing_mode, is_auto_srp_sync_enabled, is_propagation_enabled, priority)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      p.ownerId,
      p.name ?? `Price list ${counter} ${Date.now().toString(36)}`,
      p.pricingMode ?? 'legacy',
      p.isAutoSrpSyncEnabled ?? false,
      p.propagation ?? false,
      p.priority ?? 100,
    ],
  );
  if (!row) throw new Error('price list insert returned no row');
  for (const serviceId of p.serviceIds ?? []) await addToPriceList(db, row.id, serviceId);
  for (const s of p.services ?? []) await addToPriceList(db, row.id, s.id, s.status ?? 'Added');
  for (const accountId of p.assignees ?? []) {
    await db.query('INSERT INTO marketplace_assignments (marketplace_id, account_id) VALUES ($1, $2)', [row.id, accountId]);
  }
  return row.id;
}

export async function addToPriceList(
  db: Queryable,
  marketplaceId: number,
  serviceId: number,
  status: 'Added' | 'Hidden' = 'Added',
) {
  await db.query(
    `INSERT INTO marketplace_services (marketplace_id, service_id, status) VALUES ($1, $2, $3)
     ON CONFLICT (marketplace_id, service_id) DO UPDATE SET status = EXCLUDED.status`,
    [marketplaceId, serviceId, status],
  );
}

/** The list's own price of a fee in a currency. */
export async function setListPrice(
  db: Queryable,
  p: { marketplaceId: number; serviceId: number; ruleId: string; currency: string; price: string },
): Promise<void> {
  await db.query(
    `INSERT INTO marketplace_prices (marketplace_id, service_id, rule_id, currency, custom_price) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (marketplace_id, service_id, rule_id, currency) DO UPDATE SET custom_price = EXCLUDED.custom_price`,
    [p.marketplaceId, p.serviceId, p.ruleId, p.currency, p.price],
  );
}

/** The list's own prices as "serviceId|ruleId|currency" -> price. */
export async function listPrices(db: Queryable, marketplaceId: number): Promise<Record<string, string>> {
  const rows = await db.query<{ k: string; p: string }>(
    `SELECT service_id || '|' || rule_id || '|' || currency AS k, custom_price::text AS p FROM marketplace_prices
     WHERE marketplace_id = $1`,
    [marketplaceId],
  );
  return Object.fromEntries(rows.map((r) => [r.k, r.p]));
}

export async function listVersion(db: Queryable, marketplaceId: number): Promise<number> {
  const [row] = await db.query<{ version: number }>('SELECT version FROM marketplaces WHERE id = $1', [marketplaceId]);
  return row?.version ?? 0;
}
