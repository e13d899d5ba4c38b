import { describe, expect, it } from 'vitest';
import { localDay } from '../../../../lib/typed-date';
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

  it('[M5.15] shows a day picked from the calendar (yyyy-MM-dd) as dd/MM/yyyy and sends it unchanged', () => {
    for (const picked of ['2026-03-15', '2024-02-29', '1999-12-31', '2026-01-01']) {
      const shown = toTypedDate(picked);
      expect(shown).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(parseTypedDate(shown)).toBe(picked);
    }
    expect(toTypedDate('2026-03-15')).toBe('15/03/2026');
  });

  it('leaves a yyyy-MM-dd that is no real day as it is, so the form names it as no date', () => {
    expect(toTypedDate('2026-13-01')).toBe('2026-13-01');
    expect(toTypedDate('2025-02-29')).toBe('2025-02-29');
    expect(parseTypedDate(toTypedDate('2025-02-29'))).toBeNull();
  });

  it("the calendar's today is the browser's calendar day, not the UTC one", () => {
    expect(localDay(new Date(2026, 0, 31, 23, 59))).toBe('2026-01-31');
    expect(localDay(new Date(2026, 1, 1, 0, 0))).toBe('2026-02-01');
  });
});
