import { isPlainUser } from '@portal/contracts';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../../features/auth';
import { paths } from '../paths';

/** The start page: "My services" for a plain user (decision 0054), else the account of the user's organisation. */
export function HomeRedirect() {
  const user = useCurrentUser();
  if (!user.data) return null;
  if (isPlainUser(user.data.Capabilities)) return <Navigate to={paths.myServices()} replace />;
  return <Navigate to={paths.account.view(user.data.CompanyAccountId)} replace />;
}
