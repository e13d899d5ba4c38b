import { ActionIcon, Box, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTypedDate, toTypedDate } from '../../lib/typed-date';
import { lazyPart, PartLoader } from './lazy-part';

const DateCalendar = lazyPart(() => import('./date-calendar'), 'DateCalendar', {
  fallback: <PartLoader size="sm" m="md" />,
});

export interface DateFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'rightSection' | 'label'> {
  label: string;
  /** The text in the field: a day as dd/MM/yyyy, or what the user is typing. */
  value: string;
  onChange: (text: string) => void;
}

/** The calendar button's icon (decorative: the button is named by its label). */
function CalendarIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}

/**
 * The one date field of the web app: a day is typed as dd/MM/yyyy (whatever the browser's locale) or picked from a
 * calendar that its button opens in a popover (focus moves into the calendar, Escape closes it and gives the focus
 * back). Leaving the field with text that is no real day names the field in the error; an `error` from the form or the
 * server is shown instead. The calendar's code (@mantine/dates) is fetched when a date field is first shown.
 * Callers turn the text into yyyy-MM-dd with parseTypedDate (lib/typed-date.ts).
 */
export function DateField({ label, value, onChange, error, onBlur, placeholder, description, w, ...rest }: DateFieldProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  /** Closes the calendar from inside it (Escape, a picked day): the focus goes back to its button. */
  const closeToButton = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  const [typedError, setTypedError] = useState<string | null>(null);
  const calendarId = useId();

  useEffect(() => {
    DateCalendar.preload();
  }, []);

  // Escape closes the open calendar wherever the focus is (also when it has left the calendar).
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      closeToButton();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isOpen, closeToButton]);

  const change = (text: string) => {
    setTypedError(null);
    onChange(text);
  };

  return (
    <Popover
      opened={isOpen}
      onChange={setOpen}
      position="bottom-end"
      shadow="md"
      trapFocus
      closeOnEscape={false}
      withinPortal
      withRoles={false}
    >
      {/* The target holds the button too, so a click on it while open is no click outside. */}
      <Popover.Target>
        <Box w={w}>
          <TextInput
            {...rest}
            label={label}
            value={value}
            onChange={(e) => change(e.currentTarget.value)}
            onBlur={(e) => {
              const text = e.currentTarget.value.trim();
              setTypedError(text && !parseTypedDate(text) ? t('dateField.invalid', { field: label }) : null);
              onBlur?.(e);
            }}
            placeholder={placeholder ?? t('dateField.placeholder')}
            description={description ?? t('dateField.hint')}
            autoComplete="off"
            error={error || typedError}
            rightSectionPointerEvents="all"
            rightSection={
              <ActionIcon
                variant="subtle"
                color="gray.8"
                aria-label={t('dateField.open', { field: label })}
                aria-haspopup="dialog"
                ref={button}
                aria-expanded={isOpen}
                aria-controls={isOpen ? calendarId : undefined}
                onClick={() => setOpen((o) => !o)}
              >
                <CalendarIcon />
              </ActionIcon>
            }
          />
        </Box>
      </Popover.Target>
      <Popover.Dropdown id={calendarId} role="dialog" aria-label={t('dateField.calendar', { field: label })} p="xs">
        <DateCalendar
          value={parseTypedDate(value)}
          onPick={(day) => {
            change(toTypedDate(day));
            closeToButton();
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
