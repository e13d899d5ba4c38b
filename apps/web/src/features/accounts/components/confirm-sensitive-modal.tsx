import { Button, Group, List, Modal, Text } from '@mantine/core';
import type { FieldDefinition, FieldValue } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

export interface SensitiveChange {
  def: FieldDefinition;
  before: FieldValue;
  after: FieldValue;
}

/** [A5.6] Asks to confirm changes of fields flagged IsModifyConfirmRequired before saving. */
export function ConfirmSensitiveModal(props: {
  changes: readonly SensitiveChange[] | null;
  isSaving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const show = (v: FieldValue) => (v === null || v === '' ? t('account.confirm.empty') : String(v));
  return (
    <Modal
      opened={props.changes !== null}
      onClose={props.onCancel}
      title={t('account.confirm.title')}
      centered
      closeButtonProps={{ 'aria-label': t('account.confirm.cancel') }}
    >
      <Text size="sm" mb="sm">
        {t('account.confirm.text')}
      </Text>
      <List size="sm" mb="lg">
        {props.changes?.map((c) => (
          <List.Item key={c.def.Name}>
            {t('account.confirm.field', { field: c.def.DisplayName, before: show(c.before), after: show(c.after) })}
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          {t('account.confirm.cancel')}
        </Button>
        <Button loading={props.isSaving} onClick={props.onConfirm}>
          {t('account.confirm.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
