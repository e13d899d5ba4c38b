import type { Queryable } from '../../platform/db/db.js';

export interface DiscountRow {
  id: number;
  target_account_id: number;
  seller_account_id: number;
  service_id: number;
  service_name: string;
  service_display_name: string;
  service_icon: string | null;
  owner_name: string;
  description: string;
  percent_mode: boolean;
  effective_start: Date;
  effective_end: Date | null;
  status: 'Active' | 'Deleted';
  version: number;
  updated_at: Date;
}

export interface DiscountItemRow {
  discount_id: number;
  id: number;
  priceable_item_id: string;
  currency: string;
  is_custom_charge: boolean;
  percent: string | null;
  custom_charge: string | null;
}

const SELECT = `SELECT d.id, d.target_account_id, d.seller_account_id, d.service_id, s.service_name,
       s.display_name AS service_display_name, s.icon AS service_icon, o.display_name AS owner_name, d.description,
       d.percent_mode, d.effective_start, d.effective_end, d.status, d.version, d.updated_at
  FROM discounts d JOIN services s ON s.id = d.service_id JOIN accounts o ON o.id = s.owner_account_id`;

/** The active discounts of an account, by service display name. */
export function listActive(db: Queryable, accountId: number): Promise<DiscountRow[]> {
  return db.query<DiscountRow>(`${SELECT} WHERE d.target_account_id = $1 AND d.status = 'Active' ORDER BY s.display_name, d.id`, [
    accountId,
  ]);
}

export function itemsOf(db: Queryable, discountIds: readonly number[]): Promise<DiscountItemRow[]> {
  if (discountIds.length === 0) return Promise.resolve([]);
  return db.query<DiscountItemRow>(
    `SELECT discount_id, id, priceable_item_id, currency, is_custom_charge, percent::text AS percent,
            custom_charge::text AS custom_charge
     FROM discount_items WHERE discount_id = ANY ($1::int[]) ORDER BY discount_id, id`,
    [discountIds],
  );
}

/** An active discount of the account, locked for the edit; null when there is none with this id. */
export async function findActiveForUpdate(db: Queryable, accountId: number, id: number): Promise<DiscountRow | null> {
  await db.query(`SELECT id FROM discounts WHERE id = $1 AND target_account_id = $2 AND status = 'Active' FOR UPDATE`, [
    id,
    accountId,
  ]);
  const [row] = await db.query<DiscountRow>(`${SELECT} WHERE d.id = $1 AND d.target_account_id = $2 AND d.status = 'Active'`, [
    id,
    accountId,
  ]);
  return row ?? null;
}

/** Serialises the saves of one account's discounts (the 20-discount limit and one discount per service). */
export async function lockAccount(db: Queryable, accountId: number): Promise<void> {
  await db.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
}

export async function findActiveByService(db: Queryable, accountId: number, serviceId: number): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `SELECT id FROM discounts WHERE target_account_id = $1 AND service_id = $2 AND status = 'Active'`,
    [accountId, serviceId],
  );
  return row?.id ?? null;
}

export interface DiscountWrite {
  targetAccountId: number;
  sellerAccountId: number;
  serviceId: number;
  description: string;
  percentMode: boolean;
  effectiveStart: Date;
  effectiveEnd: Date | null;
  by: number;
  at: Date;
}

export async function insert(db: Queryable, w: DiscountWrite): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO discounts (target_account_id, seller_account_id, service_id, description, percent_mode, effective_start,
       effective_end, status, version, created_by, created_at, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'Active', 1, $8, $9, $8, $9) RETURNING id`,
    [
      w.targetAccountId,
      w.sellerAccountId,
      w.serviceId,
      w.description,
      w.percentMode,
      w.effectiveStart,
      w.effectiveEnd,
      w.by,
      w.at,
    ],
  );
  if (!row) throw new Error('discount insert returned nothing');
  return row.id;
}

export async function update(
  db: Queryable,
  id: number,
  w: Pick<DiscountWrite, 'description' | 'percentMode' | 'effectiveStart' | 'effectiveEnd' | 'by' | 'at'>,
): Promise<void> {
  await db.query(
    `UPDATE discounts SET description = $2, percent_mode = $3, effective_start = $4, effective_end = $5,
       version = version + 1, updated_by = $6, updated_at = $7 WHERE id = $1`,
    [id, w.description, w.percentMode, w.effectiveStart, w.effectiveEnd, w.by, w.at],
  );
}

/** Removal keeps the discount for history: Status Deleted [A3.5]. */
export async function markDeleted(db: Queryable, id: number, by: number, at: Date): Promise<void> {
  await db.query(
    `UPDATE discounts SET status = 'Deleted', version = version + 1, updated_by = $2, updated_at = $3 WHERE id = $1`,
    [id, by, at],
  );
}

export async function replaceItems(
  db: Queryable,
  discountId: number,
  percentMode: boolean,
  items: readonly {
    PriceableItemId: string;
    Currency: string;
    IsCustomCharge: boolean;
    Discount: string | null;
    CustomCharge: string | null;
  }[],
): Promise<void> {
  await db.query('DELETE FROM discount_items WHERE discount_id = $1', [discountId]);
  if (items.length === 0) return;
  await db.query(
    `INSERT INTO discount_items (discount_id, priceable_item_id, currency, is_custom_charge, percent, custom_charge)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::boolean[], $5::numeric[], $6::numeric[])`,
    [
      discountId,
      items.map((i) => i.PriceableItemId),
      items.map((i) => i.Currency),
      items.map((i) => i.IsCustomCharge && !percentMode),
      items.map((i) => (i.IsCustomCharge && !percentMode ? null : i.Discount)),
      items.map((i) => (i.IsCustomCharge && !percentMode ? i.CustomCharge : null)),
    ],
  );
}

export async function countActive(db: Queryable, accountId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM discounts WHERE target_account_id = $1 AND status = 'Active'`,
    [accountId],
  );
  return row?.n ?? 0;
}

/** The Active service of this name (without case): its id and billing rules. */
export async function findService(db: Queryable, productName: string): Promise<{ id: number; service_name: string } | null> {
  const [row] = await db.query<{ id: number; service_name: string }>(
    `SELECT id, service_name FROM services WHERE lower(service_name) = lower($1) AND state = 'Active'`,
    [productName],
  );
  return row ? row : null;
}
