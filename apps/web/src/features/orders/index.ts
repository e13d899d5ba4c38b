export type { OrdersQuery } from './api/use-orders';
export { OrderDetailScreen, type OrderDetailScreenProps } from './components/order-detail-screen';
export { ORDERS_CHANNEL, OrdersScreen, type OrdersScreenProps } from './components/orders-screen';
