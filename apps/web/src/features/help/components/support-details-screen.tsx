import { Button, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  checkSupportDetail,
  checkSupportDetails,
  type EditableSupportDetails,
  SUPPORT_DETAIL_KINDS,
  SUPPORT_DETAIL_MAX_LENGTH,
  type SupportDetailField,
  type SupportDetails,
} from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { VersionConflictAlert } from '../../../components/ui/version-conflict-alert';
import { ApiError } from '../../../lib/api-client';
import { formatUtcDay } from '../../../lib/format-time';
import { notify } from '../../../lib/notify';
import { useVersionConflict } from '../../../lib/version-conflict';
import { useEditableSupportDetails, useUpdateSupportDetails } from '../api/use-support-details';

/** The edit screen's groups of fields [M3.22]. */
const GROUPS: { key: string; fields: SupportDetailField[] }[] = [
  {
    key: 'technical',
    fields: [
      'SupportTechnicalEmail',
      'SupportPhoneNumber',
      'SupportWorkingDaysRegular',
      'SupportWorkingHoursRegular',
      'SupportWorkingDaysOthers',
      'SupportWorkingHoursOthers',
    ],
  },
  {
    key: 'billing',
    fields: ['SupportBillingEmail', 'SupportBillingPhoneNumber', 'SupportBillingWorkingDays', 'SupportBillingWorkingHours'],
  },
  { key: 'sales', fields: ['SupportSalesEmail', 'SupportSalesPhoneNumber'] },
  { key: 'links', fields: ['SupportUrl', 'SupportButtonText', 'Imprint'] },
];

const INPUT_TYPE = { email: 'email', phone: 'tel', url: 'url', text: 'text' } as const;

/** A provider's or reseller's own support details: what the support panel shows the organisations below it. */
export function SupportDetailsScreen(props: { accountId: number | null }) {
  const { t } = useTranslation();
  const loaded = useEditableSupportDetails(props.accountId);
  const heading = (
    <Title order={1} size="h2">
      {t('help.edit.title')}
    </Title>
  );
  if (props.accountId === null) return heading;
  if (loaded.isPending) return <Loader aria-label={t('app.loading')} />;
  if (loaded.isError) {
    const isRefused = loaded.error instanceof ApiError && [403, 404, 422].includes(loaded.error.status);
    return (
      <Stack gap="md" maw={900}>
        {heading}
        <ReadableAlert color={isRefused ? 'yellow' : 'red'} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {isRefused ? t('help.edit.notAllowed') : t('app.loadFailed', { message: loaded.error.message })}
            </Text>
            {!isRefused && (
              <Button size="xs" variant="default" onClick={() => loaded.refetch()}>
                {t('app.retry')}
              </Button>
            )}
          </Stack>
        </ReadableAlert>
      </Stack>
    );
  }
  return <Editor key={`${loaded.data.AccountId}-${loaded.data.Version}`} saved={loaded.data} onReload={() => loaded.refetch()} />;
}

function Editor(props: { saved: EditableSupportDetails; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const save = useUpdateSupportDetails();
  const [values, setValues] = useState<SupportDetails>(props.saved.Details);
  const [errors, setErrors] = useState<Partial<Record<SupportDetailField, string>>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const conflict = useVersionConflict<SupportDetails & { Version: number; UpdatedBy: string | null; UpdatedAt: string | null }>();
  const isChanged = (Object.keys(values) as SupportDetailField[]).some((f) => values[f] !== props.saved.Details[f]);

  function submit(version: number) {
    setSaveError(null);
    const found = checkSupportDetails(values);
    setErrors(Object.fromEntries(found.map((e) => [e.field, e.message])));
    if (found.length > 0) return;
    save.mutate(
      { AccountId: props.saved.AccountId, Version: version, ...values },
      {
        onSuccess: () => {
          conflict.clear();
          notify({ color: 'green', message: t('help.edit.saved') });
        },
        onError: (error) => {
          if (conflict.capture(error)) return;
          const fields = error instanceof ApiError ? error.fieldErrors : [];
          if (fields.length > 0) setErrors(Object.fromEntries(fields.map((e) => [e.field, e.message])));
          else setSaveError(error.message);
        },
      },
    );
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    submit(props.saved.Version);
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md" maw={900}>
        <Title order={1} size="h2">
          {t('help.edit.title')}
        </Title>
        <Text size="sm">{t('help.edit.intro', { name: props.saved.DisplayName })}</Text>
        {conflict.current && (
          <VersionConflictAlert
            changedBy={conflict.current.UpdatedBy}
            changedAt={conflict.current.UpdatedAt}
            busy={save.isPending}
            onReload={() => {
              conflict.clear();
              void props.onReload();
            }}
            onKeep={() => conflict.current && submit(conflict.current.Version)}
          />
        )}
        {GROUPS.map((group) => (
          <Stack key={group.key} gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Title order={2} size="h4" component="legend">
              {t(`help.edit.groups.${group.key}`)}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {group.fields.map((field) => {
                const kind = SUPPORT_DETAIL_KINDS[field];
                return (
                  <TextInput
                    key={field}
                    name={field}
                    type={INPUT_TYPE[kind]}
                    label={t(`help.edit.fields.${field}`)}
                    value={values[field]}
                    maxLength={SUPPORT_DETAIL_MAX_LENGTH[kind]}
                    error={errors[field]}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setValues((all) => ({ ...all, [field]: value }));
                    }}
                    onBlur={() =>
                      setErrors((all) => ({ ...all, [field]: checkSupportDetail(field, values[field]) ?? undefined }))
                    }
                  />
                );
              })}
            </SimpleGrid>
          </Stack>
        ))}
        {saveError && (
          <ReadableAlert color="red" role="alert">
            {t('help.edit.saveFailed', { message: saveError })}
          </ReadableAlert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!isChanged}>
            {t('help.edit.save')}
          </Button>
          {props.saved.UpdatedAt && (
            <Text size="xs" c="dimmed">
              {t('help.edit.lastSaved', {
                name: props.saved.UpdatedBy ?? t('help.edit.someone'),
                when: formatUtcDay(props.saved.UpdatedAt),
              })}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
