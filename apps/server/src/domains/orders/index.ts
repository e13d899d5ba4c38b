export { ORDER_STATUSES, type OrderStatus, REVENUE_MONTHS, type RevenueRow } from './orders.rules.js';
export {
  DEMO_LARGE_ORDER,
  ORDER_STATUS_LABELS,
  type OrderDatasetRow,
  ordersDataset,
  type RecordOrderInput,
  recordOrder,
  revenueDataset,
  seedDemoOrders,
} from './orders.service.js';
