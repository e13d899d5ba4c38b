import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ExportFileResultSchema } from '@portal/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { formatUtcMinute } from '../../../lib/format-time';
import { useStartAccountJob } from '../api/use-account-tools';
import { useJob } from '../api/use-job';
import { JobProgress } from './job-progress';

export type ExportKind = 'credentials' | 'hierarchy';

/**
 * [A2.3] #/Account/View/{id}/ExportFirstTimeCredentials and [A2.4] #/Account/View/{id}/ExportCompanyHierarchy:
 * runs the export (the credentials export after a confirmation, since it replaces passwords), shows its
 * progress, then the download link.
 */
export function ExportModal(props: { kind: ExportKind; accountId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const start = useStartAccountJob(props.kind === 'credentials' ? 'exportCredentials' : 'exportHierarchy');
  const poll = useJob(start.data?.Id ?? null);
  const job = poll.data ?? start.data;
  const file = job?.Status === 'succeeded' ? ExportFileResultSchema.safeParse(job.Result).data : undefined;
  const started = useRef(false);
  const { kind, accountId } = props;
  const { mutate } = start;

  useEffect(() => {
    // The hierarchy export changes nothing: the route runs it at once.
    if (kind === 'hierarchy' && !started.current) {
      started.current = true;
      mutate(accountId);
    }
  }, [kind, accountId, mutate]);

  const prefix = kind === 'credentials' ? 'jobs.exportCredentials' : 'jobs.exportHierarchy';
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t(`${prefix}.title`, { name: props.name })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('jobs.closeDialog') }}
    >
      <Stack>
        {kind === 'credentials' && !job && !start.isPending && !start.error && (
          <>
            <Text size="sm">{t('jobs.exportCredentials.confirmText', { name: props.name })}</Text>
            <Text size="sm">{t('jobs.exportCredentials.keepSafe')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onClose}>
                {t('jobs.cancel')}
              </Button>
              <Button onClick={() => mutate(accountId)} data-autofocus>
                {t('jobs.exportCredentials.confirm')}
              </Button>
            </Group>
          </>
        )}
        {(start.isPending || (job && (job.Status === 'queued' || job.Status === 'running'))) && (
          <>
            <JobProgress job={job} label={t(`${prefix}.progress`)} />
            <Text size="sm" c="dimmed">
              {t('jobs.exports.background')}
            </Text>
          </>
        )}
        {start.error && (
          <ReadableAlert color="red" role="alert" title={t('jobs.exports.startFailed')}>
            {start.error.message}
          </ReadableAlert>
        )}
        {job?.Status === 'succeeded' && file && (
          <ReadableAlert color="green" title={t('jobs.exports.ready')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('jobs.exports.readyText', { count: file.Rows, expires: formatUtcMinute(file.ExpiresAt) })}</Text>
              <Button
                component="a"
                href={file.DownloadUrl}
                download={file.FileName}
                h="auto"
                py={8}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              >
                {t('jobs.exports.download', { file: file.FileName })}
              </Button>
            </Stack>
          </ReadableAlert>
        )}
        {job?.Status === 'failed' && (
          <ReadableAlert color="red" role="alert" title={t('jobs.exports.failed')}>
            {job.Error}
          </ReadableAlert>
        )}
        {poll.isError && !poll.data && (
          <ReadableAlert color="red" role="alert">
            {t('jobs.progress.lost', { message: poll.error.message })}
          </ReadableAlert>
        )}
        {(job || start.error) && (
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('jobs.close')}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
