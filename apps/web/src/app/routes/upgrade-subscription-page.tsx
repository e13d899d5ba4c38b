import { useNavigate, useParams } from 'react-router';
import { UpgradeSubscription } from '../../features/accounts';
import { href, paths } from '../paths';
import { NotFoundPage } from './lazy-not-found-page';

/** [A2.8] /v/#/upgrade-subscription/{accountId}: the target of the upgrade custom action. */
export function UpgradeSubscriptionPage() {
  const params = useParams();
  const navigate = useNavigate();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return (
    <UpgradeSubscription
      key={id}
      accountId={id}
      accountHref={href(paths.account.view(id))}
      onDone={() => navigate(paths.account.view(id))}
    />
  );
}
