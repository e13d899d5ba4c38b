/** The special deals in force that the Discounts and Special Deals report reads (decision 0056). */
import type { Queryable } from '../../platform/db/db.js';
import { pathUpperBound } from '../../platform/tenancy/scope.js';

export interface SpecialDealInForceRow {
  id: number;
  customer: string;
  seller: string;
  subscription: string;
  percentMode: boolean;
  items: number;
  startsAt: Date;
  endsAt: Date | null;
}

/** Active special deals on subscriptions of the subtree, in force on the day [from, toExclusive) (created by then, not ended). */
export async function specialDealsInForce(
  db: Queryable,
  rootPath: string,
  day: { from: Date; toExclusive: Date },
): Promise<SpecialDealInForceRow[]> {
  const rows = await db.query<SpecialDealInForceRow>(
    `SELECT d.id, b.display_name AS customer, s.display_name AS seller, p.display_name AS subscription,
            d.percent_mode AS "percentMode",
            (SELECT count(*)::int FROM special_deal_items i WHERE i.special_deal_id = d.id) AS items,
            d.created_at AS "startsAt", d.effective_end AS "endsAt"
       FROM special_deals d JOIN accounts p ON p.id = d.product_account_id
       JOIN accounts b ON b.id = d.buyer_account_id JOIN accounts s ON s.id = d.seller_account_id
      WHERE p.path >= $1 AND p.path < $2 AND d.status = 'Active'
        AND d.created_at < $4 AND (d.effective_end IS NULL OR d.effective_end >= $3)
      ORDER BY b.display_name, p.display_name, d.id`,
    [rootPath, pathUpperBound(rootPath), day.from, day.toExclusive],
  );
  return rows.map((r) => ({ ...r, startsAt: new Date(r.startsAt), endsAt: r.endsAt ? new Date(r.endsAt) : null }));
}
