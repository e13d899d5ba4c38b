import { Alert, Box, Button, Group, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAddNote } from '../api/use-note-mutations';
import { noteDraftState } from '../utils/note-form';
import { NoteTextInput } from './note-text-input';
import { SavingOverlay } from './saving-overlay';

export interface AddNoteFormProps {
  accountId: number;
  onAdded: () => void;
}

/** [A2.50] The note input with its counter [A5.1] and an Add note button. */
export function AddNoteForm({ accountId, onAdded }: AddNoteFormProps) {
  const { t } = useTranslation();
  const add = useAddNote(accountId);
  const [text, setText] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const state = noteDraftState(text);

  const handleSubmit = async () => {
    if (!state.canSave || add.isPending) return;
    setFailure(null);
    try {
      await add.mutateAsync(text);
      setText('');
      setServerError(null);
      notify({ color: 'green', message: t('notes.added') });
      onAdded();
    } catch (error) {
      const noteError = error instanceof ApiError ? error.fieldErrors.find((f) => f.field === 'Note') : undefined;
      if (noteError) setServerError(noteError.message);
      else setFailure(error instanceof Error ? error.message : t('notes.saveFailed'));
    }
  };

  return (
    <Paper withBorder p="md">
      <Box pos="relative">
        <SavingOverlay visible={add.isPending} />
        <Stack
          gap="sm"
          component="form"
          aria-label={t('notes.addTitle')}
          onSubmit={(e) => {
            e.preventDefault();
            void handleSubmit();
          }}
        >
          <NoteTextInput
            label={t('notes.newNote')}
            placeholder={t('notes.placeholder')}
            value={text}
            onChange={(value) => {
              setText(value);
              setServerError(null);
              setFailure(null);
            }}
            serverError={serverError}
            disabled={add.isPending}
          />
          {failure && (
            <Alert color="red" role="alert" title={t('notes.saveFailed')}>
              {failure}
            </Alert>
          )}
          <Group>
            <Button type="submit" disabled={!state.canSave}>
              {t('notes.add')}
            </Button>
          </Group>
        </Stack>
      </Box>
    </Paper>
  );
}
