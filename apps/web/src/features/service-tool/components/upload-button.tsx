import { Button, FileButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UploadedFile, uploadFile } from '../../../lib/keeper';
import { ACCEPT, type UploadKind, uploadProblem } from '../utils/upload-form';

/**
 * [S2.5], [S2.6] Uploads one file through /keeper/upload [A7.2]: the type and size are checked first
 * ([S5.6] images png, jpg, jpeg or gif), progress shows while it is sent, and a refusal is shown with
 * the server's reason.
 */
export function UploadButton(props: {
  kind: UploadKind;
  label: string;
  onUploaded: (file: UploadedFile) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function handle(file: File | null) {
    if (!file) return;
    const problem = uploadProblem(props.kind, file);
    if (problem) {
      setError(t(`serviceDrafts.upload.${problem}`));
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const uploaded = await uploadFile(file, {
        onProgress: setProgress,
        fallbackMessage: t('serviceDrafts.upload.fallback'),
      });
      props.onUploaded(uploaded);
    } catch (e) {
      setError(t('serviceDrafts.upload.failed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Stack gap={4}>
      <FileButton onChange={handle} accept={ACCEPT[props.kind]} disabled={props.disabled || progress !== null}>
        {(p) => (
          <Button {...p} variant="default" loading={progress !== null}>
            {props.label}
          </Button>
        )}
      </FileButton>
      {progress !== null && (
        <Progress value={progress} size="sm" aria-label={t('serviceDrafts.upload.uploading', { percent: progress })} />
      )}
      {error && (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** Asks before a file is removed from the service. */
export function ConfirmRemoveModal(props: { name: string | null; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.name !== null}
      onClose={props.onCancel}
      title={t('serviceDrafts.upload.removeTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('serviceDrafts.import.close') }}
      // Closes at once: a row's remove button right after a cancel must not meet a fading overlay.
      transitionProps={{ duration: 0 }}
    >
      <Stack>
        <Text>{t('serviceDrafts.upload.removeText', { name: props.name ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} data-autofocus>
            {t('serviceDrafts.upload.cancel')}
          </Button>
          <Button color="red" onClick={props.onConfirm}>
            {t('serviceDrafts.upload.remove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
