import { type FieldDefinition, type FieldError, type FieldValue, validateFieldValue } from '@portal/contracts';

export interface FieldChange {
  def: FieldDefinition;
  key: string;
  before: FieldValue;
  after: FieldValue;
}

export interface UpdateDecision {
  errors: FieldError[];
  changes: FieldChange[];
  /** Changed fields flagged IsModifyConfirmRequired ("View.Name"). */
  needsConfirmation: string[];
}

/**
 * Decides what an UpdateAccount request changes: every submitted field must be defined for the
 * account type, writable and valid; unchanged values are ignored.
 */
export function decideUpdate(params: {
  definitions: readonly FieldDefinition[];
  current: Readonly<Record<string, FieldValue>>;
  submitted: Readonly<Record<string, { Values: Readonly<Record<string, FieldValue>> }>>;
}): UpdateDecision {
  const byKey = new Map(params.definitions.map((d) => [`${d.AccountViewName}.${d.Name}`, d]));
  const errors: FieldError[] = [];
  const changes: FieldChange[] = [];
  for (const [viewName, view] of Object.entries(params.submitted)) {
    for (const [name, raw] of Object.entries(view.Values)) {
      const key = `${viewName}.${name}`;
      const field = `Views.${viewName}.Values.${name}`;
      const def = byKey.get(key);
      if (!def) {
        errors.push({
          field,
          message: `${name} is not a field of this account`,
        });
        continue;
      }
      const value = typeof raw === 'string' ? raw.trim() : raw;
      const before = params.current[key] ?? null;
      if (normalise(value) === normalise(before)) continue;
      if (def.IsReadOnly) {
        errors.push({ field, message: `${def.DisplayName} cannot be changed` });
        continue;
      }
      const message = validateFieldValue(def, value);
      if (message) errors.push({ field, message });
      else changes.push({ def, key, before, after: value === '' ? null : value });
    }
  }
  const needsConfirmation = changes.filter((c) => c.def.IsModifyConfirmRequired).map((c) => c.key);
  return { errors, changes, needsConfirmation };
}

function normalise(value: FieldValue | undefined): string {
  return value === null || value === undefined || value === '' ? '' : String(value);
}
