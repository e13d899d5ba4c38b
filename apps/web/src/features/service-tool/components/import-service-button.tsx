import { Button, FileButton, Group, List, Modal, Stack, Text } from '@mantine/core';
import { GetService, type ServiceDocument } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callOperation } from '../../../lib/api-client';
import { useImportService } from '../api/use-export-service';
import { hasFileApi, parseImportFile } from '../utils/transfer';

export interface ImportedService {
  service: ServiceDocument;
  /** The existing service the import overwrites once saved, or null for a new service. */
  overwrite: string | null;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'failed'; messages: string[]; fields: { field: string; message: string }[]; title?: string }
  | { kind: 'info'; messages: string[]; service: ServiceDocument }
  | { kind: 'overwrite'; service: ServiceDocument; existing: string };

/**
 * [S4.1], [S5.2], [S8.3], [S8.4] Import from a JSON file: the file is checked by ImportService; refusals
 * show the spec's messages and the fields they name; a service from another instance shows [S8.3]
 * first; a service whose name is already in Your services asks before it is opened over that one.
 */
export function ImportServiceButton({ onImported }: { onImported: (imported: ImportedService) => void }) {
  const { t } = useTranslation();
  const importer = useImportService();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [reading, setReading] = useState(false);

  async function continueWith(service: ServiceDocument) {
    // Is the name taken by a service the caller may edit? Then confirm before overwriting it.
    try {
      const existing = await callOperation(GetService, { ServiceName: service.ServiceName });
      if (existing.State === 'Active' && existing.EditableAreas.length > 0) {
        setStep({ kind: 'overwrite', service, existing: existing.ServiceName });
        return;
      }
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 403)) {
        setStep({ kind: 'failed', messages: [error instanceof Error ? error.message : String(error)], fields: [] });
        return;
      }
    }
    setStep({ kind: 'idle' });
    onImported({ service, overwrite: null });
  }

  async function handleFile(file: File | null) {
    if (!file) return;
    // [M5.5] [M8.8] A browser without the File APIs, or a file that is not JSON: 'Invalid format' and why.
    if (!hasFileApi()) {
      setStep({
        kind: 'failed',
        title: t('serviceDrafts.import.invalidTitle'),
        messages: [t('serviceDrafts.import.noFileApi')],
        fields: [],
      });
      return;
    }
    setReading(true);
    try {
      const parsed = parseImportFile(await file.text(), file.size, file.name);
      if (!parsed.ok) {
        const title = parsed.reason === 'tooLarge' ? undefined : t('serviceDrafts.import.invalidTitle');
        setStep({ kind: 'failed', title, messages: [t(`serviceDrafts.import.${parsed.reason}`)], fields: [] });
        return;
      }
      const result = await importer.mutateAsync(parsed.value);
      if (result.Messages.length > 0) setStep({ kind: 'info', messages: result.Messages, service: result.Service });
      else await continueWith(result.Service);
    } catch (error) {
      if (error instanceof ApiError) {
        const spec = error.fieldErrors.filter((f) => f.field === 'Service').map((f) => f.message);
        const fields = error.fieldErrors.filter((f) => f.field !== 'Service');
        setStep({ kind: 'failed', messages: spec.length > 0 ? spec : [error.message], fields });
      } else {
        setStep({ kind: 'failed', messages: [error instanceof Error ? error.message : String(error)], fields: [] });
      }
    } finally {
      setReading(false);
    }
  }

  const close = () => setStep({ kind: 'idle' });
  const closeProps = { 'aria-label': t('serviceDrafts.import.close') };
  return (
    <>
      <FileButton onChange={handleFile} accept="application/json,.json">
        {(props) => (
          <Button {...props} variant="default" loading={reading}>
            {t('serviceDrafts.import.button')}
          </Button>
        )}
      </FileButton>
      <Modal
        opened={step.kind === 'failed'}
        onClose={close}
        title={(step.kind === 'failed' && step.title) || t('serviceDrafts.import.failedTitle')}
        centered
        closeButtonProps={closeProps}
      >
        {step.kind === 'failed' && (
          <Stack>
            {step.messages.map((m) => (
              <Text key={m}>{m}</Text>
            ))}
            {step.fields.length > 0 && (
              <List size="sm">
                {step.fields.map((f) => (
                  <List.Item key={`${f.field}-${f.message}`}>
                    <Text span fw={700} size="sm">
                      {f.field.replace(/^Service\./, '')}
                    </Text>
                    : {f.message}
                  </List.Item>
                ))}
              </List>
            )}
            <Group justify="flex-end">
              <Button onClick={close} data-autofocus>
                {t('serviceDrafts.import.ok')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={step.kind === 'info'}
        onClose={close}
        title={t('serviceDrafts.import.infoTitle')}
        centered
        closeButtonProps={closeProps}
      >
        {step.kind === 'info' && (
          <Stack>
            {step.messages.map((m) => (
              <Text key={m}>{m}</Text>
            ))}
            <Group justify="flex-end">
              <Button onClick={() => void continueWith(step.service)} data-autofocus>
                {t('serviceDrafts.import.ok')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={step.kind === 'overwrite'}
        onClose={close}
        title={t('serviceDrafts.import.overwriteTitle')}
        centered
        closeButtonProps={closeProps}
      >
        {step.kind === 'overwrite' && (
          <Stack>
            <Text>{t('serviceDrafts.import.overwriteText', { name: step.existing })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close} data-autofocus>
                {t('serviceDrafts.import.cancel')}
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  close();
                  onImported({ service: step.service, overwrite: null });
                }}
              >
                {t('serviceDrafts.import.asNew')}
              </Button>
              <Button
                color="red"
                onClick={() => {
                  close();
                  onImported({ service: step.service, overwrite: step.existing });
                }}
              >
                {t('serviceDrafts.import.overwrite', { name: step.existing })}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
