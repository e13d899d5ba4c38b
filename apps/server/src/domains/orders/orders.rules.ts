/**
 * Pure rules of orders and of the revenue they make: the status an order gets [M4.23], the amount
 * checked against the credit limit, and the monthly recurring revenue of the last months.
 * Money is decimal (decimal.js), never a float, until a dataset row rounds it to cents.
 */
import {
  type ChargeSummary,
  chargeSummaryOfLines,
  ORDER_DECLINE_REASON_MAX,
  type OrderReviewReason,
  type PriceLine,
} from '@portal/contracts';
import Decimal from 'decimal.js';

/**
 * Completed: placed and provisioned as usual. UnderReview: above the customer's credit limit, waits
 * for a review [M4.23]. Canceled: a review declined it (or it was withdrawn); it makes no revenue.
 */
export const ORDER_STATUSES = ['Completed', 'UnderReview', 'Canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Decision 0045: New, the order that created the subscription; Upgrade, it moved to another service;
 * Change, its quantity or a priced field of its service changed. Every change of what the customer
 * pays is an order of its own, so the orders and revenue datasets keep each price from when it held.
 */
export const ORDER_KINDS = ['New', 'Upgrade', 'Change'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** An exact decimal string as it reads stored in a numeric column ("608.400000" -> "608.4"); null stays null. */
export const plainAmount = (value: string | null): string | null => {
  const d = dec(value);
  return d === null ? null : d.toFixed();
};

/** The charge summary an order recorded (null for an order recorded before charges were, migration 0133). */
export function storedChargeSummary(o: {
  currency: string;
  setupSelling: string | null;
  monthlySelling: string | null;
  monthlyDueNowSelling: string | null;
  advanceSelling: string | null;
  firstInvoiceSelling: string | null;
  advanceMonths: number[] | null;
}): ChargeSummary | null {
  if (o.advanceMonths === null) return null;
  return {
    Currency: o.currency,
    Setup: plainAmount(o.setupSelling),
    Monthly: plainAmount(o.monthlySelling),
    AdvanceMonths: [...o.advanceMonths],
    AdvanceDueNow: plainAmount(o.advanceSelling),
    MonthlyDueNow: plainAmount(o.monthlyDueNowSelling),
    FirstInvoice: plainAmount(o.firstInvoiceSelling),
  };
}

/**
 * Whether a change of a subscription changes what the customer pays, so that it is recorded as an
 * order (decision 0045): another service always does; otherwise any amount of the charge summary or
 * the quantity differs from the subscription's newest order.
 */
export function changesWhatIsPaid(
  before: { serviceName: string; quantity: number; summary: ChargeSummary | null; setup: string | null; monthly: string | null },
  after: { serviceName: string; quantity: number; summary: ChargeSummary },
): boolean {
  if (before.serviceName.toLowerCase() !== after.serviceName.toLowerCase()) return true;
  if (before.quantity !== after.quantity) return true;
  const same = (a: string | null, b: string | null) => (a === null || b === null ? a === b : dec(a)?.equals(dec(b) as Decimal));
  if (!same(before.monthly, after.summary.Monthly) || !same(before.setup, after.summary.Setup)) return true;
  if (!before.summary) return false;
  return !same(before.summary.FirstInvoice, after.summary.FirstInvoice);
}

/** How many months the revenue dataset covers, the current one included. */
export const REVENUE_MONTHS = 12;

const dec = (value: string | null | undefined): Decimal | null => {
  if (value === null || value === undefined || value.trim() === '') return null;
  try {
    const d = new Decimal(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
};

/**
 * What the customer is asked to pay when the order is placed, in the selling currency: every
 * setup fee, one month of each monthly fee, and the advance months of a prepaid fee instead of one.
 * Null when a charged line has no selling price (it cannot be checked against a limit).
 */
export function firstInvoiceAmount(
  lines: readonly Pick<PriceLine, 'chargeType' | 'sellingTotal' | 'advanceMonths'>[],
): string | null {
  // The one summary of the pricing rule's lines (contracts' charge summary), as every screen shows it.
  return chargeSummaryOfLines(lines, '').FirstInvoice;
}

export interface CreditAssessment {
  status: OrderStatus;
  /** By how much what is open plus this order exceeds the limit ("0.00" when it fits); null without a limit or amount. */
  over: string | null;
  /** Why the order goes to review (stored on the order); null when it completes. */
  reason: OrderReviewReason | null;
}

/**
 * [M4.23] The one credit rule (decision 0046). With a limit, an order is under review when what is already
 * open against it (the first invoices of the customer's orders under review) plus this order's first invoice is
 * above the limit, or when this order's amount is unknown. Without a limit, the reseller's setting decides:
 * 'Allowed' completes every order (the portal's behaviour before the setting), 'Reviewed' reviews every order.
 */
export function assessCredit(params: {
  firstInvoice: string | null;
  creditLimit: string | null;
  open?: string;
  ordersWithoutLimit?: 'Allowed' | 'Reviewed';
}): CreditAssessment {
  const limit = dec(params.creditLimit);
  if (limit === null)
    return params.ordersWithoutLimit === 'Reviewed'
      ? { status: 'UnderReview', over: null, reason: 'NoLimit' }
      : { status: 'Completed', over: null, reason: null };
  const amount = dec(params.firstInvoice);
  if (amount === null) return { status: 'UnderReview', over: null, reason: 'AmountUnknown' };
  const exposure = amount.plus(dec(params.open) ?? 0);
  const over = Decimal.max(exposure.minus(limit), 0);
  // Rounded up: an order over by a fraction of a cent never reads "over by 0.00".
  const above = over.greaterThan(0);
  return {
    status: above ? 'UnderReview' : 'Completed',
    over: over.toFixed(2, Decimal.ROUND_UP),
    reason: above ? 'AboveLimit' : null,
  };
}

/** The status part of `assessCredit`. */
export function decideOrderStatus(params: Parameters<typeof assessCredit>[0]): OrderStatus {
  return assessCredit(params).status;
}

/**
 * Decision 0046: why an order is under review, the words that follow "Your order … for <customer>". An order
 * recorded before the reason was kept (null) reads as it always did: above the credit limit.
 */
export function reviewReasonText(reason: OrderReviewReason | null, customer: string): string {
  switch (reason) {
    case 'NoLimit':
      return `is under review: ${customer} has no credit limit, and every order of a customer without a credit limit is reviewed.`;
    case 'AmountUnknown':
      return `is under review: it has no price in the currency of ${customer}, so it could not be checked against the credit limit of ${customer}.`;
    default:
      return `is above the credit limit of ${customer}, so it is under review.`;
  }
}

/**
 * [A2.44] [M4.23] The e-mail telling the user who placed an order that it is under review: which order,
 * of what and for whom, the first invoice checked against the limit, and that nothing is provisioned yet.
 */
export function underReviewMail(p: {
  displayName: string;
  orderNumber: string;
  serviceName: string;
  customerName: string | null;
  firstInvoice: string | null;
  currency: string;
  /** Why the credit check reviews it; absent or null reads as above the credit limit (as before the reason was kept). */
  reason?: OrderReviewReason | null;
}): { subject: string; text: string } {
  const customer = p.customerName ?? 'the customer';
  const amount = dec(p.firstInvoice);
  return {
    subject: `Order ${p.orderNumber} is under review`,
    text: [
      `Hello ${p.displayName},`,
      '',
      `Your order ${p.orderNumber} of ${p.serviceName} for ${customer} ${reviewReasonText(p.reason ?? null, customer)}`,
      'The service is not provisioned until the review is done.',
      ...(amount ? ['', `First invoice: ${amount.toFixed(2)} ${p.currency}`] : []),
      '',
      'You can follow the order on the Orders page of the portal.',
    ].join('\n'),
  };
}

/** How a review ends: approved (the order completes) or declined (it is canceled). Decision 0032. */
export type ReviewDecision = 'approve' | 'decline';

/** The status a decided order gets. */
export const DECIDED_STATUS: Record<ReviewDecision, OrderStatus> = { approve: 'Completed', decline: 'Canceled' };

/**
 * Whether an order may be decided now: only an order under review is; a completed or canceled one
 * was placed within the limit or decided already. The refusal names the status.
 */
export function checkReviewable(status: OrderStatus): { ok: true } | { ok: false; message: string } {
  if (status === 'UnderReview') return { ok: true };
  const label = status === 'Completed' ? 'completed' : 'canceled';
  return { ok: false, message: `Only an order under review can be approved or declined; this order is ${label}` };
}

/** A decline's reason, trimmed: 1..ORDER_DECLINE_REASON_MAX characters (counted as the user sees them). */
export function checkDeclineReason(reason: string): { ok: true; reason: string } | { ok: false; message: string } {
  const trimmed = reason.trim();
  if (trimmed === '') return { ok: false, message: 'Give the reason for declining the order' };
  const length = [...trimmed].length;
  if (length > ORDER_DECLINE_REASON_MAX)
    return { ok: false, message: `The reason has ${length} characters; at most ${ORDER_DECLINE_REASON_MAX} are allowed` };
  return { ok: true, reason: trimmed };
}

interface DecisionMailParams {
  displayName: string;
  orderNumber: string;
  serviceName: string;
  customerName: string | null;
}

/** The e-mail telling the user who placed an order under review that it was approved, and what happens next. */
export function approvedMail(p: DecisionMailParams): { subject: string; text: string } {
  const customer = p.customerName ?? 'the customer';
  return {
    subject: `Order ${p.orderNumber} is approved`,
    text: [
      `Hello ${p.displayName},`,
      '',
      `Your order ${p.orderNumber} of ${p.serviceName} for ${customer} was reviewed and approved.`,
      'The service is being provisioned now; you receive its access details when it is ready.',
      '',
      'You can follow the order on the Orders page of the portal.',
    ].join('\n'),
  };
}

/** The e-mail telling the user who placed an order under review that it was declined, and why. */
export function declinedMail(p: DecisionMailParams & { reason: string }): { subject: string; text: string } {
  const customer = p.customerName ?? 'the customer';
  return {
    subject: `Order ${p.orderNumber} is declined`,
    text: [
      `Hello ${p.displayName},`,
      '',
      `Your order ${p.orderNumber} of ${p.serviceName} for ${customer} was reviewed and declined.`,
      `Reason: ${p.reason}`,
      '',
      'The service is not provisioned and the subscription is terminated; nothing is charged for it.',
      'Contact your provider if you have questions about the decision.',
    ].join('\n'),
  };
}

/** yyyy-MM of a time, UTC. */
export const monthKey = (at: Date) => at.toISOString().slice(0, 7);

export interface Month {
  key: string;
  /** First instant of the month (UTC) and of the next one. */
  start: Date;
  end: Date;
}

/** The last `count` calendar months (UTC) up to and including the month of `now`, oldest first. */
export function lastMonths(now: Date, count = REVENUE_MONTHS): Month[] {
  const months: Month[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    months.push({ key: monthKey(start), start, end });
  }
  return months;
}

/**
 * When a subscription starts making revenue: when its original order was placed, when that order
 * completed; never while the order is under review or after it was canceled. A subscription without
 * an order (created before orders were recorded) counts from its creation.
 */
export function revenueStart(params: { orderStatus: OrderStatus | null; placedAt: Date | null; createdAt: Date }): Date | null {
  if (params.orderStatus === null) return params.createdAt;
  return params.orderStatus === 'Completed' ? params.placedAt : null;
}

/** When a subscription stopped: its termination date once it is terminated; null while it runs (also when suspended). */
export function revenueEnd(params: { state: string; terminationDate: Date | null; start: Date }): Date | null {
  if (params.state !== 'Terminated') return null;
  return params.terminationDate ?? params.start;
}

/** A subscription is active in a month when it started before the month ended and was not terminated before it began. */
export function activeInMonth(span: { start: Date; end: Date | null }, month: Pick<Month, 'start' | 'end'>): boolean {
  return span.start < month.end && (span.end === null || span.end >= month.start);
}

export interface RevenueSubscription {
  company: string;
  reseller: string;
  service: string;
  currency: string;
  /** Its current monthly selling total; null when it cannot be priced (then it is left out). */
  monthly: string | null;
  /**
   * Decision 0045: the monthly selling totals its completed orders recorded, oldest first, each in force
   * from its time. When given (non-empty), a month takes the last one in force before the month ended,
   * not today's price.
   */
  prices?: readonly { from: Date; monthly: string | null }[];
  start: Date | null;
  end: Date | null;
}

export interface RevenueRow {
  Month: string;
  Company: string;
  Reseller: string;
  Service: string;
  Currency: string;
  /** Monthly recurring revenue, rounded half-up to cents. */
  Amount: number;
  /** The Amount when Month is the current month, else 0: what a card of this month's revenue sums. */
  ThisMonthAmount: number;
  Subscriptions: number;
}

const cents = (d: Decimal) => Number(d.toFixed(2, Decimal.ROUND_HALF_UP));

/** The monthly total of a subscription in a month: the price its orders recorded last before the month's end, else its current one. */
export function monthlyInForce(sub: Pick<RevenueSubscription, 'monthly' | 'prices'>, month: Pick<Month, 'end'>): string | null {
  if (!sub.prices || sub.prices.length === 0) return sub.monthly;
  let inForce: string | null | undefined;
  for (const p of sub.prices) if (p.from < month.end) inForce = p.monthly;
  return inForce === undefined ? (sub.prices[0]?.monthly ?? null) : inForce;
}

/**
 * Monthly recurring revenue per month, company, reseller, service and currency: each subscription
 * active in a month adds the monthly selling total in force then (monthlyInForce) to that month. Amounts of different
 * currencies are never added together (the currency is part of the group). Months oldest first.
 */
export function revenueRows(subscriptions: readonly RevenueSubscription[], months: readonly Month[]): RevenueRow[] {
  const current = months[months.length - 1]?.key;
  const groups = new Map<string, { row: Omit<RevenueRow, 'Amount' | 'ThisMonthAmount'>; amount: Decimal }>();
  for (const month of months) {
    for (const sub of subscriptions) {
      const monthly = dec(monthlyInForce(sub, month));
      if (monthly === null || sub.start === null || !activeInMonth({ start: sub.start, end: sub.end }, month)) continue;
      const key = JSON.stringify([month.key, sub.company, sub.reseller, sub.service, sub.currency]);
      const group = groups.get(key) ?? {
        row: {
          Month: month.key,
          Company: sub.company,
          Reseller: sub.reseller,
          Service: sub.service,
          Currency: sub.currency,
          Subscriptions: 0,
        },
        amount: new Decimal(0),
      };
      group.amount = group.amount.plus(monthly);
      group.row.Subscriptions += 1;
      groups.set(key, group);
    }
  }
  return [...groups.values()].map(({ row, amount }) => ({
    ...row,
    Amount: cents(amount),
    ThisMonthAmount: row.Month === current ? cents(amount) : 0,
  }));
}

/** A decimal string as a dataset number rounded to cents, or null. */
export const amountOrNull = (value: string | null) => {
  const d = dec(value);
  return d === null ? null : cents(d);
};

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Demo history: the place in time of the i-th of n demo subscriptions, so that every reseller's
 * customers order all year round rather than one reseller after the other (a stride coprime with n
 * visits every place once).
 */
export function demoOrderSlot(index: number, count: number): number {
  let stride = 7;
  while (count > 1 && gcd(stride, count) !== 1) stride++;
  return (index * stride) % Math.max(1, count);
}

/**
 * Demo history: when the i-th of n demo orders was placed, spread evenly from about 350 days
 * before `now` to 2 days before it, at a working hour (deterministic for a given now).
 */
export function demoPlacedAt(now: Date, index: number, count: number): Date {
  const span = 348;
  const daysAgo = count <= 1 ? 2 : 2 + Math.round((span * (count - 1 - index)) / (count - 1));
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo));
  return new Date(day.getTime() + (9 + (index % 8)) * 3_600_000 + ((index * 17) % 60) * 60_000);
}

/**
 * Decision 0045: the steps of an order's life, oldest first. Placed (by whom); under review when it went
 * above the credit limit (at placing); approved or declined with who, when and the decline's reason.
 * An order decided before decided_at was stored (none) or still under review has no decision step.
 */
export function orderHistory(o: {
  status: OrderStatus;
  placedAt: Date;
  placedByName: string | null;
  decidedAt: Date | null;
  decidedByName: string | null;
  decisionReason: string | null;
}): { Event: 'Placed' | 'UnderReview' | 'Approved' | 'Declined'; At: string; By: string | null; Reason: string | null }[] {
  const placed = o.placedAt.toISOString();
  const events: ReturnType<typeof orderHistory> = [{ Event: 'Placed', At: placed, By: o.placedByName, Reason: null }];
  const reviewed = o.status === 'UnderReview' || o.decidedAt !== null;
  if (reviewed) events.push({ Event: 'UnderReview', At: placed, By: null, Reason: null });
  if (o.decidedAt !== null)
    events.push({
      Event: o.status === 'Canceled' ? 'Declined' : 'Approved',
      At: o.decidedAt.toISOString(),
      By: o.decidedByName,
      Reason: o.decisionReason,
    });
  return events;
}
