import { Group, Progress, Stack, Text } from '@mantine/core';
import type { Job } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** A job on its way: a labelled progress bar, the percentage and what the job is doing now. */
export function JobProgress({ job, label }: { job: Job | undefined; label: string }) {
  const { t } = useTranslation();
  const percent = job?.Progress ?? 0;
  const isWaiting = !job || job.Status === 'queued';
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" data-testid="job-percent">
          {t('jobs.progress.percent', { percent })}
        </Text>
      </Group>
      <Progress.Root size="lg">
        <Progress.Section
          value={Math.max(percent, 2)}
          aria-label={label}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%`}
          animated
          striped
        />
      </Progress.Root>
      <Text size="sm" c="dimmed" role="status">
        {isWaiting ? t('jobs.progress.waiting') : (job.ProgressMessage ?? t('jobs.progress.working'))}
      </Text>
      {job?.Status === 'queued' && job.Error && (
        <Text size="sm" c="orange.9">
          {t('jobs.progress.retrying', { error: job.Error })}
        </Text>
      )}
    </Stack>
  );
}
