import { describe, expect, it } from 'vitest';
import { formatResetDate, parseResetDate, RESET_MAX_DAYS, resetBounds, resetDateError } from '../price-protection.js';

const created = new Date('2026-03-10T08:15:30Z');

describe('[A5.9] the price protection reset date', () => {
  it('reads yyyy-MM-dd HH:mm, 24-hour, UTC, and nothing else', () => {
    expect(parseResetDate('2026-12-31 23:59')?.toISOString()).toBe('2026-12-31T23:59:00.000Z');
    expect(parseResetDate(' 2026-01-01 00:00 ')?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    for (const bad of [
      '2026-12-31',
      '2026-12-31 24:00',
      '2026-12-31 11:60',
      '2026-02-29 10:00',
      '31.12.2026 10:00',
      '2026-12-31 5:00 PM',
      '',
    ]) {
      expect(parseResetDate(bad), bad).toBeNull();
    }
  });

  it('formats a date as yyyy-MM-dd HH:mm in UTC', () => {
    expect(formatResetDate(new Date('2026-07-04T21:05:59Z'))).toBe('2026-07-04 21:05');
  });

  it('is bounded by the creation (to the next whole minute) and the termination date', () => {
    const bounds = resetBounds(created, new Date('2027-01-31T12:00:45Z'));
    expect(formatResetDate(bounds.from)).toBe('2026-03-10 08:16');
    expect(formatResetDate(bounds.to)).toBe('2027-01-31 12:00');
    expect(resetDateError('2026-03-10 08:16', bounds)).toBeNull();
    expect(resetDateError('2027-01-31 12:00', bounds)).toBeNull();
    expect(resetDateError('2026-03-10 08:15', bounds)).toBe(
      'The date cannot be before the subscription started (2026-03-10 08:16 UTC)',
    );
    expect(resetDateError('2027-01-31 12:01', bounds)).toBe(
      'The date cannot be after the subscription ends (2027-01-31 12:00 UTC)',
    );
    expect(resetDateError('2027-01-31', bounds)).toBe('Enter the date as yyyy-MM-dd HH:mm (24-hour, UTC)');
  });

  it(`without a termination date, ends ${RESET_MAX_DAYS} days after the creation (the longest protection a service gives)`, () => {
    const bounds = resetBounds(new Date('2026-01-01T00:00:00Z'), null);
    expect(bounds.to.toISOString()).toBe(new Date(Date.UTC(2026, 0, 1) + RESET_MAX_DAYS * 86_400_000).toISOString());
  });
});
