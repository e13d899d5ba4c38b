/**
 * Demo seed only (DEMO_ORDER_HISTORY, decision 0056): a large order history, so that the report row cap [M5.14] can be
 * seen on a real result. The orders are real rows: copies of the first order of an Acme Logistics subscription, on an
 * archived (Terminated) subscription beside it, placed through 2023, Completed. They add nothing to the last 12 months'
 * revenue and leave the newest orders of every list as they were. Idempotent: tops the history up to `count`.
 */
import type { Queryable } from '../../platform/db/db.js';
import { pathIds } from '../../platform/tenancy/scope.js';
import { findById, insertAccount } from '../accounts/index.js';
import * as repo from './orders.repository.js';

export const DEMO_ORDER_HISTORY_COMPANY = 'Acme Logistics';
export const DEMO_ORDER_HISTORY_SUBSCRIPTION = 'Order history archive';
/** The year the history is placed in: 'Orders by Date' from 2023-01-01 to 2023-12-31 lists it. */
export const DEMO_ORDER_HISTORY_YEAR = 2023;

export async function seedDemoOrderHistory(db: Queryable, count: number): Promise<{ created: number }> {
  if (count <= 0) return { created: 0 };
  const source = (await repo.listDemoSubscriptions(db)).find((s) => s.company === DEMO_ORDER_HISTORY_COMPANY);
  if (!source) return { created: 0 };
  const [template] = await db.query<{ id: number }>('SELECT id FROM orders WHERE account_id = $1 ORDER BY id LIMIT 1', [
    source.id,
  ]);
  if (!template) return { created: 0 };
  const parentId = pathIds(source.path).at(-2);
  if (parentId === undefined) return { created: 0 };
  const [archived] = await db.query<{ id: number }>(
    "SELECT id FROM accounts WHERE parent_id = $1 AND account_type = 'Product' AND display_name = $2",
    [parentId, DEMO_ORDER_HISTORY_SUBSCRIPTION],
  );
  const accountId =
    archived?.id ??
    (await insertAccount(db, {
      type: 'Product',
      parentId,
      displayName: DEMO_ORDER_HISTORY_SUBSCRIPTION,
      productName: source.productName,
      state: 'Terminated',
    }));
  if (!(await findById(db, accountId))) return { created: 0 };
  const [have] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE account_id = $1', [accountId]);
  const existing = have?.n ?? 0;
  if (existing >= count) return { created: 0 };
  // One statement: the orders spread evenly over the year, oldest first, numbered by the orders' own sequence.
  await db.query(
    `INSERT INTO orders (account_id, company_id, reseller_id, service_name, service_display_name, quantity, currency,
                         monthly_selling, setup_selling, purchase_currency, monthly_purchase, setup_purchase, status,
                         placed_by, placed_at)
     SELECT $1, t.company_id, t.reseller_id, t.service_name, t.service_display_name, t.quantity, t.currency,
            t.monthly_selling, t.setup_selling, t.purchase_currency, t.monthly_purchase, t.setup_purchase, 'Completed',
            NULL, make_timestamptz($4, 1, 1, 0, 0, 0, 'UTC') + make_interval(secs => (g - 1) * (31535999.0 / $3))
       FROM orders t, generate_series($5::int + 1, $3::int) g
      WHERE t.id = $2`,
    [accountId, template.id, count, DEMO_ORDER_HISTORY_YEAR, existing],
  );
  return { created: count - existing };
}
