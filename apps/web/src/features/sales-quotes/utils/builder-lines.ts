/**
 * The quote builder's lines as the screen keeps them: each saved line [M3.2] with the service it came from (its
 * field definitions, icon and dependencies [M3.3]). The line rules [M4.3]-[M4.5] are the contract's; these only
 * carry the screen's extras through them. Prices are never computed here: the server prices the lines.
 */
import {
  addQuoteLine,
  applyTotalUsers,
  type MarketService,
  type MarketServiceField,
  newQuoteLine,
  type QuoteLine,
  type QuoteLineValue,
  setLineAmount,
  unmetDependencies,
} from '@portal/contracts';

export interface BuilderLine extends QuoteLineValue {
  /** Unique within the quote (a service may be on it twice). */
  Key: string;
  /** The service as the price list offers it; null when the price list no longer holds it. */
  Service: MarketService | null;
}

/** [M4.3] [M4.4] Adds a service's new line at the top. */
export function addService(lines: readonly BuilderLine[], service: MarketService, totalUsers: number, key: string) {
  return addQuoteLine(lines, { ...newQuoteLine(service, totalUsers), Key: key, Service: service });
}

/** [M4.3] Removes a line (a dependency removed shows up again on the requiring line's unmet list). */
export function removeLine(lines: readonly BuilderLine[], key: string): BuilderLine[] {
  return lines.filter((l) => l.Key !== key);
}

/** [M4.4] A line's amount: anything but the total clears all users; the total sets it. */
export function changeAmount(lines: readonly BuilderLine[], key: string, amount: number, totalUsers: number) {
  return lines.map((l) => (l.Key === key ? setLineAmount(l, amount, totalUsers) : l));
}

/** [M4.5] A new total: all-users lines follow it, amounts above it are capped. */
export function changeTotalUsers(lines: readonly BuilderLine[], totalUsers: number) {
  return applyTotalUsers(lines, totalUsers);
}

/** A field's value on one line. */
export function changeField(lines: readonly BuilderLine[], key: string, fieldName: string, value: string): BuilderLine[] {
  return lines.map((l) => {
    if (l.Key !== key) return l;
    const has = l.Fields.some((f) => f.FieldName === fieldName);
    const fields = has
      ? l.Fields.map((f) => (f.FieldName === fieldName ? { ...f, FieldValue: value } : f))
      : [...l.Fields, { FieldName: fieldName, FieldValue: value }];
    return { ...l, Fields: fields };
  });
}

/** [M4.3] Each line's dependencies that no line holds, by line key. */
export function unmetByLine(lines: readonly BuilderLine[]): Map<string, string[]> {
  const byProduct = unmetDependencies(lines, (name) => lines.find((l) => l.ProductName === name)?.Service?.Dependencies ?? []);
  return new Map(lines.map((l) => [l.Key, byProduct.get(l.ProductName) ?? []]));
}

/** The lines of a saved revision, with the services the price list still offers. */
export function linesOfSaved(saved: readonly QuoteLine[], services: readonly MarketService[], keyOf: (i: number) => string) {
  return saved.map(
    (l, i): BuilderLine => ({
      ProductName: l.ProductName,
      ProductDisplayName: l.ProductDisplayName,
      Amount: l.Amount,
      Fields: l.Fields,
      IsSyncWithUserAmount: l.IsSyncWithUserAmount,
      NRCDiscount: 0,
      RCDiscount: 0,
      Key: keyOf(i),
      Service: services.find((s) => s.ProductName === l.ProductName) ?? null,
    }),
  );
}

/** The lines as SaveSalesQuote and PriceSalesQuote take them. */
export function linesForServer(lines: readonly BuilderLine[]): QuoteLineValue[] {
  return lines.map(({ Key: _key, Service: _service, ...line }) => line);
}

/** [M5.9] A numeric field's value out of its MinValue..MaxValue (or not a number): the problem and its limit. */
export function numericFieldProblem(
  field: Pick<MarketServiceField, 'FieldType' | 'MinValue' | 'MaxValue'>,
  value: string,
): { key: 'notNumber' | 'min' | 'max'; limit?: number } | null {
  if (field.FieldType !== 'Numeric' || value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return { key: 'notNumber' };
  if (field.MinValue !== null && n < field.MinValue) return { key: 'min', limit: field.MinValue };
  if (field.MaxValue !== null && n > field.MaxValue) return { key: 'max', limit: field.MaxValue };
  return null;
}

/** The value a line holds for a field; a combobox with none shows its first value [M5.8]. */
export function fieldValue(line: Pick<QuoteLineValue, 'Fields'>, field: MarketServiceField): string {
  const held = line.Fields.find((f) => f.FieldName === field.Id)?.FieldValue;
  if (held !== undefined && held !== '') return held;
  return field.FieldType === 'Combobox' ? (field.AvailableValues[0]?.Value ?? '') : field.Value;
}
