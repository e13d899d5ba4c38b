import '@mantine/dates/styles.css';
import './date-calendar.css';
import { DatePicker, type DayProps } from '@mantine/dates';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localDay } from '../../lib/typed-date';

export interface DateCalendarProps {
  /** The day the field holds (yyyy-MM-dd), or null when it holds none or no real day. */
  value: string | null;
  onPick: (day: string) => void;
}

/**
 * The month calendar of the shared date field (its own chunk with @mantine/dates and dayjs, fetched only by a page
 * that shows a date field). It opens on the field's day, else today, and puts the focus on that day: arrow keys move
 * by day and week, Page Up/Down by month, Enter or a click picks.
 */
export function DateCalendar({ value, onPick }: DateCalendarProps) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const start = value ?? localDay(new Date());

  useEffect(() => {
    root.current?.querySelector<HTMLButtonElement>('button[data-autofocus]')?.focus();
  }, []);

  return (
    <DatePicker
      ref={root}
      className="date-calendar"
      value={value}
      defaultDate={start}
      firstDayOfWeek={1}
      onChange={(day) => {
        if (day) onPick(day);
      }}
      getDayProps={(day) => (day === start ? ({ 'data-autofocus': true } as Partial<DayProps>) : {})}
      ariaLabels={{
        previousMonth: t('dateField.previousMonth'),
        nextMonth: t('dateField.nextMonth'),
        previousYear: t('dateField.previousYear'),
        nextYear: t('dateField.nextYear'),
        previousDecade: t('dateField.previousDecade'),
        nextDecade: t('dateField.nextDecade'),
        monthLevelControl: t('dateField.chooseMonth'),
        yearLevelControl: t('dateField.chooseYear'),
      }}
    />
  );
}
