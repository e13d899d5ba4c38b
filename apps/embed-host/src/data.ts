import { models } from '@portal/embed';

/** What GET /api/embed/data answers (apps/server domains/reports). */
export interface VisualDefinition {
  name: string;
  title: string;
  type: 'tableEx' | 'columnChart' | 'barChart' | 'lineChart' | 'pieChart' | 'donutChart' | 'card' | 'slicer' | 'actionButton';
  /** Every visual but a button reads one dataset. */
  dataset?: string;
  /** What a button does when clicked (powerbi button action type names). */
  action?: { type: 'PageNavigation'; page: string } | { type: 'WebUrl'; url: string };
  fields: { category?: string; value?: string; columns?: string[] };
  layout: { x: number; y: number; width: number; height: number };
}
export interface PageDefinition {
  name: string;
  displayName: string;
  visuals: VisualDefinition[];
}
export type Row = Record<string, string | number | boolean | null>;
export interface EmbedData {
  report: { id: string; workgroupId: string; name: string; pages: PageDefinition[] };
  /** powerbi-models' Permissions bits the token allows: 1 save (ReadWrite), 2 save as (Copy). */
  permissions: number;
  scope: { accountId: number; displayName: string };
  datasets: Record<string, Row[]>;
  /** The datasets the server cut at their row limit, with that limit (e.g. { accounts: 500 }). */
  rowLimits?: Record<string, number>;
  /** The datasets the report reads that the token's user may not read; the server left them out. */
  denied?: string[];
  /** The currency of the organisation of the user the token was issued to (decision 0058), or null. */
  viewerCurrency?: string | null;
  categories?: Categories;
  expiresAt: string;
}

/**
 * The values a dataset's column ranges over, by dataset and column (the revenue's Month: the last 12 months): a chart
 * of that column draws each of them, a zero where no row has it (decision 0083).
 */
export type Categories = Record<string, Record<string, string[]> | undefined>;

/** The values the visual's category ranges over, when the server named them. */
export function categoriesOf(
  categories: Categories | undefined,
  visual: Pick<VisualDefinition, 'dataset' | 'fields'>,
): readonly string[] | undefined {
  const column = visual.fields.category;
  return visual.dataset && column ? categories?.[visual.dataset]?.[column] : undefined;
}

/**
 * What a slicer shows ticked when the host page set no state for it (decision 0058): a slicer of the `Currency`
 * column starts on the viewer's currency when the data has amounts in it, so money charts, which never add two
 * currencies, draw at once. Any other slicer, or a viewer's currency the data lacks, starts with nothing ticked.
 *
 * @example
 * defaultSlicerValues({ column: 'Currency', values: ['EUR', 'GBP'], viewerCurrency: 'EUR' }) // ['EUR']
 */
export function defaultSlicerValues(params: {
  column: string | undefined;
  values: readonly unknown[];
  viewerCurrency: string | null | undefined;
}): string[] {
  const { column, values, viewerCurrency } = params;
  if (column !== CURRENCY_COLUMN || !viewerCurrency) return [];
  return values.some((value) => value === viewerCurrency) ? [viewerCurrency] : [];
}

/** Every dataset is one table named Accounts in filter targets. */
export const TABLE = 'Accounts';

type Target = { table?: string; column?: string; measure?: string; hierarchy?: string; hierarchyLevel?: string };

/** The column a filter targets in our tables, or null when it targets something else (left without effect). */
export function targetColumn(filter: models.IFilter): string | null {
  const target = filter.target as Target | undefined;
  if (!target || target.table !== TABLE) return null;
  return target.column ?? target.hierarchyLevel ?? null;
}

const asComparable = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);

function matchesCondition(value: unknown, condition: { operator: string; value?: unknown }): boolean {
  const a = asComparable(value);
  const b = asComparable(condition.value);
  switch (condition.operator) {
    case 'None':
      return true;
    case 'Is':
      return a === b;
    case 'IsNot':
      return a !== b;
    case 'LessThan':
      return (a as number) < (b as number);
    case 'LessThanOrEqual':
      return (a as number) <= (b as number);
    case 'GreaterThan':
      return (a as number) > (b as number);
    case 'GreaterThanOrEqual':
      return (a as number) >= (b as number);
    case 'Contains':
      return String(a).includes(String(b));
    case 'DoesNotContain':
      return !String(a).includes(String(b));
    case 'StartsWith':
      return String(a).startsWith(String(b));
    case 'DoesNotStartWith':
      return !String(a).startsWith(String(b));
    case 'IsBlank':
      return value === null || value === undefined || value === '';
    case 'IsNotBlank':
      return !(value === null || value === undefined || value === '');
    case 'IsEmpty':
      return value === '';
    case 'IsNotEmpty':
      return value !== '';
    default:
      return true;
  }
}

/** Keeps the rows a filter lets through. Filters on other tables or kinds we cannot evaluate keep every row. */
export function applyFilter(rows: Row[], filter: models.IFilter): Row[] {
  const column = targetColumn(filter);
  if (!column || rows.length === 0 || !(column in (rows[0] as Row))) return rows;
  const type = models.getFilterType(filter);
  if (type === models.FilterType.Basic) {
    const basic = filter as models.IBasicFilter;
    if (basic.operator === 'All') return rows;
    const values = new Set(basic.values.map(asComparable));
    const keep = basic.operator !== 'NotIn';
    return rows.filter((row) => values.has(asComparable(row[column])) === keep);
  }
  if (type === models.FilterType.Advanced) {
    const advanced = filter as models.IAdvancedFilter;
    const conditions = advanced.conditions ?? [];
    if (conditions.length === 0) return rows;
    return rows.filter((row) =>
      advanced.logicalOperator === 'Or'
        ? conditions.some((c) => matchesCondition(row[column], c))
        : conditions.every((c) => matchesCondition(row[column], c)),
    );
  }
  if (type === models.FilterType.TopN) {
    const topN = filter as models.ITopNFilter;
    const orderColumn = (topN.orderBy as Target | undefined)?.column ?? (topN.orderBy as Target | undefined)?.measure;
    const totals = new Map<unknown, number>();
    for (const row of rows) {
      const by = orderColumn && orderColumn in row ? Number(row[orderColumn] ?? 0) : 1;
      totals.set(row[column], (totals.get(row[column]) ?? 0) + by);
    }
    const sorted = [...totals.entries()].sort((x, y) => (topN.operator === 'Bottom' ? x[1] - y[1] : y[1] - x[1]));
    const kept = new Set(sorted.slice(0, Math.max(0, topN.itemCount)).map(([key]) => key));
    return rows.filter((row) => kept.has(row[column]));
  }
  return rows;
}

export const applyFilters = (rows: Row[], filters: models.IFilter[]) => filters.reduce(applyFilter, rows);

export interface Point {
  category: string;
  value: number;
}

/**
 * Groups rows by the category field, summing the value field (or counting rows when there is none). With `range` (the
 * values the category ranges over), each of them is a point, a zero when no row has it, as long as any row is left:
 * a month without revenue is a zero on the line, not a gap, and a chart of no rows at all stays empty.
 *
 * @example
 * aggregate([{ Month: '2026-02', Amount: 5 }], 'Month', 'Amount', ['2026-01', '2026-02'])
 * // [{ category: '2026-01', value: 0 }, { category: '2026-02', value: 5 }]
 */
export function aggregate(
  rows: Row[],
  category: string | undefined,
  value: string | undefined,
  range?: readonly string[],
): Point[] {
  const sums = new Map<string, number>();
  if (category && range && rows.length > 0) for (const c of range) sums.set(c, 0);
  for (const row of rows) {
    const key = category ? String(row[category] ?? '(blank)') : 'Total';
    sums.set(key, (sums.get(key) ?? 0) + (value ? Number(row[value] ?? 0) : 1));
  }
  const points = [...sums.entries()].map(([c, v]) => ({ category: c, value: v }));
  const numeric = points.every((p) => p.category !== '' && !Number.isNaN(Number(p.category)));
  return points.sort((a, b) => (numeric ? Number(a.category) - Number(b.category) : a.category.localeCompare(b.category)));
}

/** RFC 4180 CSV of a header and rows. */
export function toCsv(header: string[], rows: unknown[][]): string {
  const cell = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
}

/** Applies one filters update (POST .../filters) to a list. */
export function updateFilters(
  current: models.IFilter[],
  operation: models.FiltersOperations,
  filters: models.IFilter[] = [],
): models.IFilter[] {
  const sameTarget = (a: models.IFilter, b: models.IFilter) => JSON.stringify(a.target) === JSON.stringify(b.target);
  switch (operation) {
    case models.FiltersOperations.RemoveAll:
      return [];
    case models.FiltersOperations.ReplaceAll:
      return [...filters];
    case models.FiltersOperations.Add:
      return [...current, ...filters];
    case models.FiltersOperations.Replace:
      return [...current.filter((c) => !filters.some((f) => sameTarget(c, f))), ...filters];
    default:
      return current;
  }
}

/** A filter in words, as the filters pane lists it, e.g. "AccountType is Company or Reseller". */
export function describeFilter(filter: models.IFilter): string {
  const target = (filter.target ?? {}) as Target;
  const field = target.column ?? target.measure ?? target.hierarchyLevel ?? target.hierarchy ?? 'a field';
  const f = filter as unknown as Record<string, any>;
  const list = (values: unknown[]) => values.map(String).join(' or ');
  if (Array.isArray(f.values)) {
    if (f.operator === 'All') return `${field}: all`;
    return `${field} ${f.operator === 'NotIn' ? 'is not' : 'is'} ${list(f.values)}`;
  }
  if (Array.isArray(f.conditions)) {
    const words = f.conditions.map((c: { operator: string; value?: unknown }) =>
      c.value === undefined ? c.operator : `${c.operator} ${String(c.value)}`,
    );
    return `${field} ${words.join(f.logicalOperator === 'Or' ? ' or ' : ' and ')}`;
  }
  if (typeof f.itemCount === 'number') return `${f.operator === 'Bottom' ? 'Bottom' : 'Top'} ${f.itemCount} ${field}`;
  if (typeof f.timeUnitsCount === 'number') return `${field}: relative date or time`;
  return `${field}: filtered`;
}

/** The column that says which currency a row's amounts are in. */
export const CURRENCY_COLUMN = 'Currency';

/**
 * A value column holds money when its name ends in Amount or Total and its rows carry a Currency:
 * each amount is in its row's currency, and amounts of two currencies are never added together.
 */
export function isMoneyColumn(rows: Row[], column: string | undefined): column is string {
  return !!column && /(Amount|Total)$/.test(column) && rows.some((row) => CURRENCY_COLUMN in row);
}

const categoryKey = (row: Row, category: string | undefined) => (category ? String(row[category] ?? '(blank)') : 'Total');

/**
 * The currency of each category's rows (as aggregate groups them), and the currencies found mixed
 * inside one category, alphabetically (empty when every category has one currency).
 */
export function currenciesByCategory(
  rows: Row[],
  category: string | undefined,
): { byCategory: Map<string, string>; mixed: string[] } {
  const seen = new Map<string, Set<string>>();
  for (const row of rows) {
    const key = categoryKey(row, category);
    const set = seen.get(key) ?? new Set<string>();
    set.add(String(row[CURRENCY_COLUMN] ?? ''));
    seen.set(key, set);
  }
  const byCategory = new Map<string, string>();
  const mixed = new Set<string>();
  for (const [key, set] of seen) {
    if (set.size === 1) byCategory.set(key, [...set][0] as string);
    else for (const c of set) mixed.add(c);
  }
  return { byCategory, mixed: [...mixed].sort() };
}

/** Sums of a money column per currency, alphabetically by currency (what a card of amounts shows). */
export function totalsByCurrency(rows: Row[], value: string): { currency: string; amount: number }[] {
  const sums = new Map<string, number>();
  for (const row of rows) {
    const currency = String(row[CURRENCY_COLUMN] ?? '');
    sums.set(currency, (sums.get(currency) ?? 0) + Number(row[value] ?? 0));
  }
  return [...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount }));
}

/**
 * [M9.3] An amount for display: 2 decimals, grouped, with the euro sign when the currency is unset
 * or EUR and otherwise the code after it; zero shows FREE.
 */
export function formatMoney(amount: number, currency: string | null | undefined): string {
  const cents = Math.round(Math.abs(amount) * 100) / 100;
  if (cents === 0) return 'FREE';
  const text = cents.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const sign = amount < 0 ? '-' : '';
  return !currency || currency === 'EUR' ? `${sign}€${text}` : `${sign}${text} ${currency}`;
}

/** A number for display: grouped, at most 2 decimals. */
export const formatNumber = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 2 });
