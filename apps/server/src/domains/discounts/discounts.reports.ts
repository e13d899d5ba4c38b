/** The discounts in force that the Discounts and Special Deals report reads (decision 0056). */
import type { Queryable } from '../../platform/db/db.js';
import { pathUpperBound } from '../../platform/tenancy/scope.js';

export interface DiscountInForceRow {
  id: number;
  customer: string;
  seller: string;
  service: string;
  percentMode: boolean;
  items: number;
  startsAt: Date;
  endsAt: Date | null;
}

/** Active discounts given to companies and resellers of the subtree, in force on the day [from, toExclusive). */
export async function discountsInForce(
  db: Queryable,
  rootPath: string,
  day: { from: Date; toExclusive: Date },
): Promise<DiscountInForceRow[]> {
  const rows = await db.query<DiscountInForceRow>(
    `SELECT d.id, t.display_name AS customer, s.display_name AS seller, sv.display_name AS service,
            d.percent_mode AS "percentMode", (SELECT count(*)::int FROM discount_items i WHERE i.discount_id = d.id) AS items,
            d.effective_start AS "startsAt", d.effective_end AS "endsAt"
       FROM discounts d JOIN accounts t ON t.id = d.target_account_id JOIN accounts s ON s.id = d.seller_account_id
       JOIN services sv ON sv.id = d.service_id
      WHERE t.path >= $1 AND t.path < $2 AND d.status = 'Active'
        AND d.effective_start < $4 AND (d.effective_end IS NULL OR d.effective_end > $3)
      ORDER BY t.display_name, sv.display_name, d.id`,
    [rootPath, pathUpperBound(rootPath), day.from, day.toExclusive],
  );
  return rows.map((r) => ({ ...r, startsAt: new Date(r.startsAt), endsAt: r.endsAt ? new Date(r.endsAt) : null }));
}
