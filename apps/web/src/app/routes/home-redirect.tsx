import { Navigate } from 'react-router';
import { useCurrentUser } from '../../features/auth';
import { paths } from '../paths';

/** The start page is the account of the signed-in user's organisation. */
export function HomeRedirect() {
  const user = useCurrentUser();
  return user.data ? <Navigate to={paths.account.view(user.data.CompanyAccountId)} replace /> : null;
}
