import { Text, Textarea } from '@mantine/core';
import { NOTE_MAX_LENGTH } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { noteDraftState } from '../utils/note-form';

export interface NoteTextInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A message from the server about the text (field `Note`). */
  serverError: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
}

/**
 * [A2.50] [A5.1] The note text with a live character counter; a line break counts as two. The
 * counter is tied to the field with aria-describedby; crossing the limit shows an error.
 */
export function NoteTextInput(props: NoteTextInputProps) {
  const { t } = useTranslation();
  const counterId = useId();
  const state = noteDraftState(props.value);
  const error = state.isTooLong ? t('notes.tooLong', { max: NOTE_MAX_LENGTH }) : props.serverError;

  return (
    <div>
      <Textarea
        label={props.label}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={12}
        disabled={props.disabled}
        data-autofocus={props.autoFocus || undefined}
        autoFocus={props.autoFocus}
        error={error}
        aria-describedby={counterId}
      />
      <Text
        id={counterId}
        size="sm"
        mt={4}
        c={state.isTooLong ? 'red.9' : 'dimmed'}
        fw={state.isTooLong ? 600 : undefined}
        data-testid="note-counter"
      >
        {t('notes.counter', { count: state.length, max: NOTE_MAX_LENGTH })}
      </Text>
    </div>
  );
}
