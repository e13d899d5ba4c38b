import { isPlainUser } from '@portal/contracts';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../../features/auth';
import { useLandingDashboard } from '../../features/dashboards';
import { paths } from '../paths';

/**
 * The start page: the dashboard published for the user [M4.10], else "My services" for a plain user (decision 0054),
 * else the account of the user's organisation.
 */
export function HomeRedirect() {
  const user = useCurrentUser();
  const landing = useLandingDashboard(user.data?.Capabilities);
  if (!user.data || landing.isPending) return null;
  if (landing.data) return <Navigate to={paths.landing()} replace />;
  if (isPlainUser(user.data.Capabilities)) return <Navigate to={paths.myServices()} replace />;
  return <Navigate to={paths.account.view(user.data.CompanyAccountId)} replace />;
}
