import { Alert, Anchor, Badge, Button, Group, Loader, Menu, Stack, Tabs, Text, Title } from '@mantine/core';
import type { Account, FieldValue } from '@portal/contracts';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DynamicForm, preloadFieldInputs } from '../../../components/dynamic-form/dynamic-form';
import { DialogLoader, lazyPart, PartLoader } from '../../../components/ui/lazy-part';
import { VersionConflictAlert } from '../../../components/ui/version-conflict-alert';
import { ApiError } from '../../../lib/api-client';
import { formatUtcMinute } from '../../../lib/format-time';
import { notify } from '../../../lib/notify';
import { useVersionConflict } from '../../../lib/version-conflict';
import { useAccount } from '../api/use-account';
import { useCancelTermination, useTerminateAccount } from '../api/use-terminate-account';
import { useUpdateAccount } from '../api/use-update-account';
import {
  changedKeys,
  initialValues,
  saveFailureNotice,
  sensitiveChanges,
  serverErrorsToForm,
  toViewsPayload,
  validateChanges,
} from '../utils/edit-state';
import { AccountBreadcrumbs } from './account-breadcrumbs';
import { ApprovalBanner } from './approval-banner';
import type { SensitiveChange } from './confirm-sensitive-modal';
import { ExchangeRateBanner } from './exchange-rate-banner';
import { PriceProtectionBanner } from './price-protection-banner';
import { ProvisioningBanner } from './provisioning-banner';

// The dialogs and the price preview (with the money arithmetic it formats with) are fetched when first shown: most
// visits of an account open no dialog, and most accounts are not priced.
const asDialog = { fallback: <DialogLoader /> };
const ConfirmSensitiveModal = lazyPart(() => import('./confirm-sensitive-modal'), 'ConfirmSensitiveModal', asDialog);
const ConfirmModal = lazyPart(() => import('../../../components/ui/confirm-modal'), 'ConfirmModal', asDialog);
const MoveAccountModal = lazyPart(() => import('./move-account-modal'), 'MoveAccountModal', asDialog);
const RecreateProvisioningModal = lazyPart(() => import('./recreate-provisioning-modal'), 'RecreateProvisioningModal', asDialog);
const TerminateAccountModal = lazyPart(() => import('./terminate-account-modal'), 'TerminateAccountModal', asDialog);
const PricePreview = lazyPart(() => import('./price-preview'), 'PricePreview', { fallback: <PartLoader size="sm" /> });

/** A timestamp as the portal shows it: yyyy-MM-dd HH:mm UTC. */

/** A feature tab's content, supplied by the page that composes the features. */
export type FeatureTabRenderer = (props: { account: Account }) => ReactNode;

/** [A2.11] A report page's content, supplied by the page that composes the features. */
export type ReportTabRenderer = (props: {
  account: Account;
  page: Extract<Account['Tabs'][number], { Kind: 'ReportPage' }>;
}) => ReactNode;

/** Action buttons (and their dialogs) of other features, shown next to the account's own actions. */
export type FeatureActionsRenderer = (props: { account: Account }) => ReactNode;

export interface AccountViewProps {
  /** Content of feature tabs by tab id (e.g. Notes, Credit_check); the server decides which ones show. */
  featureTabs?: Partial<Record<string, FeatureTabRenderer>>;
  /** [A2.11] Content of the layout's report pages; without it they stay out of the strip. */
  reportTab?: ReportTabRenderer;
  accountId: number;
  /** The selected tab (layout page name) from the address, if any. */
  tab: string | undefined;
  onTabChange: (tab: string) => void;
  hrefForAccount: (id: number) => string;
  /** Opens a custom action (route #/Account/CustomAction/{action}/{id}). */
  onCustomAction?: (action: string) => void;
  /** Tells the page which account ids lead to this one, for the tree. */
  onHierarchy?: (ids: number[]) => void;
  /** More actions beside Edit, supplied by the page (e.g. Impersonate on a User account). */
  extraActions?: FeatureTabRenderer;
  /** Actions of other features (send credentials, exports), supplied by the page. */
  featureActions?: FeatureActionsRenderer;
  /** [A2.33] The Orders page showing one subscription's orders, for the "pending approval" banner's link. */
  hrefForOrders?: (accountId: number) => string;
  /** [A2.33] The exchange rates screen, for the "exchange rate not up to date" banner's link. */
  hrefForExchangeRates?: () => string;
}

/** [A2.1] The account page: breadcrumbs, name, tab strip from the layout pages, and the fields in view or edit mode. */
export function AccountView(props: AccountViewProps) {
  const { t } = useTranslation();
  const query = useAccount(props.accountId);
  const { onHierarchy } = props;
  const account = query.data;

  useEffect(() => {
    if (account) onHierarchy?.(account.Hierarchy.map((h) => h.AccountId));
  }, [account, onHierarchy]);

  if (query.isPending) return <Loader aria-label={t('app.loading')} />;
  if (query.isError) {
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Alert
        color={isMissing ? 'yellow' : 'red'}
        title={isMissing ? undefined : t('app.loadFailed', { message: query.error.message })}
      >
        {isMissing ? t('account.notFound') : <Button onClick={() => query.refetch()}>{t('app.retry')}</Button>}
      </Alert>
    );
  }
  return <LoadedAccount key={account?.AccountIdentificator} account={query.data} {...props} onReload={() => query.refetch()} />;
}

function LoadedAccount(props: AccountViewProps & { account: Account; onReload: () => void }) {
  const { t } = useTranslation();
  const { account } = props;
  const update = useUpdateAccount();
  const original = useMemo(() => initialValues(account.Views), [account]);
  const [isEditing, setIsEditing] = useState(false);
  const [values, setValues] = useState(original);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pendingConfirm, setPendingConfirm] = useState<SensitiveChange[] | null>(null);
  const [dialog, setDialog] = useState<'terminate' | 'cancelTermination' | 'move' | 'recreateProvisioning' | null>(null);
  /** Whether the save under way (or awaiting a sensitive-change confirmation) skips provisioning [A6.4]. */
  const [skipProvisioning, setSkipProvisioning] = useState(false);
  /** Decision 0036: the account as saved by someone else since this screen read it, while the user decides. */
  const conflict = useVersionConflict<Account>();
  const terminate = useTerminateAccount();
  const cancelTermination = useCancelTermination();
  const terminationDate = account.Views.ExtendedView?.Values.TerminationDate;
  const scheduledFor = typeof terminationDate === 'string' ? formatUtcMinute(terminationDate) : null;

  const pages = account.Layout.Pages;
  const tabs = account.Tabs.filter(
    (tab) =>
      tab.Kind === 'LayoutPage' || (tab.Kind === 'ReportPage' ? props.reportTab !== undefined : props.featureTabs?.[tab.Id]),
  );
  const activeTab = tabs.some((tab) => tab.Id === props.tab) ? (props.tab as string) : (tabs[0]?.Id ?? '');
  // Feature and report tabs hold no fields of the account: no Edit there, and not reachable while editing.
  const activeIsFeature = tabs.find((tab) => tab.Id === activeTab)?.Kind !== 'LayoutPage';
  const changed = changedKeys(original, values);
  const type = String(account.Views.Default?.Values.AccountType ?? '');
  const state = String(account.Views.Default?.Values.AccountState ?? '');
  const name = String(account.Views.Default?.Values.DisplayName ?? '');

  const handleChange = (key: string, value: FieldValue) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _removed, ...rest }) => rest);
  };
  const handleBlur = (key: string) => {
    const message = validateChanges(account.Views, values, [key])[key];
    if (message) setErrors((prev) => ({ ...prev, [key]: message }));
  };

  const save = (confirmed: boolean, skip = skipProvisioning, version = account.Version) => {
    update.mutate(
      { id: account.AccountIdentificator, views: toViewsPayload(values, changed), confirmed, version, skipProvisioning: skip },
      {
        onSuccess: () => {
          conflict.clear();
          setPendingConfirm(null);
          setIsEditing(false);
          notify({ color: 'green', message: t('account.updated') });
        },
        onError: (error) => {
          setPendingConfirm(null);
          if (conflict.capture(error)) return;
          if (error instanceof ApiError && error.code === 'CONFIRMATION_REQUIRED') {
            setPendingConfirm(sensitiveChanges(account.Views, changed).map((def) => changeOf(def.AccountViewName, def)));
            return;
          }
          if (error instanceof ApiError && error.fieldErrors.length > 0) setErrors(serverErrorsToForm(error.fieldErrors));
          // [A8.9] Field errors, a refusal of the data as a whole, or a failure to save at all.
          const notice = saveFailureNotice({
            status: error instanceof ApiError ? error.status : 0,
            fieldErrorCount: error instanceof ApiError ? error.fieldErrors.length : 0,
            message: error.message,
          });
          notify({
            color: 'red',
            title: t(notice.titleKey),
            message: [notice.textKey ? t(notice.textKey) : null, notice.detail].filter(Boolean).join(' '),
          });
        },
      },
    );
  };
  const changeOf = (view: string, def: SensitiveChange['def']): SensitiveChange => ({
    def,
    before: original[`${view}.${def.Name}`] ?? null,
    after: values[`${view}.${def.Name}`] ?? null,
  });

  const handleSave = (skip = false) => {
    setSkipProvisioning(skip);
    if (changed.length === 0) {
      setIsEditing(false);
      notify({ message: t('account.noChanges') });
      return;
    }
    const found = validateChanges(account.Views, values, changed);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // [A5.5] Field errors block the save.
      notify({ color: 'red', title: t('account.validationTitle'), message: t('account.validationText') });
      return;
    }
    const sensitive = sensitiveChanges(account.Views, changed);
    if (sensitive.length > 0) setPendingConfirm(sensitive.map((def) => changeOf(def.AccountViewName, def)));
    else save(false, skip);
  };
  const handleTerminate = (date: string | null) =>
    terminate.mutate(
      { id: account.AccountIdentificator, terminationDate: date },
      {
        onSuccess: () => {
          setDialog(null);
          notify({
            color: 'green',
            message: date ? t('account.terminate.scheduled', { date: formatUtcMinute(date) }) : t('account.terminate.done'),
          });
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.fieldErrors.length > 0)) {
            setDialog(null);
            notify({ color: 'red', message: error.message });
          }
        },
      },
    );
  const handleCancelTermination = () =>
    cancelTermination.mutate(account.AccountIdentificator, {
      onSuccess: () => notify({ color: 'green', message: t('account.cancelTermination.done') }),
      onError: (error) => notify({ color: 'red', message: error.message }),
      onSettled: () => setDialog(null),
    });
  const terminateDateError =
    terminate.error instanceof ApiError
      ? (terminate.error.fieldErrors.find((e) => e.field === 'terminationDate')?.message ?? null)
      : null;

  // Decision 0036: show the values saved meanwhile (mine are dropped), or save mine again over that version.
  const handleReloadConflict = () => {
    if (conflict.current) setValues(initialValues(conflict.current.Views));
    conflict.clear();
    setErrors({});
    setIsEditing(false);
    props.onReload();
  };
  const handleKeepConflict = () => {
    if (conflict.current) save(sensitiveChanges(account.Views, changed).length > 0, skipProvisioning, conflict.current.Version);
  };

  const handleCancel = () => {
    conflict.clear();
    // [A4.2] Cancel reloads the account.
    setValues(original);
    setErrors({});
    setIsEditing(false);
    props.onReload();
  };

  return (
    <Stack gap="md">
      <AccountBreadcrumbs hierarchy={account.Hierarchy} hrefFor={props.hrefForAccount} />
      {conflict.current && (
        <VersionConflictAlert
          changedBy={conflict.current.UpdatedBy}
          changedAt={conflict.current.UpdatedAt}
          onReload={handleReloadConflict}
          onKeep={handleKeepConflict}
          busy={update.isPending}
        />
      )}
      <Group justify="space-between" align="flex-start">
        <Group gap="sm">
          <Title order={1} size="h2">
            {name}
          </Title>
          <Badge variant="outline">{t(`account.type.${type}`, { defaultValue: type })}</Badge>
          {state !== 'Active' && (
            <Badge color={state === 'Terminated' ? 'red' : 'yellow'} variant="filled" autoContrast>
              {state}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          {isEditing ? (
            <>
              <Button onClick={() => handleSave()} loading={update.isPending && !skipProvisioning}>
                {t('account.save')}
              </Button>
              {account.Permissions.CanSaveWithoutProvisioning && (
                // [A4.2] [A6.4]
                <Button
                  variant="default"
                  onClick={() => handleSave(true)}
                  loading={update.isPending && skipProvisioning}
                  disabled={update.isPending && !skipProvisioning}
                >
                  {t('provisioning.saveWithout')}
                </Button>
              )}
              <Button variant="default" onClick={handleCancel} disabled={update.isPending}>
                {t('account.cancel')}
              </Button>
            </>
          ) : (
            <>
              {account.Permissions.CanUpdate && !activeIsFeature && (
                <Button onClick={() => setIsEditing(true)} onPointerEnter={preloadFieldInputs} onFocus={preloadFieldInputs}>
                  {t('account.edit')}
                </Button>
              )}
              {account.CustomActions.length > 0 && props.onCustomAction && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button variant="default">{t('account.actions.menu')}</Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {account.CustomActions.map((a) => (
                      <Menu.Item key={a.Name} onClick={() => props.onCustomAction?.(a.Name)}>
                        {a.DisplayName}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              )}
              {props.extraActions?.({ account })}
              {props.featureActions?.({ account })}
              {account.Permissions.CanRecreateProvisioning && (
                <Button variant="default" onClick={() => setDialog('recreateProvisioning')}>
                  {t('provisioning.recreate.action')}
                </Button>
              )}
              {account.Permissions.CanMove && (
                <Button variant="default" onClick={() => setDialog('move')}>
                  {t('account.move.action')}
                </Button>
              )}
              {account.Permissions.CanTerminate &&
                (scheduledFor ? (
                  <Button variant="default" onClick={() => setDialog('cancelTermination')}>
                    {t('account.cancelTermination.action')}
                  </Button>
                ) : (
                  <Button variant="outline" color="red.9" onClick={() => setDialog('terminate')}>
                    {t('account.terminate.action')}
                  </Button>
                ))}
            </>
          )}
        </Group>
      </Group>
      {state === 'Terminated' && (
        <Alert color="red" role="status">
          {t('account.terminated')}
        </Alert>
      )}
      {state !== 'Terminated' && account.Views.ExtendedView?.Values.HasRenewActionValuesConfigured === true && (
        <Alert color="blue" role="status">
          {props.onCustomAction && account.CustomActions.some((a) => a.Name === 'RENEW') ? (
            <Anchor component="button" type="button" onClick={() => props.onCustomAction?.('RENEW')}>
              {t('account.banner.renew')}
            </Anchor>
          ) : (
            t('account.banner.renew')
          )}
        </Alert>
      )}
      {state !== 'Terminated' && scheduledFor && (
        <Alert color="yellow" role="status">
          {t('account.banner.scheduled', { date: scheduledFor })}
        </Alert>
      )}
      {state !== 'Terminated' && <ProvisioningBanner account={account} />}
      {/* [A2.33] After the provisioning banners, in the spec's order (decision 0023). */}
      {state !== 'Terminated' && <PriceProtectionBanner account={account} />}
      {/* [A2.33] Next in the spec's order: a modification request pending approval (decision 0026). */}
      {state !== 'Terminated' && <ApprovalBanner account={account} hrefForOrders={props.hrefForOrders} />}
      {/* [A2.33] Next in the spec's order: the currency exchange rate is not up to date (decision 0029). */}
      {state !== 'Terminated' && <ExchangeRateBanner account={account} hrefForExchangeRates={props.hrefForExchangeRates} />}
      {!account.Permissions.CanUpdate && state !== 'Terminated' && (
        <Text size="sm" c="dimmed">
          {t('account.readOnly')}
        </Text>
      )}
      {/* [A2.34] [A6.17] The server decides who sees the price; terminated subscriptions keep showing theirs. */}
      {account.Permissions.CanSeePricePreview && <PricePreview account={account} />}
      <Tabs value={activeTab} onChange={(v) => v && props.onTabChange(v)} keepMounted={false}>
        <Tabs.List aria-label={t('account.tabs')}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.Id} value={tab.Id} disabled={isEditing && tab.Kind !== 'LayoutPage'}>
              {tab.DisplayName}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) =>
          tab.Kind === 'ReportPage' && props.reportTab ? (
            <Tabs.Panel key={tab.Id} value={tab.Id} pt="md">
              {props.reportTab({ account, page: tab })}
            </Tabs.Panel>
          ) : null,
        )}
        {tabs.map((tab) => {
          const render = tab.Kind === 'Feature' ? props.featureTabs?.[tab.Id] : undefined;
          return render ? (
            <Tabs.Panel key={tab.Id} value={tab.Id} pt="md">
              {render({ account })}
            </Tabs.Panel>
          ) : null;
        })}
        {pages.map((page) => (
          <Tabs.Panel key={page.Name} value={page.Name} pt="md">
            <DynamicForm
              page={page}
              views={account.Views}
              mode={isEditing ? 'edit' : 'view'}
              values={values}
              errors={errors}
              onChange={handleChange}
              onBlur={handleBlur}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      {dialog === 'move' && (
        <MoveAccountModal
          accountId={account.AccountIdentificator}
          accountType={type}
          accountName={name}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'recreateProvisioning' && (
        <RecreateProvisioningModal accountId={account.AccountIdentificator} accountName={name} onClose={() => setDialog(null)} />
      )}
      {dialog === 'terminate' && (
        <TerminateAccountModal
          opened
          accountName={name}
          isSaving={terminate.isPending}
          dateError={terminateDateError}
          onConfirm={handleTerminate}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'cancelTermination' && (
        <ConfirmModal
          title={t('account.cancelTermination.title')}
          text={t('account.cancelTermination.text', { name, date: scheduledFor ?? '' })}
          cancelLabel={t('account.cancelTermination.keep')}
          confirmLabel={t('account.cancelTermination.confirm')}
          isBusy={cancelTermination.isPending}
          onConfirm={handleCancelTermination}
          onClose={() => setDialog(null)}
        />
      )}
      {pendingConfirm && (
        <ConfirmSensitiveModal
          changes={pendingConfirm}
          isSaving={update.isPending}
          onConfirm={() => save(true)}
          onCancel={() => setPendingConfirm(null)}
        />
      )}
    </Stack>
  );
}
