import { Navigate } from 'react-router';
import { PartLoader } from '../../components/ui/lazy-part';
import { useCurrentUser } from '../../features/auth';
import { LandingDashboard, useLandingDashboard } from '../../features/dashboards';
import { href, paths } from '../paths';

/**
 * [M2.11] [M4.10] The landing page: the dashboard published for the user; without CUSTOM_LANDING_PAGE, without a
 * published dashboard, or when it cannot be read, the account page instead.
 */
export function LandingPage() {
  const user = useCurrentUser();
  const landing = useLandingDashboard(user.data?.Capabilities);
  if (!user.data || landing.isPending) return <PartLoader />;
  if (!landing.data) return <Navigate to={paths.account.view(user.data.CompanyAccountId)} replace />;
  return <LandingDashboard dashboard={landing.data} accountHref={href(paths.account.view(user.data.CompanyAccountId))} />;
}
