import { useNavigate, useParams, useSearchParams } from 'react-router';
import { OrderingWindow, referrerPath } from '../../features/account-creation';
import { useCurrentUser } from '../../features/auth';
import { href, paths } from '../paths';

/**
 * [M2.42] #/Marketplace/Order/{serviceNameOrMaterialNumber}?customerId=..&referrer=..: the ordering wizard. Close
 * returns to the referrer, otherwise to the user's own account [M2.49].
 */
export function MarketplaceOrderPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const customerParam = Number(search.get('customerId'));
  const referrer = referrerPath(search.get('referrer'));
  if (!user) return null;
  const capabilities = user.Capabilities;
  return (
    <OrderingWindow
      serviceParam={params.service ?? ''}
      initialCustomerId={Number.isInteger(customerParam) && customerParam > 0 ? customerParam : null}
      capabilities={capabilities}
      userName={user.DisplayName}
      canReadCompanyOrders={capabilities.includes('CREDITCHECK_COMPANYORDERS_READ')}
      links={{
        account: (id) => href(paths.account.view(id)),
        orders: () => href(paths.orders()),
        referrer: referrer ? href(referrer) : null,
      }}
      onClose={() => navigate(referrer ?? paths.account.view(user.AccountId))}
    />
  );
}
