import { describe, expect, it } from 'vitest';
import { formatCell, formatDecimal } from '../format-cell';

describe('report cells', () => {
  it.each([
    ['1234567.89', 'en', '1,234,567.89'],
    ['1234567.89', 'de', '1.234.567,89'],
    ['-0.10', 'en', '-0.10'],
    ['90071992547409931.000001', 'en', '90,071,992,547,409,931.000001'],
    ['12', 'en', '12'],
  ])('writes the Decimal %s for %s as %s, exactly', (value, locale, shown) => {
    expect(formatDecimal(value, locale)).toBe(shown);
  });

  it('groups an Int32 and leaves strings and empty cells alone', () => {
    expect(formatCell(12345, 'Int32', 'en')).toBe('12,345');
    expect(formatCell('Cedar Ridge', 'String', 'en')).toBe('Cedar Ridge');
    expect(formatCell(null, 'Decimal', 'en')).toBe('');
  });

  it('shows a day as the same day in any time zone, and a time with its date', () => {
    expect(formatCell('2026-03-01', 'DateTime', 'en')).toBe('Mar 1, 2026');
    expect(formatCell('2026-03-01T10:30:00Z', 'DateTime', 'en')).toMatch(/Mar 1, 2026/);
  });
});
