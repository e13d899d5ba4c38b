/**
 * Orders: recording a placed order with its totals priced by the catalogue's one pricing rule
 * [M5.8], its status against the customer's credit limit [M4.23], and the orders and revenue
 * datasets of the embedded reports (always within one subtree).
 */
import {
  DEFAULT_CURRENCY,
  type DecidedOrder,
  type FieldValue,
  MISSING_UDRC_FIELD,
  ORDER_DECIDE_CAPABILITY_KEY,
  type OrdersPage,
} from '@portal/contracts';
import Decimal from 'decimal.js';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import { isMailAddress, sendMail } from '../../platform/mail/index.js';
import type { Caller } from '../../platform/operations/types.js';
import { type AccountRow, findById, terminateSubtree } from '../accounts/index.js';
import { priceWithSource, SERVICE_FIELD_VIEW, subscriptionQuantity } from '../catalogue/index.js';
import { getCreditStatus } from '../credit-limits/index.js';
import { loadCustomerPricing } from '../price-lists/index.js';
import { CREATE_PROVISIONING_ACTION, startProvisioningRequest } from '../provisioning/index.js';
import * as repo from './orders.repository.js';
import {
  amountOrNull,
  approvedMail,
  assessCredit,
  checkDeclineReason,
  checkReviewable,
  DECIDED_STATUS,
  declinedMail,
  demoOrderSlot,
  demoPlacedAt,
  firstInvoiceAmount,
  lastMonths,
  monthKey,
  type OrderStatus,
  type RevenueRow,
  type ReviewDecision,
  revenueEnd,
  revenueRows,
  revenueStart,
  underReviewMail,
} from './orders.rules.js';

/** The most orders the orders dataset lists. */
export const ORDER_LIST_LIMIT = 1000;

export interface RecordOrderInput {
  /** The Product account (subscription) the order created. */
  accountId: number;
  /** The user who placed it; null for imported history. */
  placedBy: number | null;
  placedAt: Date;
}

/**
 * Records the order that created a Product account: prices the subscription as it is configured
 * now (its service's fees, field values, quantity and the customer's currency), decides its status
 * against the company's credit limit and stores the totals. Runs in the caller's transaction; the
 * calling operation writes the audit row. Bad input is a validation error naming the field.
 */
export async function recordOrder(
  db: Queryable,
  input: RecordOrderInput,
): Promise<repo.OrderRecord & { noticeSentTo: string | null }> {
  const place = await repo.findOrderPlace(db, input.accountId);
  if (!place || place.accountType !== 'Product')
    throw validationFailed([{ field: 'accountId', message: 'An order is recorded for a Product account' }]);
  if (!place.productName)
    throw validationFailed([{ field: 'accountId', message: 'The Product account names no catalogue service' }]);
  if (Number.isNaN(input.placedAt.getTime()))
    throw validationFailed([{ field: 'placedAt', message: 'placedAt must be a valid time' }]);
  const currency = place.currency ?? DEFAULT_CURRENCY;
  const pricing = await loadCustomerPricing(db, [{ accountPath: place.path, productName: place.productName }]);
  const priced = priceWithSource(
    {
      productName: place.productName,
      attributes: place.attributes,
      currency,
      priceList: pricing.priceListFor(place.path, place.productName),
    },
    pricing.sources,
  );
  if (!priced)
    throw validationFailed([
      { field: 'accountId', message: `The service ${place.productName} is not an active service of the catalogue` },
    ]);
  const { source, result } = priced;
  if (!result.ok) throw validationFailed([{ field: `${SERVICE_FIELD_VIEW}.${result.fieldId}`, message: MISSING_UDRC_FIELD }]);
  const firstInvoice = firstInvoiceAmount(result.lines);
  const { status } = await checkCredit(db, place.company?.id ?? null, firstInvoice, currency);
  const order = await repo.insertOrder(db, {
    accountId: place.id,
    companyId: place.company?.id ?? null,
    resellerId: place.reseller?.id ?? null,
    serviceName: source.serviceName,
    serviceDisplayName: source.displayName,
    quantity: subscriptionQuantity(place.attributes),
    currency,
    monthlySelling: result.monthly.selling,
    setupSelling: result.setup.selling,
    purchaseCurrency: source.ownerCurrency,
    monthlyPurchase: result.monthly.purchase,
    setupPurchase: result.setup.purchase,
    status,
    placedBy: input.placedBy,
    placedAt: input.placedAt,
  });
  // [A2.44] [M4.23] The user who placed an order under review is told by e-mail, in the same transaction.
  const noticeSentTo =
    order.status === 'UnderReview' && input.placedBy !== null
      ? await mailPlacingUser(db, input.placedBy, (displayName) =>
          underReviewMail({
            displayName,
            orderNumber: order.orderNumber,
            serviceName: order.serviceDisplayName,
            customerName: place.company?.name ?? null,
            firstInvoice,
            currency: order.currency,
          }),
        )
      : null;
  return { ...order, noticeSentTo };
}

export interface CreditCheck {
  status: OrderStatus;
  /** The customer's limit (2 decimals), null when none is set. */
  limit: string | null;
  /** The first invoices of the customer's orders under review, in `currency`. */
  open: string;
  /** By how much open + this order exceed the limit; null without a limit or amount. */
  over: string | null;
  ordersWithoutLimit: 'Allowed' | 'Reviewed';
}

/**
 * Decision 0046: the one credit check of an order, used by the review (ValidateCreateOrderBottleneck) and by
 * `recordOrder`: the company's limit and its reseller's setting (credit-limits' getCreditStatus), what is open
 * against the limit, and `assessCredit`. An order that is not a company's (no company above) always completes.
 */
export async function checkCredit(
  db: Queryable,
  companyId: number | null,
  firstInvoice: string | null,
  currency: string,
): Promise<CreditCheck> {
  if (companyId === null) return { status: 'Completed', limit: null, open: '0.00', over: null, ordersWithoutLimit: 'Allowed' };
  const [credit, open] = await Promise.all([getCreditStatus(db, companyId), repo.openUnderReview(db, companyId, currency)]);
  const { status, over } = assessCredit({
    firstInvoice,
    creditLimit: credit.limit,
    open,
    ordersWithoutLimit: credit.ordersWithoutLimit,
  });
  return { status, limit: credit.limit, open: new Decimal(open).toFixed(2), over, ordersWithoutLimit: credit.ordersWithoutLimit };
}

/** How an order's status reads in a report. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  Completed: 'Completed',
  UnderReview: 'Under review',
  Canceled: 'Canceled',
};

export interface OrderDatasetRow {
  Number: string;
  Company: string;
  Reseller: string;
  Service: string;
  Status: string;
  /** yyyy-MM-dd and yyyy-MM of placing, UTC. */
  Day: string;
  Month: string;
  Quantity: number;
  Currency: string;
  /** Selling totals at order time in Currency, rounded to cents; null without a retail price. */
  MonthlyTotal: number | null;
  SetupTotal: number | null;
  /** The portal address of the subscription's account page. */
  Link: string;
}

/** The orders dataset: the orders of the subscriptions inside the subtree at rootPath, newest first. */
export async function ordersDataset(
  db: Queryable,
  rootPath: string,
  link: (accountId: number) => string,
): Promise<OrderDatasetRow[]> {
  const rows = await repo.listOrdersInSubtree(db, rootPath, ORDER_LIST_LIMIT);
  return rows.map((o) => ({
    Number: o.orderNumber,
    Company: o.company,
    Reseller: o.reseller,
    Service: o.serviceDisplayName,
    Status: ORDER_STATUS_LABELS[o.status],
    Day: o.placedAt.toISOString().slice(0, 10),
    Month: monthKey(o.placedAt),
    Quantity: o.quantity,
    Currency: o.currency,
    MonthlyTotal: amountOrNull(o.monthlySelling),
    SetupTotal: amountOrNull(o.setupSelling),
    Link: link(o.accountId),
  }));
}

/**
 * The revenue dataset: monthly recurring revenue of the last 12 months of the subscriptions inside
 * the subtree at rootPath. Every subscription is priced as configured now, all services loaded in
 * one query; one that cannot be priced (configuration error, no retail price in its currency, a
 * service no longer in the catalogue) is left out.
 */
export async function revenueDataset(db: Queryable, rootPath: string, now: Date): Promise<RevenueRow[]> {
  const subscriptions = await repo.listSubscriptionsForRevenue(db, rootPath);
  const pricing = await loadCustomerPricing(
    db,
    subscriptions.map((s) => ({ accountPath: s.path, productName: s.productName })),
  );
  return revenueRows(
    subscriptions.map((s) => {
      const currency = s.currency ?? DEFAULT_CURRENCY;
      const priced = priceWithSource(
        {
          productName: s.productName,
          attributes: s.attributes,
          currency,
          priceList: pricing.priceListFor(s.path, s.productName),
        },
        pricing.sources,
      );
      const start = revenueStart({ orderStatus: s.orderStatus, placedAt: s.placedAt, createdAt: s.createdAt });
      return {
        company: s.company,
        reseller: s.reseller,
        service: priced?.source.displayName ?? s.productName ?? '',
        currency,
        monthly: priced?.result.ok ? priced.result.monthly.selling : null,
        start,
        end: start ? revenueEnd({ state: s.state, terminationDate: s.terminationDate, start }) : null,
      };
    }),
    lastMonths(now),
  );
}

/**
 * [A2.33] [M6.11] The Orders page: one page of the orders of the subscriptions inside the caller's
 * scope (enforced in SQL), newest first, searched and filtered. The operation layer has already
 * checked that a given accountId is inside the scope (else 404).
 */
export async function listOrders(
  db: Queryable,
  caller: Caller,
  query: { page: number; pageSize: number; search: string; status: OrderStatus | null; accountId: number | null },
): Promise<OrdersPage> {
  const { rows, total } = await repo.listOrdersPage(db, caller.scope.rootPath, {
    search: query.search,
    status: query.status,
    accountId: query.accountId,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const mayDecide = caller.capabilities.has(ORDER_DECIDE_CAPABILITY_KEY);
  return {
    Items: rows.map((o) => ({
      Id: o.id,
      OrderNumber: o.orderNumber,
      PlacedAt: o.placedAt.toISOString(),
      AccountId: o.accountId,
      AccountDisplayName: o.accountDisplayName,
      Company: o.company,
      Service: o.serviceDisplayName,
      Status: o.status,
      Quantity: o.quantity,
      Currency: o.currency,
      MonthlyTotal: o.monthlySelling,
      SetupTotal: o.setupSelling,
      // Decision 0032: the caller's own organisation never reviews its own orders.
      CanDecide: mayDecide && o.status === 'UnderReview' && !o.ownOrganisation,
    })),
    Total: total,
    Page: query.page,
    PageSize: query.pageSize,
  };
}

export interface ReviewOutcome {
  order: DecidedOrder;
  /** The touched subscription and the audit row's before/after. */
  accountId: number;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * [M4.23] [A2.44] Decision 0032: the caller ends the review of an order under review. The order must be
 * one the caller may review (else the same 404 as a missing one) and still under review (else a
 * conflict naming its status). Approve: the order completes and its subscription's CREATE provisioning
 * request starts. Decline: the order is canceled and its subscription terminated (never provisioned).
 * Either way the user who placed it is e-mailed, all in the caller's transaction.
 */
export async function decideOrder(
  db: Queryable,
  caller: Caller,
  input: { orderNumber: string; decision: ReviewDecision; reason?: string },
  now: Date,
): Promise<ReviewOutcome> {
  let reason: string | null = null;
  if (input.decision === 'decline') {
    const checked = checkDeclineReason(input.reason ?? '');
    if (!checked.ok) throw validationFailed([{ field: 'reason', message: checked.message }]);
    reason = checked.reason;
  }
  const order = await repo.findOrderToReview(db, caller.scope.rootPath, input.orderNumber);
  if (!order) throw notFound('Order');
  const reviewable = checkReviewable(order.status);
  if (!reviewable.ok) throw new DomainError('CONFLICT', reviewable.message);
  const status = DECIDED_STATUS[input.decision];
  await repo.saveDecision(db, { id: order.id, status, decidedBy: caller.userId, decidedAt: now, reason });
  let provisioningRequestId: number | null = null;
  let terminated = 0;
  if (input.decision === 'approve') {
    const account = await findById(db, order.accountId);
    if (!account) throw notFound('Order');
    provisioningRequestId = await startProvisioningRequest(db, {
      account,
      action: CREATE_PROVISIONING_ACTION,
      createdBy: caller.userId,
      now,
    });
  } else {
    terminated = (await terminateSubtree(db, order.accountPath, now)).length;
  }
  const mailSentTo =
    order.placedBy === null
      ? null
      : await mailPlacingUser(db, order.placedBy, (displayName) => {
          const about = {
            displayName,
            orderNumber: order.orderNumber,
            serviceName: order.serviceDisplayName,
            customerName: order.company,
          };
          return reason === null ? approvedMail(about) : declinedMail({ ...about, reason });
        });
  return {
    order: {
      OrderNumber: order.orderNumber,
      Status: status,
      AccountId: order.accountId,
      DecidedAt: now.toISOString(),
      Reason: reason,
      ProvisioningRequestId: provisioningRequestId,
      MailSentTo: mailSentTo,
    },
    accountId: order.accountId,
    before: { OrderNumber: order.orderNumber, Status: order.status },
    after: {
      OrderNumber: order.orderNumber,
      Status: status,
      ...(reason !== null
        ? { Reason: reason, TerminatedAccounts: terminated }
        : { ProvisioningRequestId: provisioningRequestId }),
    },
  };
}

/**
 * Queues an e-mail about an order to the user who placed it, written for that user by `compose`; the address,
 * or null when the user has no valid one (nothing is sent then).
 */
async function mailPlacingUser(
  db: Queryable,
  placedBy: number,
  compose: (displayName: string) => { subject: string; text: string },
): Promise<string | null> {
  const user = await findById(db, placedBy);
  const to = user?.email?.trim() ?? '';
  if (!user || !isMailAddress(to)) return null;
  const mail = compose(user.display_name);
  await sendMail(db, { to, subject: mail.subject, text: mail.text, accountId: user.id });
  return to;
}

/** [A3.1] [A2.33] ExtendedView.ApprovalInProgress of a Product account: it has an order under review. */
export function approvalValues(underReview: unknown, account: AccountRow): Record<string, FieldValue> {
  if (account.account_type !== 'Product') return {};
  const kind = underReview === 'NewOrder' || underReview === 'Change' ? underReview : null;
  // Decision 0046: ApprovalFor says whether the order waiting is the new subscription's own or a later change.
  return kind ? { ApprovalInProgress: true, ApprovalFor: kind } : { ApprovalInProgress: false };
}

/** Demo units of per-unit fields, taken in turn; one demo customer orders far more (see DEMO_LARGE_ORDER). */
const DEMO_UNITS = [5, 12, 8, 20, 3, 15, 25, 10, 6, 40];
/** Dunmore Architects (credit limit 2,000) orders endpoint protection for 600 devices: above the limit, under review [M4.23]. */
export const DEMO_LARGE_ORDER = { company: 'Dunmore Architects', service: 'Fabrikam Endpoint Protection', units: 600 };

/**
 * Records the original order of every demo Product account (idempotent: nothing when any order
 * exists). The demo subscriptions are given the per-unit field values their order configured
 * (Service.<FieldId>) where they hold none, so they can be priced. Orders are placed from about
 * 350 days ago to 2 days ago, every reseller's customers all year round (demoOrderSlot), by nobody
 * (imported history).
 */
export async function seedDemoOrders(db: Queryable, now = new Date()): Promise<{ created: number }> {
  if ((await repo.countOrders(db)) > 0) return { created: 0 };
  const subscriptions = await repo.listDemoSubscriptions(db);
  const { sources } = await loadCustomerPricing(
    db,
    subscriptions.map((s) => ({ accountPath: s.path, productName: s.productName })),
  );
  // Recorded oldest first, so that order numbers follow the order dates; except the large order, recorded last:
  // an order under review counts against its company's limit (decision 0046), and Dunmore's other demo orders
  // are the completed ones they always were.
  const isLarge = (sub: (typeof subscriptions)[number]) =>
    sub.company === DEMO_LARGE_ORDER.company && sub.productName.toLowerCase() === DEMO_LARGE_ORDER.service.toLowerCase();
  const planned = subscriptions
    .map((sub, index) => ({ sub, index, slot: demoOrderSlot(index, subscriptions.length) }))
    .sort((a, b) => Number(isLarge(a.sub)) - Number(isLarge(b.sub)) || a.slot - b.slot);
  let created = 0;
  for (const { sub, index, slot } of planned) {
    const source = sources.get(sub.productName.toLowerCase());
    if (!source) continue;
    const large = sub.company === DEMO_LARGE_ORDER.company && source.serviceName === DEMO_LARGE_ORDER.service;
    const units = large ? DEMO_LARGE_ORDER.units : (DEMO_UNITS[index % DEMO_UNITS.length] as number);
    const perUnit = [...new Set(source.rules.map((r) => r.UdrcField).filter((f): f is string => !!f))];
    const place = await repo.findOrderPlace(db, sub.id);
    const missing = perUnit.filter((f) => {
      const v = place?.attributes[`${SERVICE_FIELD_VIEW}.${f}`];
      return v === undefined || v === null || v === '';
    });
    // The large order sets its units whatever the subscription held, so that it goes over the limit.
    const toSet = large ? perUnit : missing;
    if (toSet.length > 0)
      await repo.setServiceValues(db, sub.id, Object.fromEntries(toSet.map((f) => [`${SERVICE_FIELD_VIEW}.${f}`, units])));
    await recordOrder(db, { accountId: sub.id, placedBy: null, placedAt: demoPlacedAt(now, slot, subscriptions.length) });
    created++;
  }
  return { created };
}
