import { Button, FileInput, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IMPORT_ONLY_XLSM, IMPORT_UPLOAD_EXPIRY_MS, type ImportType } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { uploadFile } from '../../../lib/keeper';
import { useDownloadTemplate } from '../api/use-account-import';
import { type ImportAnswers, isXlsmName } from '../utils/import-steps';

export interface StepTemplateProps {
  type: ImportType;
  parentId: number;
  parentName: string;
  productName: string | null;
  name: string;
  upload: ImportAnswers['upload'];
  onName: (name: string) => void;
  onUpload: (upload: ImportAnswers['upload']) => void;
  /** A message from validating the upload (Error uploading template), shown here. */
  validationError: string | null;
}

/**
 * [A2.46] Download the template, then upload it with an import name. [A5.4] Only .xlsm files; [A5.10] the upload
 * is good for 600000 ms; [A8.3] upload failures say "Error uploading file".
 */
export function StepTemplate(props: StepTemplateProps) {
  const { t } = useTranslation();
  const download = useDownloadTemplate();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setError(null);
    props.onUpload(null);
    if (!chosen) return;
    if (!isXlsmName(chosen.name)) {
      setError(IMPORT_ONLY_XLSM);
      return;
    }
    setProgress(0);
    try {
      const uploaded = await uploadFile(chosen, {
        onProgress: setProgress,
        fallbackMessage: t('accountImport.template.uploadError'),
      });
      props.onUpload({ path: uploaded.path, originalName: uploaded.originalName, uploadedAt: Date.now() });
    } catch (e) {
      setError(e instanceof Error ? e.message : t('accountImport.template.uploadError'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack>
      <Text size="sm">{t('accountImport.template.intro', { name: props.parentName })}</Text>
      <Group>
        <Button
          variant="default"
          loading={download.isPending}
          onClick={() => download.mutate({ type: props.type, parentId: props.parentId, productName: props.productName })}
        >
          {t('accountImport.template.download')}
        </Button>
        {download.isSuccess && (
          <Text size="sm" role="status">
            {t('accountImport.template.downloaded', { file: download.data })}
          </Text>
        )}
      </Group>
      {download.error && (
        <ReadableAlert color="red" role="alert" title={t('accountImport.template.downloadError')}>
          {download.error.message}
        </ReadableAlert>
      )}
      <TextInput
        label={t('accountImport.template.name')}
        description={t('accountImport.template.nameHint')}
        required
        maxLength={200}
        value={props.name}
        onChange={(e) => props.onName(e.currentTarget.value)}
      />
      <FileInput
        label={t('accountImport.template.file')}
        description={t('accountImport.template.fileHint', { minutes: IMPORT_UPLOAD_EXPIRY_MS / 60_000 })}
        placeholder={t('accountImport.template.filePlaceholder')}
        accept=".xlsm,application/vnd.ms-excel.sheet.macroEnabled.12"
        required
        clearable
        clearButtonProps={{ 'aria-label': t('accountImport.template.clearFile') }}
        value={file}
        onChange={(chosen) => void choose(chosen)}
      />
      {progress !== null && <Progress value={progress} aria-label={t('accountImport.template.uploading')} animated />}
      {props.upload && (
        <Text size="sm" role="status" data-testid="uploaded-file">
          {t('accountImport.template.uploaded', { file: props.upload.originalName })}
        </Text>
      )}
      {error && (
        <ReadableAlert color="red" role="alert" title={t('accountImport.template.uploadError')}>
          {error}
        </ReadableAlert>
      )}
      {props.validationError && (
        <ReadableAlert color="red" role="alert" title={t('accountImport.template.templateError')}>
          {props.validationError}
        </ReadableAlert>
      )}
    </Stack>
  );
}
