/** Turns an audit row's before/after documents into the field changes a person reads. */
export function describeChanges(
  before: unknown,
  after: unknown,
): { Field: string; Before: string | null; After: string | null }[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .map((field) => ({ Field: field, Before: show(b[field]), After: show(a[field]) }))
    .filter((c) => c.Before !== c.After);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function show(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Inclusive UTC date range to half-open timestamps. */
export function dateRange(from: string | null, to: string | null): { from: Date | null; until: Date | null } {
  return {
    from: from ? new Date(`${from}T00:00:00.000Z`) : null,
    until: to ? new Date(new Date(`${to}T00:00:00.000Z`).getTime() + 24 * 3600 * 1000) : null,
  };
}
