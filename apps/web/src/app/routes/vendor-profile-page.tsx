import { useParams } from 'react-router';
import { useCurrentUser } from '../../features/auth';
import { VendorProfileScreen } from '../../features/vendor-profile';
import { href, paths } from '../paths';

/** #/VendorProfile/:accountId?: a vendor's profile [M2.56]; without an id, the signed-in user's own organisation. */
export function VendorProfilePage() {
  const params = useParams();
  const user = useCurrentUser().data;
  const requested = params.accountId === undefined ? (user?.CompanyAccountId ?? null) : Number(params.accountId);
  const accountId = requested !== null && Number.isInteger(requested) && requested > 0 ? requested : null;
  // The vendor's own services: the service list shows what the signed-in user's organisation offers.
  return <VendorProfileScreen key={accountId ?? 0} accountId={accountId} servicesHref={href(paths.services.list())} />;
}
