import { UPGRADE_ACTION } from '@portal/contracts';
import { useCurrentUser } from '../../features/auth';
import { MyServicesScreen } from '../../features/my-services';
import { href, paths } from '../paths';

/** Decision 0054: #/MyServices, a plain user's home. */
export function MyServicesPage() {
  const user = useCurrentUser().data;
  return (
    <MyServicesScreen
      hrefForAccount={(id) => href(paths.account.view(id))}
      hrefForServiceInfo={(id) => href(paths.account.tab(id, 'Service_info'))}
      // [A2.8] Upgrade has its own screen rather than the action window.
      hrefForAction={(action, id) =>
        href(action === UPGRADE_ACTION ? paths.account.upgrade(id) : paths.account.customAction(action, id))
      }
      securityHref={user ? href(paths.account.tab(user.AccountId, 'User_security')) : href(paths.home())}
    />
  );
}
