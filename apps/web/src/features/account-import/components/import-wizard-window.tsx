import { Box, Button, Group, Modal, Progress, Stack, Stepper, Text } from '@mantine/core';
import { type ImportJobResult, type ImportType, type ImportValidation, importableTypes } from '@portal/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import {
  useCreateImport,
  useImportJob,
  useImportTypes,
  useMigrationParents,
  useValidateTemplate,
} from '../api/use-account-import';
import { canLeaveStep, type ImportAnswers, type ImportStep, importSteps } from '../utils/import-steps';
import { StepPreview } from './step-preview';
import { StepService } from './step-service';
import { StepTemplate } from './step-template';
import { StepType } from './step-type';

export interface ImportParent {
  AccountId: number;
  AccountType: string;
  DisplayName: string;
}

export interface ImportWizardWindowProps {
  capabilities: readonly string[];
  /** The account the wizard was opened from (?parentId=), preselected when it may hold the type. */
  initialParentId: number | null;
  /** The parent picker (search and hierarchy tree) the page composes in [A2.46]. */
  renderParentStep: (props: {
    type: ImportType;
    parent: ImportParent | null;
    onChange: (parent: ImportParent | null) => void;
  }) => ReactNode;
  hrefForAccount: (id: number) => string;
  onClose: () => void;
}

/**
 * [A2.9], [A2.46], [A4.11] The import wizard at #/Account/Create without a type, in a 960 x 570 window [A9.8]:
 * type, parent, template (download, name and upload), preview, finish; the import runs as a job with progress.
 */
export function ImportWizardWindow(props: ImportWizardWindowProps) {
  const { t } = useTranslation();
  const allowed = importableTypes(props.capabilities);
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('accountImport.title')}
      size={960}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('accountImport.close') }}
      styles={{
        content: { minHeight: 570, display: 'flex', flexDirection: 'column' },
        body: { flex: 1, display: 'flex', flexDirection: 'column' },
      }}
    >
      {allowed.length === 0 ? (
        <ReadableAlert color="red" role="alert" title={t('accountImport.denied')}>
          {t('accountImport.deniedText')}
        </ReadableAlert>
      ) : (
        <ImportWizard {...props} />
      )}
    </Modal>
  );
}

function ImportWizard(props: ImportWizardWindowProps) {
  const { t } = useTranslation();
  const types = useImportTypes(true);
  const [step, setStep] = useState<ImportStep>('type');
  const [answers, setAnswers] = useState<ImportAnswers>({
    type: null,
    parentId: null,
    productName: null,
    name: '',
    upload: null,
  });
  const [parent, setParent] = useState<ImportParent | null>(null);
  const [validation, setValidation] = useState<ImportValidation | null>(null);
  const [noParents, setNoParents] = useState(false);
  const scopeIds = props.initialParentId ? [props.initialParentId] : [];
  const parents = useMigrationParents(step === 'parent' ? answers.type : null, scopeIds);
  const validate = useValidateTemplate();
  const create = useCreateImport();
  const job = useImportJob(create.data?.Job.Id ?? null).data ?? create.data?.Job;
  const steps = importSteps(answers.type);
  const index = steps.indexOf(step);

  // [A8.5] When nothing may hold the type, say so in a dialog and go back to the type.
  useEffect(() => {
    if (step !== 'parent' || !parents.data) return;
    if (parents.data.Items.length === 0) {
      setNoParents(true);
      return;
    }
    const initial = parents.data.Items.find((i) => i.AccountId === props.initialParentId);
    if (initial && answers.parentId === null) {
      setParent(initial);
      setAnswers((a) => ({ ...a, parentId: initial.AccountId }));
    }
  }, [step, parents.data, props.initialParentId, answers.parentId]);

  const update = (patch: Partial<ImportAnswers>) => setAnswers((a) => ({ ...a, ...patch }));
  const goPreview = () => {
    if (!answers.upload) return;
    validate.mutate(answers.upload.path, {
      onSuccess: (result) => {
        setValidation(result);
        setStep('preview');
      },
    });
  };
  const next = () => {
    if (step === 'template') goPreview();
    else setStep(steps[index + 1] ?? step);
  };
  const back = () => {
    create.reset();
    setStep(steps[index - 1] ?? step);
  };

  if (job) {
    const result = job.Status === 'succeeded' ? (job.Result as unknown as ImportJobResult | null) : null;
    return (
      <Stack style={{ flex: 1 }}>
        {(job.Status === 'queued' || job.Status === 'running') && (
          <>
            <Text size="sm">{job.ProgressMessage ?? t('accountImport.finish.queued')}</Text>
            <Progress value={job.Progress} animated aria-label={t('accountImport.finish.progress')} />
            <Text size="sm" c="dimmed">
              {t('accountImport.finish.background')}
            </Text>
          </>
        )}
        {result && (
          <ReadableAlert color="green" role="status" title={t('accountImport.finish.success')}>
            {t('accountImport.finish.created', {
              count: result.RowsCreated,
              type: t(`accountImport.noun.${answers.type ?? 'User'}`),
              name: parent?.DisplayName ?? validation?.ParentDisplayName ?? '',
            })}
          </ReadableAlert>
        )}
        {job.Status === 'failed' && (
          <ReadableAlert color="red" role="alert" title={t('accountImport.finish.failed')}>
            {job.Error}
          </ReadableAlert>
        )}
        <Group justify="flex-end" mt="auto">
          {job.Status === 'failed' && (
            <Button
              variant="default"
              onClick={() => {
                create.reset();
                setStep('template');
              }}
            >
              {t('accountImport.finish.again')}
            </Button>
          )}
          {result && validation && (
            <Button component="a" variant="default" href={props.hrefForAccount(validation.ParentAccountId)}>
              {t('accountImport.finish.open', { name: validation.ParentDisplayName })}
            </Button>
          )}
          <Button onClick={props.onClose}>{t('accountImport.close')}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack style={{ flex: 1 }}>
      <Stepper active={index} size="sm" allowNextStepsSelect={false}>
        {steps.map((s) => (
          <Stepper.Step key={s} label={t(`accountImport.steps.${s}`)} />
        ))}
      </Stepper>
      <Box style={{ flex: 1 }}>
        {step === 'type' && types.error && (
          <ReadableAlert color="red" role="alert">
            {types.error.message}
          </ReadableAlert>
        )}
        {step === 'type' && types.data && (
          <StepType
            types={types.data.Types}
            value={answers.type}
            onChange={(type) => {
              setParent(null);
              setValidation(null);
              update({ type, parentId: null, productName: null, upload: null });
            }}
          />
        )}
        {step === 'parent' && answers.type && (
          <>
            {parents.error && (
              <ReadableAlert color="red" role="alert">
                {parents.error.message}
              </ReadableAlert>
            )}
            {props.renderParentStep({
              type: answers.type,
              parent,
              onChange: (chosen) => {
                setParent(chosen);
                update({ parentId: chosen?.AccountId ?? null, productName: null, upload: null });
              },
            })}
          </>
        )}
        {step === 'service' && answers.parentId !== null && (
          <StepService
            parentId={answers.parentId}
            value={answers.productName}
            onChange={(productName) => update({ productName, upload: null })}
          />
        )}
        {step === 'template' && answers.type && answers.parentId !== null && (
          <StepTemplate
            type={answers.type}
            parentId={answers.parentId}
            parentName={parent?.DisplayName ?? ''}
            productName={answers.productName}
            name={answers.name}
            upload={answers.upload}
            onName={(name) => update({ name })}
            onUpload={(upload) => {
              validate.reset();
              update({ upload });
            }}
            validationError={validate.error?.message ?? null}
          />
        )}
        {step === 'preview' && validation && <StepPreview validation={validation} />}
        {create.error && (
          <ReadableAlert color="red" role="alert" title={t('accountImport.finish.failed')} mt="sm">
            {create.error.message}
          </ReadableAlert>
        )}
      </Box>
      <Group justify="space-between">
        <Button variant="default" onClick={props.onClose}>
          {t('accountImport.cancel')}
        </Button>
        <Group>
          {index > 0 && (
            <Button variant="default" onClick={back}>
              {t('accountImport.back')}
            </Button>
          )}
          {step === 'preview' ? (
            <Button
              disabled={!validation || validation.Errors.length > 0 || !answers.upload}
              loading={create.isPending}
              onClick={() => answers.upload && create.mutate({ uploadUrl: answers.upload.path, name: answers.name.trim() })}
            >
              {t('accountImport.finish.button')}
            </Button>
          ) : (
            <Button disabled={!canLeaveStep(step, answers)} loading={validate.isPending} onClick={next}>
              {step === 'template' ? t('accountImport.preview.button') : t('accountImport.next')}
            </Button>
          )}
        </Group>
      </Group>
      <Modal
        opened={noParents}
        onClose={() => {
          setNoParents(false);
          setStep('type');
        }}
        title={t('accountImport.noParents.title')}
        centered
        closeButtonProps={{ 'aria-label': t('accountImport.close') }}
      >
        <Stack>
          <Text size="sm">{t('accountImport.noParents.text', { type: t(`accountImport.noun.${answers.type ?? 'User'}`) })}</Text>
          <Group justify="flex-end">
            <Button
              onClick={() => {
                setNoParents(false);
                setStep('type');
              }}
            >
              {t('accountImport.noParents.ok')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
