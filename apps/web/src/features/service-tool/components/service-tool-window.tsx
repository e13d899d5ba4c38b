import { Alert, Button, Group, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import {
  blankServiceDocument,
  cleanServiceForSend,
  draftOnOpen,
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
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type MutableRefObject, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VersionConflictAlert } from '../../../components/ui/version-conflict-alert';
import { ApiError } from '../../../lib/api-client';
import { formatUtcSecond } from '../../../lib/format-time';
import { useVersionConflict, versionConflictOf } from '../../../lib/version-conflict';
import { serviceKeys } from '../api/service-keys';
import { useDraftAutosave } from '../api/use-draft-autosave';
import { useExportService } from '../api/use-export-service';
import { useSaveService } from '../api/use-save-service';
import { useService } from '../api/use-service';
import { type CurrentDraft, useDeleteServiceDraft, useServiceDraft } from '../api/use-service-draft';
import { errorsOfTab, formErrors, serviceUpdate, visibleTabs } from '../utils/service-form';
import { BillingTab } from './billing-tab';
import { CreationProgress } from './creation-progress';
import { DraftNotification } from './draft-notification';
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
  /** [S2.4] Closing after a saved draft was loaded reloads the current route instead. */
  onReload?: () => void;
  /** [S4.1] A service read by ImportService: the form opens with it (after a saved draft, [S4.1]). */
  imported?: ServiceDocument | null;
}

/**
 * [S2.1]-[S2.13] The service create/edit window: a large modal (90% of the viewport, at least
 * 1160x750) with the tabs the user may update in edit mode, the Info tab, and Save. A successful save
 * shows 'Creation started' or 'Service update' and closes the window on OK [S4.10].
 */
export function ServiceToolWindow({ serviceName, capabilities, onClose, onReload, imported = null }: ServiceToolWindowProps) {
  const { t } = useTranslation();
  const mode = serviceName === null ? 'create' : 'edit';
  const service = useService(serviceName);
  // [S4.1] A saved draft comes first: it is looked for once the window has its data [S4.2].
  const draft = useServiceDraft(serviceName, mode === 'create' || service.data !== undefined);
  const dismiss = useDeleteServiceDraft(serviceName);
  const queryClient = useQueryClient();
  // The Version of this window's draft as last saved or dismissed here; null: as read when the window opened.
  const draftVersion = useRef<number | null>(null);
  // 'offer' while the notification waits for a choice; then the draft was loaded or dismissed.
  const [choice, setChoice] = useState<'pending' | 'loaded' | 'dismissed'>('pending');
  const [opening, setOpening] = useState(0);
  const exporter = useExportService();
  const stored = useMemo(() => (service.data ? ServiceDocumentSchema.parse(service.data) : null), [service.data]);
  const opened = useMemo<ServiceDocument>(() => {
    // [S4.1] The existing service (edit), then imported data, then blank defaults.
    if (imported) return stored ? { ...imported, ServiceName: stored.ServiceName } : imported;
    return stored ?? blankServiceDocument();
  }, [imported, stored]);
  const storedDraft = draft.data?.Draft ?? null;
  const offer = choice === 'pending' && draftOnOpen({ draft: storedDraft, current: opened }) === 'offer';
  const initial = choice === 'loaded' && storedDraft ? storedDraft.Data : opened;
  // Decision 0036: a dismiss refused because the draft was saved again (another window) since it was offered.
  const dismissConflict = versionConflictOf<CurrentDraft>(dismiss.error);

  function onDismissed() {
    draftVersion.current = 0;
    setChoice('dismissed');
  }

  /** Reopen the form with the service as saved now (the user's values are dropped). */
  function reopenLatest() {
    void service.refetch().then(() => {
      setChoice('dismissed');
      setOpening((n) => n + 1);
    });
  }

  /** Decision 0036, reload their values: the draft as another window saved it, or the saved service when it is gone. */
  function reopenWithDraft(current: CurrentDraft) {
    draftVersion.current = current.Version;
    if (current.Data && current.Added && current.Id !== null) {
      queryClient.setQueryData(serviceKeys.draft(serviceName), {
        Draft: { ...current, Id: current.Id, Data: current.Data, Added: current.Added },
      });
      setChoice('loaded');
      setOpening((n) => n + 1);
    } else {
      queryClient.setQueryData(serviceKeys.draft(serviceName), { Draft: null });
      reopenLatest();
    }
  }

  // [S2.4] Closing without saving after a draft was loaded reloads the route; otherwise back to the list.
  const closeUnsaved = choice === 'loaded' && onReload ? onReload : onClose;

  const title =
    mode === 'create'
      ? t('serviceTool.window.createTitle')
      : t('serviceTool.window.editTitle', { name: service.data?.DisplayName ?? serviceName });

  return (
    <Modal
      opened
      onClose={closeUnsaved}
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
      ) : (mode === 'edit' && !service.data) || draft.isPending ? (
        <Loader size="sm" aria-label={t('app.loading')} />
      ) : (
        <ServiceForm
          // [S4.2] Loading the draft reopens the form with the draft's data.
          key={`${serviceName ?? 'create'}-${opening}`}
          mode={mode}
          serviceName={serviceName}
          initial={initial}
          stored={stored}
          editableAreas={service.data?.EditableAreas ?? null}
          version={service.data?.Version ?? 0}
          onReloadLatest={reopenLatest}
          draftVersion={draftVersion.current ?? storedDraft?.Version ?? 0}
          onDraftSaved={(version) => {
            draftVersion.current = version;
          }}
          onReloadDraft={reopenWithDraft}
          canCreateTags={service.data?.CanCreateTags ?? capabilities.has('SERVICE_TOOL_TAG_CREATE')}
          canEditRemoteDataSource={
            service.data?.CanEditRemoteDataSource ?? capabilities.has('SERVICE_TOOL_REMOTE_DATASOURCE_UPDATE')
          }
          descriptionGroups={service.data?.DescriptionGroups ?? []}
          onClose={onClose}
          onCancel={closeUnsaved}
          autosave={!offer}
          notice={
            offer && storedDraft ? (
              <>
                <DraftNotification
                  added={storedDraft.Added}
                  busy={dismiss.isPending}
                  error={dismiss.isError && !dismissConflict ? dismiss.error.message : null}
                  onLoad={() => {
                    setChoice('loaded');
                    setOpening((n) => n + 1);
                  }}
                  onDismiss={() => dismiss.mutate(storedDraft.Version, { onSuccess: onDismissed })}
                />
                {dismissConflict && (
                  <VersionConflictAlert
                    title={t('serviceDrafts.conflictTitle')}
                    changedBy={null}
                    changedAt={dismissConflict.Added}
                    busy={dismiss.isPending}
                    // Their values: the newer draft is offered instead (or none is left to offer).
                    onReload={() => {
                      dismiss.reset();
                      if (dismissConflict.Data && dismissConflict.Added && dismissConflict.Id !== null) {
                        queryClient.setQueryData(serviceKeys.draft(serviceName), {
                          Draft: {
                            ...dismissConflict,
                            Id: dismissConflict.Id,
                            Data: dismissConflict.Data,
                            Added: dismissConflict.Added,
                          },
                        });
                      } else {
                        queryClient.setQueryData(serviceKeys.draft(serviceName), { Draft: null });
                        onDismissed();
                      }
                    }}
                    // Mine: dismiss the newer draft as well.
                    onKeep={() => dismiss.mutate(dismissConflict.Version, { onSuccess: onDismissed })}
                  />
                )}
              </>
            ) : null
          }
          onExport={
            mode === 'edit' && serviceName
              ? {
                  run: () => exporter.mutate(serviceName),
                  pending: exporter.isPending,
                  error: exporter.isError ? exporter.error.message : null,
                }
              : null
          }
        />
      )}
    </Modal>
  );
}

function ServiceForm(props: {
  mode: 'create' | 'edit';
  serviceName: string | null;
  initial: ServiceDocument;
  /** The saved service in edit mode (its locks and stored values), null when creating. */
  stored: ServiceDocument | null;
  /** [S4.2] Autosave runs unless the draft notification waits for a choice. */
  autosave: boolean;
  notice: ReactNode;
  onExport: { run: () => void; pending: boolean; error: string | null } | null;
  /** Null in create mode, where every tab shows. */
  editableAreas: ServiceArea[] | null;
  /** Decision 0036: the Version of the saved service the form opened with (0 when creating). */
  version: number;
  /** Reopen the form with the service as saved now (the user's values are dropped). */
  onReloadLatest: () => void;
  /** Decision 0036: the Version of the draft the form opened with (0 when there was none or it was dismissed). */
  draftVersion: number;
  /** Reopen the form with the draft another window saved (or the saved service when that draft is gone). */
  onReloadDraft: (current: CurrentDraft) => void;
  onDraftSaved: (version: number) => void;
  canCreateTags: boolean;
  canEditRemoteDataSource: boolean;
  descriptionGroups: Service['DescriptionGroups'];
  onClose: () => void;
  /** Cancel: closing without saving (the window decides where to, [S2.4]). */
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveService();
  // The window holds the whole document; each tab edits a part of it [S2.2].
  const [doc, setDoc] = useState<ServiceDocument>(props.initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ title: string; message: string; jobId?: string } | null>(null);
  /** Decision 0036: the service as saved by someone else since the form opened, while the user decides. */
  const conflict = useVersionConflict<Service>();
  /** Decision 0036: the draft as another window saved it since, once an autosave was refused, while the user decides. */
  const draftConflict = useVersionConflict<CurrentDraft>();
  const [keepingDraft, setKeepingDraft] = useState(false);
  // Save waits for a draft write on its way; keep writes the form over the newer draft (both set by DraftAutosave).
  const settleDraft = useRef<() => Promise<void>>(async () => {});
  const keepDraft = useRef<(version: number) => Promise<void>>(async () => {});

  const shownTabs = useMemo(() => visibleTabs(props.editableAreas), [props.editableAreas]);
  const tabs = TABS.filter((tab) => tab.component !== null && shownTabs.includes(tab.tab));
  const [active, setActive] = useState<string | null>(tabs[0]?.tab ?? null);
  const context: ServiceTabContext = {
    stored: props.mode === 'edit' ? props.stored : null,
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
    () => (props.mode === 'edit' && props.stored ? props.stored.Fields.map((f) => f.Id) : []),
    [props.mode, props.stored],
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

  async function handleSave(version = props.version) {
    setSubmitted(true);
    setFailure(null);
    // [S5.1] Tabs are checked in order; the first failing one is selected and the save is blocked.
    const failing = firstFailingTab(errors);
    if (failing && builtTabs.has(failing)) setActive(failing);
    if (errors.length > 0) return;
    try {
      await settleDraft.current();
      const result =
        props.mode === 'create'
          ? await save.mutateAsync({ mode: 'create', document: ServiceDocumentSchema.parse(cleanServiceForSend(doc)) })
          : await save.mutateAsync({
              mode: 'edit',
              update: UpdateServiceInputSchema.parse({ ...serviceUpdate(doc, props.editableAreas ?? []), Version: version }),
            });
      conflict.clear();
      setDone({ title: result.Title, message: result.Message, jobId: 'JobId' in result ? result.JobId : undefined });
    } catch (error) {
      if (conflict.capture(error)) return;
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
      {props.notice}
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
      {conflict.current && (
        <VersionConflictAlert
          changedBy={conflict.current.UpdatedBy}
          changedAt={conflict.current.ModifyDate}
          onReload={props.onReloadLatest}
          onKeep={() => void handleSave(conflict.current?.Version)}
          busy={save.isPending}
        />
      )}
      {draftConflict.current && (
        <VersionConflictAlert
          title={t('serviceDrafts.conflictTitle')}
          changedBy={null}
          changedAt={draftConflict.current.Added}
          onReload={() => draftConflict.current && props.onReloadDraft(draftConflict.current)}
          onKeep={() => {
            const over = draftConflict.current?.Version ?? 0;
            setKeepingDraft(true);
            void keepDraft.current(over).finally(() => {
              setKeepingDraft(false);
              draftConflict.clear();
            });
          }}
          busy={keepingDraft}
        />
      )}
      {failure && (
        <Alert color="red" title={t('serviceTool.window.saveFailed')} styles={ERROR_TITLE}>
          {failure}
        </Alert>
      )}
      {props.onExport?.error && (
        <Alert color="red" title={t('serviceDrafts.export.failed')} styles={ERROR_TITLE}>
          {props.onExport.error}
        </Alert>
      )}
      <Group justify="flex-end">
        {/* [S4.2] Autosave stops once the service is saved (the save deleted the draft) and on close. */}
        <DraftAutosave
          serviceName={props.serviceName}
          doc={doc}
          baseline={props.initial}
          enabled={props.autosave && done === null && !save.isPending && draftConflict.current === null}
          settleRef={settleDraft}
          version={props.draftVersion}
          onConflict={draftConflict.capture}
          onSaved={props.onDraftSaved}
          keepRef={keepDraft}
        />
        {props.onExport && (
          <Button variant="default" onClick={props.onExport.run} loading={props.onExport.pending}>
            {t('serviceDrafts.export.button')}
          </Button>
        )}
        <Button variant="default" onClick={props.onCancel}>
          {t('serviceTool.window.cancel')}
        </Button>
        <Button onClick={() => void handleSave()} loading={save.isPending}>
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

/**
 * [S9.4] Runs the autosave and says when the draft was last stored. Its own component, so a stored
 * draft re-renders this line only, not the whole form.
 */
function DraftAutosave(props: {
  serviceName: string | null;
  doc: ServiceDocument;
  baseline: ServiceDocument;
  enabled: boolean;
  settleRef: MutableRefObject<() => Promise<void>>;
  version: number;
  onConflict: (error: unknown) => boolean;
  onSaved: (version: number) => void;
  keepRef: MutableRefObject<(version: number) => Promise<void>>;
}) {
  const { t } = useTranslation();
  const { status, settle, keep } = useDraftAutosave(props);
  props.settleRef.current = settle;
  props.keepRef.current = keep;
  return (
    <Text size="sm" c="dimmed" aria-live="polite" mr="auto">
      {status.kind === 'saved'
        ? t('serviceDrafts.status.saved', { added: formatUtcSecond(status.added) })
        : status.kind === 'failed'
          ? t('serviceDrafts.status.failed', { message: status.message })
          : ''}
    </Text>
  );
}
