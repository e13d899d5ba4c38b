import type { Queryable } from '../../src/platform/db/db.js';

let counter = 0;

/** A price list (migration 0115) owned by `ownerId`, holding these services, by plain SQL. */
export async function makePriceList(
  db: Queryable,
  p: {
    ownerId: number;
    name?: string;
    serviceIds?: readonly number[];
    pricingMode?: 'legacy' | 'dynamic';
    isAutoSrpSyncEnabled?: boolean;
    priority?: number;
  },
): Promise<number> {
  counter++;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO marketplaces (owner_account_id, name, pricing_mode, is_auto_srp_sync_enabled, priority)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      p.ownerId,
      p.name ?? `Price list ${counter} ${Date.now().toString(36)}`,
      p.pricingMode ?? 'legacy',
      p.isAutoSrpSyncEnabled ?? false,
      p.priority ?? 100,
    ],
  );
  const id = row?.id as number;
  for (const serviceId of p.serviceIds ?? []) {
    await db.query('INSERT INTO marketplace_services (marketplace_id, service_id) VALUES ($1, $2)', [id, serviceId]);
  }
  return id;
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
