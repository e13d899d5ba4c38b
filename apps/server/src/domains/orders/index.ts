import type { AccountExtension } from '../accounts/index.js';
import { UNDER_REVIEW_SQL } from './orders.repository.js';
import * as service from './orders.service.js';

export { orderOperations } from './orders.operations.js';
export {
  assessCredit,
  decideOrderStatus,
  firstInvoiceAmount,
  lastMonths,
  ORDER_KINDS,
  ORDER_STATUSES,
  type OrderKind,
  type OrderStatus,
  REVENUE_MONTHS,
  type RevenueRow,
} from './orders.rules.js';
export {
  approvalValues,
  type CreditCheck,
  checkCredit,
  DEMO_LARGE_ORDER,
  listOrders,
  ORDER_STATUS_LABELS,
  type OrderDatasetRow,
  ordersDataset,
  type RecordOrderInput,
  recordChange,
  recordOrder,
  revenueDataset,
  seedDemoOrders,
} from './orders.service.js';

/** What orders add to accounts: ExtendedView.ApprovalInProgress of Product accounts [A3.1], [A2.33]. */
export const ordersAccountExtension: AccountExtension = {
  name: 'orders',
  extendedTypes: ['Product'],
  extendedSql: UNDER_REVIEW_SQL,
  // Migration 0148: planned only for a Product's page (decision 0067).
  extendedFunction: 'orders_page_under_review',
  extendedValues: (underReview, account) => service.approvalValues(underReview, account),
  // Decision 0045: a saved change of a subscription's quantity or priced field is recorded as an order.
  afterSave: (db, event) => service.changeAfterSave(db, event),
};
export {
  DEMO_ORDER_HISTORY_COMPANY,
  DEMO_ORDER_HISTORY_SUBSCRIPTION,
  DEMO_ORDER_HISTORY_YEAR,
  seedDemoOrderHistory,
} from './orders.history-seed.js';
export {
  type OrderCursor,
  type OrderStatusRow,
  ordersByStatus,
  ordersOfPeriod,
  type ReportOrderRow,
  type ReportPeriod,
  type RevenueMonthRow,
  revenueByMonth,
  type UnderReviewRow,
  underReviewByCompany,
} from './orders.reports.js';
