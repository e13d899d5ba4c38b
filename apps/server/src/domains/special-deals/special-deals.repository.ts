import type { SpecialDealAction, SpecialDealItem, SpecialDealStatus } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import type { PathAccount } from './special-deals.rules.js';

/** The accounts on a path ('/1/5/23/'), root first. */
export async function pathAccounts(db: Queryable, path: string): Promise<PathAccount[]> {
  return db.query<PathAccount>(
    `SELECT id, parent_id AS "parentId", account_type AS type, display_name AS "displayName", path, depth, currency
     FROM accounts WHERE id = ANY (string_to_array(btrim($1, '/'), '/')::int[]) ORDER BY depth`,
    [path],
  );
}

export interface DealRow {
  id: number;
  product_account_id: number;
  seller_account_id: number;
  buyer_account_id: number;
  comments: string;
  effective_end: Date | null;
  percent_mode: boolean;
  status: SpecialDealStatus;
  version: number;
  updated_at: Date;
}

export interface DealItemRow {
  special_deal_id: number;
  priceable_item_id: string;
  currency: string;
  is_custom_charge: boolean;
  percent: string | null;
  custom_charge: string | null;
}

export interface HistoryRow {
  special_deal_id: number;
  author_id: number | null;
  author_name: string | null;
  comments: string;
  effective_end: Date | null;
  items: SpecialDealItem[];
  status: SpecialDealStatus;
  action: SpecialDealAction;
  created_at: Date;
}

const DEAL_COLUMNS = `id, product_account_id, seller_account_id, buyer_account_id, comments, effective_end, percent_mode, status,
  version, updated_at`;

/** The deals of a subscription sold by `sellerId`, any status, newest first. */
export function listBySeller(db: Queryable, productAccountId: number, sellerId: number): Promise<DealRow[]> {
  return db.query<DealRow>(
    `SELECT ${DEAL_COLUMNS} FROM special_deals WHERE product_account_id = $1 AND seller_account_id = $2
     ORDER BY updated_at DESC, id DESC`,
    [productAccountId, sellerId],
  );
}

export function itemsOf(db: Queryable, dealIds: readonly number[]): Promise<DealItemRow[]> {
  if (dealIds.length === 0) return Promise.resolve([]);
  return db.query<DealItemRow>(
    `SELECT special_deal_id, priceable_item_id, currency, is_custom_charge, percent::text AS percent,
            custom_charge::text AS custom_charge
     FROM special_deal_items WHERE special_deal_id = ANY ($1::int[]) ORDER BY special_deal_id, priceable_item_id, currency`,
    [dealIds],
  );
}

export function historyOf(db: Queryable, dealIds: readonly number[]): Promise<HistoryRow[]> {
  if (dealIds.length === 0) return Promise.resolve([]);
  return db.query<HistoryRow>(
    `SELECT h.special_deal_id, h.author_id, a.display_name AS author_name, h.comments, h.effective_end, h.items, h.status,
            h.action, h.created_at
     FROM special_deal_history h LEFT JOIN accounts a ON a.id = h.author_id
     WHERE h.special_deal_id = ANY ($1::int[]) ORDER BY h.created_at DESC, h.id DESC`,
    [dealIds],
  );
}

/** Serialises the saves of one subscription's deals (one Active deal per stream). */
export async function lockSubscription(db: Queryable, productAccountId: number): Promise<void> {
  await db.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [productAccountId]);
}

export async function findActiveOnStream(
  db: Queryable,
  productAccountId: number,
  sellerId: number,
  buyerId: number,
): Promise<DealRow | null> {
  const [row] = await db.query<DealRow>(
    `SELECT ${DEAL_COLUMNS} FROM special_deals
     WHERE product_account_id = $1 AND seller_account_id = $2 AND buyer_account_id = $3 AND status = 'Active'`,
    [productAccountId, sellerId, buyerId],
  );
  return row ?? null;
}

/** A deal of the subscription sold by `sellerId`, locked for the edit. */
export async function findForUpdate(
  db: Queryable,
  productAccountId: number,
  sellerId: number,
  id: number,
): Promise<DealRow | null> {
  const [row] = await db.query<DealRow>(
    `SELECT ${DEAL_COLUMNS} FROM special_deals WHERE id = $1 AND product_account_id = $2 AND seller_account_id = $3 FOR UPDATE`,
    [id, productAccountId, sellerId],
  );
  return row ?? null;
}

export interface DealWrite {
  comments: string;
  effectiveEnd: Date | null;
  percentMode: boolean;
  by: number;
  at: Date;
}

export async function insert(
  db: Queryable,
  w: DealWrite & { productAccountId: number; sellerId: number; buyerId: number },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO special_deals (product_account_id, seller_account_id, buyer_account_id, comments, effective_end, percent_mode,
       status, version, created_by, created_at, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'Active', 1, $7, $8, $7, $8) RETURNING id`,
    [w.productAccountId, w.sellerId, w.buyerId, w.comments, w.effectiveEnd, w.percentMode, w.by, w.at],
  );
  if (!row) throw new Error('special deal insert returned nothing');
  return row.id;
}

export async function update(db: Queryable, id: number, w: DealWrite): Promise<void> {
  await db.query(
    `UPDATE special_deals SET comments = $2, effective_end = $3, percent_mode = $4, version = version + 1, updated_by = $5,
       updated_at = $6 WHERE id = $1`,
    [id, w.comments, w.effectiveEnd, w.percentMode, w.by, w.at],
  );
}

/** Removal keeps the deal and its history: Status Removed. */
export async function markRemoved(db: Queryable, id: number, w: { comments: string; by: number; at: Date }): Promise<void> {
  // The remover's comments, when given, are the history entry's; otherwise the deal's stay.
  await db.query(
    `UPDATE special_deals SET status = 'Removed', comments = COALESCE(NULLIF($4, ''), comments), version = version + 1,
       updated_by = $2, updated_at = $3 WHERE id = $1`,
    [id, w.by, w.at, w.comments],
  );
}

/** Stores the items as the pricing rule reads them: in percent mode no custom charge, else a percent or a custom charge. */
export async function replaceItems(db: Queryable, dealId: number, items: readonly SpecialDealItem[]): Promise<void> {
  await db.query('DELETE FROM special_deal_items WHERE special_deal_id = $1', [dealId]);
  if (items.length === 0) return;
  await db.query(
    `INSERT INTO special_deal_items (special_deal_id, priceable_item_id, currency, is_custom_charge, percent, custom_charge)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::boolean[], $5::numeric[], $6::numeric[])`,
    [
      dealId,
      items.map((i) => i.PriceableItemId),
      items.map((i) => i.Currency),
      items.map((i) => i.IsCustomCharge),
      items.map((i) => (i.IsCustomCharge ? null : i.Discount)),
      items.map((i) => (i.IsCustomCharge ? i.CustomCharge : null)),
    ],
  );
}

/** [A3.6] [A4.5] One history entry: the deal as it stands after the action (its items read back as stored). */
export async function addHistory(
  db: Queryable,
  h: { dealId: number; authorId: number | null; action: SpecialDealAction; at: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO special_deal_history (special_deal_id, author_id, comments, effective_end, items, status, action, created_at)
     SELECT d.id, $2, d.comments, d.effective_end,
            COALESCE((SELECT jsonb_agg(jsonb_build_object('PriceableItemId', i.priceable_item_id, 'Currency', i.currency,
                        'IsCustomCharge', i.is_custom_charge, 'CustomCharge', i.custom_charge::text, 'Discount', i.percent::text)
                        ORDER BY i.priceable_item_id, i.currency)
                      FROM special_deal_items i WHERE i.special_deal_id = d.id), '[]'::jsonb),
            d.status, $3, $4
     FROM special_deals d WHERE d.id = $1`,
    [h.dealId, h.authorId, h.action, h.at],
  );
}

/** The Active deals whose end has passed at `now`, marked Expired (a batch); their ids and subscriptions. */
export function expireDue(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<{ id: number; product_account_id: number; effective_end: Date }[]> {
  return db.query(
    `UPDATE special_deals SET status = 'Expired', version = version + 1, updated_by = NULL, updated_at = $1
     WHERE id IN (SELECT id FROM special_deals WHERE status = 'Active' AND effective_end < $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING id, product_account_id, effective_end`,
    [now, limit],
  );
}
