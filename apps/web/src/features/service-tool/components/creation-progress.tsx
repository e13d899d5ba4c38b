import { Text } from '@mantine/core';
import { CreationResultSchema } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { JobProgress, useJob } from '../../account-tools';
import { serviceKeys } from '../api/service-keys';

/**
 * [S1.1] The progress of the job creating a service, under 'Creation started': a bar while it is queued
 * or running, then that the service is ready (the services list is refreshed), or why it failed.
 */
export function CreationProgress({ jobId }: { jobId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const poll = useJob(jobId);
  const job = poll.data;
  const status = job?.Status;

  useEffect(() => {
    if (status === 'succeeded' || status === 'failed') void queryClient.invalidateQueries({ queryKey: serviceKeys.all });
  }, [status, queryClient]);

  if (!job || job.Status === 'queued' || job.Status === 'running') {
    return <JobProgress job={job} label={t('serviceToolExtra.creation.progress')} />;
  }
  if (job.Status === 'succeeded') {
    const result = CreationResultSchema.safeParse(job.Result).data;
    return (
      <Text size="sm" role="status" fw={500}>
        {t('serviceToolExtra.creation.ready', { name: result?.ServiceName ?? '' })}
      </Text>
    );
  }
  return (
    <ReadableAlert color="red" role="alert" title={t('serviceToolExtra.creation.failed')}>
      {job.Error}
    </ReadableAlert>
  );
}
