import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks to confirm cancelling an account's scheduled termination. */
export function CancelTerminationModal(props: {
  accountName: string;
  /** When the termination is scheduled for, as the page shows it. */
  scheduledFor: string;
  isSaving: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('account.cancelTermination.title')}
      centered
      closeButtonProps={{ 'aria-label': t('account.cancelTermination.keep') }}
    >
      <Text size="sm" mb="lg">
        {t('account.cancelTermination.text', { name: props.accountName, date: props.scheduledFor })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {t('account.cancelTermination.keep')}
        </Button>
        <Button loading={props.isSaving} onClick={props.onConfirm}>
          {t('account.cancelTermination.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
