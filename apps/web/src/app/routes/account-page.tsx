import { UPGRADE_ACTION } from '@portal/contracts';
import { useCallback } from 'react';
import { Navigate, useNavigate, useOutletContext, useParams } from 'react-router';
import { CreateAccountMenu, ORDER_CAPABILITY } from '../../features/account-creation';
import { ImportAccountsButton } from '../../features/account-import';
import { AccountTools, type ExportKind } from '../../features/account-tools';
import {
  AccountView,
  ChildAccountsTab,
  CustomActionModal,
  type FeatureTabRenderer,
  ResetPriceProtectionButton,
} from '../../features/accounts';
import { canOfferImpersonation, ImpersonateButton, SecurityTab, UserSecurityTab, useCurrentUser } from '../../features/auth';
import { lazyPage } from '../lazy-page';
import { currentLocation, href, paths } from '../paths';
import { NotFoundPage } from './lazy-not-found-page';
import { reloadAt, type ShellContext } from './shell-layout';

const hrefForAccount = (accountId: number) => href(paths.account.view(accountId));

// The tabs besides the account's own fields are fetched when first opened: most visits never open them.
const AuditLogTab = lazyPage(() => import('../../features/audit-log'), 'AuditLogTab');
const CreditCheckTab = lazyPage(() => import('../../features/credit-limits'), 'CreditCheckTab');
const NotesTab = lazyPage(() => import('../../features/notes'), 'NotesTab');
const DiscountTab = lazyPage(() => import('../../features/discounts'), 'DiscountTab');
const SpecialDealTab = lazyPage(() => import('../../features/special-deals'), 'SpecialDealTab');
const NotificationsTab = lazyPage(() => import('../../features/notifications'), 'NotificationsTab');
const ProvisioningTab = lazyPage(() => import('../../features/provisioning'), 'ProvisioningTab');
const AccountReportTab = lazyPage(() => import('../../features/reports'), 'AccountReportTab');
const AvailableServicesTab = lazyPage(() => import('./account-marketplace-tabs'), 'AvailableServicesTab');
const ServiceInfoTab = lazyPage(() => import('./account-marketplace-tabs'), 'ServiceInfoTab');

/** The feature tabs the account page composes, by tab id; the server decides which ones a viewer gets. */
const FEATURE_TABS: Record<string, FeatureTabRenderer> = {
  Audit_log: ({ account }) => <AuditLogTab mode="account" id={account.AccountIdentificator} hrefForAccount={hrefForAccount} />,
  User_log: ({ account }) => <AuditLogTab mode="user" id={account.AccountIdentificator} hrefForAccount={hrefForAccount} />,
  Credit_check: ({ account }) => <CreditCheckTab accountId={account.AccountIdentificator} hrefForAccount={hrefForAccount} />,
  Notes: ({ account }) => (
    <NotesTab
      accountId={account.AccountIdentificator}
      accountName={account.Hierarchy.at(-1)?.DisplayName ?? ''}
      hrefForAccount={hrefForAccount}
    />
  ),
  Security: ({ account }) => (
    <SecurityTab accountId={account.AccountIdentificator} isProvider={account.Views.Default?.Values.AccountType === 'Provider'} />
  ),
  User_security: ({ account }) => <UserSecurityTab accountId={account.AccountIdentificator} />,
  Provisioning: ({ account }) => <ProvisioningTab accountId={account.AccountIdentificator} hrefForAccount={hrefForAccount} />,
  Available_services: ({ account }) => <AvailableServicesTab account={account} />,
  Service_info: ({ account }) => <ServiceInfoTab account={account} />,
  Discount: ({ account }) => <DiscountTab accountId={account.AccountIdentificator} />,
  Special_deal: ({ account }) => <SpecialDealTab accountId={account.AccountIdentificator} />,
  Notifications: ({ account }) => (
    <NotificationsTab accountId={account.AccountIdentificator} userName={account.Hierarchy.at(-1)?.DisplayName ?? ''} />
  ),
  // Decision 0054: the direct children of a reseller or company.
  Accounts: ({ account }) => (
    <ChildAccountsTab accountId={account.AccountIdentificator} readLocation={currentLocation} hrefForAccount={hrefForAccount} />
  ),
};

/** [A2.3], [A2.4] The export routes: #/Account/View/{id}/ExportFirstTimeCredentials and .../ExportCompanyHierarchy. */
const EXPORT_ROUTES: Record<string, ExportKind> = {
  ExportFirstTimeCredentials: 'credentials',
  ExportCompanyHierarchy: 'hierarchy',
};

/** [A2.1] #/Account/View/{id}, [A2.2] #/Account/View/{id}/{tab} and [A2.7] #/Account/CustomAction/{action}/{id}. */
export function AccountPage() {
  const params = useParams();
  const navigate = useNavigate();
  const { setTreePath } = useOutletContext<ShellContext>();
  const id = Number(params.id);
  const user = useCurrentUser().data;
  const onHierarchy = useCallback((ids: number[]) => setTreePath(ids), [setTreePath]);
  const capabilities = useCurrentUser().data?.Capabilities ?? [];
  const exportKind = params.tab ? (EXPORT_ROUTES[params.tab] ?? null) : null;
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return (
    <>
      <AccountView
        accountId={id}
        tab={exportKind ? undefined : params.tab}
        onTabChange={(tab) => navigate(paths.account.tab(id, tab))}
        hrefForAccount={hrefForAccount}
        hrefForOrders={(accountId) => href(paths.orders({ accountId }))}
        hrefForExchangeRates={() => href(paths.exchangeRates())}
        onHierarchy={onHierarchy}
        featureTabs={FEATURE_TABS}
        // [A2.11] The layout's report pages, each limited to this account.
        reportTab={({ account, page }) => (
          <AccountReportTab
            accountId={account.AccountIdentificator}
            accountName={String(account.Views.Default?.Values.DisplayName ?? '')}
            page={page}
          />
        )}
        onCustomAction={(action) =>
          // [A2.8] Upgrade has its own screen rather than the action window.
          navigate(action === UPGRADE_ACTION ? paths.account.upgrade(id) : paths.account.customAction(action, id))
        }
        extraActions={({ account }) => {
          const values = account.Views.Default?.Values ?? {};
          const offer =
            user &&
            canOfferImpersonation({
              user,
              accountId: account.AccountIdentificator,
              accountType: String(values.AccountType ?? ''),
              state: String(values.AccountState ?? ''),
            });
          // [A6.8] Starting an impersonation reloads the app as the impersonated user.
          return (
            <>
              {/* [A1.3] Create under this account, for the types the server allows this viewer. */}
              <CreateAccountMenu
                types={account.Permissions.CreatableChildTypes}
                // Decision 0044: a company's or a reseller's "Order a service" opens what it can buy (its Available
                // services tab, whose Order opens the ordering wizard for it), or the marketplace without that tab.
                onOrderService={
                  capabilities.includes(ORDER_CAPABILITY) &&
                  (values.AccountType === 'Company' || values.AccountType === 'Reseller')
                    ? () =>
                        navigate(
                          account.Tabs.some((tab) => tab.Kind === 'Feature' && tab.Id === 'Available_services')
                            ? paths.account.tab(account.AccountIdentificator, 'Available_services')
                            : paths.marketplace.explore(),
                        )
                    : undefined
                }
                onCreate={(type) =>
                  navigate(
                    // [A2.9] The wizard's parameter for a Product is Service [A1.1].
                    paths.account.create({
                      accountType: type === 'Product' ? 'Service' : type,
                      parentId: account.AccountIdentificator,
                    }),
                  )
                }
              />
              {/* [A1.4] The import wizard, started from this account; users and services hold no accounts. */}
              {values.AccountType !== 'User' && values.AccountType !== 'Product' && (
                <ImportAccountsButton
                  capabilities={capabilities}
                  onImport={() => navigate(paths.account.create({ parentId: account.AccountIdentificator }))}
                />
              )}
              {/* [A1.10] [A6.10] A subscription's price protection reset (decision 0047). */}
              <ResetPriceProtectionButton account={account} capabilities={capabilities} />
              {offer ? (
                <ImpersonateButton
                  accountId={account.AccountIdentificator}
                  accountName={String(values.DisplayName ?? '')}
                  onImpersonating={() => reloadAt(paths.home())}
                />
              ) : null}
            </>
          );
        }}
        featureActions={({ account }) => (
          <AccountTools
            account={account}
            capabilities={capabilities}
            exportKind={exportKind}
            onOpenExport={(kind) =>
              navigate(
                kind === 'credentials' ? paths.account.exportFirstTimeCredentials(id) : paths.account.exportCompanyHierarchy(id),
              )
            }
            onCloseExport={() => navigate(paths.account.view(id))}
          />
        )}
      />
      {params.action === UPGRADE_ACTION && <Navigate to={paths.account.upgrade(id)} replace />}
      {params.action && params.action !== UPGRADE_ACTION && (
        // Closing the window returns to the account [A2.7].
        <CustomActionModal accountId={id} action={params.action} onClose={() => navigate(paths.account.view(id))} />
      )}
    </>
  );
}
