import { Alert, Button, Group, Loader, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { formatResetDate, type PriceProtectionResetTarget, parseResetDate, resetDateError } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useResetPriceProtection, useResetTargets } from '../api/use-price-protection';

/** [A2.53] [A5.9] Chooses a subscription and a new end (yyyy-MM-dd HH:mm, 24-hour, UTC), confirms, then saves. */
export function ResetPriceProtectionModal(props: { accountId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const targets = useResetTargets(props.accountId);
  const reset = useResetPriceProtection();
  const [chosen, setChosen] = useState<string | null>(String(props.accountId));
  const [date, setDate] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const items = targets.data?.Items ?? [];
  const target: PriceProtectionResetTarget | undefined =
    items.find((i) => String(i.AccountId) === chosen) ?? (items.length === 1 ? items[0] : undefined);
  const serverError = reset.error instanceof ApiError ? reset.error : null;
  const serverDateError = serverError?.fieldErrors.find((e) => e.field === 'DateTo')?.message ?? null;
  const otherError = serverError && !serverDateError ? (serverError.fieldErrors[0]?.message ?? serverError.message) : null;

  const handleNext = () => {
    if (!target) return;
    const bounds = { from: parseResetDate(target.DateFrom) as Date, to: parseResetDate(target.DateTo) as Date };
    const message = resetDateError(date, bounds);
    setDateError(message);
    if (!message) setConfirming(true);
  };

  const handleSave = () => {
    if (!target) return;
    reset.mutate(
      { accountId: target.AccountId, DateTo: date.trim(), Version: target.Version },
      {
        onSuccess: () => {
          notify({ color: 'green', message: t('priceProtectionReset.done') });
          props.onClose();
        },
        onError: () => setConfirming(false),
      },
    );
  };

  const current = target ? formatResetDate(new Date(target.PriceProtectionEnddate)) : null;
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('priceProtectionReset.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('priceProtectionReset.cancel') }}
    >
      {targets.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text>{t('priceProtectionReset.loading')}</Text>
        </Group>
      ) : targets.isError ? (
        <Alert color="red" role="alert" title={t('priceProtectionReset.loadFailed')}>
          <Button variant="default" size="xs" mt="xs" onClick={() => void targets.refetch()}>
            {t('priceProtectionReset.retry')}
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <Stack>
          <Text>{t('priceProtectionReset.none')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('priceProtectionReset.close')}
            </Button>
          </Group>
        </Stack>
      ) : confirming && target ? (
        <Stack>
          <Text>{t('priceProtectionReset.confirmText', { name: target.Name, from: current, to: date.trim() })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={reset.isPending}>
              {t('priceProtectionReset.back')}
            </Button>
            <Button onClick={handleSave} loading={reset.isPending} data-autofocus>
              {t('priceProtectionReset.confirm')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Select
            label={t('priceProtectionReset.subscription')}
            data={items.map((i) => ({ value: String(i.AccountId), label: i.Name }))}
            value={target ? String(target.AccountId) : null}
            onChange={(v) => {
              setChosen(v);
              setDateError(null);
              reset.reset();
            }}
            allowDeselect={false}
            required
          />
          {target && (
            <Text size="sm" c="dimmed">
              {t('priceProtectionReset.current', { date: current })}
              {target.Marketplaces.length > 0 &&
                ` ${t('priceProtectionReset.marketplaces', { names: target.Marketplaces.join(', ') })}`}
            </Text>
          )}
          <TextInput
            label={t('priceProtectionReset.date')}
            description={target ? t('priceProtectionReset.bounds', { from: target.DateFrom, to: target.DateTo }) : undefined}
            placeholder="yyyy-MM-dd HH:mm"
            value={date}
            onChange={(e) => {
              setDate(e.currentTarget.value);
              setDateError(null);
              reset.reset();
            }}
            error={dateError ?? serverDateError}
            required
            data-autofocus
          />
          {otherError && (
            <Alert color="red" role="alert">
              {otherError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('priceProtectionReset.cancel')}
            </Button>
            <Button onClick={handleNext} disabled={!target || date.trim() === ''}>
              {t('priceProtectionReset.next')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
