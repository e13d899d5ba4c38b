/**
 * The discount of a customer on a service, as the one pricing rule takes it (decision 0048): the discount of
 * the nearest Company or Reseller at or above the account, Active and effective at `now`. price-lists'
 * loadCustomerPricing calls this, so every caller of the pricing rule sees the same discount.
 */
import { type DiscountItemPricing, type DiscountPricing, discountItemKey } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';

/** One row of an item table LEFT JOINed to its discount or special deal (null columns: a record without items). */
export interface ItemRow {
  priceable_item_id: string | null;
  currency: string | null;
  is_custom_charge: boolean | null;
  percent: string | null;
  custom_charge: string | null;
}

/** Adds a loaded item row to the items of its discount or special deal, as the one pricing rule reads them. */
export function addItemRow(items: ReadonlyMap<string, DiscountItemPricing>, r: ItemRow): void {
  if (r.priceable_item_id === null || r.currency === null) return;
  (items as Map<string, DiscountItemPricing>).set(discountItemKey(r.priceable_item_id, r.currency), {
    isCustomCharge: r.is_custom_charge ?? false,
    percent: r.percent,
    customCharge: r.custom_charge,
  });
}

const pairKey = (accountPath: string, serviceId: number) => `${accountPath}|${serviceId}`;

interface Row extends ItemRow {
  account_path: string;
  service_id: number;
  discount_id: number;
  percent_mode: boolean;
}

/** The effective discount of each (account path, service id) pair that has one, keyed by `${accountPath}|${serviceId}`. */
export async function loadDiscountsFor(
  db: Queryable,
  queries: readonly { accountPath: string; serviceId: number }[],
  now: Date,
): Promise<Map<string, DiscountPricing>> {
  const found = new Map<string, DiscountPricing>();
  if (queries.length === 0) return found;
  const paths = [...new Set(queries.map((q) => q.accountPath))];
  const serviceIds = [...new Set(queries.map((q) => q.serviceId))];
  const rows = await db.query<Row>(
    `WITH q AS (SELECT p AS account_path FROM unnest($1::text[]) AS p),
       customer AS (
         SELECT q.account_path, c.id AS customer_id
         FROM q CROSS JOIN LATERAL (
           SELECT a.id FROM accounts a
           WHERE a.id = ANY (string_to_array(btrim(q.account_path, '/'), '/')::int[])
             AND a.account_type IN ('Company', 'Reseller')
           ORDER BY a.depth DESC LIMIT 1) c)
     SELECT customer.account_path, d.service_id, d.id AS discount_id, d.percent_mode,
            i.priceable_item_id, i.currency, i.is_custom_charge, i.percent::text AS percent,
            i.custom_charge::text AS custom_charge
     FROM customer
     JOIN discounts d ON d.target_account_id = customer.customer_id AND d.status = 'Active'
       AND d.service_id = ANY ($2::int[]) AND d.effective_start <= $3
       AND (d.effective_end IS NULL OR d.effective_end > $3)
     LEFT JOIN discount_items i ON i.discount_id = d.id`,
    [paths, serviceIds, now],
  );
  for (const r of rows) {
    const key = pairKey(r.account_path, r.service_id);
    let discount = found.get(key);
    if (!discount) {
      discount = { discountId: r.discount_id, percentMode: r.percent_mode, items: new Map<string, DiscountItemPricing>() };
      found.set(key, discount);
    }
    addItemRow(discount.items, r);
  }
  return found;
}
