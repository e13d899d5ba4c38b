import { useParams } from 'react-router';
import { OrderDetailScreen } from '../../features/orders';
import { href, paths } from '../paths';

/** Decision 0045: #/Orders/{orderNumber}, one order's page. */
export function OrderPage() {
  const { orderNumber = '' } = useParams();
  return (
    <OrderDetailScreen
      orderNumber={orderNumber}
      hrefForAccount={(id) => href(paths.account.view(id))}
      hrefForOrders={() => href(paths.orders())}
    />
  );
}
