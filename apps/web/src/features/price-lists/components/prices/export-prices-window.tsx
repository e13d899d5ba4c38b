import { Anchor, Button, Group, Modal, Progress, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EXPORT_NOTIFICATION_MS, ExportFileResultSchema } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../../components/ui/readable-alert';
import { type PriceTarget, useExportFilterOptions, usePriceJob, useStartPriceExport } from '../../api/prices/use-prices';
import { SummaryMultiSelect } from './summary-multi-select';

export interface ExportPricesWindowProps {
  /** A price list's prices, or the suggested retail prices of the caller's own services. */
  target: PriceTarget;
  opened: boolean;
  onClose: () => void;
}

/**
 * [M2.25] [M3.14] [M7.11] [M7.14] Export prices (500 wide [M9.11]): filter by vendors, categories, tags and
 * currency, run the export in the background with progress, then download; a notification tells when the
 * file is ready and stays 30000 ms [M9.9].
 */
export function ExportPricesWindow({ target, opened, onClose }: ExportPricesWindowProps) {
  const { t } = useTranslation();
  const options = useExportFilterOptions(target, opened);
  const start = useStartPriceExport(target);
  const poll = usePriceJob(start.data?.Id ?? null);
  const job = poll.data ?? start.data;
  const file = job?.Status === 'succeeded' ? ExportFileResultSchema.safeParse(job.Result).data : undefined;
  const [vendors, setVendors] = useState<string[]>([]);
  const [categories, setCategories] = useState<string[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [currency, setCurrency] = useState<string | null>(null);
  const notified = useRef<string | null>(null);
  const isRunning = start.isPending || job?.Status === 'queued' || job?.Status === 'running';

  useEffect(() => {
    if (!file || !job || notified.current === job.Id) return;
    notified.current = job.Id;
    notifications.show({
      color: 'green',
      role: 'status',
      title: t('prices.export.readyTitle'),
      message: t('prices.export.readyText', { file: file.FileName }),
      autoClose: EXPORT_NOTIFICATION_MS,
      closeButtonProps: { 'aria-label': t('app.closeNotification') },
    } as Parameters<typeof notifications.show>[0]);
  }, [file, job, t]);

  const close = () => {
    start.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(target.kind === 'marketplace' ? 'prices.export.title' : 'prices.export.titleSrp')}
      size={500}
      centered
      closeButtonProps={{ 'aria-label': t('prices.close') }}
    >
      <Stack>
        {options.isLoading && <Text size="sm">{t('prices.loading')}</Text>}
        {options.error && (
          <ReadableAlert color="red" role="alert" title={t('prices.loadFailed')}>
            {options.error.message}
          </ReadableAlert>
        )}
        {options.data && (
          <>
            <SummaryMultiSelect
              label={t('prices.filter.vendors')}
              data={options.data.Vendors}
              value={vendors}
              onChange={setVendors}
              placeholder={t('prices.filter.all')}
            />
            <SummaryMultiSelect
              label={t('prices.filter.categories')}
              data={options.data.Categories}
              value={categories}
              onChange={setCategories}
              placeholder={t('prices.filter.all')}
            />
            <SummaryMultiSelect
              label={t('prices.filter.tags')}
              data={options.data.Tags}
              value={tags}
              onChange={setTags}
              placeholder={t('prices.filter.all')}
            />
            <Select
              label={t('prices.filter.currency')}
              placeholder={t('prices.filter.allCurrencies')}
              data={options.data.Currencies.map((c) => ({ value: c.Value, label: c.Label }))}
              value={currency}
              onChange={setCurrency}
              clearable
              comboboxProps={{ withinPortal: false }}
            />
          </>
        )}
        {isRunning && (
          <Stack gap={4}>
            <Progress value={Math.max(job?.Progress ?? 0, 2)} animated aria-label={t('prices.export.progress')} />
            <Text size="sm" role="status">
              {job?.ProgressMessage ?? t('prices.export.waiting')}
            </Text>
          </Stack>
        )}
        {start.error && (
          <ReadableAlert color="red" role="alert" title={t('prices.export.failed')}>
            {start.error.message}
          </ReadableAlert>
        )}
        {job?.Status === 'failed' && (
          <ReadableAlert color="red" role="alert" title={t('prices.export.failed')}>
            {job.Error}
          </ReadableAlert>
        )}
        {file && (
          <ReadableAlert color="green" title={t('prices.export.readyTitle')}>
            <Stack gap={4}>
              <Text size="sm">{t('prices.export.rows', { count: file.Rows })}</Text>
              <Anchor href={file.DownloadUrl} download={file.FileName}>
                {t('prices.export.download', { file: file.FileName })}
              </Anchor>
            </Stack>
          </ReadableAlert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('prices.close')}
          </Button>
          <Button
            onClick={() =>
              start.mutate({
                OwnerAccountIds: vendors.map(Number),
                ServiceCategories: categories,
                ServiceTags: tags,
                Currency: currency,
              })
            }
            loading={isRunning}
            disabled={!options.data}
          >
            {t('prices.export.start')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
