import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { ExportFileResultSchema } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useExportReport, useReportJob } from '../api/use-report-result';

/**
 * Export to Excel: queues the ExportReport job, shows its progress and then the file to download (the job's
 * DownloadUrl). A result above the row cap is refused: 'Data limit exceeded' [M5.14].
 */
export function ExportReportButton({ name, reportName, isDisabled }: { name: string; reportName: string; isDisabled: boolean }) {
  const { t } = useTranslation();
  const start = useExportReport();
  const [isOpen, setOpen] = useState(false);
  const poll = useReportJob(start.data?.Id ?? null);
  const job = poll.data ?? start.data;
  const file = job?.Status === 'succeeded' ? ExportFileResultSchema.safeParse(job.Result).data : undefined;
  const isLimit = start.error instanceof ApiError && start.error.code === 'DATA_LIMIT_EXCEEDED';
  const isRunning = start.isPending || job?.Status === 'queued' || job?.Status === 'running';

  const handleExport = () => {
    start.reset();
    setOpen(true);
    start.mutate(name);
  };

  return (
    <>
      <Button variant="default" onClick={handleExport} disabled={isDisabled}>
        {t('reports.export.button')}
      </Button>
      <Modal
        opened={isOpen}
        onClose={() => setOpen(false)}
        title={isLimit ? t('reports.export.limitTitle') : t('reports.export.title', { name: reportName })}
        centered
        closeButtonProps={{ 'aria-label': t('reports.export.close') }}
      >
        <Stack>
          {isRunning && (
            <Stack gap={6}>
              <Text size="sm">{job?.ProgressMessage ?? t('reports.export.working')}</Text>
              <Progress.Root size="lg">
                <Progress.Section
                  value={Math.max(job?.Progress ?? 0, 2)}
                  striped
                  animated
                  aria-label={t('reports.export.progress')}
                  aria-valuenow={job?.Progress ?? 0}
                  aria-valuetext={`${job?.Progress ?? 0}%`}
                />
              </Progress.Root>
            </Stack>
          )}
          {isLimit && (
            <ReadableAlert color="red" role="alert">
              {t('reports.export.limitText')}
            </ReadableAlert>
          )}
          {start.error && !isLimit && (
            <ReadableAlert color="red" role="alert" title={t('reports.export.failed')}>
              {start.error.message}
            </ReadableAlert>
          )}
          {job?.Status === 'failed' && (
            <ReadableAlert color="red" role="alert" title={t('reports.export.failed')}>
              {job.Error}
            </ReadableAlert>
          )}
          {poll.isError && !poll.data && (
            <ReadableAlert color="red" role="alert">
              {t('reports.export.lost', { message: poll.error.message })}
            </ReadableAlert>
          )}
          {file && (
            <Stack gap="xs" align="flex-start">
              <Text size="sm" role="status">
                {t('reports.export.ready', { count: file.Rows })}
              </Text>
              <Button component="a" href={file.DownloadUrl} download={file.FileName}>
                {t('reports.export.download', { file: file.FileName })}
              </Button>
            </Stack>
          )}
          {!isRunning && (
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('reports.export.close')}
              </Button>
            </Group>
          )}
        </Stack>
      </Modal>
    </>
  );
}
