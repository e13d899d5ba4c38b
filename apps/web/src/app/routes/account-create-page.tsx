import { ORDERS_READ_CAPABILITY_KEYS } from '@portal/contracts';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CreateAccountWindow, StepParent } from '../../features/account-creation';
import { ImportWizardWindow } from '../../features/account-import';
import { useCurrentUser } from '../../features/auth';
import { href, paths } from '../paths';

/**
 * [A2.6], [A2.9] #/Account/Create?accountType=...&parentId=...: the creation wizard; without accountType the
 * import wizard [A2.46], whose parent step is the creation wizard's parent picker. Closing returns to the
 * previous path, or to the start page when the wizard was opened directly (the portal has no #/Dashboard;
 * decision 0027-wizard-parents).
 */
export function AccountCreatePage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser().data;
  const capabilities = user?.Capabilities ?? [];
  const parentParam = Number(search.get('parentId'));
  const parentId = Number.isInteger(parentParam) && parentParam > 0 ? parentParam : null;

  const close = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(paths.home(), { replace: true });
  };

  if (search.get('accountType') === null) {
    return (
      <ImportWizardWindow
        capabilities={capabilities}
        initialParentId={parentId}
        renderParentStep={(step) => <StepParent type={step.type} parent={step.parent} onChange={step.onChange} error={null} />}
        hrefForAccount={(id) => href(paths.account.view(id))}
        onClose={close}
      />
    );
  }

  return (
    <CreateAccountWindow
      accountTypeParam={search.get('accountType')}
      parentId={parentId}
      productName={search.get('productName')}
      capabilities={capabilities}
      canReadOrders={ORDERS_READ_CAPABILITY_KEYS.some((key) => capabilities.includes(key))}
      links={{
        account: (id) => href(paths.account.view(id)),
        createService: (id, productName) => href(paths.account.create({ accountType: 'Service', parentId: id, productName })),
        userSecurity: (id) => href(paths.account.tab(id, 'User_security')),
        orders: () => href(paths.orders()),
      }}
      onChooseType={(type) =>
        navigate(paths.account.create({ accountType: type === 'Product' ? 'Service' : type, parentId }), { replace: true })
      }
      onClose={close}
    />
  );
}
