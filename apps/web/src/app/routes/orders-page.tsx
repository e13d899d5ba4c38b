import {
  MARKETPLACE_BROWSE_CAPABILITY_KEYS,
  ORDER_STATUS_VALUES,
  ORDERS_PAGE_SIZE,
  ORDERS_PAGE_SIZES,
  type OrderStatusValue,
} from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ActionBar, type ActionBarAction } from '../../components/layout/action-bar';
import { useCurrentUser } from '../../features/auth';
import { ORDERS_CHANNEL, type OrdersQuery, OrdersScreen } from '../../features/orders';
import { href, paths, queryAtUse } from '../paths';

/** The orders list's query in the address's `params`; bad values fall back. */
function ordersQueryOf(params: URLSearchParams): OrdersQuery {
  const size = Number(params.get('pageSize'));
  const status = params.get('status');
  const account = Number(params.get('account'));
  return {
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    pageSize: (ORDERS_PAGE_SIZES as readonly number[]).includes(size) ? size : ORDERS_PAGE_SIZE,
    search: params.get('search') ?? '',
    status: status && (ORDER_STATUS_VALUES as readonly string[]).includes(status) ? (status as OrderStatusValue) : null,
    accountId: Number.isInteger(account) && account > 0 ? account : null,
  };
}

/** #/Orders: the query (page, page size, search, status, subscription) lives in the address; bad values fall back. */
export function OrdersPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = ordersQueryOf(params);
  const readQuery = queryAtUse(query, (now) =>
    now.pathname === paths.orders() ? ordersQueryOf(new URLSearchParams(now.search)) : null,
  );
  const canOrder = MARKETPLACE_BROWSE_CAPABILITY_KEYS.some((key) => user.data?.Capabilities.includes(key));
  // [M2.60] A link, a publisher and a dropdown.
  const actions: ActionBarAction[] = [
    ...(canOrder ? [{ kind: 'link' as const, label: t('layout.newOrder'), href: href(paths.marketplace.explore()) }] : []),
    { kind: 'publish', label: t('layout.refresh'), channel: ORDERS_CHANNEL, message: { type: 'refresh' } },
    {
      kind: 'dropdown',
      label: t('layout.show'),
      items: [
        { kind: 'link', label: t('layout.showUnderReview'), href: href(paths.orders({ status: 'UnderReview' })) },
        { kind: 'link', label: t('layout.showAll'), href: href(paths.orders()) },
      ],
    },
  ];
  return (
    <OrdersScreen
      actions={<ActionBar label={t('layout.ordersActions')} actions={actions} />}
      query={query}
      readQuery={readQuery}
      onQueryChange={(next) =>
        navigate(paths.orders({ ...next, pageSize: next.pageSize === ORDERS_PAGE_SIZE ? undefined : next.pageSize }))
      }
      hrefForOrder={(orderNumber) => href(paths.order(orderNumber))}
      onOpenOrder={(orderNumber) => navigate(paths.order(orderNumber))}
    />
  );
}
