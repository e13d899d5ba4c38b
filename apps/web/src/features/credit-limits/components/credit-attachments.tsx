import { ActionIcon, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One file of the editor: uploading, uploaded (with its stored path) or failed. */
export interface DraftAttachment {
  key: string;
  name: string;
  status: 'uploading' | 'done' | 'error';
  progress: number;
  path: string | null;
  error: string | null;
}

export const ACCEPTED_FILES =
  '.pdf,.png,.jpg,.jpeg,.xlsx,.docx,.txt,application/pdf,image/png,image/jpeg,text/plain,' +
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,' +
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface CreditAttachmentsProps {
  items: DraftAttachment[];
  disabled: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (item: DraftAttachment) => void;
}

/** [A2.47] [A7.2] Attachments of a new record: each file uploads at once and can be removed before saving. */
export function CreditAttachments({ items, disabled, onAdd, onRemove }: CreditAttachmentsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Group gap="sm" align="center">
        <Text fw={500} size="sm" id="credit-attachments-label">
          {t('credit.attachments')}
        </Text>
        <FileButton onChange={onAdd} accept={ACCEPTED_FILES} multiple disabled={disabled}>
          {(props) => (
            <Button {...props} variant="default" size="xs" disabled={disabled} aria-describedby="credit-attachments-hint">
              {t('credit.addFiles')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed" id="credit-attachments-hint">
        {t('credit.attachmentsHint')}
      </Text>
      {items.length > 0 && (
        <Stack
          gap={4}
          component="ul"
          aria-labelledby="credit-attachments-label"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((item) => (
            <li key={item.key}>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {item.name}
                </Text>
                {item.status === 'uploading' && (
                  <Progress
                    value={item.progress}
                    w={120}
                    aria-label={t('credit.uploadProgress', { name: item.name })}
                    aria-valuenow={item.progress}
                  />
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={t('credit.remove', { name: item.name })}
                  onClick={() => onRemove(item)}
                  disabled={item.status === 'uploading'}
                >
                  ×
                </ActionIcon>
              </Group>
              {item.error && (
                <Text size="sm" c="red.9" role="alert">
                  {t('credit.uploadFailed', { name: item.name, message: item.error })}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
