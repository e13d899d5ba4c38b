import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Image,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { PARENT_ACCOUNT_TYPES, type ParentAccountType, SERVICE_LIMITS } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfoLookups } from '../api/use-service-lookups';
import { BUILT_IN_ICONS, builtInIconUrl, type InfoValues, introRemaining } from '../utils/info-form';
import { fileHref } from '../utils/upload-form';
import { ConfirmRemoveModal, UploadButton } from './upload-button';

export interface InfoTabProps {
  mode: 'create' | 'edit';
  values: InfoValues;
  errors: Partial<Record<keyof InfoValues, string>>;
  /** [S6.4] Tags outside the known list may be typed. */
  canCreateTags: boolean;
  onChange: (patch: Partial<InfoValues>) => void;
  onBlur: (input: keyof InfoValues) => void;
}

/**
 * [S2.5] The Info tab: service name, intro text with its counter, category, tags, parent account types
 * and parent services, dependencies, icon, and the advanced One per parent switch. Parent types and
 * dependencies are locked in edit mode [S4.6].
 */
export function InfoTab({ mode, values, errors, canCreateTags, onChange, onBlur }: InfoTabProps) {
  const { t } = useTranslation();
  const { categories, tags, services } = useInfoLookups();
  const isEdit = mode === 'edit';
  const serviceNames = (services.data?.Services ?? []).map((s) => s.ServiceName).filter((n) => n !== values.ServiceName);
  const remaining = introRemaining(values.ShortDescription);
  const [removingIcon, setRemovingIcon] = useState(false);
  const tagProps = {
    label: t('serviceTool.info.tags'),
    description: t('serviceTool.info.tagsHelp', { max: SERVICE_LIMITS.tags }),
    data: (tags.data ?? []).map((tag) => tag.TagValue),
    value: values.Tags,
    onChange: (Tags: string[]) => onChange({ Tags }),
    onBlur: () => onBlur('Tags'),
    error: errors.Tags,
    maxTags: SERVICE_LIMITS.tags,
    clearable: true,
  };

  return (
    <Stack gap="md" maw={820}>
      <SimpleGrid cols={2}>
        <TextInput
          label={t('serviceTool.info.displayName')}
          withAsterisk
          value={values.DisplayName}
          onChange={(e) => onChange({ DisplayName: e.currentTarget.value })}
          onBlur={() => onBlur('DisplayName')}
          error={errors.DisplayName}
        />
        <TextInput
          label={t('serviceTool.info.serviceName')}
          description={isEdit ? t('serviceTool.info.serviceNameFixed') : t('serviceTool.info.serviceNameHelp')}
          withAsterisk={!isEdit}
          readOnly={isEdit}
          value={values.ServiceName}
          onChange={(e) => onChange({ ServiceName: e.currentTarget.value })}
          onBlur={() => onBlur('ServiceName')}
          error={errors.ServiceName}
        />
      </SimpleGrid>
      <Textarea
        label={t('serviceTool.info.intro')}
        description={
          remaining >= 0
            ? t('serviceTool.info.introRemaining', { count: remaining })
            : t('serviceTool.info.introTooMany', { count: -remaining })
        }
        value={values.ShortDescription}
        onChange={(e) => onChange({ ShortDescription: e.currentTarget.value })}
        onBlur={() => onBlur('ShortDescription')}
        error={errors.ShortDescription}
        autosize
        minRows={2}
      />
      <SimpleGrid cols={2}>
        <Select
          label={t('serviceTool.info.category')}
          withAsterisk
          data={(categories.data ?? []).map((c) => ({ value: c.ServiceCategoryName, label: c.ServiceCategoryDisplayName }))}
          value={values.Category}
          onChange={(Category) => onChange({ Category })}
          onBlur={() => onBlur('Category')}
          error={errors.Category}
          allowDeselect={false}
        />
        {canCreateTags ? <TagsInput {...tagProps} /> : <MultiSelect {...tagProps} searchable />}
      </SimpleGrid>
      <Checkbox.Group
        label={t('serviceTool.info.parentTypes')}
        description={isEdit ? t('serviceTool.info.lockedInEdit') : undefined}
        withAsterisk
        value={values.ParentAccountTypes}
        onChange={(v) => onChange({ ParentAccountTypes: v as ParentAccountType[] })}
        error={errors.ParentAccountTypes}
      >
        <Group mt="xs">
          {PARENT_ACCOUNT_TYPES.map((type) => (
            <Checkbox key={type} value={type} label={t(`serviceTool.parentType.${type}`)} disabled={isEdit} />
          ))}
        </Group>
      </Checkbox.Group>
      {values.ParentAccountTypes.includes('Product') && (
        <MultiSelect
          label={t('serviceTool.info.parentServices')}
          withAsterisk
          data={serviceNames}
          value={values.ParentServices}
          onChange={(ParentServices) => onChange({ ParentServices })}
          onBlur={() => onBlur('ParentServices')}
          error={errors.ParentServices}
          disabled={isEdit}
          searchable
        />
      )}
      <MultiSelect
        label={t('serviceTool.info.dependencies')}
        description={isEdit ? t('serviceTool.info.lockedInEdit') : t('serviceTool.info.dependenciesHelp')}
        data={[...new Set([...serviceNames, ...values.Dependencies])]}
        value={values.Dependencies}
        onChange={(Dependencies) => onChange({ Dependencies })}
        error={errors.Dependencies}
        disabled={isEdit}
        searchable
      />
      <Fieldset legend={t('serviceTool.info.icon')}>
        <Group align="start" wrap="nowrap">
          {values.Icon && !errors.Icon ? (
            <Image src={fileHref(values.Icon)} alt={t('serviceTool.info.iconPreview')} w={64} h={64} />
          ) : (
            <Text size="xs" c="dimmed" w={64}>
              {t('serviceTool.info.noIcon')}
            </Text>
          )}
          <Stack gap="xs" style={{ flex: 1 }}>
            <TextInput
              label={t('serviceTool.info.iconAddress')}
              description={t('serviceTool.info.iconHelp')}
              withAsterisk
              value={values.Icon}
              onChange={(e) => onChange({ Icon: e.currentTarget.value })}
              onBlur={() => onBlur('Icon')}
              error={errors.Icon}
            />
            {/* [S2.5] [S5.6] Upload a png, jpg, jpeg or gif icon, or remove the one chosen (after asking). */}
            <Group gap="xs" align="start">
              <UploadButton
                kind="image"
                label={t('serviceDrafts.upload.iconButton')}
                onUploaded={(file) => onChange({ Icon: file.path })}
              />
              {values.Icon && (
                <Button variant="default" color="red" onClick={() => setRemovingIcon(true)}>
                  {t('serviceDrafts.upload.removeIcon')}
                </Button>
              )}
            </Group>
            <ConfirmRemoveModal
              name={removingIcon ? t('serviceDrafts.upload.theIcon') : null}
              onCancel={() => setRemovingIcon(false)}
              onConfirm={() => {
                setRemovingIcon(false);
                onChange({ Icon: '' });
              }}
            />
            <Group gap={6} role="group" aria-label={t('serviceTool.info.builtInIcons')}>
              {BUILT_IN_ICONS.map((name) => {
                const url = builtInIconUrl(name);
                return (
                  <UnstyledButton
                    key={name}
                    aria-label={t('serviceTool.info.useIcon', { name })}
                    aria-pressed={values.Icon === url}
                    onClick={() => onChange({ Icon: url })}
                    style={{
                      borderRadius: 6,
                      outlineOffset: 2,
                      border: values.Icon === url ? '2px solid var(--mantine-color-blue-8)' : '2px solid transparent',
                    }}
                  >
                    <Image src={url} alt="" w={28} h={28} />
                  </UnstyledButton>
                );
              })}
            </Group>
          </Stack>
        </Group>
      </Fieldset>
      <Fieldset legend={t('serviceTool.info.advanced')}>
        <Switch
          label={t('serviceTool.info.onePerParent')}
          description={t('serviceTool.info.onePerParentHelp')}
          checked={values.CanHaveOnlyOneInstanceUnderParent}
          onChange={(e) => onChange({ CanHaveOnlyOneInstanceUnderParent: e.currentTarget.checked })}
        />
      </Fieldset>
    </Stack>
  );
}
