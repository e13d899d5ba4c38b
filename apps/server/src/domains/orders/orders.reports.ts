/**
 * The orders' aggregates the server-run reports read (domains/reports, decision 0056): always within the subtree at
 * rootPath (the subscription's place in the tree, as ListOrders scopes), money summed in SQL numeric and read as text.
 */
import type { Queryable } from '../../platform/db/db.js';
import { pathUpperBound } from '../../platform/tenancy/scope.js';
import { STORED_FIRST_INVOICE_SQL } from './orders.repository.js';

/** A period of days: from the first instant of `from` to the first instant after `to` (UTC). */
export interface ReportPeriod {
  from: Date;
  toExclusive: Date;
}

const IN_SCOPE = 'p.path >= $1 AND p.path < $2 AND o.placed_at >= $3 AND o.placed_at < $4';
const scopeParams = (rootPath: string, period: ReportPeriod) => [
  rootPath,
  pathUpperBound(rootPath),
  period.from,
  period.toExclusive,
];

export interface RevenueMonthRow {
  month: string;
  currency: string;
  orders: number;
  monthly: string;
  setup: string;
  total: string;
}

/** Selling totals of the orders placed in each month of the period, per currency; canceled orders are left out. */
export async function revenueByMonth(db: Queryable, rootPath: string, period: ReportPeriod): Promise<RevenueMonthRow[]> {
  return db.query<RevenueMonthRow>(
    `SELECT to_char(o.placed_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, o.currency, count(*)::int AS orders,
            COALESCE(sum(o.monthly_selling), 0)::text AS monthly, COALESCE(sum(o.setup_selling), 0)::text AS setup,
            (COALESCE(sum(o.monthly_selling), 0) + COALESCE(sum(o.setup_selling), 0))::text AS total
       FROM orders o JOIN accounts p ON p.id = o.account_id
      WHERE ${IN_SCOPE} AND o.status <> 'Canceled'
      GROUP BY 1, 2 ORDER BY 1, 2`,
    scopeParams(rootPath, period),
  );
}

export interface OrderStatusRow {
  status: string;
  orders: number;
  quantity: string;
}

/** How many orders of the period are in each status, with their summed quantity. */
export async function ordersByStatus(db: Queryable, rootPath: string, period: ReportPeriod): Promise<OrderStatusRow[]> {
  return db.query<OrderStatusRow>(
    `SELECT o.status, count(*)::int AS orders, sum(o.quantity)::text AS quantity
       FROM orders o JOIN accounts p ON p.id = o.account_id
      WHERE ${IN_SCOPE}
      GROUP BY 1 ORDER BY 1`,
    scopeParams(rootPath, period),
  );
}

export interface ReportOrderRow {
  id: number;
  number: string;
  placedAt: Date;
  company: string | null;
  service: string;
  status: string;
  quantity: string;
  currency: string;
  monthly: string | null;
  setup: string | null;
}

/** A position in ordersOfPeriod's order (newest first). */
export interface OrderCursor {
  placedAt: Date;
  id: number;
}

/**
 * One chunk of the orders of the period, newest first, after `after` (keyset paging, so a large subtree is read a
 * chunk at a time). `status` null: every status.
 */
export async function ordersOfPeriod(
  db: Queryable,
  rootPath: string,
  period: ReportPeriod,
  p: { status: string | null; after: OrderCursor | null; limit: number },
): Promise<ReportOrderRow[]> {
  const rows = await db.query<ReportOrderRow>(
    `SELECT o.id, o.order_number AS number, o.placed_at AS "placedAt", c.display_name AS company,
            o.service_display_name AS service, o.status, o.quantity::text AS quantity, o.currency,
            o.monthly_selling::text AS monthly, o.setup_selling::text AS setup
       FROM orders o JOIN accounts p ON p.id = o.account_id
       LEFT JOIN accounts c ON c.id = o.company_id
      WHERE ${IN_SCOPE} AND ($5::text IS NULL OR o.status = $5)
        AND ($6::timestamptz IS NULL OR (o.placed_at, o.id) < ($6::timestamptz, $7::int))
      ORDER BY o.placed_at DESC, o.id DESC LIMIT $8`,
    [...scopeParams(rootPath, period), p.status, p.after?.placedAt ?? null, p.after?.id ?? 0, p.limit],
  );
  return rows.map((r) => ({ ...r, placedAt: new Date(r.placedAt) }));
}

export interface UnderReviewRow {
  companyId: number;
  currency: string;
  orders: number;
  amount: string;
}

/**
 * What is open against the credit limits of the companies of the subtree: per company and currency, the orders
 * under review and their first invoices (the same amount openUnderReview adds for the credit check).
 */
export async function underReviewByCompany(db: Queryable, rootPath: string): Promise<UnderReviewRow[]> {
  return db.query<UnderReviewRow>(
    `SELECT o.company_id AS "companyId", o.currency, count(*)::int AS orders,
            COALESCE(sum(${STORED_FIRST_INVOICE_SQL}), 0)::text AS amount
       FROM orders o JOIN accounts p ON p.id = o.account_id
      WHERE p.path >= $1 AND p.path < $2 AND o.status = 'UnderReview' AND o.company_id IS NOT NULL
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [rootPath, pathUpperBound(rootPath)],
  );
}
