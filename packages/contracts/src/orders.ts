/**
 * The Orders page (#/Orders): the orders of the subscriptions inside the caller's scope [A2.33],
 * [M6.11], paged like every grid [M9.13], and the statuses an order has [M4.23].
 */
import { z } from 'zod';
import { AccountIdSchema } from './accounts.js';
import { ChargeSummarySchema } from './charge-summary.js';
import { defineOperation } from './operation.js';

/**
 * Completed: placed and provisioned as usual. UnderReview: above the customer's credit limit, waits
 * for a review [M4.23]. Canceled: a review declined it; it makes no revenue.
 */
export const ORDER_STATUS_VALUES = ['Completed', 'UnderReview', 'Canceled'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUS_VALUES);
export type OrderStatusValue = z.infer<typeof OrderStatusSchema>;

/**
 * Why an order went to review (decision 0046), stored when the credit check decides it: AboveLimit (what is open
 * plus the order is above the customer's credit limit), AmountUnknown (a limit, but no price to check against it),
 * NoLimit (no credit limit, and the reseller's setting reviews every such order).
 */
export const ORDER_REVIEW_REASONS = ['AboveLimit', 'AmountUnknown', 'NoLimit'] as const;
export const OrderReviewReasonSchema = z.enum(ORDER_REVIEW_REASONS);
export type OrderReviewReason = z.infer<typeof OrderReviewReasonSchema>;

/** [M9.13] Grid page size 15, choices 5, 15, 30 and 100. */
export const ORDERS_PAGE_SIZE = 15;
export const ORDERS_PAGE_SIZES = [5, 15, 30, 100] as const;

/**
 * [A2.33] [M6.11] Who may read orders: the company-orders read or the order-management read capability.
 * The Orders page, its header link and the link of the "pending approval" banner follow it.
 */
export const ORDERS_READ_CAPABILITIES = [
  { name: 'CREDITCHECK_COMPANYORDERS', kind: 'READ' },
  { name: 'ORDER_MANAGEMENT', kind: 'READ' },
] as const;
/** The capability keys of ORDERS_READ_CAPABILITIES, as the signed-in user's Capabilities list them. */
export const ORDERS_READ_CAPABILITY_KEYS = ['CREDITCHECK_COMPANYORDERS_READ', 'ORDER_MANAGEMENT_READ'] as const;

export const OrderSummarySchema = z.object({
  Id: z.number().int(),
  /** ORD-000001. */
  OrderNumber: z.string(),
  /** ISO 8601 UTC. */
  PlacedAt: z.string(),
  /** The subscription (Product account) the order created; its account page. */
  AccountId: AccountIdSchema,
  /** The subscription's display name now. */
  AccountDisplayName: z.string(),
  /** The company the subscription sits under now ('' when none). */
  Company: z.string(),
  /** The service's display name at order time. */
  Service: z.string(),
  Status: OrderStatusSchema,
  Quantity: z.number(),
  /** The customer's currency at order time. */
  Currency: z.string(),
  /** Selling totals at order time, decimal strings; null when the service had no retail price in Currency. */
  MonthlyTotal: z.string().nullable(),
  SetupTotal: z.string().nullable(),
  /**
   * Whether the caller may approve or decline this order now (decided by the server, decision 0032): it is
   * under review, the caller holds ORDER_MANAGEMENT update and its organisation is above the order's customer.
   */
  CanDecide: z.boolean(),
  /** Decision 0045: New (the order that created the subscription), Upgrade or Change (quantity or a priced field). */
  Kind: z.enum(['New', 'Upgrade', 'Change']).default('New'),
  /** What the first invoice holds, as the review showed it; null for an order recorded before charges were. */
  Charges: ChargeSummarySchema.nullable().default(null),
  /** Why the order went to review; null when it was not reviewed, or was recorded before the reason was stored. */
  ReviewReason: OrderReviewReasonSchema.nullable().default(null),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrdersPageSchema = z.object({
  Items: z.array(OrderSummarySchema),
  Total: z.number().int(),
  Page: z.number().int(),
  PageSize: z.number().int(),
});
export type OrdersPage = z.infer<typeof OrdersPageSchema>;

export const ListOrdersInputSchema = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z
    .number()
    .int()
    .refine((n) => (ORDERS_PAGE_SIZES as readonly number[]).includes(n), {
      message: `Choose a page size of ${ORDERS_PAGE_SIZES.join(', ')}`,
    })
    .default(ORDERS_PAGE_SIZE),
  /** Part of the order number, company or service name (case-insensitive). */
  search: z.string().trim().max(200).default(''),
  status: OrderStatusSchema.nullable().default(null),
  /** Only the orders of this subscription (it must be inside the caller's scope). */
  accountId: AccountIdSchema.nullable().default(null),
});
export type ListOrdersInput = z.input<typeof ListOrdersInputSchema>;

export const ListOrders = defineOperation({
  name: 'ListOrders',
  summary:
    "Orders of the subscriptions inside the caller's scope, newest first, paged; searched by order number, company or service, filtered by status or subscription",
  input: ListOrdersInputSchema,
  output: OrdersPageSchema,
  access: { kind: 'anyCapability', capabilities: ORDERS_READ_CAPABILITIES },
  account: (i) => i.accountId,
  mutating: false,
});

/** Who reviews an order under review: ORDER_MANAGEMENT update (decision 0032). */
export const ORDER_DECIDE_CAPABILITY = { name: 'ORDER_MANAGEMENT', kind: 'UPDATE' } as const;
/** The capability key of ORDER_DECIDE_CAPABILITY, as the signed-in user's Capabilities list it. */
export const ORDER_DECIDE_CAPABILITY_KEY = 'ORDER_MANAGEMENT_UPDATE';
/** The most characters a decline reason has (after trimming); it needs at least one. */
export const ORDER_DECLINE_REASON_MAX = 500;

const OrderNumberSchema = z.string().trim().min(1, 'Give the order number').max(40);

/** An order after its review. */
export const DecidedOrderSchema = z.object({
  OrderNumber: z.string(),
  /** Completed when approved, Canceled when declined. */
  Status: OrderStatusSchema,
  /** The subscription the order created. */
  AccountId: AccountIdSchema,
  /** ISO 8601 UTC. */
  DecidedAt: z.string(),
  /** The decline reason; null when approved. */
  Reason: z.string().nullable(),
  /** Approve: the CREATE provisioning request started, null when the service provisions nothing. */
  ProvisioningRequestId: z.number().int().nullable(),
  /** The address the decision was e-mailed to (the user who placed the order), null when none. */
  MailSentTo: z.string().nullable(),
});
export type DecidedOrder = z.infer<typeof DecidedOrderSchema>;

export const ApproveOrder = defineOperation({
  name: 'ApproveOrder',
  summary:
    "Approve an order under review of a customer below the caller's organisation: it completes, its subscription is provisioned and the user who placed it is e-mailed",
  input: z.object({ orderNumber: OrderNumberSchema }),
  output: DecidedOrderSchema,
  access: { kind: 'capability', capability: ORDER_DECIDE_CAPABILITY },
  mutating: true,
});

export const DeclineOrder = defineOperation({
  name: 'DeclineOrder',
  summary:
    "Decline an order under review of a customer below the caller's organisation, with a reason: it is canceled, its subscription terminated and the user who placed it is e-mailed",
  input: z.object({
    orderNumber: OrderNumberSchema,
    /** Required: trimmed, 1..ORDER_DECLINE_REASON_MAX characters (checked by the server's rules, naming the field). */
    reason: z.string().max(ORDER_DECLINE_REASON_MAX * 4),
  }),
  output: DecidedOrderSchema,
  access: { kind: 'capability', capability: ORDER_DECIDE_CAPABILITY },
  mutating: true,
});

/** An order's fee line as priced when it was placed (selling prices in the order's currency). */
export const OrderLineSchema = z.object({
  Description: z.string(),
  ChargeType: z.enum(['Monthly', 'Setup']),
  Units: z.string(),
  UnitPrice: z.string().nullable(),
  Total: z.string().nullable(),
  /** Months paid in advance when the fee is prepaid. */
  AdvanceMonths: z.number().int().nullable(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** One step of an order's life: placed, under review, approved or declined (who, when and why). */
export const OrderEventSchema = z.object({
  Event: z.enum(['Placed', 'UnderReview', 'Approved', 'Declined']),
  /** ISO 8601 UTC. */
  At: z.string(),
  /** Who did it; null for imported history or an automatic step. */
  By: z.string().nullable(),
  Reason: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** A provisioning request of the order's subscription, as the order detail shows its state. */
export const OrderProvisioningSchema = z.object({
  Id: z.number().int(),
  Action: z.string(),
  Status: z.string(),
  CreatedAt: z.string(),
  FinishedAt: z.string().nullable(),
});

export const OrderDetailSchema = OrderSummarySchema.omit({ CanDecide: true }).extend({
  CanDecide: z.boolean(),
  /** The subscription's state now (Terminated after a declined order). */
  AccountState: z.string(),
  /** The customer: the nearest Company, Reseller or Provider above the subscription now. */
  Customer: z.object({ AccountId: AccountIdSchema, DisplayName: z.string(), AccountType: z.string() }).nullable(),
  Reseller: z.string(),
  ServiceName: z.string(),
  /** Upgrade or Change: the service, quantity and monthly selling total before it. */
  Previous: z
    .object({ ServiceName: z.string(), Quantity: z.number().nullable(), MonthlyTotal: z.string().nullable() })
    .nullable(),
  Lines: z.array(OrderLineSchema),
  History: z.array(OrderEventSchema),
  Provisioning: z.array(OrderProvisioningSchema),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const GetOrder = defineOperation({
  name: 'GetOrder',
  summary:
    "One order of a subscription inside the caller's scope: its lines, amounts, status history and the provisioning of its subscription",
  input: z.object({ orderNumber: OrderNumberSchema }),
  output: OrderDetailSchema,
  access: { kind: 'anyCapability', capabilities: ORDERS_READ_CAPABILITIES },
  mutating: false,
});

export const orderOperations = [ListOrders, ApproveOrder, DeclineOrder, GetOrder] as const;
