import type { ReportParameter } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  ChartAccumulator,
  groupIntoOther,
  nextAverage,
  parseIsoDay,
  parseParameters,
  periodOf,
  resolveDefault,
  sameParameters,
  sortExpression,
} from '../server-reports.rules.js';

const NOW = new Date('2026-03-31T15:00:00Z');
const date = (Name: string, Default: string | null): ReportParameter => ({
  Name,
  DisplayName: Name,
  DisplayTemplate: 'Date',
  EnumMembers: [],
  Default,
});
const DEFS: ReportParameter[] = [
  date('From', 'monthsAgo:1'),
  date('To', 'today'),
  { Name: 'Status', DisplayName: 'Status', DisplayTemplate: 'Enum', EnumMembers: ['All', 'Completed'], Default: 'All' },
  { Name: 'Currency', DisplayName: 'Currency', DisplayTemplate: 'Text', EnumMembers: [], Default: null },
];

describe('parameter defaults', () => {
  it('resolves the stored tokens at the time of the run (UTC), clamping to the end of a shorter month', () => {
    expect(resolveDefault('today', NOW)).toBe('2026-03-31');
    expect(resolveDefault('monthStart', NOW)).toBe('2026-03-01');
    expect(resolveDefault('yearStart', NOW)).toBe('2026-01-01');
    expect(resolveDefault('monthsAgo:1', NOW)).toBe('2026-02-28');
    expect(resolveDefault('monthsAgo:12', NOW)).toBe('2025-03-31');
    expect(resolveDefault('All', NOW)).toBe('All');
    expect(resolveDefault(null, NOW)).toBeNull();
  });
});

describe('[M5.15] parameter parsing', () => {
  it('[M5.15] takes yyyy-MM-dd days and fills in the defaults', () => {
    expect(parseParameters(DEFS, { From: '2026-01-15' }, NOW)).toEqual({
      ok: true,
      values: { From: '2026-01-15', To: '2026-03-31', Status: 'All' },
    });
  });

  it('[M5.15] refuses a day not written yyyy-MM-dd or not in the calendar, naming the field', () => {
    for (const From of ['15/01/2026', '2026-02-29', '2026-1-5', '2026-01-15T00:00']) {
      const r = parseParameters(DEFS, { From }, NOW);
      expect(r.ok ? [] : r.errors.map((e) => e.field), From).toEqual(['parameters.From']);
    }
    expect(parseIsoDay('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('refuses unknown names, enum values not among the members and From after To', () => {
    const r = parseParameters(DEFS, { Colour: 'red', Status: 'Lost', From: '2026-03-02', To: '2026-03-01' }, NOW);
    expect(r.ok ? [] : r.errors.map((e) => e.field)).toEqual(['parameters.Colour', 'parameters.Status', 'parameters.To']);
  });

  it('compares runs by every value, and turns From/To into a UTC period ending after To', () => {
    expect(sameParameters({ A: '1', B: '2' }, { B: '2', A: '1' })).toBe(true);
    expect(sameParameters({ A: '1' }, { A: '1', B: '2' })).toBe(false);
    expect(periodOf({ From: '2026-01-01', To: '2026-01-31' })).toEqual({
      from: new Date('2026-01-01T00:00:00Z'),
      toExclusive: new Date('2026-02-01T00:00:00Z'),
    });
  });
});

describe('[M9.14] the Other grouping of a by-Date report', () => {
  const chart = (values: number[]) => ({
    CategoryName: 'Month',
    Categories: values.map((_, i) => `m${i + 1}`),
    Series: [{ Name: 'Orders', Values: values }],
  });

  it('[M9.14] groups the categories below 10 percent of the total into Other, placed last', () => {
    expect(groupIntoOther(chart([50, 5, 40, 3, 2]))).toEqual({
      CategoryName: 'Month',
      Categories: ['m1', 'm3', 'm5', 'Other'],
      Series: [{ Name: 'Orders', Values: [50, 40, 2, 8] }],
    });
  });

  it('[M9.14] keeps the last category down to 1 percent, and groups it below', () => {
    expect(groupIntoOther(chart([60, 39.5, 0.5])).Categories).toEqual(['m1', 'm2', 'Other']);
    expect(groupIntoOther(chart([60, 38, 2])).Categories).toEqual(['m1', 'm2', 'm3']);
  });

  it('sums the series of a category when deciding, and leaves a chart without small categories (or empty) alone', () => {
    const two = {
      CategoryName: 'Month',
      Categories: ['a', 'b', 'c'],
      Series: [
        { Name: 'EUR', Values: [5, 45, 20] },
        { Name: 'USD', Values: [6, 4, 20] },
      ],
    };
    expect(groupIntoOther(two)).toEqual(two);
    expect(groupIntoOther(chart([0, 0]))).toEqual(chart([0, 0]));
  });

  it('adds up rows chunk after chunk per category and series, and groups only by-Date reports', () => {
    const acc = new ChartAccumulator({
      categoryName: 'Month',
      category: (r) => String(r[0]),
      series: (r) => String(r[1]),
      value: (r) => Number(r[2]),
    });
    acc.add([
      ['2026-01', 'EUR', '1.5'],
      ['2026-02', 'USD', '2'],
    ]);
    acc.add([['2026-01', 'EUR', '0.25']]);
    expect(acc.result()).toEqual({
      CategoryName: 'Month',
      Categories: ['2026-01', '2026-02'],
      Series: [
        { Name: 'EUR', Values: [1.75, 0] },
        { Name: 'USD', Values: [0, 2] },
      ],
    });
  });
});

describe('[M3.23] the average execution time and sorting', () => {
  it('[M3.23] keeps a running mean of the runs', () => {
    expect(nextAverage(null, 0, 120.4)).toBe(120);
    expect(nextAverage(100, 1, 200)).toBe(150);
    expect(nextAverage(150, 2, 60)).toBe(120);
  });

  it('sorts numbers as numbers and the rest as text, and knows no other column', () => {
    const columns = [
      { CellName: 'Name', CellType: 'String' as const },
      { CellName: 'Total', CellType: 'Decimal' as const },
    ];
    expect(sortExpression(columns, 'Total')).toBe('(cells ->> 1)::numeric');
    expect(sortExpression(columns, 'Name')).toBe('(cells ->> 0)');
    expect(sortExpression(columns, 'x; DROP TABLE reports')).toBeNull();
  });
});

describe('[M9.14] a by-Date chart', () => {
  it('[M9.14] runs oldest to newest whatever the rows order, so the latest month is the last (kept down to 1 percent)', () => {
    const acc = new ChartAccumulator({
      categoryName: 'Month',
      category: (r) => String(r[0]).slice(0, 7),
      series: () => 'Orders',
      value: () => 1,
      byDate: true,
    });
    const rows = [
      ...Array.from({ length: 2 }, () => ['2026-03-02']),
      ...Array.from({ length: 90 }, () => ['2026-02-10']),
      ...Array.from({ length: 8 }, () => ['2026-01-05']),
    ];
    acc.add(rows);
    expect(acc.result()).toEqual({
      CategoryName: 'Month',
      Categories: ['2026-02', '2026-03', 'Other'],
      Series: [{ Name: 'Orders', Values: [90, 2, 8] }],
    });
  });
});
