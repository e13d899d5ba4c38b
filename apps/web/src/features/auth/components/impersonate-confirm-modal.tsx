import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** [A6.8] The confirmation of the Impersonate action. */
export function ImpersonateConfirmModal(props: {
  accountName: string;
  isStarting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('access.impersonation.confirmTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('access.close') }}
    >
      <Text size="sm" mb="lg">
        {t('access.impersonation.confirmText', { name: props.accountName })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {t('access.cancel')}
        </Button>
        <Button loading={props.isStarting} onClick={props.onConfirm}>
          {t('access.impersonation.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
