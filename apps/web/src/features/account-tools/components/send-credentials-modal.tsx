import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSendUserCredentials } from '../api/use-account-tools';

/** [A6.19] Confirms and sends a User account a new first-time password by e-mail. */
export function SendCredentialsModal(props: { accountId: number; name: string; email: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useSendUserCredentials();
  const error =
    send.error instanceof ApiError ? (send.error.fieldErrors[0]?.message ?? send.error.message) : (send.error?.message ?? null);

  const handleSend = () =>
    send.mutate(props.accountId, {
      onSuccess: () => {
        // [A8.13] The spec's success message.
        notify({ color: 'green', message: t('jobs.credentials.sent') });
        props.onClose();
      },
    });

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('jobs.credentials.confirmTitle', { name: props.name })}
      centered
      closeButtonProps={{ 'aria-label': t('jobs.closeDialog') }}
    >
      <Stack>
        <Text size="sm">
          {props.email
            ? t('jobs.credentials.confirmText', { name: props.name, email: props.email })
            : t('jobs.credentials.confirmTextNoEmail', { name: props.name })}
        </Text>
        <Text size="sm">{t('jobs.credentials.replaces')}</Text>
        {error && (
          <ReadableAlert color="red" role="alert" title={t('jobs.credentials.failed')}>
            {error}
          </ReadableAlert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('jobs.cancel')}
          </Button>
          <Button onClick={handleSend} loading={send.isPending} data-autofocus>
            {t('jobs.credentials.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
