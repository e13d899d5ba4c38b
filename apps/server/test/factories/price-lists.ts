import type { Queryable } from '../../src/platform/db/db.js';

/**
 * A price list (migration 0115) written with plain SQL, for tests of domains that read price lists
 * (the price-list operations live in domains/price-lists).
 */
export async function makePriceList(
  db: Queryable,
  a: {
    ownerId: number;
    name?: string;
    propagation?: boolean;
    priority?: number;
    services?: { id: number; status?: 'Added' | 'Hidden' }[];
    assignees?: number[];
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO marketplaces (owner_account_id, name, is_propagation_enabled, priority) VALUES ($1, $2, $3, $4) RETURNING id`,
    [a.ownerId, a.name ?? `Price list ${Math.random().toString(36).slice(2, 8)}`, a.propagation ?? false, a.priority ?? 100],
  );
  if (!row) throw new Error('price list insert returned no row');
  for (const s of a.services ?? []) await addToPriceList(db, row.id, s.id, s.status ?? 'Added');
  for (const accountId of a.assignees ?? []) {
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
