import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Paper,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CUSTOM_ACTION_ICONS,
  EMAIL_ATTACHMENT_TYPES,
  type FieldError,
  HTTP_AUTH_KINDS,
  HTTP_CONTENT_TYPES,
  HTTP_METHODS,
  PROVISIONING_METHODS,
  type ProvisioningAction,
  type ProvisioningEmail,
  type ProvisioningHttp,
  type ProvisioningMethod,
  SERVICE_LIMITS,
  type ServiceField,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDatacenters } from '../api/use-tab-lookups';
import { errorAt } from '../utils/billing-form';
import {
  actionBoxes,
  actionOf,
  addCustomAction,
  canRemoveAction,
  confirmationOf,
  customActions,
  removeAction,
  withAction,
  withConfirmation,
  withMethod,
} from '../utils/provisioning-form';
import { MarkdownEditor } from './markdown-editor';
import type { ServiceTabProps } from './tab-props';

/**
 * [S2.10] The Provisioning tab: sub-tabs General (data center, post-creation confirmation message,
 * the CREATE, MODIFY, DELETE boxes plus RENEW and RENEWMODIFY with advance payment [S4.4]) and Custom
 * Actions. A complex product shows a warning instead.
 */
export function ProvisioningTab({ doc, mode, onChange, errors, showErrors, context }: ServiceTabProps) {
  const { t } = useTranslation();
  const datacenters = useDatacenters();
  const stored = context?.stored ?? null;
  const err = (path: string) => errorAt(errors, showErrors, path);
  const [sub, setSub] = useState<string | null>('general');

  if (doc.IsComplexProduct) {
    return (
      <Alert
        color="yellow"
        title={t('serviceToolTabs.provisioning.title')}
        styles={{ title: { color: 'var(--mantine-color-black)' } }}
      >
        {t('serviceToolTabs.provisioning.complexProduct')}
      </Alert>
    );
  }

  const confirmation = confirmationOf(doc);
  const dcOptions =
    mode === 'edit'
      ? // [S4.6] Read-only in edit mode: only the existing data center.
        doc.Datacenter
        ? [
            {
              value: doc.Datacenter,
              label: datacenters.data?.find((d) => d.Name === doc.Datacenter)?.DisplayName ?? doc.Datacenter,
            },
          ]
        : []
      : (datacenters.data ?? []).map((d) => ({ value: d.Name, label: d.DisplayName }));
  const errorPath = (name: string) => {
    const i = doc.ProvisioningActions.findIndex((a) => a.Action === name);
    return i < 0 ? null : `ProvisioningActions.${i}`;
  };
  const customs = customActions(doc);

  return (
    <Tabs value={sub} onChange={setSub} keepMounted={false}>
      <Tabs.List aria-label={t('serviceToolTabs.provisioning.title')}>
        <Tabs.Tab value="general">{t('serviceToolTabs.provisioning.general')}</Tabs.Tab>
        <Tabs.Tab value="custom">{t('serviceToolTabs.provisioning.customActions')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="general" pt="md">
        <Stack gap="lg">
          <Select
            label={t('serviceToolTabs.provisioning.datacenter')}
            description={mode === 'edit' ? t('serviceToolTabs.provisioning.datacenterFixed') : undefined}
            data={dcOptions}
            value={doc.Datacenter}
            readOnly={mode === 'edit'}
            clearable={mode === 'create'}
            onChange={(Datacenter) => onChange({ ...doc, Datacenter })}
            maw={400}
            error={err('Datacenter')}
          />
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('serviceToolTabs.provisioning.confirmation')}
            </Title>
            <TextInput
              label={t('serviceToolTabs.provisioning.confirmationTitle')}
              value={confirmation.Title}
              onChange={(e) => onChange(withConfirmation(doc, { Title: e.currentTarget.value }))}
              description={t('serviceToolTabs.markdown.remaining', {
                count: SERVICE_LIMITS.confirmationTitle - confirmation.Title.length,
              })}
              error={err('PostCreationMessage.0.Title')}
              maw={600}
            />
            <MarkdownEditor
              label={t('serviceToolTabs.provisioning.confirmationMessage')}
              value={confirmation.Message}
              onChange={(Message) => onChange(withConfirmation(doc, { Message }))}
              maxLength={SERVICE_LIMITS.confirmationMessage}
              error={err('PostCreationMessage.0.Message')}
              minRows={4}
            />
          </Stack>
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('serviceToolTabs.provisioning.actions')}
            </Title>
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              {actionBoxes(doc, mode).map((name) => (
                <ActionBox
                  key={name}
                  title={name}
                  action={actionOf(doc, name)}
                  onChange={(a) => onChange(withAction(doc, a))}
                  errors={errors}
                  showErrors={showErrors}
                  at={errorPath(name)}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="custom" pt="md">
        <Stack gap="md">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('serviceToolTabs.provisioning.customHelp')}
            </Text>
            <Button size="xs" variant="default" onClick={() => onChange(addCustomAction(doc))}>
              {t('serviceToolTabs.provisioning.addCustom')}
            </Button>
          </Group>
          {customs.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('serviceToolTabs.provisioning.noCustom')}
            </Text>
          )}
          {customs.map((action) => (
            <CustomActionBox
              key={action.Action}
              action={action}
              fields={doc.Fields}
              removable={canRemoveAction(action.Action, stored)}
              onRemove={() => onChange(removeAction(doc, action.Action, stored))}
              onChange={(a) => onChange(withAction(doc, a))}
              errors={errors}
              showErrors={showErrors}
              at={errorPath(action.Action)}
            />
          ))}
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

interface ActionBoxProps {
  title: string;
  action: ProvisioningAction;
  onChange: (action: ProvisioningAction) => void;
  errors: FieldError[];
  showErrors: boolean;
  /** The action's error path prefix, null when it is not stored yet. */
  at: string | null;
}

/** [S2.10], [S3.6] One action: the method None, Http or Email and the matching panel. */
function ActionBox({ title, action, onChange, errors, showErrors, at }: ActionBoxProps) {
  const { t } = useTranslation();
  const err = (path: string) => (at ? errorAt(errors, showErrors, `${at}.${path}`) : undefined);
  return (
    <Paper withBorder p="md" role="group" aria-label={t('serviceToolTabs.provisioning.actionBox', { name: title })}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={700}>{title}</Text>
          <SegmentedControl
            size="xs"
            data={PROVISIONING_METHODS.map((m) => ({ value: m, label: t(`serviceToolTabs.provisioning.method.${m}`) }))}
            value={action.Method}
            onChange={(m) => onChange(withMethod(action, m as ProvisioningMethod))}
            aria-label={t('serviceToolTabs.provisioning.methodOf', { name: title })}
          />
        </Group>
        {err('Action') && (
          <Text size="sm" c="red.8">
            {err('Action')}
          </Text>
        )}
        {action.Method === 'Http' && action.ProvisioningHttp && (
          <HttpPanel
            title={title}
            http={action.ProvisioningHttp}
            onChange={(ProvisioningHttp) => onChange({ ...action, ProvisioningHttp })}
            err={err}
          />
        )}
        {action.Method === 'Email' && action.ProvisioningEmail && (
          <EmailPanel
            email={action.ProvisioningEmail}
            onChange={(ProvisioningEmail) => onChange({ ...action, ProvisioningEmail })}
            err={err}
          />
        )}
        {action.Method === 'None' && (
          <Text size="sm" c="dimmed">
            {t('serviceToolTabs.provisioning.noneHelp')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function HttpPanel(props: {
  title: string;
  http: ProvisioningHttp;
  onChange: (http: ProvisioningHttp) => void;
  err: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const { http, err } = props;
  const set = (patch: Partial<ProvisioningHttp>) => props.onChange({ ...http, ...patch });
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  return (
    <Stack gap="xs">
      <TextInput
        size="xs"
        label={t('serviceToolTabs.provisioning.url')}
        withAsterisk
        value={http.RequestUrlTemplate}
        onChange={(e) => set({ RequestUrlTemplate: e.currentTarget.value })}
        placeholder="https://vendor.example/api/{{ServiceName}}"
        error={err('ProvisioningHttp.RequestUrlTemplate')}
      />
      <SimpleGrid cols={3} spacing="xs">
        <Select
          size="xs"
          label={t('serviceToolTabs.provisioning.httpMethod')}
          data={[...HTTP_METHODS]}
          value={http.HttpMethod}
          allowDeselect={false}
          onChange={(v) => v && set({ HttpMethod: v as ProvisioningHttp['HttpMethod'] })}
        />
        <Select
          size="xs"
          label={t('serviceToolTabs.provisioning.contentType')}
          data={[...HTTP_CONTENT_TYPES]}
          value={http.ContentType}
          allowDeselect={false}
          onChange={(v) => v && set({ ContentType: v as ProvisioningHttp['ContentType'] })}
        />
        <Select
          size="xs"
          label={t('serviceToolTabs.provisioning.auth')}
          data={HTTP_AUTH_KINDS.map((v) => ({ value: v, label: t(`serviceToolTabs.provisioning.authKind.${v}`) }))}
          value={http.Auth}
          allowDeselect={false}
          onChange={(v) => v && set({ Auth: v as ProvisioningHttp['Auth'] })}
        />
      </SimpleGrid>
      {http.Auth === 'Basic' && (
        <SimpleGrid cols={2} spacing="xs">
          <TextInput
            size="xs"
            label={t('serviceToolTabs.provisioning.authUser')}
            withAsterisk
            value={http.AuthUsername}
            onChange={(e) => set({ AuthUsername: e.currentTarget.value })}
            error={err('ProvisioningHttp.AuthUsername')}
            autoComplete="off"
          />
          <PasswordInput
            size="xs"
            label={t('serviceToolTabs.provisioning.authPassword')}
            description={t('serviceToolTabs.provisioning.authPasswordHint')}
            // Below the field, so it lines up with the user name beside it.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={http.AuthPassword}
            onChange={(e) => set({ AuthPassword: e.currentTarget.value })}
            autoComplete="new-password"
          />
        </SimpleGrid>
      )}
      <Checkbox
        size="xs"
        label={t('serviceToolTabs.provisioning.defaultBody')}
        checked={http.UseDefaultRequestBodyFormat}
        onChange={(e) => set({ UseDefaultRequestBodyFormat: e.currentTarget.checked })}
      />
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          disabled={http.UseDefaultRequestBodyFormat}
          onClick={() => {
            setDraft(http.RequestBodyTemplate);
            setEditing(true);
          }}
          aria-label={t('serviceToolTabs.provisioning.editBodyOf', { name: props.title })}
        >
          {t('serviceToolTabs.provisioning.editBody')}
        </Button>
        <Text size="xs" c="dimmed">
          {http.RequestBodyTemplate
            ? t('serviceToolTabs.provisioning.bodyLength', { count: http.RequestBodyTemplate.length })
            : t('serviceToolTabs.provisioning.bodyEmpty')}
        </Text>
      </Group>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('serviceToolTabs.provisioning.bodyDialog', { name: props.title })}
        size="lg"
      >
        <Stack>
          <Text size="sm">{t('serviceToolTabs.provisioning.bodyContentType', { type: http.ContentType })}</Text>
          <Textarea
            label={t('serviceToolTabs.provisioning.bodyTemplate')}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            autosize
            minRows={10}
            maxRows={24}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>
              {t('serviceToolTabs.cancel')}
            </Button>
            <Button
              onClick={() => {
                set({ RequestBodyTemplate: draft });
                setEditing(false);
              }}
            >
              {t('serviceToolTabs.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function EmailPanel(props: {
  email: ProvisioningEmail;
  onChange: (email: ProvisioningEmail) => void;
  err: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const { email, err } = props;
  const set = (patch: Partial<ProvisioningEmail>) => props.onChange({ ...email, ...patch });
  return (
    <Stack gap="xs">
      <SimpleGrid cols={2} spacing="xs">
        <TextInput
          size="xs"
          label={t('serviceToolTabs.provisioning.emailTo')}
          withAsterisk
          value={email.EmailTo}
          onChange={(e) => set({ EmailTo: e.currentTarget.value })}
          error={err('ProvisioningEmail.EmailTo')}
        />
        <Select
          size="xs"
          label={t('serviceToolTabs.provisioning.attachment')}
          data={[...EMAIL_ATTACHMENT_TYPES]}
          value={email.AttachmentType}
          allowDeselect={false}
          onChange={(v) => v && set({ AttachmentType: v as ProvisioningEmail['AttachmentType'] })}
        />
      </SimpleGrid>
      <TextInput
        size="xs"
        label={t('serviceToolTabs.provisioning.subject')}
        withAsterisk
        value={email.SubjectTemplate}
        onChange={(e) => set({ SubjectTemplate: e.currentTarget.value })}
        error={err('ProvisioningEmail.SubjectTemplate')}
      />
      <Textarea
        size="xs"
        label={t('serviceToolTabs.provisioning.body')}
        value={email.BodyText}
        onChange={(e) => set({ BodyText: e.currentTarget.value })}
        autosize
        minRows={3}
      />
    </Stack>
  );
}

/** [S2.10], [S3.6] A custom action: display name, icon, its own Provisioning and Fields sub-tabs. */
function CustomActionBox(props: {
  action: ProvisioningAction;
  fields: ServiceField[];
  removable: boolean;
  onRemove: () => void;
  onChange: (action: ProvisioningAction) => void;
  errors: FieldError[];
  showErrors: boolean;
  at: string | null;
}) {
  const { t } = useTranslation();
  const { action } = props;
  const details = action.CustomActionDetails ?? { Icon: 'running-man', ActionDisplayname: '', Fields: [] };
  const err = (path: string) => (props.at ? errorAt(props.errors, props.showErrors, `${props.at}.${path}`) : undefined);
  const setDetails = (patch: Partial<typeof details>) =>
    props.onChange({ ...action, CustomActionDetails: { ...details, ...patch } });
  const name = details.ActionDisplayname || action.Action;
  return (
    <Paper withBorder p="md" role="group" aria-label={t('serviceToolTabs.provisioning.actionBox', { name })}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Group align="flex-end">
            <TextInput
              label={t('serviceToolTabs.provisioning.displayName')}
              withAsterisk
              value={details.ActionDisplayname}
              onChange={(e) => setDetails({ ActionDisplayname: e.currentTarget.value })}
              error={err('CustomActionDetails.ActionDisplayname')}
              description={action.Action}
            />
            <Select
              label={t('serviceToolTabs.provisioning.icon')}
              data={CUSTOM_ACTION_ICONS.map((icon) => ({ value: icon, label: icon }))}
              value={details.Icon}
              allowDeselect={false}
              onChange={(v) => v && setDetails({ Icon: v })}
              error={err('CustomActionDetails.Icon')}
              w={200}
            />
          </Group>
          {props.removable && (
            <Button size="xs" variant="subtle" color="red" onClick={props.onRemove}>
              {t('serviceToolTabs.provisioning.removeCustom', { name })}
            </Button>
          )}
        </Group>
        <Tabs defaultValue="provisioning" variant="pills">
          <Tabs.List aria-label={t('serviceToolTabs.provisioning.customTabs', { name })}>
            <Tabs.Tab value="provisioning">{t('serviceToolTabs.provisioning.provisioningSub')}</Tabs.Tab>
            <Tabs.Tab value="fields">{t('serviceToolTabs.provisioning.fieldsSub')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="provisioning" pt="sm">
            <ActionBox
              title={name}
              action={action}
              onChange={props.onChange}
              errors={props.errors}
              showErrors={props.showErrors}
              at={props.at}
            />
          </Tabs.Panel>
          <Tabs.Panel value="fields" pt="sm">
            <MultiSelect
              label={t('serviceToolTabs.provisioning.actionFields')}
              description={t('serviceToolTabs.provisioning.actionFieldsHelp')}
              data={props.fields.map((f) => ({ value: f.Id, label: f.DisplayName }))}
              value={details.Fields}
              onChange={(Fields) => setDetails({ Fields })}
              searchable
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}
