import { type FieldValue, type LayoutPage, type View, validateFieldValue } from '@portal/contracts';

/** The first step of every wizard [A2.39], [A2.40] (the service step of ProductShort [A2.42]). */
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
 * The steps of the wizard by type [A2.39]-[A2.41]: a Product adds service, terms and order review. ProductShort
 * [A2.42], a service for a parent already known, has no parent step.
 */
export type WizardStep =
  | { kind: 'parent' }
  | { kind: 'service' }
  | { kind: 'terms' }
  | { kind: 'page'; page: number }
  | { kind: 'review' };

export function wizardSteps(isProduct: boolean, pageCount: number, options: { short?: boolean } = {}): WizardStep[] {
  const pages: WizardStep[] = Array.from({ length: pageCount }, (_, page) => ({ kind: 'page', page }));
  if (!isProduct) return [{ kind: 'parent' }, ...pages];
  const product: WizardStep[] = [{ kind: 'service' }, { kind: 'terms' }, ...pages, { kind: 'review' }];
  return options.short ? product : [{ kind: 'parent' }, ...product];
}

/**
 * [A4.10] The last step that may be opened: the step after a valid first step, and further only through steps
 * that are valid and were passed with Next (`reached` is the furthest step moved to). So later steps stay
 * disabled until earlier ones are valid, and lowering `reached` (a new parent or service) disables them again.
 */
export function lastEnabledStep(params: { valid: readonly boolean[]; reached: number }): number {
  const n = params.valid.length;
  if (n === 0 || !params.valid[0]) return PARENT_STEP;
  let last = Math.min(1, n - 1);
  while (last < n - 1 && last < params.reached && params.valid[last]) last++;
  return last;
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

/** The step showing a field, or for other errors the step they belong to (terms, service, else the parent). */
export function stepOfField(
  key: string,
  steps: readonly WizardStep[],
  pages: readonly LayoutPage[],
  views: Readonly<Record<string, View>>,
): number {
  const page = pages.findIndex((p) => pageFieldKeys(p, views).includes(key));
  const kind = key === 'terms' ? 'terms' : key === 'productName' ? 'service' : null;
  const index = steps.findIndex((s) => (page >= 0 ? s.kind === 'page' && s.page === page : s.kind === kind));
  return index < 0 ? PARENT_STEP : index;
}

/**
 * The defaults of a form's views fill the fields the user has not filled yet (empty, null or absent); what the
 * user typed stays. Used by the creation wizard, the ordering wizard and its new-customer form.
 */
export function withDefaults(
  prev: Record<string, FieldValue>,
  views: Readonly<Record<string, { Name: string; Values: Record<string, FieldValue> }>>,
): Record<string, FieldValue> {
  const next = { ...prev };
  for (const view of Object.values(views))
    for (const [name, value] of Object.entries(view.Values)) {
      const key = `${view.Name}.${name}`;
      if (next[key] === undefined || next[key] === null || next[key] === '') next[key] = value;
    }
  return next;
}
