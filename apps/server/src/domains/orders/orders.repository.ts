import type { OrderReviewReason } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { pathIds, pathUpperBound } from '../../platform/tenancy/scope.js';
import type { OrderKind, OrderStatus } from './orders.rules.js';

export interface NewOrder {
  accountId: number;
  companyId: number | null;
  resellerId: number | null;
  serviceName: string;
  serviceDisplayName: string;
  quantity: number;
  currency: string;
  monthlySelling: string | null;
  setupSelling: string | null;
  purchaseCurrency: string | null;
  monthlyPurchase: string;
  setupPurchase: string;
  status: OrderStatus;
  /** Why the credit check reviewed it (decision 0046); null when it did not, or before the reason was stored. */
  reviewReason?: OrderReviewReason | null;
  placedBy: number | null;
  placedAt: Date;
  /** Decision 0045: New (the default), or an Upgrade / Change of the subscription with what it was before. */
  kind?: OrderKind;
  previousServiceName?: string | null;
  previousQuantity?: number | null;
  previousMonthlySelling?: string | null;
  /**
   * The charge summary's amounts (contracts' chargeSummary) in the selling and the purchase currency;
   * without advanceMonths the order records no charges (as before migration 0133).
   */
  monthlyDueNowSelling?: string | null;
  advanceSelling?: string | null;
  firstInvoiceSelling?: string | null;
  advanceMonths?: number[] | null;
  advancePurchase?: string | null;
  firstInvoicePurchase?: string | null;
}

export interface OrderRecord extends Required<NewOrder> {
  id: number;
  orderNumber: string;
}

const ORDER_COLUMNS = `id, order_number AS "orderNumber", account_id AS "accountId", company_id AS "companyId",
  reseller_id AS "resellerId", service_name AS "serviceName", service_display_name AS "serviceDisplayName",
  quantity::float8 AS "quantity", currency, monthly_selling::text AS "monthlySelling", setup_selling::text AS "setupSelling",
  purchase_currency AS "purchaseCurrency", monthly_purchase::text AS "monthlyPurchase", setup_purchase::text AS "setupPurchase",
  status, placed_by AS "placedBy", placed_at AS "placedAt", kind, previous_service_name AS "previousServiceName",
  previous_quantity::float8 AS "previousQuantity", previous_monthly_selling::text AS "previousMonthlySelling",
  monthly_due_now_selling::text AS "monthlyDueNowSelling", advance_selling::text AS "advanceSelling",
  first_invoice_selling::text AS "firstInvoiceSelling", advance_months AS "advanceMonths",
  advance_purchase::text AS "advancePurchase", first_invoice_purchase::text AS "firstInvoicePurchase",
  review_reason AS "reviewReason"`;

export async function insertOrder(db: Queryable, o: NewOrder): Promise<OrderRecord> {
  const [row] = await db.query<OrderRecord>(
    `INSERT INTO orders (account_id, company_id, reseller_id, service_name, service_display_name, quantity, currency,
                         monthly_selling, setup_selling, purchase_currency, monthly_purchase, setup_purchase, status,
                         placed_by, placed_at, kind, previous_service_name, previous_quantity, previous_monthly_selling,
                         monthly_due_now_selling, advance_selling, first_invoice_selling, advance_months, advance_purchase,
                         first_invoice_purchase, review_reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
             $24, $25, $26)
     RETURNING ${ORDER_COLUMNS}`,
    [
      o.accountId,
      o.companyId,
      o.resellerId,
      o.serviceName,
      o.serviceDisplayName,
      o.quantity,
      o.currency,
      o.monthlySelling,
      o.setupSelling,
      o.purchaseCurrency,
      o.monthlyPurchase,
      o.setupPurchase,
      o.status,
      o.placedBy,
      o.placedAt,
      o.kind ?? 'New',
      o.previousServiceName ?? null,
      o.previousQuantity ?? null,
      o.previousMonthlySelling ?? null,
      o.monthlyDueNowSelling ?? null,
      o.advanceSelling ?? null,
      o.firstInvoiceSelling ?? null,
      o.advanceMonths ?? null,
      o.advancePurchase ?? null,
      o.firstInvoicePurchase ?? null,
      o.reviewReason ?? null,
    ],
  );
  if (!row) throw new Error('order insert returned nothing');
  return { ...row, placedAt: new Date(row.placedAt) };
}

/** An order's fee lines as the pricing rule priced them when it was placed (decision 0045). */
export interface OrderLineRow {
  description: string;
  chargeType: 'Monthly' | 'Setup';
  units: string;
  unitPrice: string | null;
  total: string | null;
  advanceMonths: number | null;
}

export async function insertOrderLines(db: Queryable, orderId: number, lines: readonly OrderLineRow[]): Promise<void> {
  if (lines.length === 0) return;
  await db.query(
    `INSERT INTO order_lines (order_id, position, description, charge_type, units, unit_price, total, advance_months)
     SELECT $1, l.position, l.description, l.charge_type, l.units, l.unit_price, l.total, l.advance_months
       FROM jsonb_to_recordset($2::jsonb) AS l(position int, description text, charge_type text, units numeric,
                                              unit_price numeric, total numeric, advance_months int)`,
    [
      orderId,
      JSON.stringify(
        lines.map((l, i) => ({
          position: i + 1,
          description: l.description,
          charge_type: l.chargeType,
          units: l.units,
          unit_price: l.unitPrice,
          total: l.total,
          advance_months: l.advanceMonths,
        })),
      ),
    ],
  );
}

export async function listOrderLines(db: Queryable, orderId: number): Promise<OrderLineRow[]> {
  return db.query<OrderLineRow>(
    `SELECT description, charge_type AS "chargeType", units::text AS units, unit_price::text AS "unitPrice",
            total::text AS total, advance_months AS "advanceMonths"
       FROM order_lines WHERE order_id = $1 ORDER BY position`,
    [orderId],
  );
}

/** The newest order of a subscription (any kind), what a change is compared with; null when it has none. */
export async function findLatestOrder(db: Queryable, accountId: number): Promise<OrderRecord | null> {
  const [row] = await db.query<OrderRecord>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE account_id = $1 ORDER BY placed_at DESC, id DESC LIMIT 1`,
    [accountId],
  );
  return row ? { ...row, placedAt: new Date(row.placedAt) } : null;
}

export async function countOrders(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
  return row?.n ?? 0;
}

/*
 * Reads of the accounts table (read-only): the Product account an order is for, the organisations
 * above it and its customer's currency. The accounts domain's index exposes findById and
 * findNearestOfType, but not the nearest currency nor subtree lists of subscriptions; see README.
 */

export interface OrderPlace {
  id: number;
  accountType: string;
  path: string;
  productName: string | null;
  attributes: Record<string, unknown>;
  company: { id: number; name: string } | null;
  reseller: { id: number; name: string } | null;
  /** The currency of the nearest Company, Reseller or Provider above (or of the account) that has one. */
  currency: string | null;
}

/** The account an order is for, with its company, the reseller above that and the customer's currency. */
export async function findOrderPlace(db: Queryable, accountId: number): Promise<OrderPlace | null> {
  const [row] = await db.query<{
    id: number;
    account_type: string;
    path: string;
    product_name: string | null;
    attributes: Record<string, unknown> | null;
  }>('SELECT id, account_type, path, product_name, attributes FROM accounts WHERE id = $1', [accountId]);
  if (!row) return null;
  const above = await db.query<{
    id: number;
    account_type: string;
    display_name: string;
    currency: string | null;
    depth: number;
  }>(
    `SELECT id, account_type, display_name, currency, depth FROM accounts
      WHERE id = ANY($1::int[]) AND account_type IN ('Company', 'Reseller', 'Provider') ORDER BY depth DESC`,
    [pathIds(row.path)],
  );
  const company = above.find((a) => a.account_type === 'Company');
  const reseller = company
    ? above.find((a) => a.account_type === 'Reseller' && a.depth < company.depth)
    : above.find((a) => a.account_type === 'Reseller');
  return {
    id: row.id,
    accountType: row.account_type,
    path: row.path,
    productName: row.product_name,
    attributes: row.attributes ?? {},
    company: company ? { id: company.id, name: company.display_name } : null,
    reseller: reseller ? { id: reseller.id, name: reseller.display_name } : null,
    currency: above.find((a) => a.currency !== null)?.currency ?? null,
  };
}

/** Columns shared by the dataset queries: the company and reseller above a Product account p, and its currency. */
const ORGANISATIONS_ABOVE = `
  coalesce((SELECT c.display_name FROM accounts c
             WHERE c.id = ANY(string_to_array(trim(both '/' from p.path), '/')::int[]) AND c.account_type = 'Company'
             ORDER BY c.depth DESC LIMIT 1), '') AS "company",
  coalesce((SELECT r.display_name FROM accounts r
             WHERE r.id = ANY(string_to_array(trim(both '/' from p.path), '/')::int[]) AND r.account_type = 'Reseller'
             ORDER BY r.depth DESC LIMIT 1), '') AS "reseller"`;

/** The path of the nearest organisation (Company, Reseller or Provider) above a Product account p: the order's customer. */
const CUSTOMER_PATH = `coalesce((SELECT org.path FROM accounts org
   WHERE org.id = ANY(string_to_array(trim(both '/' from p.path), '/')::int[])
     AND org.account_type IN ('Company', 'Reseller', 'Provider')
   ORDER BY org.depth DESC LIMIT 1), '')`;

export interface OrderListRow {
  id: number;
  orderNumber: string;
  accountId: number;
  company: string;
  reseller: string;
  serviceDisplayName: string;
  status: OrderStatus;
  placedAt: Date;
  quantity: number;
  currency: string;
  monthlySelling: string | null;
  setupSelling: string | null;
  kind: OrderKind;
}

/** The charge summary columns of an order `o` (decision 0045), as `storedChargeSummary` reads them. */
const CHARGE_COLUMNS = `o.monthly_due_now_selling::text AS "monthlyDueNowSelling", o.advance_selling::text AS "advanceSelling",
  o.first_invoice_selling::text AS "firstInvoiceSelling", o.advance_months AS "advanceMonths"`;

export interface OrderCharges {
  monthlyDueNowSelling: string | null;
  advanceSelling: string | null;
  firstInvoiceSelling: string | null;
  advanceMonths: number[] | null;
}

/**
 * The orders of the subscriptions inside a subtree, newest first (at most `limit`). The company and
 * reseller are those the subscription sits under now (the stored ids record them at order time).
 */
export async function listOrdersInSubtree(db: Queryable, rootPath: string, limit: number): Promise<OrderListRow[]> {
  const rows = await db.query<OrderListRow>(
    `SELECT o.id, o.order_number AS "orderNumber", o.account_id AS "accountId", ${ORGANISATIONS_ABOVE},
            o.service_display_name AS "serviceDisplayName", o.status, o.placed_at AS "placedAt",
            o.quantity::float8 AS "quantity", o.currency, o.monthly_selling::text AS "monthlySelling",
            o.setup_selling::text AS "setupSelling", o.kind
       FROM orders o JOIN accounts p ON p.id = o.account_id
      WHERE p.path >= $1 AND p.path < $2
      ORDER BY o.placed_at DESC, o.id DESC LIMIT ${Number(limit)}`,
    [rootPath, pathUpperBound(rootPath)],
  );
  return rows.map((r) => ({ ...r, placedAt: new Date(r.placedAt) }));
}

export interface SubscriptionRevenueRow {
  id: number;
  path: string;
  productName: string | null;
  attributes: Record<string, unknown>;
  state: string;
  terminationDate: Date | null;
  createdAt: Date;
  company: string;
  reseller: string;
  currency: string | null;
  /** The subscription's original (first) order, when it has one. */
  orderStatus: OrderStatus | null;
  placedAt: Date | null;
  /** The monthly selling totals of its completed orders, oldest first (decision 0045). */
  prices: { from: string; monthly: string | null }[] | null;
}

/** Every Product account of a subtree with what revenue needs: its service values, dates, organisations and original order. */
export async function listSubscriptionsForRevenue(db: Queryable, rootPath: string): Promise<SubscriptionRevenueRow[]> {
  const rows = await db.query<SubscriptionRevenueRow>(
    `SELECT p.id, p.path, p.product_name AS "productName", p.attributes, p.state, p.termination_date AS "terminationDate",
            p.created_at AS "createdAt", ${ORGANISATIONS_ABOVE},
            (SELECT c.currency FROM accounts c
              WHERE c.id = ANY(string_to_array(trim(both '/' from p.path), '/')::int[])
                AND c.account_type IN ('Company', 'Reseller', 'Provider') AND c.currency IS NOT NULL
              ORDER BY c.depth DESC LIMIT 1) AS "currency",
            first.status AS "orderStatus", first.placed_at AS "placedAt",
            (SELECT json_agg(json_build_object('from', o.placed_at, 'monthly', o.monthly_selling::text) ORDER BY o.placed_at, o.id)
               FROM orders o WHERE o.account_id = p.id AND o.status = 'Completed') AS "prices"
       FROM accounts p
       LEFT JOIN LATERAL (SELECT o.status, o.placed_at FROM orders o WHERE o.account_id = p.id
                           ORDER BY o.placed_at, o.id LIMIT 1) first ON true
      WHERE p.account_type = 'Product' AND p.path >= $1 AND p.path < $2
      ORDER BY p.path`,
    [rootPath, pathUpperBound(rootPath)],
  );
  return rows.map((r) => ({
    ...r,
    attributes: r.attributes ?? {},
    terminationDate: r.terminationDate ? new Date(r.terminationDate) : null,
    createdAt: new Date(r.createdAt),
    placedAt: r.placedAt ? new Date(r.placedAt) : null,
  }));
}

/** The demo Product accounts in creation order, with the company they sit under. */
export async function listDemoSubscriptions(
  db: Queryable,
): Promise<{ id: number; path: string; productName: string; company: string }[]> {
  return db.query<{ id: number; path: string; productName: string; company: string }>(
    `SELECT p.id, p.path, p.product_name AS "productName", ${ORGANISATIONS_ABOVE}
       FROM accounts p WHERE p.account_type = 'Product' AND p.product_name IS NOT NULL ORDER BY p.id`,
  );
}

/** Demo seed only: gives a demo subscription the values of its service's fields that its order configured. */
export async function setServiceValues(db: Queryable, accountId: number, values: Record<string, string | number>) {
  await db.query("UPDATE accounts SET attributes = coalesce(attributes, '{}'::jsonb) || $2::jsonb WHERE id = $1", [
    accountId,
    JSON.stringify(values),
  ]);
}

export interface OrderPageRow extends OrderListRow, OrderCharges {
  accountDisplayName: string;
  reviewReason: OrderReviewReason | null;
  /** The nearest organisation above the subscription is the root of the listing (the caller's own organisation). */
  ownOrganisation: boolean;
}

export interface OrderPageQuery {
  search: string;
  status: OrderStatus | null;
  accountId: number | null;
  limit: number;
  offset: number;
}

/** LIKE pattern matching a text anywhere, with the text's own % _ and \ taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the orders of the subscriptions inside the subtree at rootPath (the tenant scope, in
 * SQL), newest first, with the total that matches. Search is case-insensitive over the order
 * number, the company above the subscription now and the service's display name.
 */
export async function listOrdersPage(
  db: Queryable,
  rootPath: string,
  query: OrderPageQuery,
): Promise<{ rows: OrderPageRow[]; total: number }> {
  const scoped = `
    WITH scoped AS (
      SELECT o.id, o.order_number AS "orderNumber", o.account_id AS "accountId", p.display_name AS "accountDisplayName",
             ${ORGANISATIONS_ABOVE}, o.service_display_name AS "serviceDisplayName", o.status, o.placed_at AS "placedAt",
             o.review_reason AS "reviewReason", o.quantity::float8 AS "quantity", o.currency, o.monthly_selling::text AS "monthlySelling",
             o.setup_selling::text AS "setupSelling", o.kind, ${CHARGE_COLUMNS}, ${CUSTOMER_PATH} = $1 AS "ownOrganisation"
        FROM orders o JOIN accounts p ON p.id = o.account_id
       WHERE p.path >= $1 AND p.path < $2 AND ($3::int IS NULL OR o.account_id = $3)
         AND ($4::text IS NULL OR o.status = $4))
    SELECT * FROM scoped
     WHERE $5::text IS NULL OR "orderNumber" ILIKE $5 OR "company" ILIKE $5 OR "serviceDisplayName" ILIKE $5`;
  const params = [
    rootPath,
    pathUpperBound(rootPath),
    query.accountId,
    query.status,
    query.search === '' ? null : containsPattern(query.search),
  ];
  const [counted] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${scoped}) matching`, params);
  const rows = await db.query<OrderPageRow>(
    `${scoped} ORDER BY "placedAt" DESC, id DESC LIMIT ${Number(query.limit)} OFFSET ${Number(query.offset)}`,
    params,
  );
  return { rows: rows.map((r) => ({ ...r, placedAt: new Date(r.placedAt) })), total: counted?.n ?? 0 };
}

/** Whether a subscription has an order waiting for approval (UnderReview) [A2.33]. */
/**
 * Whether a Product account has an order under review, as the account page reads it (an AccountExtension's
 * `extendedSql`, over the account row `a`; null for other account types).
 */
/**
 * The first invoice of a stored order: its setup and one month of its recurring fees at order time. The one
 * place that reads it back (decision 0046); when the order row keeps its first invoice total, read that here.
 */
export const STORED_FIRST_INVOICE_SQL = 'COALESCE(o.setup_selling, 0) + COALESCE(o.monthly_selling, 0)';

/** What is open against a company's credit limit: the first invoices of its orders under review, in its currency. */
export async function openUnderReview(db: Queryable, companyId: number, currency: string): Promise<string> {
  const [row] = await db.query<{ open: string }>(
    `SELECT COALESCE(sum(${STORED_FIRST_INVOICE_SQL}), 0)::text AS open FROM orders o
      WHERE o.company_id = $1 AND o.status = 'UnderReview' AND o.currency = $2`,
    [companyId, currency],
  );
  return row?.open ?? '0';
}

/**
 * A subscription's order under review, if any: 'NewOrder' when it is the order that created the subscription
 * (its first), 'Change' for a later one (decision 0046: the banner says which); null when none is under review.
 */
export const UNDER_REVIEW_SQL = `CASE WHEN a.account_type = 'Product' THEN (
    SELECT CASE WHEN o.id = (SELECT min(f.id) FROM orders f WHERE f.account_id = a.id) THEN 'NewOrder' ELSE 'Change' END
      FROM orders o WHERE o.account_id = a.id AND o.status = 'UnderReview' ORDER BY o.id LIMIT 1) END`;

/** An order as its review needs it, with the subscription it created and the customer above that. */
export interface ReviewedOrder {
  id: number;
  orderNumber: string;
  accountId: number;
  accountPath: string;
  status: OrderStatus;
  serviceDisplayName: string;
  placedBy: number | null;
  /** The company the subscription sits under now (null when none). */
  company: string | null;
}

/**
 * [Decision 0032] The order with this number that the caller with scope root rootPath may review,
 * locked for the decision: its subscription is inside the subtree, and the order's customer (the
 * nearest organisation above the subscription) is strictly below the root, so that a company never
 * reviews its own orders. Null otherwise, exactly as for a missing order.
 */
export async function findOrderToReview(db: Queryable, rootPath: string, orderNumber: string): Promise<ReviewedOrder | null> {
  const [row] = await db.query<ReviewedOrder>(
    `SELECT o.id, o.order_number AS "orderNumber", o.account_id AS "accountId", p.path AS "accountPath", o.status,
            o.service_display_name AS "serviceDisplayName", o.placed_by AS "placedBy",
            (SELECT c.display_name FROM accounts c
              WHERE c.id = ANY(string_to_array(trim(both '/' from p.path), '/')::int[]) AND c.account_type = 'Company'
              ORDER BY c.depth DESC LIMIT 1) AS "company"
       FROM orders o JOIN accounts p ON p.id = o.account_id
      WHERE o.order_number = $3 AND p.path >= $1 AND p.path < $2
        AND ${CUSTOMER_PATH} > $1 AND ${CUSTOMER_PATH} < $2
      FOR UPDATE OF o`,
    [rootPath, pathUpperBound(rootPath), orderNumber],
  );
  return row ?? null;
}

/** Records the review's outcome on the order. */
export async function saveDecision(
  db: Queryable,
  d: { id: number; status: OrderStatus; decidedBy: number; decidedAt: Date; reason: string | null },
): Promise<void> {
  await db.query('UPDATE orders SET status = $2, decided_by = $3, decided_at = $4, decision_reason = $5 WHERE id = $1', [
    d.id,
    d.status,
    d.decidedBy,
    d.decidedAt,
    d.reason,
  ]);
}

/** An order as its detail page shows it (decision 0045): the record, its subscription and customer now, and who decided it. */
export interface OrderDetailRow extends Omit<OrderRecord, 'placedAt'> {
  placedAt: Date;
  accountDisplayName: string;
  accountState: string;
  customerId: number | null;
  customerName: string | null;
  customerType: string | null;
  reseller: string;
  placedByName: string | null;
  decidedByName: string | null;
  decidedAt: Date | null;
  decisionReason: string | null;
  ownOrganisation: boolean;
}

/**
 * The order with this number whose subscription is inside the subtree at rootPath (the same scope as
 * ListOrders, in SQL); null otherwise, exactly as for a missing order.
 */
export async function findOrderInScope(db: Queryable, rootPath: string, orderNumber: string): Promise<OrderDetailRow | null> {
  const [row] = await db.query<OrderDetailRow>(
    `SELECT o.id, o.order_number AS "orderNumber", o.account_id AS "accountId", o.company_id AS "companyId",
            o.reseller_id AS "resellerId", o.service_name AS "serviceName", o.service_display_name AS "serviceDisplayName",
            o.quantity::float8 AS "quantity", o.currency, o.monthly_selling::text AS "monthlySelling",
            o.setup_selling::text AS "setupSelling", o.purchase_currency AS "purchaseCurrency",
            o.monthly_purchase::text AS "monthlyPurchase", o.setup_purchase::text AS "setupPurchase", o.status,
            o.review_reason AS "reviewReason", o.placed_by AS "placedBy", o.placed_at AS "placedAt", o.kind, o.previous_service_name AS "previousServiceName",
            o.previous_quantity::float8 AS "previousQuantity", o.previous_monthly_selling::text AS "previousMonthlySelling",
            ${CHARGE_COLUMNS}, o.advance_purchase::text AS "advancePurchase",
            o.first_invoice_purchase::text AS "firstInvoicePurchase",
            p.display_name AS "accountDisplayName", p.state AS "accountState",
            cust.id AS "customerId", cust.display_name AS "customerName", cust.account_type AS "customerType",
            coalesce((SELECT r.display_name FROM accounts r
                       WHERE r.id = ANY(string_to_array(trim(both '/' from p.path), '/')::int[]) AND r.account_type = 'Reseller'
                       ORDER BY r.depth DESC LIMIT 1), '') AS "reseller",
            placer.display_name AS "placedByName", decider.display_name AS "decidedByName",
            o.decided_at AS "decidedAt", o.decision_reason AS "decisionReason",
            ${CUSTOMER_PATH} = $1 AS "ownOrganisation"
       FROM orders o JOIN accounts p ON p.id = o.account_id
       LEFT JOIN LATERAL (SELECT c.id, c.display_name, c.account_type FROM accounts c
                           WHERE c.id = ANY(string_to_array(trim(both '/' from p.path), '/')::int[])
                             AND c.account_type IN ('Company', 'Reseller', 'Provider')
                           ORDER BY c.depth DESC LIMIT 1) cust ON true
       LEFT JOIN accounts placer ON placer.id = o.placed_by
       LEFT JOIN accounts decider ON decider.id = o.decided_by
      WHERE o.order_number = $3 AND p.path >= $1 AND p.path < $2`,
    [rootPath, pathUpperBound(rootPath), orderNumber],
  );
  if (!row) return null;
  return { ...row, placedAt: new Date(row.placedAt), decidedAt: row.decidedAt ? new Date(row.decidedAt) : null };
}
