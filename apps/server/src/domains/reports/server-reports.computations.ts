/**
 * The computations the server reports' catalogue names by key (decision 0056). Each reads the aggregate its owning
 * domain exposes through its index, within the scope's subtree, and turns it into the report's columns and rows;
 * the rows come in chunks so a large result is kept (and its chart added up) a chunk at a time.
 */
import type { ReportColumn, ReportRow } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { findOrganisationsInScope } from '../accounts/index.js';
import { currentCreditLimits } from '../credit-limits/index.js';
import { discountsInForce } from '../discounts/index.js';
import { type OrderCursor, ordersByStatus, ordersOfPeriod, revenueByMonth, underReviewByCompany } from '../orders/index.js';
import { priceListMargins } from '../price-lists/index.js';
import { failedProvisioningRequests } from '../provisioning/index.js';
import { specialDealsInForce } from '../special-deals/index.js';
import { subscriptionsByServiceAndVendor } from '../subscriptions/index.js';
import { type ChartSpec, chartNumber, dayOf, periodOf, type RunParameters } from './server-reports.rules.js';

export interface ComputeInput {
  db: Queryable;
  rootPath: string;
  parameters: RunParameters;
  /** The parts of a report mixing data of several capabilities the caller may read (the deals report). */
  parts: readonly string[];
  /** When the run computes (the job's clock): which exchange rates are the latest. */
  now: Date;
}

export interface ReportComputation {
  columns: readonly ReportColumn[];
  chart: ChartSpec;
  /** The rows in the report's own order, chunk by chunk. */
  rows(input: ComputeInput): AsyncIterable<ReportRow[]>;
}

/** Rows of the orders report read per chunk. */
export const ORDERS_CHUNK = 5000;

const col = (CellName: string, CellType: ReportColumn['CellType']): ReportColumn => ({ CellName, CellType });
const all = (value: string | undefined) => (value === undefined || value === 'All' ? null : value);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const one = (_row: ReportRow) => 1;

async function* once(rows: Promise<ReportRow[]>): AsyncIterable<ReportRow[]> {
  yield await rows;
}

/** Which parts of the deals report a capability set reads: discounts need DISCOUNT_TOOL read, deals SPECIAL_DEAL execute. */
export const DEAL_PARTS = { discounts: 'DISCOUNT_TOOL_READ', deals: 'SPECIAL_DEAL_EXECUTE' } as const;

export const COMPUTATIONS: Record<string, ReportComputation> = {
  'orders.revenueByMonth': {
    columns: [
      col('Month', 'String'),
      col('Currency', 'String'),
      col('Orders', 'Int32'),
      col('MonthlyTotal', 'Decimal'),
      col('SetupTotal', 'Decimal'),
      col('Total', 'Decimal'),
    ],
    chart: { categoryName: 'Month', category: (r) => String(r[0]), series: (r) => String(r[1]), value: (r) => chartNumber(r[5]) },
    rows: ({ db, rootPath, parameters }) =>
      once(
        revenueByMonth(db, rootPath, periodOf(parameters)).then((rows) =>
          rows.map((r) => [r.month, r.currency, r.orders, r.monthly, r.setup, r.total]),
        ),
      ),
  },
  'orders.byStatus': {
    columns: [col('Status', 'String'), col('Orders', 'Int32'), col('Quantity', 'Decimal')],
    chart: { categoryName: 'Status', category: (r) => String(r[0]), series: () => 'Orders', value: (r) => chartNumber(r[1]) },
    rows: ({ db, rootPath, parameters }) =>
      once(ordersByStatus(db, rootPath, periodOf(parameters)).then((rows) => rows.map((r) => [r.status, r.orders, r.quantity]))),
  },
  'orders.byDate': {
    columns: [
      col('Number', 'String'),
      col('PlacedOn', 'DateTime'),
      col('Company', 'String'),
      col('Service', 'String'),
      col('Status', 'String'),
      col('Quantity', 'Decimal'),
      col('Currency', 'String'),
      col('MonthlyTotal', 'Decimal'),
      col('SetupTotal', 'Decimal'),
    ],
    // [M9.14] The 'by Date' report: orders per month of PlacedOn, the small months grouped into Other.
    chart: { categoryName: 'Month', category: (r) => String(r[1]).slice(0, 7), series: () => 'Orders', value: one, byDate: true },
    async *rows({ db, rootPath, parameters }) {
      const period = periodOf(parameters);
      let after: OrderCursor | null = null;
      for (;;) {
        const page = await ordersOfPeriod(db, rootPath, period, { status: all(parameters.Status), after, limit: ORDERS_CHUNK });
        const last = page.at(-1);
        if (!last) return;
        yield page.map((r) => [
          r.number,
          r.placedAt.toISOString(),
          r.company,
          r.service,
          r.status,
          r.quantity,
          r.currency,
          r.monthly,
          r.setup,
        ]);
        if (page.length < ORDERS_CHUNK) return;
        after = { placedAt: last.placedAt, id: last.id };
      }
    },
  },
  'subscriptions.byServiceAndVendor': {
    columns: [
      col('Vendor', 'String'),
      col('Service', 'String'),
      col('Active', 'Int32'),
      col('Suspended', 'Int32'),
      col('Terminated', 'Int32'),
      col('Total', 'Int32'),
    ],
    chart: {
      categoryName: 'Service',
      category: (r) => String(r[1]),
      series: () => 'Subscriptions',
      value: (r) => chartNumber(r[5]),
    },
    rows: ({ db, rootPath, parameters }) =>
      once(
        subscriptionsByServiceAndVendor(db, rootPath, all(parameters.State)).then((rows) =>
          rows.map((r) => [r.vendor, r.service, r.active, r.suspended, r.terminated, r.total]),
        ),
      ),
  },
  'credit.exposure': {
    columns: [
      col('Organisation', 'String'),
      col('Type', 'String'),
      col('Currency', 'String'),
      col('CreditLimit', 'Decimal'),
      col('Locked', 'String'),
      col('OrdersUnderReview', 'Int32'),
      col('UnderReview', 'Decimal'),
    ],
    chart: {
      categoryName: 'Organisation',
      category: (r) => String(r[0]),
      series: () => 'Under review',
      value: (r) => chartNumber(r[6]),
    },
    rows: ({ db, rootPath }) => once(creditExposure(db, rootPath)),
  },
  'provisioning.failures': {
    columns: [
      col('CreatedOn', 'DateTime'),
      col('Subscription', 'String'),
      col('Service', 'String'),
      col('Action', 'String'),
      col('Status', 'String'),
      col('Attempts', 'Int32'),
      col('LastError', 'String'),
    ],
    chart: { categoryName: 'Service', category: (r) => String(r[2]), series: (r) => String(r[4]), value: one },
    rows: ({ db, rootPath, parameters }) =>
      once(
        failedProvisioningRequests(db, rootPath, periodOf(parameters)).then((rows) =>
          rows.map((r) => [r.createdAt.toISOString(), r.subscription, r.service, r.action, r.status, r.attempts, r.lastError]),
        ),
      ),
  },
  'priceLists.margins': {
    columns: [
      col('PriceList', 'String'),
      col('Service', 'String'),
      col('Fee', 'String'),
      col('Currency', 'String'),
      col('Price', 'Decimal'),
      col('SuggestedRetailPrice', 'Decimal'),
      col('PurchasePrice', 'Decimal'),
      col('PurchaseCurrency', 'String'),
      col('Margin', 'Decimal'),
      col('MarginPercent', 'Decimal'),
      col('PurchasePriceInCurrency', 'Decimal'),
      col('RateOf', 'String'),
    ],
    chart: {
      categoryName: 'Service',
      category: (r) => String(r[1]),
      series: (r) => String(r[3]),
      value: (r) => chartNumber(r[8]),
    },
    rows: ({ db, rootPath, parameters, now }) =>
      once(
        priceListMargins(db, rootPath, parameters.Currency ? parameters.Currency.toUpperCase() : null, now).then((rows) =>
          rows.map((r) => [
            r.priceList,
            r.service,
            r.fee,
            r.currency,
            r.price,
            r.srp,
            r.purchase,
            r.purchaseCurrency,
            r.margin,
            r.marginPercent,
            r.purchaseInCurrency,
            r.rateOf,
          ]),
        ),
      ),
  },
  'pricing.dealsInForce': {
    columns: [
      col('Kind', 'String'),
      col('Customer', 'String'),
      col('Seller', 'String'),
      col('Item', 'String'),
      col('Mode', 'String'),
      col('Items', 'Int32'),
      col('Starts', 'DateTime'),
      col('Ends', 'DateTime'),
    ],
    chart: { categoryName: 'Customer', category: (r) => String(r[1]), series: (r) => String(r[0]), value: one },
    rows: ({ db, rootPath, parameters, parts }) => once(dealsInForce(db, rootPath, parameters, parts)),
  },
};

const mode = (percent: boolean) => (percent ? 'Percent' : 'Custom price');

async function dealsInForce(db: Queryable, rootPath: string, parameters: RunParameters, parts: readonly string[]) {
  const day = dayOf(parameters.On);
  const rows: ReportRow[] = [];
  if (parts.includes('discounts')) {
    for (const d of await discountsInForce(db, rootPath, day)) {
      rows.push(['Discount', d.customer, d.seller, d.service, mode(d.percentMode), d.items, iso(d.startsAt), iso(d.endsAt)]);
    }
  }
  if (parts.includes('deals')) {
    for (const d of await specialDealsInForce(db, rootPath, day)) {
      rows.push([
        'Special deal',
        d.customer,
        d.seller,
        d.subscription,
        mode(d.percentMode),
        d.items,
        iso(d.startsAt),
        iso(d.endsAt),
      ]);
    }
  }
  return rows;
}

/**
 * Per company and reseller of the subtree with a credit limit or orders under review: the limit and lock (credit
 * limits) beside what is open against it (orders), one row per organisation and currency.
 */
async function creditExposure(db: Queryable, rootPath: string): Promise<ReportRow[]> {
  const [limits, open] = await Promise.all([currentCreditLimits(db, rootPath), underReviewByCompany(db, rootPath)]);
  const byAccount = new Map(limits.map((l) => [l.accountId, l]));
  const missing = [...new Set(open.map((o) => o.companyId).filter((id) => !byAccount.has(id)))];
  const names = new Map((await findOrganisationsInScope(db, rootPath, missing)).map((o) => [o.id, o]));
  const rows: { name: string; row: ReportRow }[] = [];
  const covered = new Set<string>();
  for (const o of open) {
    const limit = byAccount.get(o.companyId);
    const org = limit ? { displayName: limit.displayName, accountType: limit.accountType } : names.get(o.companyId);
    if (!org) continue;
    covered.add(`${o.companyId}|${o.currency}`);
    const sameCurrency = limit && (limit.currency === null || limit.currency === o.currency);
    rows.push({
      name: org.displayName,
      row: [
        org.displayName,
        org.accountType,
        o.currency,
        sameCurrency ? limit.limit : null,
        limit?.isLocked ? 'Yes' : 'No',
        o.orders,
        o.amount,
      ],
    });
  }
  for (const l of limits) {
    if (covered.has(`${l.accountId}|${l.currency}`)) continue;
    if (open.some((o) => o.companyId === l.accountId && (l.currency === null || o.currency === l.currency))) continue;
    rows.push({
      name: l.displayName,
      row: [l.displayName, l.accountType, l.currency, l.limit, l.isLocked ? 'Yes' : 'No', 0, '0'],
    });
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name)).map((r) => r.row);
}
