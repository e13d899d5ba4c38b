import { useParams } from 'react-router';
import { useCurrentUser } from '../../features/auth';
import { SupportDetailsScreen } from '../../features/help';

/** #/SupportDetails/:accountId?: a provider's or reseller's support details; without an id, the user's own organisation. */
export function SupportDetailsPage() {
  const params = useParams();
  const user = useCurrentUser().data;
  const requested = params.accountId === undefined ? (user?.CompanyAccountId ?? null) : Number(params.accountId);
  const accountId = requested !== null && Number.isInteger(requested) && requested > 0 ? requested : null;
  return <SupportDetailsScreen key={accountId ?? 0} accountId={accountId} />;
}
