export type { OrdersQuery } from './api/use-orders';
export { OrdersScreen, type OrdersScreenProps } from './components/orders-screen';
