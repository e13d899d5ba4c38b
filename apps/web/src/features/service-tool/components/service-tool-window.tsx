import { Alert, Button, Group, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import {
  blankServiceDocument,
  cleanServiceForSend,
  type FieldError,
  type ServiceArea,
  type ServiceDocument,
  ServiceDocumentSchema,
  UpdateServiceInputSchema,
} from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useSaveService } from '../api/use-save-service';
import { useService } from '../api/use-service';
import { applyInfoValues, type InfoValues, infoErrors, infoUpdate, infoValuesOf, serviceNameFrom } from '../utils/info-form';
import { InfoTab } from './info-tab';

/** [S2.2] The window's tabs in order, with the capability area each one edits. */
const TABS: { tab: string; area: ServiceArea; built: boolean }[] = [
  { tab: 'Info', area: 'Info', built: true },
  { tab: 'Files', area: 'Files', built: false },
  { tab: 'Fields', area: 'Fields', built: false },
  { tab: 'Layout', area: 'Fields', built: false },
  { tab: 'Billing', area: 'Billing', built: false },
  { tab: 'Provisioning', area: 'Provisioning', built: false },
  { tab: 'Localization', area: 'Description', built: false },
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
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveService();
  const [values, setValues] = useState<InfoValues>(() => infoValuesOf(props.initial));
  const [nameTouched, setNameTouched] = useState(props.mode === 'edit');
  const [touched, setTouched] = useState<Set<keyof InfoValues>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ title: string; message: string } | null>(null);

  const tabs = TABS.filter((tab) => tab.built && (props.editableAreas === null || props.editableAreas.includes(tab.area)));
  const doc = useMemo(() => applyInfoValues(props.initial, values), [props.initial, values]);
  const errors = useMemo(() => infoErrors(doc, props.mode, serverErrors), [doc, props.mode, serverErrors]);
  const shown = Object.fromEntries(
    Object.entries(errors).filter(([input]) => submitted || touched.has(input as keyof InfoValues)),
  ) as typeof errors;

  function handleChange(patch: Partial<InfoValues>) {
    setServerErrors([]);
    setValues((v) => {
      const next = { ...v, ...patch };
      // The unique name follows the display name until the user edits it [S2.5].
      if (patch.DisplayName !== undefined && !nameTouched) next.ServiceName = serviceNameFrom(patch.DisplayName);
      return next;
    });
    if (patch.ServiceName !== undefined) setNameTouched(true);
  }

  async function handleSave() {
    setSubmitted(true);
    setFailure(null);
    if (Object.keys(errors).length > 0) return;
    try {
      const result =
        props.mode === 'create'
          ? await save.mutateAsync({ mode: 'create', document: ServiceDocumentSchema.parse(cleanServiceForSend(doc)) })
          : await save.mutateAsync({ mode: 'edit', update: UpdateServiceInputSchema.parse(infoUpdate(doc)) });
      setDone({ title: result.Title, message: result.Message });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        setServerErrors(error.fieldErrors);
        const outside = error.fieldErrors.filter((e) => !Object.keys(infoErrors(doc, props.mode, [e])).length);
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
        defaultValue={tabs[0]?.tab}
        keepMounted={false}
        style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        <Tabs.List aria-label={t('serviceTool.window.tabs')}>
          {tabs.map((tab) => (
            <Tabs.Tab
              key={tab.tab}
              value={tab.tab}
              c={tab.tab === 'Info' && submitted && Object.keys(errors).length ? 'red.8' : undefined}
            >
              {t(`serviceTool.tab.${tab.tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {/* The tab scrolls; the messages and Save stay in view. */}
        <Tabs.Panel value="Info" pt="md" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
          <InfoTab
            mode={props.mode}
            values={values}
            errors={shown}
            canCreateTags={props.canCreateTags}
            onChange={handleChange}
            onBlur={(input) => setTouched((s) => new Set(s).add(input))}
          />
        </Tabs.Panel>
      </Tabs>
      {submitted && Object.keys(errors).length > 0 && (
        <Alert color="red" title={t('serviceTool.window.invalidTitle')} styles={ERROR_TITLE}>
          {t('serviceTool.window.invalidText')}
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
