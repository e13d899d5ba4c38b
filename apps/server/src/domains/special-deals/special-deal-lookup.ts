/**
 * The special deal on a subscription of the charge stream into a customer, as the one pricing rule takes it
 * (decision 0049): the Active deal of the Product account whose buyer is that customer and whose seller is the
 * buyer's parent, not past its end at `now` (checked here, so a deal stops by itself before the sweeper marks it
 * Expired). price-lists' loadCustomerPricing calls this, so every caller of the pricing rule sees the same deal.
 */
import type { DiscountItemPricing, SpecialDealPricing } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { addItemRow, type ItemRow } from '../discounts/discount-lookup.js';

/** The key of a deal in loadSpecialDealsFor's answer: the buyer's path and the Product account id. */
export const specialDealKey = (buyerPath: string, productAccountId: number) => `${buyerPath}|${productAccountId}`;

interface Row extends ItemRow {
  buyer_path: string;
  product_account_id: number;
  deal_id: number;
  percent_mode: boolean;
}

/** The deals in force at `now` on these Product accounts, keyed by specialDealKey(buyer path, product account id). */
export async function loadSpecialDealsFor(
  db: Queryable,
  productAccountIds: readonly number[],
  now: Date,
): Promise<Map<string, SpecialDealPricing>> {
  const found = new Map<string, SpecialDealPricing>();
  if (productAccountIds.length === 0) return found;
  const rows = await db.query<Row>(
    `SELECT buyer.path AS buyer_path, d.product_account_id, d.id AS deal_id, d.percent_mode, i.priceable_item_id,
            i.currency, i.is_custom_charge, i.percent::text AS percent, i.custom_charge::text AS custom_charge
     FROM special_deals d
     JOIN accounts buyer ON buyer.id = d.buyer_account_id AND buyer.parent_id = d.seller_account_id
     LEFT JOIN special_deal_items i ON i.special_deal_id = d.id
     WHERE d.product_account_id = ANY ($1::int[]) AND d.status = 'Active'
       AND (d.effective_end IS NULL OR d.effective_end >= $2)`,
    [[...new Set(productAccountIds)], now],
  );
  for (const r of rows) {
    const key = specialDealKey(r.buyer_path, r.product_account_id);
    let deal = found.get(key);
    if (!deal) {
      deal = { dealId: r.deal_id, percentMode: r.percent_mode, items: new Map<string, DiscountItemPricing>() };
      found.set(key, deal);
    }
    addItemRow(deal.items, r);
  }
  return found;
}
