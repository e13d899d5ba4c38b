import { GetOrder, ListOrders, type OrderStatusValue } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** What the Orders page shows: one page of orders, searched and filtered; it lives in the address. */
export interface OrdersQuery {
  page: number;
  pageSize: number;
  search: string;
  status: OrderStatusValue | null;
  /** Only the orders of this subscription. */
  accountId: number | null;
}

export const ordersKeys = {
  all: ['orders'] as const,
  list: (q: OrdersQuery) => ['orders', 'list', q.page, q.pageSize, q.search, q.status, q.accountId] as const,
};

/** [A2.33] One page of the orders inside the caller's scope, newest first. */
export function useOrders(q: OrdersQuery) {
  return useQuery({
    queryKey: ordersKeys.list(q),
    queryFn: ({ signal }) =>
      callOperation(
        ListOrders,
        { page: q.page, pageSize: q.pageSize, search: q.search, status: q.status, accountId: q.accountId },
        { signal },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Decision 0045: one order with its lines, charges, history and its subscription's provisioning. */
export function useOrder(orderNumber: string) {
  return useQuery({
    queryKey: ['orders', 'detail', orderNumber] as const,
    queryFn: ({ signal }) => callOperation(GetOrder, { orderNumber }, { signal }),
    retry: false,
  });
}
