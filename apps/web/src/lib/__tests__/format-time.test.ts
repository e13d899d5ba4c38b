import { describe, expect, it } from 'vitest';
import { formatUtcDay, formatUtcMinute, formatUtcSecond } from '../format-time';

describe('format-time', () => {
  it('shows a moment in UTC to the minute, to the second, or its day', () => {
    expect(formatUtcMinute('2026-11-28T09:05:42.123Z')).toBe('2026-11-28 09:05 UTC');
    expect(formatUtcSecond('2026-11-28T09:05:42.123Z')).toBe('2026-11-28 09:05:42 UTC');
    expect(formatUtcDay('2026-11-28T09:05:42.123Z')).toBe('2026-11-28');
  });

  it('turns a moment with an offset into UTC, also across a day', () => {
    expect(formatUtcMinute('2026-11-28T23:30:00-02:00')).toBe('2026-11-29 01:30 UTC');
    expect(formatUtcDay('2026-11-29T00:30:00+01:00')).toBe('2026-11-28');
  });

  it('shows a text that is no moment as it is', () => {
    expect(formatUtcMinute('soon')).toBe('soon');
    expect(formatUtcSecond('')).toBe('');
    expect(formatUtcDay('n/a')).toBe('n/a');
  });
});
