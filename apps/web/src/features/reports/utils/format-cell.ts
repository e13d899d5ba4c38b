import type { ReportColumn } from '@portal/contracts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The locale's decimal separator. */
function decimalSeparator(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/**
 * A Decimal cell for the locale, exact: the whole part grouped through BigInt (never a float), the fraction kept as the
 * server wrote it (money keeps its cents and any further places).
 */
export function formatDecimal(value: string, locale: string): string {
  const match = DECIMAL.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction] = match;
  const grouped = new Intl.NumberFormat(locale).format(BigInt(whole));
  return `${sign}${grouped}${fraction ? decimalSeparator(locale) + fraction : ''}`;
}

/**
 * A result cell as the user reads it [M3.23]: a DateTime as the locale's date (a day) or date and time, an Int32
 * grouped, a Decimal exact; an empty cell as an empty string.
 */
export function formatCell(value: string | number | null, type: ReportColumn['CellType'], locale: string): string {
  if (value === null) return '';
  if (type === 'Int32' && typeof value === 'number') return new Intl.NumberFormat(locale).format(value);
  if (type === 'Decimal') return formatDecimal(String(value), locale);
  if (type === 'DateTime' && typeof value === 'string') {
    // A day has no time zone: shown as written, not moved by the browser's offset.
    if (DAY.test(value)) {
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
    }
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return value;
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
  return String(value);
}
