import { Alert, Button, Checkbox, Group, Loader, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import {
  PASSWORD_CLASSES,
  PASSWORD_MIN_LENGTH,
  type PasswordClass,
  type SecurityPolicy,
  type SecuritySettings,
} from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VersionConflictAlert } from '../../../components/ui/version-conflict-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useVersionConflict } from '../../../lib/version-conflict';
import { securityKeys, useSecuritySettings, useUpdateSecuritySettings } from '../api/use-security';
import { PlatformTermsPanel } from './platform-terms-panel';
import { SsoProvidersSection } from './sso-providers-section';

/** [A2.19] Security tab of a company or reseller: its password policy and whether a second sign-in step is required. */
export function SecurityTab({ accountId, isProvider = false }: { accountId: number; isProvider?: boolean }) {
  const { t } = useTranslation();
  const query = useSecuritySettings(accountId);
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  if (!query.data) return <Loader size="sm" aria-label={t('app.loading')} />;
  const data = query.data;
  return (
    <Stack gap="xl">
      {/* A new version (saved here, or their values reloaded) opens the form afresh. */}
      <PolicyForm key={data.Version} accountId={accountId} data={data} />
      <SsoProvidersSection accountId={accountId} />
      {/* The provider's own Security tab also manages the platform terms. */}
      {isProvider && data.CanUpdate && <PlatformTermsPanel />}
    </Stack>
  );
}

function PolicyForm({
  accountId,
  data,
}: {
  accountId: number;
  data: NonNullable<ReturnType<typeof useSecuritySettings>['data']>;
}) {
  const { t } = useTranslation();
  const update = useUpdateSecuritySettings(accountId);
  const queryClient = useQueryClient();
  /** Decision 0036: the settings as someone else saved them since the form opened, while the user decides. */
  const conflict = useVersionConflict<SecuritySettings>();
  const initial: SecurityPolicy = data.Policy ?? {
    MinLength: PASSWORD_MIN_LENGTH,
    RequiredClasses: [],
    ExpiryDays: null,
    MfaRequired: false,
  };
  const [policy, setPolicy] = useState<SecurityPolicy>(initial);
  const [expires, setExpires] = useState(initial.ExpiryDays !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const readOnly = !data.CanUpdate;
  const changed = JSON.stringify({ ...policy, ExpiryDays: expires ? policy.ExpiryDays : null }) !== JSON.stringify(initial);

  const handleSave = (version = data.Version) => {
    const payload = { ...policy, ExpiryDays: expires ? policy.ExpiryDays : null };
    if (expires && !payload.ExpiryDays) {
      setErrors({ ExpiryDays: t('access.security.expiryRequired') });
      return;
    }
    setErrors({});
    update.mutate(
      { policy: payload, version },
      {
        onSuccess: () => notify({ color: 'green', message: t('access.security.saved') }),
        onError: (error) => {
          if (conflict.capture(error)) return;
          if (error instanceof ApiError && error.fieldErrors.length > 0)
            setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.field, e.message])));
          else notify({ color: 'red', message: error.message });
        },
      },
    );
  };
  const toggleClass = (c: PasswordClass, on: boolean) =>
    setPolicy((p) => ({
      ...p,
      RequiredClasses: on
        ? PASSWORD_CLASSES.filter((x) => x === c || p.RequiredClasses.includes(x))
        : p.RequiredClasses.filter((x) => x !== c),
    }));

  return (
    <Stack gap="lg" maw={640}>
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('access.security.policyTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('access.security.policyHelp')}
        </Text>
      </Stack>
      {data.RaisedAbove && (
        <Alert color="blue" role="status">
          {t('access.security.raisedAbove', {
            length: data.Effective.MinLength,
            mfa: data.Effective.MfaRequired ? t('access.security.mfaOn') : t('access.security.mfaOff'),
          })}
        </Alert>
      )}
      <NumberInput
        label={t('access.security.minLength')}
        description={t('access.security.minLengthHelp', { min: PASSWORD_MIN_LENGTH })}
        min={PASSWORD_MIN_LENGTH}
        max={128}
        clampBehavior="none"
        value={policy.MinLength}
        onChange={(v) => setPolicy((p) => ({ ...p, MinLength: typeof v === 'number' ? v : Number(v) || 0 }))}
        error={errors.MinLength}
        disabled={readOnly}
        w={220}
      />
      <Checkbox.Group label={t('access.security.classes')} value={policy.RequiredClasses}>
        <Group mt="xs">
          {PASSWORD_CLASSES.map((c) => (
            <Checkbox
              key={c}
              value={c}
              label={t(`access.security.class.${c}`)}
              disabled={readOnly}
              onChange={(e) => toggleClass(c, e.currentTarget.checked)}
            />
          ))}
        </Group>
      </Checkbox.Group>
      <Group align="flex-end">
        <Switch
          label={t('access.security.expires')}
          checked={expires}
          disabled={readOnly}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setExpires(on);
            if (on && policy.ExpiryDays === null) setPolicy((p) => ({ ...p, ExpiryDays: 90 }));
          }}
        />
        {expires && (
          <NumberInput
            label={t('access.security.expiryDays')}
            min={1}
            max={3650}
            clampBehavior="none"
            value={policy.ExpiryDays ?? ''}
            onChange={(v) => setPolicy((p) => ({ ...p, ExpiryDays: typeof v === 'number' ? v : null }))}
            error={errors.ExpiryDays}
            disabled={readOnly}
            w={160}
          />
        )}
      </Group>
      <Switch
        label={t('access.security.mfaRequired')}
        description={t('access.security.mfaRequiredHelp')}
        checked={policy.MfaRequired}
        disabled={readOnly}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          setPolicy((p) => ({ ...p, MfaRequired: on }));
        }}
      />
      {conflict.current && (
        <VersionConflictAlert
          changedBy={conflict.current.UpdatedBy}
          changedAt={conflict.current.UpdatedAt}
          // Their values: the settings as saved now open the form afresh (its key is their Version).
          onReload={() => queryClient.setQueryData(securityKeys.settings(accountId), conflict.current)}
          onKeep={() => handleSave(conflict.current?.Version)}
          busy={update.isPending}
        />
      )}
      {readOnly ? (
        <Text size="sm" c="dimmed">
          {t('access.security.readOnly')}
        </Text>
      ) : (
        <Group>
          <Button onClick={() => handleSave()} disabled={!changed} loading={update.isPending}>
            {t('access.save')}
          </Button>
          <Button
            variant="default"
            disabled={!changed || update.isPending}
            onClick={() => {
              setPolicy(initial);
              setExpires(initial.ExpiryDays !== null);
              setErrors({});
            }}
          >
            {t('access.cancel')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
