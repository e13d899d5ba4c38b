/**
 * Orders: recording a placed order with its totals priced by the catalogue's one pricing rule
 * [M5.8], its status against the customer's credit limit [M4.23], and the orders and revenue
 * datasets of the embedded reports (always within one subtree).
 */
import {
  type ChargeSummary,
  chargeSummaryOfLines,
  DEFAULT_CURRENCY,
  type DecidedOrder,
  describePriceLine,
  type FieldValue,
  MISSING_UDRC_FIELD,
  ORDER_DECIDE_CAPABILITY_KEY,
  type OrderDetail,
  type OrderReviewReason,
  type OrdersPage,
  type PriceLine,
  type PriceTotals,
} from '@portal/contracts';
import Decimal from 'decimal.js';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import { isMailAddress, sendMail } from '../../platform/mail/index.js';
import type { Caller } from '../../platform/operations/types.js';
import { type AccountRow, type AccountSavedEvent, findById, terminateSubtree } from '../accounts/index.js';
import { type PricingSource, priceWithSource, SERVICE_FIELD_VIEW, subscriptionQuantity } from '../catalogue/index.js';
import { getCreditStatus } from '../credit-limits/index.js';
import { loadCustomerPricing } from '../price-lists/index.js';
import { CREATE_PROVISIONING_ACTION, listAccountProvisioningRequests, startProvisioningRequest } from '../provisioning/index.js';
import * as repo from './orders.repository.js';
import {
  amountOrNull,
  approvedMail,
  assessCredit,
  changesWhatIsPaid,
  checkDeclineReason,
  checkReviewable,
  DECIDED_STATUS,
  declinedMail,
  demoOrderSlot,
  demoPlacedAt,
  lastMonths,
  monthKey,
  type OrderKind,
  type OrderStatus,
  orderHistory,
  plainAmount,
  type RevenueRow,
  type ReviewDecision,
  revenueEnd,
  revenueRows,
  revenueStart,
  storedChargeSummary,
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
  /**
   * The first invoice of another subscription placed in the same order that did not go under review (the ordering
   * wizard's dependency): it counts as open for this order's credit check, so the order as a whole is checked as
   * its review showed it (decision 0046).
   */
  placedWith?: string | null;
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
): Promise<repo.OrderRecord & { noticeSentTo: string | null; charges: ChargeSummary | null }> {
  const place = await repo.findOrderPlace(db, input.accountId);
  if (!place || place.accountType !== 'Product')
    throw validationFailed([{ field: 'accountId', message: 'An order is recorded for a Product account' }]);
  if (!place.productName)
    throw validationFailed([{ field: 'accountId', message: 'The Product account names no catalogue service' }]);
  if (Number.isNaN(input.placedAt.getTime()))
    throw validationFailed([{ field: 'placedAt', message: 'placedAt must be a valid time' }]);
  const priced = await priceOrder(db, place);
  const firstInvoice = priced.selling.FirstInvoice;
  const checked =
    firstInvoice !== null && input.placedWith ? new Decimal(firstInvoice).plus(input.placedWith).toFixed() : firstInvoice;
  const { status, reason } = await checkCredit(db, place.company?.id ?? null, checked, place.currency ?? DEFAULT_CURRENCY);
  const order = await insertPricedOrder(db, place, priced, {
    status,
    reviewReason: reason,
    placedBy: input.placedBy,
    placedAt: input.placedAt,
    kind: 'New',
    previous: null,
  });
  // [A2.44] [M4.23] The user who placed an order under review is told by e-mail, in the same transaction.
  const noticeSentTo =
    order.status === 'UnderReview' && input.placedBy !== null
      ? await mailPlacingUser(db, input.placedBy, 'OrderUnderReview', (displayName) =>
          underReviewMail({
            displayName,
            orderNumber: order.orderNumber,
            serviceName: order.serviceDisplayName,
            customerName: place.company?.name ?? null,
            firstInvoice,
            currency: order.currency,
            reason: order.reviewReason,
          }),
        )
      : null;
  // The charge summary as stored: what the order record, the Orders page and the success screen show.
  return { ...order, noticeSentTo, charges: storedChargeSummary(order) };
}

interface PricedOrder {
  source: PricingSource;
  lines: PriceLine[];
  currency: string;
  quantity: number;
  monthly: PriceTotals;
  setup: PriceTotals;
  /** The charge summary in the customer's currency, and the same summary of the vendor's prices. */
  selling: ChargeSummary;
  purchase: ChargeSummary;
}

/** Prices the subscription of an order as it is configured now with the one pricing rule; a field error when it cannot be. */
async function priceOrder(db: Queryable, place: repo.OrderPlace): Promise<PricedOrder> {
  const productName = place.productName ?? '';
  const currency = place.currency ?? DEFAULT_CURRENCY;
  const pricing = await loadCustomerPricing(db, [{ accountPath: place.path, productName }]);
  const priced = priceWithSource(
    {
      productName,
      attributes: place.attributes,
      currency,
      priceList: pricing.priceListFor(place.path, productName),
      discount: pricing.discountFor(place.path, productName),
    },
    pricing.sources,
  );
  if (!priced)
    throw validationFailed([
      { field: 'accountId', message: `The service ${productName} is not an active service of the catalogue` },
    ]);
  const { source, result } = priced;
  if (!result.ok) throw validationFailed([{ field: `${SERVICE_FIELD_VIEW}.${result.fieldId}`, message: MISSING_UDRC_FIELD }]);
  return {
    source,
    lines: result.lines,
    currency,
    quantity: subscriptionQuantity(place.attributes),
    monthly: result.monthly,
    setup: result.setup,
    selling: chargeSummaryOfLines(result.lines, currency),
    purchase: chargeSummaryOfLines(
      result.lines.map((l) => ({ ...l, sellingTotal: l.purchaseTotal })),
      source.ownerCurrency ?? currency,
    ),
  };
}

/** Stores an order with its charge summary and its fee lines (decision 0045). */
async function insertPricedOrder(
  db: Queryable,
  place: repo.OrderPlace,
  p: PricedOrder,
  o: {
    status: OrderStatus;
    /** Why the credit check reviews it (decision 0046); absent or null when it does not. */
    reviewReason?: OrderReviewReason | null;
    placedBy: number | null;
    placedAt: Date;
    kind: OrderKind;
    previous: { serviceName: string; quantity: number; monthly: string | null } | null;
  },
): Promise<repo.OrderRecord> {
  const order = await repo.insertOrder(db, {
    accountId: place.id,
    companyId: place.company?.id ?? null,
    resellerId: place.reseller?.id ?? null,
    serviceName: p.source.serviceName,
    serviceDisplayName: p.source.displayName,
    quantity: p.quantity,
    currency: p.currency,
    monthlySelling: p.monthly.selling,
    setupSelling: p.setup.selling,
    purchaseCurrency: p.source.ownerCurrency,
    monthlyPurchase: p.monthly.purchase,
    setupPurchase: p.setup.purchase,
    status: o.status,
    reviewReason: o.reviewReason ?? null,
    placedBy: o.placedBy,
    placedAt: o.placedAt,
    kind: o.kind,
    previousServiceName: o.previous?.serviceName ?? null,
    previousQuantity: o.previous?.quantity ?? null,
    previousMonthlySelling: o.previous?.monthly ?? null,
    monthlyDueNowSelling: p.selling.MonthlyDueNow,
    advanceSelling: p.selling.AdvanceDueNow,
    firstInvoiceSelling: p.selling.FirstInvoice,
    advanceMonths: p.selling.AdvanceMonths,
    advancePurchase: p.purchase.AdvanceDueNow ?? '0',
    firstInvoicePurchase: p.purchase.FirstInvoice ?? '0',
  });
  await repo.insertOrderLines(
    db,
    order.id,
    p.lines.map((l) => ({
      description: describePriceLine(l),
      chargeType: l.chargeType,
      units: l.units,
      unitPrice: l.sellingUnitPrice,
      total: l.sellingTotal,
      advanceMonths: l.advanceMonths,
    })),
  );
  return order;
}

/**
 * Decision 0045: records a change of a subscription that changes what the customer pays (an upgrade to
 * another service, its quantity, a priced field of its service) as an order of its own, Completed, with
 * the subscription's charges after the change and what it paid per month before. Nothing is recorded
 * when the change leaves what is paid as it was, or for a subscription that cannot be priced now (its
 * pricing error is the account page's to show). Returns the order, or null.
 */
export async function recordChange(
  db: Queryable,
  input: {
    accountId: number;
    kind: Exclude<OrderKind, 'New'>;
    placedBy: number | null;
    placedAt: Date;
    previousServiceName?: string;
  },
): Promise<repo.OrderRecord | null> {
  const place = await repo.findOrderPlace(db, input.accountId);
  if (place?.accountType !== 'Product' || !place.productName) return null;
  let priced: PricedOrder;
  try {
    priced = await priceOrder(db, place);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
  const latest = await repo.findLatestOrder(db, place.id);
  const before = latest
    ? {
        serviceName: latest.serviceName,
        quantity: latest.quantity,
        summary: storedChargeSummary(latest),
        setup: latest.setupSelling,
        monthly: latest.monthlySelling,
      }
    : null;
  const after = { serviceName: priced.source.serviceName, quantity: priced.quantity, summary: priced.selling };
  if (before && input.kind === 'Change' && !changesWhatIsPaid(before, after)) return null;
  return insertPricedOrder(db, place, priced, {
    status: 'Completed',
    placedBy: input.placedBy,
    placedAt: input.placedAt,
    kind: input.kind,
    previous: before
      ? {
          serviceName: input.previousServiceName ?? before.serviceName,
          quantity: before.quantity,
          monthly: plainAmount(before.monthly),
        }
      : input.previousServiceName
        ? { serviceName: input.previousServiceName, quantity: priced.quantity, monthly: null }
        : null,
  });
}

/** Decision 0045: an UpdateAccount of a subscription's quantity or a field of its service may change what is paid. */
export async function changeAfterSave(db: Queryable, event: AccountSavedEvent): Promise<void> {
  if (event.account.account_type !== 'Product') return;
  const relevant = event.changedKeys.some((k) => k === 'Product.Quantity' || k.startsWith(`${SERVICE_FIELD_VIEW}.`));
  if (!relevant) return;
  await recordChange(db, { accountId: event.account.id, kind: 'Change', placedBy: event.caller.userId, placedAt: event.now });
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
  /** Why the order goes to review (stored on the order by recordOrder); null when it completes. */
  reason: OrderReviewReason | null;
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
  if (companyId === null)
    return { status: 'Completed', limit: null, open: '0.00', over: null, ordersWithoutLimit: 'Allowed', reason: null };
  const [credit, open] = await Promise.all([getCreditStatus(db, companyId), repo.openUnderReview(db, companyId, currency)]);
  const { status, over, reason } = assessCredit({
    firstInvoice,
    creditLimit: credit.limit,
    open,
    ordersWithoutLimit: credit.ordersWithoutLimit,
  });
  return {
    status,
    limit: credit.limit,
    open: new Decimal(open).toFixed(2),
    over,
    ordersWithoutLimit: credit.ordersWithoutLimit,
    reason,
  };
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
  /** Decision 0045: New, Upgrade or Change. */
  Kind: string;
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
    Kind: o.kind,
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
          discount: pricing.discountFor(s.path, s.productName),
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
        prices: (s.prices ?? []).map((p) => ({ from: new Date(p.from), monthly: p.monthly })),
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
      Kind: o.kind,
      Charges: storedChargeSummary(o),
      ReviewReason: o.reviewReason,
    })),
    Total: total,
    Page: query.page,
    PageSize: query.pageSize,
  };
}

/** The most provisioning requests an order's detail lists. */
const ORDER_PROVISIONING_LIMIT = 20;

/**
 * Decision 0045: GetOrder, one order inside the caller's scope (the subscription's place now, as ListOrders;
 * otherwise the same 404 as a missing number) with its fee lines, charge summary, status history and the
 * provisioning requests of its subscription.
 */
export async function getOrder(db: Queryable, caller: Caller, orderNumber: string): Promise<OrderDetail> {
  const o = await repo.findOrderInScope(db, caller.scope.rootPath, orderNumber);
  if (!o) throw notFound('Order');
  const [lines, requests] = await Promise.all([
    repo.listOrderLines(db, o.id),
    listAccountProvisioningRequests(db, o.accountId, ORDER_PROVISIONING_LIMIT),
  ]);
  return {
    Id: o.id,
    OrderNumber: o.orderNumber,
    PlacedAt: o.placedAt.toISOString(),
    AccountId: o.accountId,
    AccountDisplayName: o.accountDisplayName,
    AccountState: o.accountState,
    Company: o.customerType === 'Company' ? (o.customerName ?? '') : '',
    Customer:
      o.customerId !== null
        ? { AccountId: o.customerId, DisplayName: o.customerName ?? '', AccountType: o.customerType ?? '' }
        : null,
    Reseller: o.reseller,
    Service: o.serviceDisplayName,
    ServiceName: o.serviceName,
    Status: o.status,
    ReviewReason: o.reviewReason,
    Kind: o.kind,
    Quantity: o.quantity,
    Currency: o.currency,
    MonthlyTotal: plainAmount(o.monthlySelling),
    SetupTotal: plainAmount(o.setupSelling),
    Charges: storedChargeSummary(o),
    CanDecide: caller.capabilities.has(ORDER_DECIDE_CAPABILITY_KEY) && o.status === 'UnderReview' && !o.ownOrganisation,
    Previous:
      o.kind === 'New' || o.previousServiceName === null
        ? null
        : {
            ServiceName: o.previousServiceName,
            Quantity: o.previousQuantity,
            MonthlyTotal: plainAmount(o.previousMonthlySelling),
          },
    Lines: lines.map((l) => ({
      Description: l.description,
      ChargeType: l.chargeType,
      Units: plainAmount(l.units) ?? '0',
      UnitPrice: plainAmount(l.unitPrice),
      Total: plainAmount(l.total),
      AdvanceMonths: l.advanceMonths,
    })),
    History: orderHistory(o),
    Provisioning: requests.map((r) => ({
      Id: r.id,
      Action: r.action,
      Status: r.status,
      CreatedAt: new Date(r.created_at).toISOString(),
      FinishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    })),
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
      : await mailPlacingUser(db, order.placedBy, reason === null ? 'OrderApproved' : 'OrderDeclined', (displayName) => {
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
 * or null when the user has no valid one or switched this kind of e-mail off (nothing is sent then).
 */
async function mailPlacingUser(
  db: Queryable,
  placedBy: number,
  kind: 'OrderUnderReview' | 'OrderApproved' | 'OrderDeclined',
  compose: (displayName: string) => { subject: string; text: string },
): Promise<string | null> {
  const user = await findById(db, placedBy);
  const to = user?.email?.trim() ?? '';
  if (!user || !isMailAddress(to)) return null;
  const mail = compose(user.display_name);
  const sent = await sendMail(db, { to, subject: mail.subject, text: mail.text, accountId: user.id, kind });
  return sent.switchedOff ? null : to;
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
