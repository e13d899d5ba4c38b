import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import {
  DESCRIPTION_TYPES,
  type DescriptionGroup,
  type DescriptionType,
  isGroupLinkLocked,
  SERVICE_LIMITS,
  SERVICE_MESSAGES,
  type Service,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDescriptionGroups } from '../api/use-tab-lookups';
import { errorAt } from '../utils/billing-form';
import {
  addLanguage,
  COMMON_LANGUAGES,
  deleteLanguage,
  descriptionOf,
  groupLabel,
  groupOf,
  languagesOf,
  linkGroup,
  linkNeedsMerge,
  setDefaultLanguage,
  withDescription,
} from '../utils/localization-form';
import { MarkdownEditor } from './markdown-editor';
import type { ServiceTabProps } from './tab-props';

/**
 * [S2.11] The Localization tab: language tabs with add and delete (confirmed [S8.5]), the default
 * language star, and per language the Description and the Terms and Conditions (markdown with
 * preview; 'Changes must be reaccepted'). Each text type can be linked to another service's
 * description group; differing languages ask to merge [S4.8], [S8.7].
 */
export function LocalizationTab({ doc, mode, onChange, errors, showErrors, context }: ServiceTabProps) {
  const { t } = useTranslation();
  const languages = languagesOf(doc);
  const [active, setActive] = useState<string | null>(doc.DefaultLanguage);
  const [newCode, setNewCode] = useState<string | null>(null);
  const [addError, setAddError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const current = active && languages.includes(active) ? active : doc.DefaultLanguage;
  const pathOf = (type: DescriptionType, code: string) => {
    const i = doc.Descriptions.findIndex((d) => d.Type === type && d.LocalizationLanguageCode === code);
    return i < 0 ? null : `Descriptions.${i}`;
  };
  const err = (type: DescriptionType, code: string, field: string) => {
    const at = pathOf(type, code);
    return at ? errorAt(errors, showErrors, `${at}.${field}`) : undefined;
  };

  function handleAdd() {
    if (!newCode) return;
    const result = addLanguage(doc, newCode);
    if (!result.ok) {
      setAddError(t(`serviceToolTabs.localization.add_${result.reason}`));
      return;
    }
    setAddError(null);
    onChange(result.doc);
    setActive(newCode);
    setNewCode(null);
  }

  return (
    <Stack gap="md">
      {errorAt(errors, showErrors, 'DefaultLanguage') && (
        <Alert color="red" role="alert">
          {errorAt(errors, showErrors, 'DefaultLanguage')}
        </Alert>
      )}
      {errorAt(errors, showErrors, 'Descriptions') && (
        <Alert color="red" role="alert">
          {errorAt(errors, showErrors, 'Descriptions')}
        </Alert>
      )}
      <SimpleLinks
        doc={doc}
        mode={mode}
        onChange={onChange}
        memberships={context?.descriptionGroups ?? []}
        groupError={(type) => {
          const at = doc.Descriptions.findIndex((d) => d.Type === type);
          return at < 0 ? undefined : errorAt(errors, showErrors, `Descriptions.${at}.DescriptionGroupId`);
        }}
      />
      <Group align="flex-end" gap="xs">
        <Select
          label={t('serviceToolTabs.localization.addLanguage')}
          data={COMMON_LANGUAGES.filter((c) => !languages.includes(c))}
          value={newCode}
          onChange={(v) => {
            setNewCode(v);
            setAddError(null);
          }}
          searchable
          error={addError}
          w={220}
        />
        <Button variant="default" onClick={handleAdd} disabled={!newCode}>
          {t('serviceToolTabs.localization.add')}
        </Button>
      </Group>
      <Tabs value={current} onChange={setActive} keepMounted={false}>
        <Tabs.List aria-label={t('serviceToolTabs.localization.languages')}>
          {languages.map((code) => (
            <Tabs.Tab key={code} value={code}>
              {code === doc.DefaultLanguage ? `★ ${code}` : code}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {languages.map((code) => {
          const description = descriptionOf(doc, 'Description', code);
          const terms = descriptionOf(doc, 'TermsAndConditions', code);
          const isDefault = code === doc.DefaultLanguage;
          return (
            <Tabs.Panel key={code} value={code} pt="md">
              <Stack gap="md">
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    disabled={isDefault}
                    onClick={() => onChange(setDefaultLanguage(doc, code))}
                    aria-pressed={isDefault}
                  >
                    {isDefault
                      ? t('serviceToolTabs.localization.isDefault')
                      : t('serviceToolTabs.localization.makeDefault', { code })}
                  </Button>
                  {!isDefault && (
                    <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(code)}>
                      {t('serviceToolTabs.localization.delete', { code })}
                    </Button>
                  )}
                </Group>
                <Title order={3} size="h4">
                  {t('serviceToolTabs.localization.description')}
                </Title>
                <TextInput
                  label={t('serviceToolTabs.localization.descriptionTitle', { code })}
                  value={description?.Title ?? ''}
                  onChange={(e) => onChange(withDescription(doc, 'Description', code, { Title: e.currentTarget.value }))}
                  error={err('Description', code, 'Title')}
                  maxLength={SERVICE_LIMITS.descriptionTitle}
                  maw={600}
                />
                <MarkdownEditor
                  label={t('serviceToolTabs.localization.descriptionText', { code })}
                  withAsterisk
                  value={description?.Content ?? ''}
                  onChange={(Content) => onChange(withDescription(doc, 'Description', code, { Content }))}
                  error={err('Description', code, 'Content')}
                />
                <Title order={3} size="h4">
                  {t('serviceToolTabs.localization.terms')}
                </Title>
                <MarkdownEditor
                  label={t('serviceToolTabs.localization.termsText', { code })}
                  value={terms?.Content ?? ''}
                  onChange={(Content) => onChange(withDescription(doc, 'TermsAndConditions', code, { Content }))}
                  error={err('TermsAndConditions', code, 'Content')}
                />
                <Checkbox
                  label={t('serviceToolTabs.localization.reaccept')}
                  description={t('serviceToolTabs.localization.reacceptHelp')}
                  checked={terms?.IsMajorChange ?? false}
                  disabled={!terms}
                  onChange={(e) =>
                    onChange(withDescription(doc, 'TermsAndConditions', code, { IsMajorChange: e.currentTarget.checked }))
                  }
                />
              </Stack>
            </Tabs.Panel>
          );
        })}
      </Tabs>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('serviceToolTabs.localization.deleteTitle')}
        centered
      >
        <Stack>
          <Text>
            {SERVICE_MESSAGES.confirmDeleteLanguage} {deleting}?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('serviceToolTabs.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                if (deleting) onChange(deleteLanguage(doc, deleting));
                setActive(doc.DefaultLanguage);
                setDeleting(null);
              }}
            >
              {t('serviceToolTabs.localization.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** [S2.11], [S4.8] The description-group dropdowns of both text types. */
function SimpleLinks({
  memberships,
  groupError,
  ...rest
}: LinkProps & { groupError: (type: DescriptionType) => string | undefined }) {
  return (
    <Group align="flex-start" grow>
      {DESCRIPTION_TYPES.map((type) => (
        <GroupLink
          key={type}
          {...rest}
          type={type}
          locked={isGroupLinkLocked(memberships.find((m) => m.Type === type))}
          error={groupError(type)}
        />
      ))}
    </Group>
  );
}

type LinkProps = Pick<ServiceTabProps, 'doc' | 'mode' | 'onChange'> & { memberships: Service['DescriptionGroups'] };

function GroupLink({
  doc,
  mode,
  onChange,
  type,
  locked,
  error,
}: Pick<ServiceTabProps, 'doc' | 'mode' | 'onChange'> & { type: DescriptionType; locked: boolean; error?: string }) {
  const { t } = useTranslation();
  const groups = useDescriptionGroups(mode === 'edit' ? doc.ServiceName : null, type);
  const [pending, setPending] = useState<DescriptionGroup | null>(null);
  const current = groupOf(doc, type);
  const known = (groups.data ?? []).some((g) => g.DescriptionGroupId === current);
  // In edit mode the service's own group is not among the others: it is the service's own text.
  const ownValue = current && !known ? current : '';
  const data = [
    { value: ownValue, label: t('serviceToolTabs.localization.ownText') },
    ...(groups.data ?? []).map((g) => {
      const { name, others } = groupLabel(g);
      return { value: g.DescriptionGroupId, label: t('serviceToolTabs.localization.groupOption', { name, count: others }) };
    }),
  ];
  function choose(value: string | null) {
    if (value === current) return;
    const group = (groups.data ?? []).find((g) => g.DescriptionGroupId === value) ?? null;
    if (group && linkNeedsMerge(doc, type, group)) setPending(group);
    else onChange(linkGroup(doc, type, group, false));
  }
  return (
    <>
      <Select
        label={t(`serviceToolTabs.localization.link.${type}`)}
        description={locked ? t('serviceToolExtra.gating.groupLocked') : t('serviceToolTabs.localization.linkHelp')}
        data={data}
        value={current ?? ''}
        // [S4.8] The original of a group shared with other services cannot leave it.
        disabled={locked}
        error={error}
        allowDeselect={false}
        onChange={choose}
      />
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={SERVICE_MESSAGES.languageDifference} centered>
        <Stack>
          <Text>{t('serviceToolTabs.localization.languageConflict', { languages: pending?.Languages.join(', ') ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              {t('serviceToolTabs.cancel')}
            </Button>
            <Button
              onClick={() => {
                if (pending) onChange(linkGroup(doc, type, pending, true));
                setPending(null);
              }}
            >
              {SERVICE_MESSAGES.mergeLanguages}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
