import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { FIELD_DISPLAY_TYPES, type FieldDisplayType, SERVICE_MESSAGES, type ServiceField } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADVANCED_PROPERTIES,
  canHaveValidator,
  draftErrors,
  draftOf,
  type FieldDraft,
  fieldOfDraft,
  RANGE_TYPES,
  VALUE_LIST_TYPES,
  validationDisabled,
} from '../utils/field-form';

// Mantine's coloured alert titles on their light backgrounds are below the WCAG AA contrast ratio.
const NOTE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

export interface FieldConfiguratorProps {
  field: ServiceField;
  isNew: boolean;
  /** The display names of the service's other fields [S5.7]. */
  otherNames: readonly string[];
  /** [S5.8] The field is used by a fee: what changes billing is locked. */
  inBilling: boolean;
  /** [S6.4] Without SERVICE_TOOL_REMOTE_DATASOURCE_UPDATE the remote data source is shown, not edited. */
  canEditRemoteDataSource?: boolean;
  onSave: (field: ServiceField) => void;
  onCancel: () => void;
}

/**
 * [S2.7] The field configurator: General and Advanced tabs, Save and Cancel. Save checks the shared
 * rules [S5.7]-[S5.10], [S5.14] and selects the tab of the first message.
 */
export function FieldConfigurator({
  field,
  isNew,
  otherNames,
  inBilling,
  canEditRemoteDataSource = true,
  onSave,
  onCancel,
}: FieldConfiguratorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FieldDraft>(() => draftOf(field));
  const [tab, setTab] = useState<string | null>('general');
  const [showErrors, setShowErrors] = useState(false);
  const f = draft.field;
  const errors = showErrors ? draftErrors(draft, { otherNames, isNew }) : {};
  const quiet = validationDisabled(draft);
  const set = (patch: Partial<ServiceField>) => setDraft((d) => ({ ...d, field: { ...d.field, ...patch } }));
  const typeName = t(`serviceToolFields.type.${f.FieldType}`);
  const displayTypes = FIELD_DISPLAY_TYPES.map((value) => ({ value, label: t(`serviceToolFields.displayType.${value}`) }));

  function handleSave() {
    const found = draftErrors(draft, { otherNames, isNew });
    const first = Object.keys(found)[0];
    if (first) {
      setShowErrors(true);
      setTab(ADVANCED_PROPERTIES.some((p) => first.startsWith(p)) ? 'advanced' : 'general');
      return;
    }
    onSave(fieldOfDraft(draft));
  }

  return (
    <Modal
      opened
      onClose={onCancel}
      size="lg"
      centered
      title={
        isNew
          ? t('serviceToolFields.config.newTitle', { type: typeName })
          : t('serviceToolFields.config.editTitle', { type: typeName })
      }
      closeButtonProps={{ 'aria-label': t('serviceToolFields.config.close') }}
    >
      <Stack>
        {inBilling && (
          <Alert color="yellow" styles={NOTE_TITLE} title={t('serviceToolFields.config.limitedTitle')}>
            {SERVICE_MESSAGES.editingLimited}
          </Alert>
        )}
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List aria-label={t('serviceToolFields.config.tabs')}>
            <Tabs.Tab
              value="general"
              c={
                showErrors && Object.keys(errors).some((k) => !ADVANCED_PROPERTIES.some((p) => k.startsWith(p)))
                  ? 'red.8'
                  : undefined
              }
            >
              {t('serviceToolFields.config.general')}
            </Tabs.Tab>
            <Tabs.Tab
              value="advanced"
              c={
                showErrors && Object.keys(errors).some((k) => ADVANCED_PROPERTIES.some((p) => k.startsWith(p)))
                  ? 'red.8'
                  : undefined
              }
            >
              {t('serviceToolFields.config.advanced')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="general" pt="md">
            <Stack gap="sm">
              <TextInput
                label={t('serviceToolFields.config.name')}
                required
                data-autofocus
                value={f.DisplayName}
                onChange={(e) => set({ DisplayName: e.currentTarget.value })}
                error={errors.DisplayName}
                description={t('serviceToolFields.config.nameHelp', { max: isNew ? 100 : 250 })}
              />
              <TextInput
                label={t('serviceToolFields.config.typeTitle')}
                value={f.FieldTypeTitle ?? ''}
                onChange={(e) => set({ FieldTypeTitle: e.currentTarget.value === '' ? null : e.currentTarget.value })}
              />
              <TextInput
                label={t('serviceToolFields.config.tooltip')}
                value={f.Tooltip}
                onChange={(e) => set({ Tooltip: e.currentTarget.value })}
              />
              {f.FieldType !== 'Numeric' && (
                <TextInput
                  label={t('serviceToolFields.config.placeholder')}
                  description={t('serviceToolFields.config.placeholderHelp', { example: '{{COMPANYNAME}}' })}
                  value={f.PlaceholderDefaultValue}
                  onChange={(e) => set({ PlaceholderDefaultValue: e.currentTarget.value })}
                />
              )}
              {VALUE_LIST_TYPES.includes(f.FieldType) && (
                <Textarea
                  label={t('serviceToolFields.config.values')}
                  description={t('serviceToolFields.config.valuesHelp')}
                  required={!f.RemoteDataSource}
                  autosize
                  minRows={3}
                  maxRows={10}
                  value={draft.valuesText}
                  onChange={(e) => {
                    const valuesText = e.currentTarget.value;
                    setDraft((d) => ({ ...d, valuesText }));
                  }}
                  error={errors.AvailableValues}
                />
              )}
              <Group grow>
                <Select
                  label={t('serviceToolFields.config.displayType')}
                  data={displayTypes}
                  value={f.DisplayType}
                  allowDeselect={false}
                  disabled={inBilling}
                  onChange={(v) => v && set({ DisplayType: v as FieldDisplayType })}
                />
                <Select
                  label={t('serviceToolFields.config.displayTypeOnModify')}
                  data={displayTypes}
                  value={f.DisplayTypeOnModify}
                  allowDeselect={false}
                  disabled={inBilling}
                  onChange={(v) => v && set({ DisplayTypeOnModify: v as FieldDisplayType })}
                />
              </Group>
              {RANGE_TYPES.includes(f.FieldType) && (
                <Group grow>
                  <NumberInput
                    label={t('serviceToolFields.config.min')}
                    value={f.MinValue ?? ''}
                    disabled={inBilling}
                    onChange={(v) => set({ MinValue: typeof v === 'number' ? v : null })}
                    error={errors.MinValue}
                  />
                  <NumberInput
                    label={t('serviceToolFields.config.max')}
                    value={f.MaxValue ?? ''}
                    disabled={inBilling}
                    onChange={(v) => set({ MaxValue: typeof v === 'number' ? v : null })}
                  />
                </Group>
              )}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="advanced" pt="md">
            <Stack gap="sm">
              {quiet && (
                <Alert color="gray" styles={NOTE_TITLE} title={t('serviceToolFields.config.validationOffTitle')}>
                  {t('serviceToolFields.config.validationOff')}
                </Alert>
              )}
              {canHaveValidator(f.FieldType) && (
                <TextInput
                  label={t('serviceToolFields.config.validator')}
                  description={t('serviceToolFields.config.validatorHelp')}
                  value={f.Validator ?? ''}
                  disabled={quiet}
                  onChange={(e) => set({ Validator: e.currentTarget.value === '' ? null : e.currentTarget.value })}
                  error={errors.Validator}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
              )}
              <Checkbox
                label={t('serviceToolFields.config.unique')}
                checked={f.IsUnique}
                disabled={quiet}
                onChange={(e) => set({ IsUnique: e.currentTarget.checked })}
              />
              <Switch
                label={t('serviceToolFields.config.remoteValidation')}
                checked={f.IsRemoteValidation}
                disabled={quiet}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  set({
                    IsRemoteValidation: on,
                    RemoteValidation: on ? (f.RemoteValidation ?? { Endpoint: '', RequestBody: '' }) : null,
                  });
                }}
              />
              {f.IsRemoteValidation && f.RemoteValidation && (
                <Group grow align="flex-start">
                  <TextInput
                    label={t('serviceToolFields.config.remoteValidationEndpoint')}
                    required
                    value={f.RemoteValidation.Endpoint}
                    disabled={quiet}
                    onChange={(e) =>
                      set({ RemoteValidation: { RequestBody: '', ...f.RemoteValidation, Endpoint: e.currentTarget.value } })
                    }
                    error={errors['RemoteValidation.Endpoint']}
                  />
                  <Textarea
                    label={t('serviceToolFields.config.remoteValidationBody')}
                    value={f.RemoteValidation.RequestBody}
                    disabled={quiet}
                    onChange={(e) =>
                      set({ RemoteValidation: { Endpoint: '', ...f.RemoteValidation, RequestBody: e.currentTarget.value } })
                    }
                  />
                </Group>
              )}
              {VALUE_LIST_TYPES.includes(f.FieldType) && (
                <>
                  {!canEditRemoteDataSource && (
                    <Text size="sm" c="dimmed">
                      {t('serviceToolExtra.gating.remoteDataLocked')}
                    </Text>
                  )}
                  <Switch
                    label={t('serviceToolFields.config.remoteData')}
                    checked={f.RemoteDataSource !== null}
                    disabled={inBilling || !canEditRemoteDataSource}
                    onChange={(e) =>
                      set({ RemoteDataSource: e.currentTarget.checked ? { Endpoint: '', RequestBodyTemplate: '' } : null })
                    }
                  />
                  {f.RemoteDataSource && (
                    <Group grow align="flex-start">
                      <TextInput
                        label={t('serviceToolFields.config.remoteDataEndpoint')}
                        required
                        value={f.RemoteDataSource.Endpoint}
                        disabled={inBilling || !canEditRemoteDataSource}
                        onChange={(e) =>
                          set({
                            RemoteDataSource: { RequestBodyTemplate: '', ...f.RemoteDataSource, Endpoint: e.currentTarget.value },
                          })
                        }
                        error={errors['RemoteDataSource.Endpoint']}
                      />
                      <Textarea
                        label={t('serviceToolFields.config.remoteDataBody')}
                        value={f.RemoteDataSource.RequestBodyTemplate}
                        disabled={inBilling || !canEditRemoteDataSource}
                        onChange={(e) =>
                          set({
                            RemoteDataSource: { Endpoint: '', ...f.RemoteDataSource, RequestBodyTemplate: e.currentTarget.value },
                          })
                        }
                      />
                    </Group>
                  )}
                </>
              )}
              {RANGE_TYPES.includes(f.FieldType) && (
                <Switch
                  label={t('serviceToolFields.config.usageBased')}
                  checked={f.IsUsageBased}
                  disabled={inBilling}
                  onChange={(e) => set({ IsUsageBased: e.currentTarget.checked })}
                />
              )}
              <Switch
                label={t('serviceToolFields.config.triggerChanges')}
                checked={f.TriggerFieldChanges}
                onChange={(e) => set({ TriggerFieldChanges: e.currentTarget.checked })}
              />
              <Switch
                label={t('serviceToolFields.config.inherit')}
                checked={f.InheritValueFromParent}
                disabled={inBilling}
                onChange={(e) => set({ InheritValueFromParent: e.currentTarget.checked })}
              />
            </Stack>
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('serviceToolFields.config.cancel')}
          </Button>
          <Button onClick={handleSave}>{t('serviceToolFields.config.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
