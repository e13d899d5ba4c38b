import { useCallback } from 'react';
import { useNavigate, useOutletContext, useParams } from 'react-router';
import { AccountView } from '../../features/accounts';
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
  return (
    <AccountView
      accountId={id}
      tab={params.tab}
      onTabChange={(tab) => navigate(paths.account.tab(id, tab))}
      hrefForAccount={(accountId) => href(paths.account.view(accountId))}
      onHierarchy={onHierarchy}
    />
  );
}
