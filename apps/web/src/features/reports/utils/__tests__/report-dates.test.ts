import { describe, expect, it } from 'vitest';
import { parseTypedDate, toTypedDate } from '../report-dates';

describe('report date parameters', () => {
  it.each([
    ['01/02/2026', '2026-02-01'],
    ['1/2/2026', '2026-02-01'],
    [' 29/02/2024 ', '2024-02-29'],
    ['31/12/2025', '2025-12-31'],
  ])('[M5.15] sends %s as %s', (typed, sent) => {
    expect(parseTypedDate(typed)).toBe(sent);
  });

  it.each(['29/02/2025', '31/04/2026', '2026-02-01', '02/13/2026', '00/01/2026', '1/1/26', '', 'tomorrow'])(
    '[M5.15] refuses %j as no dd/MM/yyyy day',
    (typed) => {
      expect(parseTypedDate(typed)).toBeNull();
    },
  );

  it('[M5.15] shows a sent yyyy-MM-dd as dd/MM/yyyy', () => {
    expect(toTypedDate('2026-02-01')).toBe('01/02/2026');
    expect(toTypedDate('whatever')).toBe('whatever');
  });
});
