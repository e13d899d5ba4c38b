import { parseScheduledDate } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * [A4.10] [A5.8] [M5.16] The review's scheduled provisioning date (yyyy-MM-dd HH:mm, UTC) as typed, with its
 * message: a past date is cleared, a date that is no yyyy-MM-dd HH:mm date says so. Both wizards use it.
 */
export function useScheduledDate() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const trimmed = text.trim();
  const date = trimmed === '' ? null : parseScheduledDate(trimmed);
  const check = () => {
    if (trimmed === '') return setError(null);
    if (!date) return setError(t('accountCreate.review.scheduleFormat'));
    if (date.getTime() <= Date.now()) {
      setText('');
      return setError(t('accountCreate.review.schedulePast'));
    }
    setError(null);
  };
  const isScheduled = date !== null && date.getTime() > Date.now();
  return {
    text,
    error,
    setError,
    /** The typed text changed: its message goes until it is checked again. */
    onChange: (next: string) => {
      setText(next);
      setError(null);
    },
    check,
    isScheduled,
    /** Something is typed that would not schedule: the order waits until it is fixed or cleared. */
    isInvalid: trimmed !== '' && !isScheduled,
    /** The value to send: the date when it schedules, otherwise null. */
    value: isScheduled ? trimmed : null,
  };
}
