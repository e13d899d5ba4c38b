import { useCallback } from 'react';
import { useNavigate, useOutletContext, useParams } from 'react-router';
import { AccountView } from '../../features/accounts';
import { AuditLogTab } from '../../features/audit-log';
import { href, paths } from '../paths';
import { NotFoundPage } from './not-found-page';
import type { ShellContext } from './shell-layout';

/** [A2.1] #/Account/View/{id} and [A2.2] #/Account/View/{id}/{tab}. */
export function AccountPage() {
  const params = useParams();
  const navigate = useNavigate();
  const { setTreePath } = useOutletContext<ShellContext>();
  const id = Number(params.id);
  const onHierarchy = useCallback((ids: number[]) => setTreePath(ids), [setTreePath]);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  const hrefForAccount = (accountId: number) => href(paths.account.view(accountId));
  return (
    <AccountView
      accountId={id}
      tab={params.tab}
      onTabChange={(tab) => navigate(paths.account.tab(id, tab))}
      hrefForAccount={hrefForAccount}
      onHierarchy={onHierarchy}
      featureTabs={{
        Audit_log: ({ account }) => (
          <AuditLogTab mode="account" id={account.AccountIdentificator} hrefForAccount={hrefForAccount} />
        ),
        User_log: ({ account }) => <AuditLogTab mode="user" id={account.AccountIdentificator} hrefForAccount={hrefForAccount} />,
      }}
    />
  );
}
