/** [M5.15] A report date parameter is typed as dd/MM/yyyy and sent as yyyy-MM-dd. */
const TYPED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const SENT = /^(\d{4})-(\d{2})-(\d{2})$/;

const isRealDay = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** The yyyy-MM-dd of a date typed as dd/MM/yyyy (one-digit day and month allowed); null when it is no real day. */
export function parseTypedDate(text: string): string | null {
  const match = TYPED.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || !isRealDay(year, month, day)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The dd/MM/yyyy a yyyy-MM-dd date is shown as; anything else is shown as it is. */
export function toTypedDate(sent: string): string {
  const match = SENT.exec(sent);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : sent;
}
