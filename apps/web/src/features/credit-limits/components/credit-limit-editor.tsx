import {
  Alert,
  Anchor,
  Badge,
  Button,
  Collapse,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { CreditLimitRecords } from '@portal/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VersionConflictAlert } from '../../../components/ui/version-conflict-alert';
import { ApiError } from '../../../lib/api-client';
import { deleteUpload, KeeperError, uploadFile } from '../../../lib/keeper';
import { notify } from '../../../lib/notify';
import { useVersionConflict } from '../../../lib/version-conflict';
import { useAddCreditLimitRecord } from '../api/use-add-credit-limit-record';
import { amountProblem, type CreditDraft, canSave, draftLimit, formatAmount, toTwoDecimals } from '../utils/credit-form';
import { CreditAttachments, type DraftAttachment } from './credit-attachments';

const MAX_BYTES = 10 * 1024 * 1024;
const EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'xlsx', 'docx', 'txt'];

export interface CreditLimitEditorProps {
  accountId: number;
  data: CreditLimitRecords;
}

const draftFrom = (data: CreditLimitRecords): Omit<CreditDraft, 'isUploading'> => ({
  isActive: data.Limit !== null,
  amount: data.Limit ?? '',
  isLocked: data.IsLocked,
  comment: '',
});

/**
 * [A2.47] The credit-limit switch bar: the current limit with an Edit limit link, expanding to an
 * amount, a lock toggle with tooltip, a required reason and attachments, with Save and Cancel.
 */
export function CreditLimitEditor({ accountId, data }: CreditLimitEditorProps) {
  const { t } = useTranslation();
  const ids = { amount: useId(), lockHelp: useId(), editor: useId() };
  const add = useAddCreditLimitRecord();
  const [isOpen, setIsOpen] = useState(false);
  const [draft, setDraft] = useState(() => draftFrom(data));
  const [attachments, setAttachments] = useState<DraftAttachment[]>([]);
  const [touched, setTouched] = useState({ amount: false, comment: false });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** Decision 0036: the limit as saved by someone else since the tab read it, while the user decides. */
  const conflict = useVersionConflict<CreditLimitRecords>();
  const uploads = useRef(new Map<string, AbortController>());
  const uploadCounter = useRef(0);

  // Files uploaded but never saved are deleted when the editor goes away.
  useEffect(() => {
    const pending = uploads.current;
    return () => {
      for (const controller of pending.values()) controller.abort();
    };
  }, []);

  const isUploading = attachments.some((a) => a.status === 'uploading');
  const full: CreditDraft = { ...draft, isUploading };
  const current = { Limit: data.Limit, IsLocked: data.IsLocked };
  const problem = draft.isActive ? amountProblem(draft.amount) : null;
  const amountError =
    serverErrors.Limit ?? (problem && (touched.amount || draft.amount !== '') ? t(`credit.amountErrors.${problem}`) : null);
  const commentError =
    serverErrors.Comment ?? (touched.comment && draft.comment.trim() === '' ? t('credit.commentRequired') : null);
  const currencyLabel = data.Currency ? t('credit.amount', { currency: data.Currency }) : t('credit.amountNoCurrency');

  const update = (patch: Partial<typeof draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerErrors({});
    setFailure(null);
  };

  const open = (patch: Partial<typeof draft> = {}) => {
    if (!isOpen) {
      setDraft({ ...draftFrom(data), ...patch });
      setTouched({ amount: false, comment: false });
    } else {
      update(patch);
    }
    setIsOpen(true);
  };

  const close = () => {
    for (const a of attachments) {
      if (a.path) void deleteUpload(a.path, t('credit.removeFailed')).catch(() => undefined);
    }
    for (const controller of uploads.current.values()) controller.abort();
    uploads.current.clear();
    setAttachments([]);
    setDraft(draftFrom(data));
    setServerErrors({});
    setFailure(null);
    conflict.clear();
    setIsOpen(false);
  };

  const handleFiles = (files: File[]) => {
    for (const file of files) {
      uploadCounter.current += 1;
      const key = `upload-${uploadCounter.current}`;
      const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
      const localError = !EXTENSIONS.includes(ext) ? t('credit.wrongType') : file.size > MAX_BYTES ? t('credit.tooLarge') : null;
      const item: DraftAttachment = {
        key,
        name: file.name,
        status: localError ? 'error' : 'uploading',
        progress: 0,
        path: null,
        error: localError,
      };
      setAttachments((list) => [...list, item]);
      if (localError) continue;
      const controller = new AbortController();
      uploads.current.set(key, controller);
      const patch = (p: Partial<DraftAttachment>) =>
        setAttachments((list) => list.map((a) => (a.key === key ? { ...a, ...p } : a)));
      uploadFile(file, {
        onProgress: (progress) => patch({ progress }),
        signal: controller.signal,
        fallbackMessage: t('credit.uploadError'),
      })
        .then((uploaded) => patch({ status: 'done', progress: 100, path: uploaded.path, name: uploaded.originalName }))
        .catch((error: unknown) => {
          if ((error as Error).name === 'AbortError') return;
          patch({ status: 'error', error: error instanceof KeeperError ? error.message : t('credit.uploadError') });
        })
        .finally(() => uploads.current.delete(key));
    }
  };

  const handleRemove = async (item: DraftAttachment) => {
    if (item.path) {
      try {
        await deleteUpload(item.path, t('credit.removeFailed'));
      } catch (error) {
        notify({ color: 'red', message: error instanceof Error ? error.message : t('credit.removeFailed') });
        return;
      }
    }
    setAttachments((list) => list.filter((a) => a.key !== item.key));
  };

  const handleSave = async (version = data.Version) => {
    setTouched({ amount: true, comment: true });
    if (!canSave(full, current)) return;
    setFailure(null);
    try {
      await add.mutateAsync({
        accountId,
        Version: version,
        Limit: draftLimit(full),
        IsLocked: draft.isLocked,
        Comment: draft.comment.trim(),
        Attachments: attachments
          .filter((a): a is DraftAttachment & { path: string } => a.status === 'done' && a.path !== null)
          .map((a) => ({ Url: a.path, Title: a.name })),
      });
      conflict.clear();
      notify({ color: 'green', message: t('credit.saved') });
      setAttachments([]);
      setIsOpen(false);
    } catch (error) {
      if (conflict.capture(error)) return;
      if (error instanceof ApiError) {
        setServerErrors(Object.fromEntries(error.fieldErrors.map((f) => [f.field.split('.')[0] ?? f.field, f.message])));
        setFailure(error.message);
      } else {
        setFailure(t('credit.saveFailed'));
      }
    }
  };

  const isActive = isOpen ? draft.isActive : data.Limit !== null;
  const amountDisabled = !draft.isActive || draft.isLocked;

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap">
          <Group gap="md" align="center">
            <Switch
              label={t('credit.switchLabel')}
              checked={isActive}
              disabled={!data.CanEdit}
              aria-expanded={isOpen}
              aria-controls={ids.editor}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                open({ isActive: checked, ...(checked && data.Limit === null ? { amount: '' } : {}) });
              }}
            />
            {data.Limit !== null ? (
              <Text fw={600} data-testid="credit-current-limit">
                {data.Currency ? `${data.Currency} ` : ''}
                {formatAmount(data.Limit)}
              </Text>
            ) : (
              <Text c="dimmed">{t('credit.noLimit')}</Text>
            )}
            {data.IsLocked && (
              <Badge variant="outline" color="dark">
                {t('credit.lockedBadge')}
              </Badge>
            )}
          </Group>
          {data.Limit !== null && data.CanEdit && !isOpen && (
            <Anchor component="button" type="button" onClick={() => open()}>
              {t('credit.editLimit')}
            </Anchor>
          )}
        </Group>
        {!data.CanEdit && (
          <Text size="sm">{data.IsLocked && !data.OwnOrganisation ? t('credit.lockedNoEdit') : t('credit.readOnly')}</Text>
        )}
        <Collapse in={isOpen} id={ids.editor}>
          {isOpen && (
            <Stack
              gap="sm"
              component="form"
              aria-label={t('credit.editorTitle')}
              onSubmit={(e) => {
                e.preventDefault();
                void handleSave();
              }}
            >
              <Group align="flex-start" gap="lg" wrap="wrap">
                <TextInput
                  id={ids.amount}
                  label={currencyLabel}
                  description={draft.isLocked && draft.isActive ? t('credit.amountLockedHelp') : t('credit.amountHelp')}
                  value={draft.amount}
                  inputMode="decimal"
                  autoComplete="off"
                  disabled={amountDisabled}
                  required={draft.isActive}
                  error={draft.isActive ? amountError : null}
                  onChange={(e) => update({ amount: e.currentTarget.value })}
                  onBlur={() => {
                    setTouched((x) => ({ ...x, amount: true }));
                    const normalized = toTwoDecimals(draft.amount);
                    if (normalized) update({ amount: normalized });
                  }}
                  w={220}
                />
                <Tooltip label={t('credit.lockTooltip')} multiline w={300} events={{ hover: true, focus: true, touch: true }}>
                  <div>
                    <Switch
                      mt={28}
                      label={t('credit.lock')}
                      checked={draft.isLocked}
                      aria-describedby={ids.lockHelp}
                      onChange={(e) => update({ isLocked: e.currentTarget.checked })}
                    />
                  </div>
                </Tooltip>
                <span id={ids.lockHelp} hidden>
                  {t('credit.lockTooltip')}
                </span>
              </Group>
              {!draft.isActive && data.Limit !== null && <Text size="sm">{t('credit.deactivateHint')}</Text>}
              <Textarea
                label={t('credit.comment')}
                placeholder={t('credit.commentPlaceholder')}
                required
                autosize
                minRows={2}
                maxLength={1000}
                value={draft.comment}
                error={commentError}
                onChange={(e) => update({ comment: e.currentTarget.value })}
                onBlur={() => setTouched((x) => ({ ...x, comment: true }))}
              />
              <CreditAttachments items={attachments} disabled={add.isPending} onAdd={handleFiles} onRemove={handleRemove} />
              {serverErrors.Attachments && (
                <Text size="sm" c="red.9" role="alert">
                  {serverErrors.Attachments}
                </Text>
              )}
              {conflict.current && (
                <VersionConflictAlert
                  changedBy={conflict.current.UpdatedBy}
                  changedAt={conflict.current.UpdatedAt}
                  onReload={close}
                  onKeep={() => void handleSave(conflict.current?.Version)}
                  busy={add.isPending}
                />
              )}
              {failure && (
                <Alert color="red" role="alert" title={t('credit.saveFailed')}>
                  {failure}
                </Alert>
              )}
              <Group gap="sm">
                <Button type="submit" disabled={!canSave(full, current)} loading={add.isPending}>
                  {t('credit.save')}
                </Button>
                <Button variant="default" onClick={close} disabled={add.isPending}>
                  {t('credit.cancel')}
                </Button>
              </Group>
            </Stack>
          )}
        </Collapse>
      </Stack>
    </Paper>
  );
}
