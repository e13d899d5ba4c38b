import { Alert, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import type { CreditPolicy, OrdersWithoutLimit } from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VersionConflictAlert } from '../../../components/ui/version-conflict-alert';
import { ApiError } from '../../../lib/api-client';
import { formatUtcMinute } from '../../../lib/format-time';
import { notify } from '../../../lib/notify';
import { useVersionConflict } from '../../../lib/version-conflict';
import { useUpdateCreditPolicy } from '../api/use-update-credit-policy';

/**
 * Decision 0046: a reseller's setting for its customers without a credit limit: their orders are allowed (placed
 * at once) or reviewed (they wait for approval on the Orders page). Editable by those who may change credit limits,
 * read-only otherwise; saved over the version read (decision 0036).
 */
export function CreditPolicyForm({ policy }: { policy: CreditPolicy }) {
  const { t } = useTranslation();
  const update = useUpdateCreditPolicy();
  const [value, setValue] = useState<OrdersWithoutLimit>(policy.OrdersWithoutLimit);
  const [failure, setFailure] = useState<string | null>(null);
  const conflict = useVersionConflict<CreditPolicy>();
  const titleId = useId();

  const save = async (version = policy.Version) => {
    setFailure(null);
    try {
      await update.mutateAsync({ accountId: policy.AccountId, OrdersWithoutLimit: value, Version: version });
      conflict.clear();
      notify({ color: 'green', message: t('credit.policy.saved') });
    } catch (error) {
      if (conflict.capture(error)) return;
      setFailure(error instanceof ApiError ? error.message : t('credit.policy.saveFailed'));
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack
        gap="sm"
        component="form"
        aria-labelledby={titleId}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Title order={2} size="h4" id={titleId}>
          {t('credit.policy.title')}
        </Title>
        <Radio.Group
          label={t('credit.policy.label')}
          description={t('credit.policy.description')}
          value={value}
          onChange={(v) => {
            setValue(v as OrdersWithoutLimit);
            setFailure(null);
          }}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="Allowed" label={t('credit.policy.Allowed')} disabled={!policy.CanEdit} />
            <Radio value="Reviewed" label={t('credit.policy.Reviewed')} disabled={!policy.CanEdit} />
          </Stack>
        </Radio.Group>
        {policy.UpdatedAt && (
          <Text size="sm" c="dimmed">
            {t('credit.policy.updated', { name: policy.UpdatedBy ?? '—', when: formatUtcMinute(policy.UpdatedAt) })}
          </Text>
        )}
        {!policy.CanEdit && <Text size="sm">{t('credit.policy.readOnly')}</Text>}
        {conflict.current && (
          <VersionConflictAlert
            changedBy={conflict.current.UpdatedBy}
            changedAt={conflict.current.UpdatedAt}
            onReload={() => {
              setValue(conflict.current?.OrdersWithoutLimit ?? policy.OrdersWithoutLimit);
              conflict.clear();
            }}
            onKeep={() => void save(conflict.current?.Version)}
            busy={update.isPending}
          />
        )}
        {failure && (
          <Alert color="red" role="alert" title={t('credit.policy.saveFailed')}>
            {failure}
          </Alert>
        )}
        {policy.CanEdit && (
          <Group>
            <Button type="submit" disabled={value === policy.OrdersWithoutLimit && !conflict.current} loading={update.isPending}>
              {t('credit.policy.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
