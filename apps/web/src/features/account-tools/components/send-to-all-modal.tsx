import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { SendCredentialsResultSchema } from '@portal/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { notify } from '../../../lib/notify';
import { useStartAccountJob } from '../api/use-account-tools';
import { useJob } from '../api/use-job';
import { JobProgress } from './job-progress';

/** [A6.11] Confirms, then sends every active user below a Reseller or Company a new first-time password, with progress. */
export function SendToAllModal(props: { accountId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const start = useStartAccountJob('sendToAll');
  const poll = useJob(start.data?.Id ?? null);
  const job = poll.data ?? start.data;
  const result = job?.Status === 'succeeded' ? SendCredentialsResultSchema.safeParse(job.Result).data : undefined;
  const announced = useRef(false);

  useEffect(() => {
    if (job?.Status === 'succeeded' && !announced.current) {
      announced.current = true;
      notify({ color: 'green', message: t('jobs.credentials.sent') });
    }
  }, [job?.Status, t]);

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('jobs.sendToAll.title', { name: props.name })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('jobs.closeDialog') }}
    >
      <Stack>
        {!job && (
          <>
            <Text size="sm">{t('jobs.sendToAll.confirmText', { name: props.name })}</Text>
            <Text size="sm">{t('jobs.credentials.replaces')}</Text>
            {start.error && (
              <ReadableAlert color="red" role="alert" title={t('jobs.sendToAll.startFailed')}>
                {start.error.message}
              </ReadableAlert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onClose}>
                {t('jobs.cancel')}
              </Button>
              <Button onClick={() => start.mutate(props.accountId)} loading={start.isPending} data-autofocus>
                {t('jobs.credentials.send')}
              </Button>
            </Group>
          </>
        )}
        {job && (job.Status === 'queued' || job.Status === 'running') && (
          <>
            <JobProgress job={job} label={t('jobs.sendToAll.progress')} />
            <Text size="sm" c="dimmed">
              {t('jobs.sendToAll.background')}
            </Text>
          </>
        )}
        {job?.Status === 'succeeded' && (
          <ReadableAlert color="green" title={t('jobs.credentials.sent')}>
            {t('jobs.sendToAll.done', { count: result?.Sent ?? 0 })}
            {result && result.Skipped > 0 && ` ${t('jobs.sendToAll.skipped', { count: result.Skipped })}`}
          </ReadableAlert>
        )}
        {job?.Status === 'failed' && (
          <ReadableAlert color="red" role="alert" title={t('jobs.sendToAll.failed')}>
            {job.Error}
          </ReadableAlert>
        )}
        {poll.isError && !poll.data && (
          <ReadableAlert color="red" role="alert">
            {t('jobs.progress.lost', { message: poll.error.message })}
          </ReadableAlert>
        )}
        {job && (
          <Group justify="flex-end">
            <Button variant={job.Status === 'succeeded' ? 'filled' : 'default'} onClick={props.onClose}>
              {t('jobs.close')}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
