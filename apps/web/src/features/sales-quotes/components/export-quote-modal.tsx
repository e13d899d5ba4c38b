import { Anchor, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { ExportFileResultSchema } from '@portal/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { useQuoteExportJob, useStartQuoteExport } from '../api/use-sales-quotes';

export type QuoteExportType = 'xlsx' | 'pdf';

/**
 * [M2.7] [M6.1] The export route's window: it exports the saved revision on screen (an .xlsx of its lines, fields,
 * prices and totals, or the customer-facing PDF) in the background with progress, then offers the download. Without
 * a saved revision it says to save first.
 */
export function ExportQuoteModal(props: {
  type: QuoteExportType;
  /** The saved revision shown; null when the quote on screen was never saved. */
  quote: { id: number; revision: number; hasUnsavedChanges: boolean } | null;
  isAllowed: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const start = useStartQuoteExport();
  const poll = useQuoteExportJob(start.data?.Id ?? null);
  const job = poll.data ?? start.data;
  const file = job?.Status === 'succeeded' ? ExportFileResultSchema.safeParse(job.Result).data : undefined;
  const isRunning = start.isPending || job?.Status === 'queued' || job?.Status === 'running';
  const started = useRef(false);
  const { quote, isAllowed, type } = props;
  const { mutate } = start;

  // Opening the route is the export action [M2.7]: it starts once.
  useEffect(() => {
    if (started.current || !quote || !isAllowed) return;
    started.current = true;
    mutate({ type, id: quote.id, revision: quote.revision });
  }, [quote, isAllowed, type, mutate]);

  const title = type === 'xlsx' ? t('salesQuotes.export.xlsxTitle') : t('salesQuotes.export.pdfTitle');
  return (
    <Modal opened onClose={props.onClose} title={title} centered closeButtonProps={{ 'aria-label': t('salesQuotes.close') }}>
      <Stack>
        {!props.isAllowed && (
          <ReadableAlert color="yellow" role="alert" title={t('salesQuotes.export.notAllowedTitle')}>
            {t('salesQuotes.export.notAllowed')}
          </ReadableAlert>
        )}
        {props.isAllowed && !props.quote && (
          <ReadableAlert color="yellow" role="alert" title={t('salesQuotes.export.saveFirstTitle')}>
            {t('salesQuotes.export.saveFirst')}
          </ReadableAlert>
        )}
        {props.quote && (
          <Text size="sm">
            {t('salesQuotes.export.revision', { revision: props.quote.revision })}
            {props.quote.hasUnsavedChanges ? ` ${t('salesQuotes.export.unsaved')}` : ''}
          </Text>
        )}
        {isRunning && (
          <Stack gap={4}>
            <Progress value={Math.max(job?.Progress ?? 0, 2)} animated aria-label={t('salesQuotes.export.progress')} />
            <Text size="sm" role="status">
              {job?.ProgressMessage ?? t('salesQuotes.export.waiting')}
            </Text>
          </Stack>
        )}
        {start.error && (
          <ReadableAlert color="red" role="alert" title={t('salesQuotes.export.failed')}>
            {start.error.message}
          </ReadableAlert>
        )}
        {job?.Status === 'failed' && (
          <ReadableAlert color="red" role="alert" title={t('salesQuotes.export.failed')}>
            {job.Error}
          </ReadableAlert>
        )}
        {file && (
          <ReadableAlert color="green" title={t('salesQuotes.export.ready')}>
            <Anchor href={file.DownloadUrl} download={file.FileName} c="blue.9" underline="always">
              {t('salesQuotes.export.download', { file: file.FileName })}
            </Anchor>
          </ReadableAlert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('salesQuotes.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
