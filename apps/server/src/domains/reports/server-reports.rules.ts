/**
 * Pure rules of the server-run reports (decision 0056): parameter defaults and parsing [M5.15], the chart a run
 * draws with the 'by Date' grouping into Other [M9.14], the running mean of execution times [M3.23], sorting.
 */
import type { FieldError, ReportChart, ReportColumn, ReportParameter, ReportRow } from '@portal/contracts';

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** yyyy-MM-dd of a date (UTC). */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A Date parameter's default as stored in the catalogue, resolved to yyyy-MM-dd at `now` (UTC):
 * `today`, `monthStart`, `yearStart`, `monthsAgo:N` (the same day N months earlier, clamped to the month's end).
 * Any other stored value is taken as it is (a fixed day, an Enum member, a text).
 *
 * @example resolveDefault('monthsAgo:12', new Date('2026-11-26T10:00:00Z')) // '2025-11-26'
 */
export function resolveDefault(token: string | null, now: Date): string | null {
  if (token === null) return null;
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  if (token === 'today') return isoDay(now);
  if (token === 'monthStart') return isoDay(new Date(Date.UTC(y, m, 1)));
  if (token === 'yearStart') return isoDay(new Date(Date.UTC(y, 0, 1)));
  const ago = /^monthsAgo:(\d{1,3})$/.exec(token);
  if (ago) {
    const target = new Date(Date.UTC(y, m - Number(ago[1]), 1));
    const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    return isoDay(new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(now.getUTCDate(), lastDay))));
  }
  return token;
}

/** A calendar day yyyy-MM-dd as the UTC instant it starts, or null when it is not one (2026-02-30 is not). */
export function parseIsoDay(value: string): Date | null {
  const m = ISO_DAY.exec(value);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return isoDay(d) === value ? d : null;
}

/** The parameters a run uses: the catalogue's, with the caller's values and the defaults filled in. */
export type RunParameters = Record<string, string>;

/**
 * Checks the caller's parameters against the report's: unknown names, a Date that is not a yyyy-MM-dd day, an Enum
 * value not among its members, From after To. Missing values take the default; a parameter without one is required.
 * Errors name the field as `parameters.<Name>`.
 */
export function parseParameters(
  defs: readonly ReportParameter[],
  input: Readonly<Record<string, string>>,
  now: Date,
): { ok: true; values: RunParameters } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const values: RunParameters = {};
  const byName = new Map(defs.map((d) => [d.Name, d]));
  for (const name of Object.keys(input)) {
    if (!byName.has(name)) errors.push({ field: `parameters.${name}`, message: `The report has no parameter ${name}` });
  }
  for (const def of defs) {
    const given = input[def.Name]?.trim();
    const value = given ? given : resolveDefault(def.Default, now);
    const field = `parameters.${def.Name}`;
    if (value === null || value === '') {
      if (def.DisplayTemplate === 'Text') continue;
      errors.push({ field, message: `Enter ${def.DisplayName}` });
      continue;
    }
    if (def.DisplayTemplate === 'Date' && !parseIsoDay(value)) {
      errors.push({ field, message: `${def.DisplayName} must be a date written yyyy-MM-dd` });
      continue;
    }
    if (def.DisplayTemplate === 'Enum' && !def.EnumMembers.includes(value)) {
      errors.push({ field, message: `${def.DisplayName} must be one of ${def.EnumMembers.join(', ')}` });
      continue;
    }
    values[def.Name] = value;
  }
  if (values.From && values.To && values.From > values.To) {
    errors.push({ field: 'parameters.To', message: 'To must not be before From' });
  }
  return errors.length ? { ok: false, errors } : { ok: true, values };
}

/** Two runs' parameters are the same when every name has the same value. */
export function sameParameters(a: Readonly<RunParameters>, b: Readonly<RunParameters>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (a[k] !== b[k]) return false;
  return true;
}

/** The period of the From and To parameters: from the start of From to the start of the day after To (UTC). */
export function periodOf(values: RunParameters): { from: Date; toExclusive: Date } {
  const from = parseIsoDay(values.From ?? '') ?? new Date(0);
  const to = parseIsoDay(values.To ?? '');
  return { from, toExclusive: to ? new Date(to.getTime() + DAY_MS) : new Date(8.64e15) };
}

/** One day as a period (the On parameter). */
export function dayOf(value: string | undefined): { from: Date; toExclusive: Date } {
  const day = parseIsoDay(value ?? '') ?? new Date(0);
  return { from: day, toExclusive: new Date(day.getTime() + DAY_MS) };
}

/** [M3.23] The average execution time after one more run: the running mean, in whole ms. */
export function nextAverage(average: number | null, runs: number, ms: number): number {
  if (average === null || runs <= 0) return Math.max(0, Math.round(ms));
  return Math.max(0, Math.round(average + (ms - average) / (runs + 1)));
}

/** How a report draws its chart from its rows: the category and series of a row, and the value it adds. */
export interface ChartSpec {
  categoryName: string;
  category(row: ReportRow): string;
  /** The series a row adds to (a currency, a state); a constant for one series. */
  series(row: ReportRow): string;
  value(row: ReportRow): number;
  /** [M9.14] A 'by Date' report: small categories are grouped into Other. */
  byDate?: boolean;
}

export const OTHER_CATEGORY = 'Other';
/** [M9.14] In a 'by Date' report a category below 10 percent of the total goes to Other; the last one below 1 percent. */
export const OTHER_SHARE = 0.1;
export const OTHER_SHARE_LAST = 0.01;

/**
 * Adds up the chart of a run over its rows, chunk after chunk, in the order categories first appear (a 'by Date' chart:
 * in date order, its categories being yyyy-MM).
 */
export class ChartAccumulator {
  private readonly categories = new Map<string, Map<string, number>>();
  private readonly seriesNames: string[] = [];
  constructor(private readonly spec: ChartSpec) {}

  add(rows: readonly ReportRow[]): void {
    for (const row of rows) {
      const category = this.spec.category(row);
      const series = this.spec.series(row);
      if (!this.seriesNames.includes(series)) this.seriesNames.push(series);
      let values = this.categories.get(category);
      if (!values) {
        values = new Map();
        this.categories.set(category, values);
      }
      values.set(series, (values.get(series) ?? 0) + this.spec.value(row));
    }
  }

  result(): ReportChart {
    // A 'by Date' chart runs oldest to newest (its rows may come newest first): the last category is the latest.
    const categories = this.spec.byDate ? [...this.categories.keys()].sort() : [...this.categories.keys()];
    const series = this.seriesNames.map((name) => ({
      Name: name,
      Values: categories.map((c) => this.categories.get(c)?.get(name) ?? 0),
    }));
    const chart = { CategoryName: this.spec.categoryName, Categories: categories, Series: series };
    return this.spec.byDate ? groupIntoOther(chart) : chart;
  }
}

/**
 * [M9.14] The 'by Date' grouping: a category (summed over every series) below 10 percent of the total goes into
 * Other, except the last category (the latest period, still filling), which goes only below 1 percent. Other comes
 * last; it is absent when nothing was grouped, and a chart whose total is 0 is left as it is.
 */
export function groupIntoOther(chart: ReportChart): ReportChart {
  const n = chart.Categories.length;
  const totals = chart.Categories.map((_, i) => chart.Series.reduce((sum, s) => sum + (s.Values[i] ?? 0), 0));
  const total = totals.reduce((a, b) => a + b, 0);
  if (total <= 0) return chart;
  const grouped = totals.map((t, i) => t < total * (i === n - 1 ? OTHER_SHARE_LAST : OTHER_SHARE));
  if (!grouped.some(Boolean)) return chart;
  const keep = chart.Categories.map((_, i) => i).filter((i) => !grouped[i]);
  return {
    CategoryName: chart.CategoryName,
    Categories: [...keep.map((i) => chart.Categories[i] as string), OTHER_CATEGORY],
    Series: chart.Series.map((s) => ({
      Name: s.Name,
      Values: [...keep.map((i) => s.Values[i] ?? 0), s.Values.reduce((sum, v, i) => (grouped[i] ? sum + v : sum), 0)],
    })),
  };
}

/** The SQL expression that orders the kept rows by a column: numbers as numbers, the rest as text. */
export function sortExpression(columns: readonly ReportColumn[], name: string): string | null {
  const index = columns.findIndex((c) => c.CellName === name);
  if (index < 0) return null;
  const column = columns[index] as ReportColumn;
  const cell = `(cells ->> ${index})`;
  return column.CellType === 'Int32' || column.CellType === 'Decimal' ? `${cell}::numeric` : cell;
}

/** A number for the chart from a cell (a decimal string or a number); 0 when empty. */
export const chartNumber = (cell: ReportRow[number] | undefined) => (cell === null || cell === undefined ? 0 : Number(cell));
