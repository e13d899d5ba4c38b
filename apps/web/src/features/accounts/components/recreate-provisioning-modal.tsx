import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useRecreateProvisioning } from '../api/use-provisioning';

export interface RecreateProvisioningModalProps {
  accountId: number;
  accountName: string;
  onClose: () => void;
}

/**
 * [A2.37] Recreating the provisioning request: the user confirms by typing the account id and reads that
 * every pending provisioning request will be canceled.
 */
export function RecreateProvisioningModal(props: RecreateProvisioningModalProps) {
  const { t } = useTranslation();
  const recreate = useRecreateProvisioning();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleConfirm = () => {
    if (typed.trim() !== String(props.accountId)) {
      setError(t('provisioning.recreate.mismatch', { id: props.accountId }));
      return;
    }
    setError(null);
    recreate.mutate(
      { id: props.accountId, confirmAccountId: props.accountId },
      {
        onSuccess: () => {
          // [A8.13]
          notify({ color: 'green', message: t('provisioning.recreate.started') });
          props.onClose();
        },
        onError: (e) => {
          const field = e instanceof ApiError ? e.fieldErrors.find((f) => f.field === 'confirmAccountId') : undefined;
          if (field) setError(field.message);
          else {
            notify({ color: 'red', title: t('provisioning.recreate.failed'), message: e.message });
            props.onClose();
          }
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('provisioning.recreate.title', { name: props.accountName })}
      centered
      closeButtonProps={{ 'aria-label': t('provisioning.recreate.cancel') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          handleConfirm();
        }}
      >
        <Stack>
          <Text size="sm">{t('provisioning.recreate.text')}</Text>
          <TextInput
            label={t('provisioning.recreate.confirmLabel', { id: props.accountId })}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            error={error}
            inputMode="numeric"
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('provisioning.recreate.cancel')}
            </Button>
            <Button type="submit" color="red" loading={recreate.isPending}>
              {t('provisioning.recreate.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
