import { type FieldValue, type LayoutPage, type View, validateFieldValue } from '@portal/contracts';

/** The first step of every wizard [A2.39], [A2.40]; the layout pages follow, one step each. */
export const PARENT_STEP = 0;

/** The keys ("View.Name") of the editable fields a layout page shows. */
export function pageFieldKeys(page: LayoutPage, views: Readonly<Record<string, View>>): string[] {
  return page.Containers.flatMap((c) => c.Fields)
    .filter((f) => views[f.View]?.FieldDefinitions.some((d) => d.Name === f.Name && !d.IsReadOnly))
    .map((f) => `${f.View}.${f.Name}`);
}

/** Messages keyed "View.Name" for the fields of a page, by the same rules the server applies. */
export function pageErrors(
  page: LayoutPage,
  views: Readonly<Record<string, View>>,
  values: Readonly<Record<string, FieldValue>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of pageFieldKeys(page, views)) {
    const [view = '', name = ''] = key.split('.');
    const def = views[view]?.FieldDefinitions.find((d) => d.Name === name);
    const message = def ? validateFieldValue(def, values[key] ?? null) : null;
    if (message) errors[key] = message;
  }
  return errors;
}

/**
 * [A4.10] The last step that may be opened: a step opens only when every step before it is valid. Step 0 is
 * the parent; step i (1..pages) is page i-1. `reached` is the furthest step the user moved to with Next, so
 * later steps stay disabled until the user walks through them.
 */
export function lastEnabledStep(params: { hasParent: boolean; pageValid: readonly boolean[]; reached: number }): number {
  if (!params.hasParent) return PARENT_STEP;
  let last = 1;
  while (last <= params.pageValid.length && last < params.reached && params.pageValid[last - 1]) last++;
  return Math.min(last, params.pageValid.length);
}

/** The CreateAccount views from the wizard's values: every editable field, empty ones as null. */
export function viewsForCreate(
  views: Readonly<Record<string, View>>,
  values: Readonly<Record<string, FieldValue>>,
): Record<string, { Values: Record<string, FieldValue> }> {
  const result: Record<string, { Values: Record<string, FieldValue> }> = {};
  for (const view of Object.values(views)) {
    for (const def of view.FieldDefinitions) {
      if (def.IsReadOnly) continue;
      const raw = values[`${view.Name}.${def.Name}`] ?? null;
      const entry = result[view.Name] ?? { Values: {} };
      result[view.Name] = entry;
      entry.Values[def.Name] = typeof raw === 'string' && raw.trim() === '' ? null : raw;
    }
  }
  return result;
}

/** Server field names ("Views.User.Values.Email") to wizard keys ("User.Email"); others (parentId) as they are. */
export function serverErrorKey(field: string): string {
  const match = /^Views\.([^.]+)\.Values\.([^.]+)$/.exec(field);
  return match ? `${match[1]}.${match[2]}` : field;
}

/** The step showing a field (1-based page step), or the parent step for errors that name no page field. */
export function stepOfField(key: string, pages: readonly LayoutPage[], views: Readonly<Record<string, View>>): number {
  const index = pages.findIndex((p) => pageFieldKeys(p, views).includes(key));
  return index < 0 ? PARENT_STEP : index + 1;
}
