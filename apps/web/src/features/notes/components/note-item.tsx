import { Alert, Anchor, Box, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { isNoteEdited, type Note } from '@portal/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VersionConflictAlert } from '../../../components/ui/version-conflict-alert';
import { ApiError } from '../../../lib/api-client';
import { formatUtcMinute } from '../../../lib/format-time';
import { notify } from '../../../lib/notify';
import { useVersionConflict } from '../../../lib/version-conflict';
import { useDeleteNote, useRefreshNotes, useUpdateNote } from '../api/use-note-mutations';
import { noteDraftState } from '../utils/note-form';
import { NoteTextInput } from './note-text-input';
import { SavingOverlay } from './saving-overlay';

export interface NoteItemProps {
  note: Note;
  hrefForAccount: (id: number) => string;
  onDeleted: () => void;
}

/**
 * [A3.4] [A4.6] One note: author (linked when in the viewer's scope), date and an edited flag; its
 * author may edit it inline (Update or Cancel) or delete it after a yes/no confirmation [A6.19].
 */
export function NoteItem({ note, hrefForAccount, onDeleted }: NoteItemProps) {
  const { t } = useTranslation();
  const update = useUpdateNote(note.AccountId);
  const remove = useDeleteNote(note.AccountId);
  const refresh = useRefreshNotes(note.AccountId);
  /** Decision 0036: the note as saved meanwhile (in another tab), while the user decides. */
  const conflict = useVersionConflict<Note>();
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [draft, setDraft] = useState(note.Note);
  const [serverError, setServerError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const isSaving = update.isPending || remove.isPending;
  const draftState = noteDraftState(draft, note.Note);
  const author = note.Author;

  const startEdit = () => {
    setDraft(note.Note);
    setServerError(null);
    setFailure(null);
    setIsEditing(true);
  };

  const cancelEdit = () => {
    conflict.clear();
    setIsEditing(false);
    setServerError(null);
    setFailure(null);
    // Back to the button that opened the editor.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const handleUpdate = async (version = note.Version) => {
    if (!draftState.canSave || isSaving) return;
    setFailure(null);
    try {
      await update.mutateAsync({ id: note.Id, text: draft, version });
      conflict.clear();
      notify({ color: 'green', message: t('notes.updated') });
      setIsEditing(false);
      requestAnimationFrame(() => editButton.current?.focus());
    } catch (error) {
      if (conflict.capture(error)) return;
      const noteError = error instanceof ApiError ? error.fieldErrors.find((f) => f.field === 'Note') : undefined;
      if (noteError) setServerError(noteError.message);
      else setFailure(error instanceof Error ? error.message : t('notes.saveFailed'));
    }
  };

  const reloadConflict = () => {
    if (conflict.current) setDraft(conflict.current.Note);
    conflict.clear();
    setIsEditing(false);
    void refresh();
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const handleDelete = async () => {
    setIsConfirming(false);
    setFailure(null);
    try {
      await remove.mutateAsync(note.Id);
      notify({ color: 'green', message: t('notes.deleted') });
      onDeleted();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('notes.deleteFailed'));
    }
  };

  return (
    <Paper withBorder p="md" component="article" aria-label={t('notes.noteBy', { name: author.DisplayName })}>
      <Box pos="relative">
        <SavingOverlay visible={isSaving} />
        <Stack gap="xs">
          <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
            <Group gap={6} align="baseline" wrap="wrap">
              {author.AccountId !== null ? (
                <Anchor href={hrefForAccount(author.AccountId)} fw={600}>
                  {author.DisplayName}
                </Anchor>
              ) : (
                <Text fw={600} span>
                  {author.DisplayName}
                </Text>
              )}
              <Text size="sm" c="dimmed" span>
                <time dateTime={note.CreationDate}>{formatUtcMinute(note.CreationDate)}</time>
              </Text>
              {isNoteEdited(note) && (
                <Text size="sm" c="dimmed" span fs="italic" data-testid="note-edited">
                  {t('notes.edited', { date: formatUtcMinute(note.UpdateDate) })}
                </Text>
              )}
            </Group>
            {!isEditing && (note.CanEdit || note.CanDelete) && (
              <Group gap="xs">
                {note.CanEdit && (
                  <Button ref={editButton} size="xs" variant="default" onClick={startEdit} disabled={isSaving}>
                    {t('notes.edit')}
                  </Button>
                )}
                {note.CanDelete && (
                  <Button size="xs" variant="default" color="red" onClick={() => setIsConfirming(true)} disabled={isSaving}>
                    {t('notes.delete')}
                  </Button>
                )}
              </Group>
            )}
          </Group>
          {isEditing ? (
            <Stack
              gap="sm"
              component="form"
              aria-label={t('notes.editTitle')}
              onSubmit={(e) => {
                e.preventDefault();
                void handleUpdate();
              }}
            >
              <NoteTextInput
                label={t('notes.editNote')}
                value={draft}
                onChange={(value) => {
                  setDraft(value);
                  setServerError(null);
                  setFailure(null);
                }}
                serverError={serverError}
                disabled={isSaving}
                autoFocus
              />
              <Group gap="sm">
                <Button type="submit" size="xs" disabled={!draftState.canSave}>
                  {t('notes.update')}
                </Button>
                <Button size="xs" variant="default" onClick={cancelEdit} disabled={isSaving}>
                  {t('notes.cancel')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="note-text">
              {note.Note}
            </Text>
          )}
          {conflict.current && (
            <VersionConflictAlert
              changedBy={conflict.current.Author.DisplayName}
              changedAt={conflict.current.UpdateDate}
              onReload={reloadConflict}
              onKeep={() => void handleUpdate(conflict.current?.Version)}
              busy={isSaving}
            />
          )}
          {failure && (
            <Alert color="red" role="alert" title={t('notes.saveFailed')}>
              {failure}
            </Alert>
          )}
        </Stack>
      </Box>
      <Modal
        opened={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={t('notes.confirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('notes.confirmClose') }}
      >
        <Stack>
          <Text size="sm">{t('notes.confirmText')}</Text>
          <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
            {note.Note}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsConfirming(false)} data-autofocus>
              {t('notes.confirmNo')}
            </Button>
            <Button color="red" onClick={() => void handleDelete()}>
              {t('notes.confirmYes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
