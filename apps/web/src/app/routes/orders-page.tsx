import { ORDER_STATUS_VALUES, ORDERS_PAGE_SIZE, ORDERS_PAGE_SIZES, type OrderStatusValue } from '@portal/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { type OrdersQuery, OrdersScreen } from '../../features/orders';
import { href, paths } from '../paths';

/** #/Orders: the query (page, page size, search, status, subscription) lives in the address; bad values fall back. */
export function OrdersPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const size = Number(params.get('pageSize'));
  const status = params.get('status');
  const account = Number(params.get('account'));
  const query: OrdersQuery = {
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    pageSize: (ORDERS_PAGE_SIZES as readonly number[]).includes(size) ? size : ORDERS_PAGE_SIZE,
    search: params.get('search') ?? '',
    status: status && (ORDER_STATUS_VALUES as readonly string[]).includes(status) ? (status as OrderStatusValue) : null,
    accountId: Number.isInteger(account) && account > 0 ? account : null,
  };
  return (
    <OrdersScreen
      query={query}
      onQueryChange={(next) =>
        navigate(paths.orders({ ...next, pageSize: next.pageSize === ORDERS_PAGE_SIZE ? undefined : next.pageSize }))
      }
      hrefForOrder={(orderNumber) => href(paths.order(orderNumber))}
      onOpenOrder={(orderNumber) => navigate(paths.order(orderNumber))}
    />
  );
}
