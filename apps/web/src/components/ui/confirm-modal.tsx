import { Button, Group, Modal, Text } from '@mantine/core';

/**
 * A question asked before an action: its text, a way back (also the close button's name unless `closeLabel` says
 * otherwise) and the action itself, busy while it runs.
 */
export function ConfirmModal(props: {
  title: string;
  text: string;
  cancelLabel: string;
  confirmLabel: string;
  closeLabel?: string;
  isBusy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': props.closeLabel ?? props.cancelLabel }}
    >
      <Text size="sm" mb="lg">
        {props.text}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {props.cancelLabel}
        </Button>
        <Button loading={props.isBusy} onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
