import { type FieldDefinition, type FieldValue, type View, validateFieldValue } from '@portal/contracts';

/** Values of every field of the views, keyed "View.Name". */
export function initialValues(views: Readonly<Record<string, View>>): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const view of Object.values(views)) {
    for (const def of view.FieldDefinitions) values[`${view.Name}.${def.Name}`] = view.Values[def.Name] ?? null;
  }
  return values;
}

function definitions(views: Readonly<Record<string, View>>): Map<string, FieldDefinition> {
  const defs = new Map<string, FieldDefinition>();
  for (const view of Object.values(views)) for (const def of view.FieldDefinitions) defs.set(`${view.Name}.${def.Name}`, def);
  return defs;
}

const same = (a: FieldValue | undefined, b: FieldValue | undefined) =>
  (a === null || a === undefined || a === '' ? '' : String(a)) === (b === null || b === undefined || b === '' ? '' : String(b));

/** The edited fields whose value differs from the loaded one. */
export function changedKeys(
  original: Readonly<Record<string, FieldValue>>,
  edited: Readonly<Record<string, FieldValue>>,
): string[] {
  return Object.keys(edited).filter((k) => !same(original[k], edited[k]));
}

/** Messages for the changed, writable fields that fail their definition's rules. */
export function validateChanges(
  views: Readonly<Record<string, View>>,
  edited: Readonly<Record<string, FieldValue>>,
  keys: readonly string[],
) {
  const defs = definitions(views);
  const errors: Record<string, string> = {};
  for (const key of keys) {
    const def = defs.get(key);
    if (!def || def.IsReadOnly) continue;
    const message = validateFieldValue(def, typeof edited[key] === 'string' ? (edited[key] as string).trim() : edited[key]);
    if (message) errors[key] = message;
  }
  return errors;
}

/** The changed fields that need the sensitive-change confirmation [A5.6]. */
export function sensitiveChanges(views: Readonly<Record<string, View>>, keys: readonly string[]): FieldDefinition[] {
  const defs = definitions(views);
  return keys.map((k) => defs.get(k)).filter((d): d is FieldDefinition => d !== undefined && d.IsModifyConfirmRequired);
}

/** The UpdateAccount payload: only the changed fields, grouped per view. */
export function toViewsPayload(edited: Readonly<Record<string, FieldValue>>, keys: readonly string[]) {
  const views: Record<string, { Values: Record<string, FieldValue> }> = {};
  for (const key of keys) {
    const [view, name] = key.split('.') as [string, string];
    const entry = views[view] ?? { Values: {} };
    views[view] = entry;
    entry.Values[name] = edited[key] ?? null;
  }
  return views;
}

/** Server field paths ("Views.User.Values.Email") back to form keys ("User.Email"). */
export function serverErrorsToForm(errors: readonly { field: string; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const m = /^Views\.([^.]+)\.Values\.(.+)$/.exec(e.field);
    if (m) out[`${m[1]}.${m[2]}`] = e.message;
  }
  return out;
}

/** What a failed save tells the user: translation keys of its title and text, or the server's own text. */
export interface SaveFailureNotice {
  titleKey: 'account.validationTitle' | 'account.saveFailedTitle' | 'account.saveErrorTitle';
  textKey: 'account.validationText' | 'account.saveFailedText' | null;
  /** The server's explanation, shown after (or instead of) the text. */
  detail: string | null;
}

/**
 * [A8.9] The notice of a failed account save: field errors give "Validation errors" / "One or more
 * validation errors present" (the fields show their own messages); a refusal of the data as a whole
 * (422 without fields) gives "Validation error" / "Please check the correctness of filled in data and
 * retry" with the server's reason; anything else (network, server) says the save failed, with its cause.
 */
export function saveFailureNotice(failure: {
  status: number;
  fieldErrorCount: number;
  message: string | null;
}): SaveFailureNotice {
  const detail = failure.message?.trim() ? failure.message.trim() : null;
  if (failure.fieldErrorCount > 0)
    return { titleKey: 'account.validationTitle', textKey: 'account.validationText', detail: null };
  if (failure.status === 422) {
    const generic = detail === 'One or more validation errors present';
    return { titleKey: 'account.saveFailedTitle', textKey: 'account.saveFailedText', detail: generic ? null : detail };
  }
  return { titleKey: 'account.saveErrorTitle', textKey: null, detail };
}
