export type { OrdersQuery } from './api/use-orders';
export { OrderDetailScreen, type OrderDetailScreenProps } from './components/order-detail-screen';
export { OrdersScreen, type OrdersScreenProps } from './components/orders-screen';
