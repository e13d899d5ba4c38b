import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface TerminateAccountModalProps {
  opened: boolean;
  accountName: string;
  isSaving: boolean;
  /** A message from the server about the chosen date. */
  dateError: string | null;
  onConfirm: (terminationDate: string | null) => void;
  onClose: () => void;
}

/** [A4.1] Confirms a termination, now or on a chosen date and time (UTC). */
export function TerminateAccountModal(props: TerminateAccountModalProps) {
  const { t } = useTranslation();
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [date, setDate] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);

  const handleConfirm = () => {
    if (when === 'now') return props.onConfirm(null);
    if (!date) return setLocalError(t('account.terminate.dateRequired'));
    // The input shows UTC: the value is taken as a UTC date and time.
    const iso = new Date(`${date}:00Z`);
    if (Number.isNaN(iso.getTime()) || iso.getTime() <= Date.now()) return setLocalError(t('account.terminate.dateFuture'));
    setLocalError(null);
    props.onConfirm(iso.toISOString());
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('account.terminate.title', { name: props.accountName })}
      centered
      closeButtonProps={{ 'aria-label': t('account.terminate.cancel') }}
    >
      <Stack>
        <Text size="sm">{t('account.terminate.text')}</Text>
        <Radio.Group value={when} onChange={(v) => setWhen(v as 'now' | 'later')} label={t('account.terminate.when')}>
          <Stack gap="xs" mt="xs">
            <Radio value="now" label={t('account.terminate.now')} />
            <Radio value="later" label={t('account.terminate.later')} />
          </Stack>
        </Radio.Group>
        {when === 'later' && (
          <TextInput
            type="datetime-local"
            label={t('account.terminate.date')}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={localError ?? props.dateError}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('account.terminate.cancel')}
          </Button>
          <Button color="red" loading={props.isSaving} onClick={handleConfirm}>
            {when === 'now' ? t('account.terminate.confirmNow') : t('account.terminate.confirmLater')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
