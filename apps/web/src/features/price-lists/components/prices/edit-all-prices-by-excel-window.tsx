import { Button, FileInput, Group, List, Modal, Progress, ScrollArea, Stack, Stepper, Table, Text } from '@mantine/core';
import { formatPrice } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../../components/ui/readable-alert';
import { ApiError } from '../../../../lib/api-client';
import { uploadFile } from '../../../../lib/keeper';
import { notify } from '../../../../lib/notify';
import { type PriceTarget, type UploadPreview, usePreviewUpload, useSavePreview } from '../../api/prices/use-prices';
import { isXlsxName, rowErrorsOf } from '../../utils/prices/upload';
import { PriceListConflictAlert, priceListConflictOf } from '../price-list-conflict';

export interface EditAllPricesByExcelWindowProps {
  /** A price list's own prices, or the suggested retail prices of the caller's own services. */
  target: PriceTarget;
  opened: boolean;
  onClose: () => void;
  /** Opens the export window, from which the file to edit is downloaded. */
  onExport?: () => void;
  onSaved?: () => void;
}

/**
 * [M2.25] [M4.14] Edit all prices by Excel (910x575 [M9.9]): step one uploads the edited .xlsx (one file
 * [M5.5]), step two previews the changed prices only [M3.13] [M5.6] (table at most 250 high) and saves them
 * after a confirmation [M8.13]. Back is allowed; removing the file clears the preview.
 */
export function EditAllPricesByExcelWindow({ target, opened, onClose, onExport, onSaved }: EditAllPricesByExcelWindowProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [preview, setPreview] = useState<UploadPreview | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const reader = usePreviewUpload(target);
  const saver = useSavePreview(target);
  const kind = target.kind === 'marketplace' ? 'marketplace' : 'srp';
  const rowErrors = rowErrorsOf(reader.error);

  const reset = () => {
    setStep(0);
    setFile(null);
    setPreview(null);
    setUploadError(null);
    setConfirming(false);
    reader.reset();
    saver.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setUploadError(null);
    reader.reset();
    saver.reset();
    if (!chosen) return;
    if (!isXlsxName(chosen.name)) {
      setUploadError(t('prices.excel.onlyXlsx'));
      return;
    }
    setUploading(0);
    try {
      const uploaded = await uploadFile(chosen, { onProgress: setUploading, fallbackMessage: t('prices.excel.uploadError') });
      setUploading(null);
      setPreview(await reader.mutateAsync(uploaded.path));
    } catch (e) {
      if (!(e instanceof ApiError)) setUploadError(e instanceof Error ? e.message : t('prices.excel.uploadError'));
    } finally {
      setUploading(null);
    }
  };

  const save = async (version?: number) => {
    if (!preview) return;
    try {
      await saver.mutateAsync(version === undefined ? preview : { ...preview, version });
      notify({ color: 'green', message: t('prices.excel.saved', { count: preview.rows.length }) });
      onSaved?.();
      close();
    } catch {
      setConfirming(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(kind === 'marketplace' ? 'prices.excel.title' : 'prices.excel.titleSrp')}
      size={910}
      centered
      closeButtonProps={{ 'aria-label': t('prices.close') }}
      styles={{ body: { minHeight: 575 - 60 } }}
    >
      <Stack>
        <Stepper active={step} onStepClick={(s) => s < step && setStep(s)} size="sm">
          <Stepper.Step label={t('prices.excel.stepUpload')} />
          <Stepper.Step label={t('prices.excel.stepReview')} />
        </Stepper>
        {step === 0 && (
          <Stack>
            <Text size="sm">{t(kind === 'marketplace' ? 'prices.excel.intro' : 'prices.excel.introSrp')}</Text>
            {onExport && (
              <Group>
                <Button variant="default" onClick={onExport}>
                  {t('prices.excel.downloadFirst')}
                </Button>
              </Group>
            )}
            <FileInput
              label={t('prices.excel.file')}
              description={t('prices.excel.fileHint')}
              placeholder={t('prices.excel.filePlaceholder')}
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              clearable
              clearButtonProps={{ 'aria-label': t('prices.excel.removeFile') }}
              value={file}
              onChange={(chosen) => void choose(chosen)}
            />
            {uploading !== null && <Progress value={uploading} animated aria-label={t('prices.excel.uploading')} />}
            {reader.isPending && (
              <Text size="sm" role="status">
                {t('prices.excel.reading')}
              </Text>
            )}
            {uploadError && (
              <ReadableAlert color="red" role="alert" title={t('prices.excel.uploadError')}>
                {uploadError}
              </ReadableAlert>
            )}
            {reader.error && (
              <ReadableAlert color="red" role="alert" title={t('prices.excel.refused')}>
                {rowErrors.length > 0 ? (
                  <Stack gap={2}>
                    <Text size="sm">{t('prices.excel.nothingChanged')}</Text>
                    <ScrollArea.Autosize mah={160} type="auto" viewportProps={{ tabIndex: 0 }}>
                      {/* Mantine's List sizes its items' lines itself: a list of paragraphs was 2 px taller than the
                          height the scroll area took, which showed a scrollbar beside a single line. */}
                      <List size="sm">
                        {rowErrors.map((e) => (
                          <List.Item key={`${e.Row}-${e.Column}-${e.Reason}`}>
                            {t('prices.excel.rowError', { row: e.Row, column: e.Column, reason: e.Reason })}
                          </List.Item>
                        ))}
                      </List>
                    </ScrollArea.Autosize>
                  </Stack>
                ) : (
                  reader.error.message
                )}
              </ReadableAlert>
            )}
            {preview && (
              <Text size="sm" role="status">
                {t('prices.excel.readyToReview', { count: preview.rows.length })}
              </Text>
            )}
          </Stack>
        )}
        {step === 1 && preview && (
          <Stack>
            {preview.rows.length === 0 ? (
              <ReadableAlert color="blue" title={t('prices.excel.noChangesTitle')}>
                {t('prices.excel.noChanges')}
              </ReadableAlert>
            ) : (
              <>
                <Text size="sm">{t('prices.excel.changedCount', { count: preview.rows.length })}</Text>
                <ScrollArea.Autosize mah={250} type="auto" viewportProps={{ tabIndex: 0 }}>
                  <Table striped stickyHeader aria-label={t('prices.excel.tableLabel')}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('prices.col.service')}</Table.Th>
                        <Table.Th>{t('prices.col.priceableItem')}</Table.Th>
                        <Table.Th>{t('prices.col.currency')}</Table.Th>
                        <Table.Th ta="right">{t('prices.col.previous')}</Table.Th>
                        <Table.Th ta="right">{t(kind === 'marketplace' ? 'prices.col.newCustom' : 'prices.col.newSrp')}</Table.Th>
                        <Table.Th ta="right">{t('prices.col.change')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {preview.rows.map((r) => (
                        <Table.Tr key={`${r.ServiceId}|${r.PriceableItem}|${r.Currency}`}>
                          <Table.Td>{r.ServiceName}</Table.Td>
                          <Table.Td>{r.PriceableItem}</Table.Td>
                          <Table.Td>{r.Currency}</Table.Td>
                          {/* Both as the service tool shows a price: at least two decimals, every one stored kept. */}
                          <Table.Td ta="right">
                            {r.PreviousPrice === null ? t('prices.none') : formatPrice(r.PreviousPrice)}
                          </Table.Td>
                          <Table.Td ta="right">{r.Price === null ? t('prices.srpAgain') : formatPrice(r.Price)}</Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                            {r.PercentChange === null ? '' : `${r.PercentChange} %`}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              </>
            )}
            {/* Reload drops this preview (made over the prices as they were): upload the file again to compare. */}
            <PriceListConflictAlert mutation={saver} onReload={() => setPreview(null)} onKeep={(version) => void save(version)} />
            {saver.error && !priceListConflictOf(saver.error) && (
              <ReadableAlert color="red" role="alert" title={t('prices.excel.saveFailed')}>
                {saver.error.message}
              </ReadableAlert>
            )}
          </Stack>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={close}>
            {t('prices.cancel')}
          </Button>
          <Group>
            {step === 1 && (
              <Button variant="default" onClick={() => setStep(0)}>
                {t('prices.back')}
              </Button>
            )}
            {step === 0 ? (
              <Button onClick={() => setStep(1)} disabled={!preview}>
                {t('prices.next')}
              </Button>
            ) : (
              <Button onClick={() => setConfirming(true)} disabled={!preview || preview.rows.length === 0}>
                {t('prices.save')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
      <Modal
        opened={isConfirming}
        onClose={() => setConfirming(false)}
        title={t('prices.confirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('prices.close') }}
      >
        <Stack>
          <Text size="sm">{t(kind === 'marketplace' ? 'prices.excel.confirm' : 'prices.excel.confirmSrp')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('prices.no')}
            </Button>
            <Button onClick={() => void save()} loading={saver.isPending} data-autofocus>
              {t('prices.yes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Modal>
  );
}
