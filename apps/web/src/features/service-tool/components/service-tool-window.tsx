import { Alert, Button, Group, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import {
  blankServiceDocument,
  cleanServiceForSend,
  type FieldError,
  firstFailingTab,
  type Service,
  type ServiceArea,
  type ServiceDocument,
  ServiceDocumentSchema,
  type ServiceToolTab,
  tabOfErrorPath,
  UpdateServiceInputSchema,
} from '@portal/contracts';
import { type ComponentType, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useSaveService } from '../api/use-save-service';
import { useService } from '../api/use-service';
import { errorsOfTab, formErrors, serviceUpdate, visibleTabs } from '../utils/service-form';
import { BillingTab } from './billing-tab';
import { CreationProgress } from './creation-progress';
import { FieldsTab } from './fields-tab';
import { FilesTab } from './files-tab';
import { InfoTabPanel } from './info-tab-panel';
import { LayoutTab } from './layout-tab';
import { LocalizationTab } from './localization-tab';
import { ProvisioningTab } from './provisioning-tab';
import type { ServiceTabContext, ServiceTabProps } from './tab-props';

/**
 * [S2.2] The window's tabs in order, each with the component that edits it (null: not built yet, the
 * tab is not shown). The capability area of each tab is in TAB_AREA.
 */
const TABS: { tab: ServiceToolTab; component: ComponentType<ServiceTabProps> | null }[] = [
  { tab: 'Info', component: InfoTabPanel },
  { tab: 'Files', component: FilesTab },
  { tab: 'Fields', component: FieldsTab },
  { tab: 'Layout', component: LayoutTab },
  { tab: 'Billing', component: BillingTab },
  { tab: 'Provisioning', component: ProvisioningTab },
  { tab: 'Localization', component: LocalizationTab },
];

// Mantine's red alert title on its light background is below the WCAG AA contrast ratio.
const ERROR_TITLE = { title: { color: 'var(--mantine-color-error)' } };

export interface ServiceToolWindowProps {
  /** [S2.3] Present: edit mode; absent: create. */
  serviceName: string | null;
  capabilities: ReadonlySet<string>;
  /** [S2.4] Back to the services list. */
  onClose: () => void;
}

/**
 * [S2.1]-[S2.13] The service create/edit window: a large modal (90% of the viewport, at least
 * 1160x750) with the tabs the user may update in edit mode, the Info tab, and Save. A successful save
 * shows 'Creation started' or 'Service update' and closes the window on OK [S4.10].
 */
export function ServiceToolWindow({ serviceName, capabilities, onClose }: ServiceToolWindowProps) {
  const { t } = useTranslation();
  const mode = serviceName === null ? 'create' : 'edit';
  const service = useService(serviceName);

  const title =
    mode === 'create'
      ? t('serviceTool.window.createTitle')
      : t('serviceTool.window.editTitle', { name: service.data?.DisplayName ?? serviceName });

  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="90%"
      styles={{
        content: { minWidth: 1160, minHeight: 750, height: '90vh', display: 'flex', flexDirection: 'column', overflow: 'hidden' },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
        header: { backgroundColor: 'var(--mantine-color-white)', position: 'static' },
        title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)', color: 'var(--mantine-color-black)' },
      }}
      closeButtonProps={{ 'aria-label': t('serviceTool.window.close') }}
    >
      {mode === 'edit' && service.isError ? (
        <Alert color="red">{t('app.loadFailed', { message: service.error.message })}</Alert>
      ) : mode === 'edit' && !service.data ? (
        <Loader size="sm" aria-label={t('app.loading')} />
      ) : (
        <ServiceForm
          key={serviceName ?? 'create'}
          mode={mode}
          initial={service.data ? ServiceDocumentSchema.parse(service.data) : blankServiceDocument()}
          editableAreas={service.data?.EditableAreas ?? null}
          canCreateTags={service.data?.CanCreateTags ?? capabilities.has('SERVICE_TOOL_TAG_CREATE')}
          canEditRemoteDataSource={
            service.data?.CanEditRemoteDataSource ?? capabilities.has('SERVICE_TOOL_REMOTE_DATASOURCE_UPDATE')
          }
          descriptionGroups={service.data?.DescriptionGroups ?? []}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function ServiceForm(props: {
  mode: 'create' | 'edit';
  initial: ServiceDocument;
  /** Null in create mode, where every tab shows. */
  editableAreas: ServiceArea[] | null;
  canCreateTags: boolean;
  canEditRemoteDataSource: boolean;
  descriptionGroups: Service['DescriptionGroups'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveService();
  // The window holds the whole document; each tab edits a part of it [S2.2].
  const [doc, setDoc] = useState<ServiceDocument>(props.initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ title: string; message: string; jobId?: string } | null>(null);

  const shownTabs = useMemo(() => visibleTabs(props.editableAreas), [props.editableAreas]);
  const tabs = TABS.filter((tab) => tab.component !== null && shownTabs.includes(tab.tab));
  const [active, setActive] = useState<string | null>(tabs[0]?.tab ?? null);
  const context: ServiceTabContext = {
    stored: props.mode === 'edit' ? props.initial : null,
    editableAreas: props.editableAreas,
    canCreateTags: props.canCreateTags,
    canEditRemoteDataSource: props.canEditRemoteDataSource,
    descriptionGroups: props.descriptionGroups,
  };
  const gating = useMemo(
    () => ({
      stored: props.mode === 'edit' ? props.initial : null,
      canEditRemoteDataSource: props.canEditRemoteDataSource,
      descriptionGroups: props.descriptionGroups,
    }),
    [props.mode, props.initial, props.canEditRemoteDataSource, props.descriptionGroups],
  );
  const existingFieldIds = useMemo(
    () => (props.mode === 'edit' ? props.initial.Fields.map((f) => f.Id) : []),
    [props.mode, props.initial],
  );
  const errors = useMemo(
    () => formErrors(doc, { mode: props.mode, tabs: shownTabs, existingFieldIds, serverErrors, gating }),
    [doc, props.mode, shownTabs, existingFieldIds, serverErrors, gating],
  );
  // Messages no built tab shows (a tab still missing, or the server naming something else).
  const builtTabs = new Set<string>(tabs.map((tab) => tab.tab));
  const unplaced = errors.filter((e) => !builtTabs.has(tabOfErrorPath(e.field) ?? ''));

  function handleChange(next: ServiceDocument) {
    setServerErrors([]);
    setDoc(next);
  }

  async function handleSave() {
    setSubmitted(true);
    setFailure(null);
    // [S5.1] Tabs are checked in order; the first failing one is selected and the save is blocked.
    const failing = firstFailingTab(errors);
    if (failing && builtTabs.has(failing)) setActive(failing);
    if (errors.length > 0) return;
    try {
      const result =
        props.mode === 'create'
          ? await save.mutateAsync({ mode: 'create', document: ServiceDocumentSchema.parse(cleanServiceForSend(doc)) })
          : await save.mutateAsync({
              mode: 'edit',
              update: UpdateServiceInputSchema.parse(serviceUpdate(doc, props.editableAreas ?? [])),
            });
      setDone({ title: result.Title, message: result.Message, jobId: 'JobId' in result ? result.JobId : undefined });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        setServerErrors(error.fieldErrors);
        const failingTab = firstFailingTab(error.fieldErrors);
        if (failingTab && builtTabs.has(failingTab)) setActive(failingTab);
        const outside = error.fieldErrors.filter((e) => !builtTabs.has(tabOfErrorPath(e.field) ?? ''));
        if (outside.length > 0) setFailure(outside.map((e) => e.message).join(' '));
      } else {
        setFailure(error instanceof Error ? error.message : String(error));
      }
    }
  }

  if (tabs.length === 0) {
    return <Alert color="yellow">{t('serviceTool.window.nothingEditable')}</Alert>;
  }
  return (
    <Stack gap="md" style={{ flex: 1, minHeight: 0 }}>
      <Tabs
        value={active}
        onChange={setActive}
        keepMounted={false}
        style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        <Tabs.List aria-label={t('serviceTool.window.tabs')}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.tab} value={tab.tab} c={submitted && errorsOfTab(errors, tab.tab).length ? 'red.8' : undefined}>
              {t(`serviceTool.tab.${tab.tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {/* The tab scrolls; the messages and Save stay in view. */}
        {tabs.map(({ tab, component: Component }) =>
          Component ? (
            <Tabs.Panel key={tab} value={tab} pt="md" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
              <Component
                doc={doc}
                mode={props.mode}
                onChange={handleChange}
                errors={errorsOfTab(errors, tab)}
                showErrors={submitted}
                context={context}
              />
            </Tabs.Panel>
          ) : null,
        )}
      </Tabs>
      {submitted && errors.length > 0 && (
        <Alert color="red" title={t('serviceTool.window.invalidTitle')} styles={ERROR_TITLE}>
          {t('serviceTool.window.invalidText')}
          {!failure && unplaced.length > 0 && ` ${[...new Set(unplaced.map((e) => e.message))].join(' ')}`}
        </Alert>
      )}
      {failure && (
        <Alert color="red" title={t('serviceTool.window.saveFailed')} styles={ERROR_TITLE}>
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {t('serviceTool.window.cancel')}
        </Button>
        <Button onClick={handleSave} loading={save.isPending}>
          {t('serviceTool.window.save')}
        </Button>
      </Group>
      <Modal opened={done !== null} onClose={props.onClose} title={done?.title} centered withCloseButton={false}>
        <Stack>
          <Text>{done?.message}</Text>
          {done?.jobId && <CreationProgress jobId={done.jobId} />}
          <Group justify="flex-end">
            <Button onClick={props.onClose} data-autofocus>
              {t('serviceTool.window.ok')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
