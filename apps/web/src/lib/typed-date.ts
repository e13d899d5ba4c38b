/**
 * Dates as a person types them, dd/MM/yyyy whatever the browser's locale, and as they are sent, yyyy-MM-dd. The shared
 * date field (components/ui/date-field.tsx) and report date parameters [M5.15] use these; nothing here reads the locale
 * or the time zone.
 */
const TYPED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const SENT = /^(\d{4})-(\d{2})-(\d{2})$/;

const isRealDay = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

const sent = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The yyyy-MM-dd of a date typed as dd/MM/yyyy (one-digit day and month allowed); null when it is no real day. */
export function parseTypedDate(text: string): string | null {
  const match = TYPED.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || !isRealDay(year, month, day)) return null;
  return sent(year, month, day);
}

/** The dd/MM/yyyy a yyyy-MM-dd date is shown as; anything else (also a yyyy-MM-dd that is no real day) as it is. */
export function toTypedDate(value: string): string {
  const match = SENT.exec(value);
  if (!match || !isRealDay(Number(match[1]), Number(match[2]), Number(match[3]))) return value;
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** The yyyy-MM-dd of a moment's calendar day where the browser is (the day a calendar marks as today). */
export function localDay(moment: Date): string {
  return sent(moment.getFullYear(), moment.getMonth() + 1, moment.getDate());
}
