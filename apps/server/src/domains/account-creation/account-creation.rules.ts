import {
  type CreateAccountType,
  type FieldDefinition,
  type FieldError,
  type FieldValue,
  type LayoutPage,
  validateFieldValue,
} from '@portal/contracts';

const keyOf = (def: FieldDefinition) => `${def.AccountViewName}.${def.Name}`;

/** The fields a new account can be given: every defined field that is not read-only (the server sets those). */
export function creatableFields(definitions: readonly FieldDefinition[]): FieldDefinition[] {
  return definitions.filter((d) => !d.IsReadOnly);
}

/**
 * The layout pages of a new account: the type's pages without fields it cannot be given, and without the
 * containers and pages left empty by that.
 */
export function createLayoutPages(pages: readonly LayoutPage[], fields: readonly FieldDefinition[]): LayoutPage[] {
  const keys = new Set(fields.map(keyOf));
  return pages
    .map((page) => ({
      ...page,
      Containers: page.Containers.map((c) => ({ ...c, Fields: c.Fields.filter((f) => keys.has(`${f.View}.${f.Name}`)) })).filter(
        (c) => c.Fields.length > 0,
      ),
    }))
    .filter((page) => page.Containers.length > 0);
}

/**
 * Default values of a new account keyed "View.Name" (decision 0027-wizard-parents): a company or reseller takes
 * its parent organisation's currency, a user English as language; everything else starts empty.
 */
export function defaultCreateValues(params: {
  accountType: CreateAccountType;
  fields: readonly FieldDefinition[];
  parentCurrency: string | null;
}): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const def of params.fields) {
    const key = keyOf(def);
    const offers = (value: string | null) => value !== null && def.Options.some((o) => o.Value === value);
    if (key === 'Company.Currency' && offers(params.parentCurrency)) values[key] = params.parentCurrency;
    else if (key === 'User.Language' && offers('en')) values[key] = 'en';
    else values[key] = null;
  }
  return values;
}

export interface CreateDecision {
  errors: FieldError[];
  /** The values to store keyed "View.Name" (trimmed; empty ones left out). */
  values: Record<string, FieldValue>;
}

/**
 * [A7.13] Validates the views of a new account with the rules UpdateAccount uses (validateFieldValue per field
 * definition, field-named errors): unknown and read-only fields are refused, every creatable field is checked,
 * so a required field left out is an error too.
 */
export function decideCreate(params: {
  definitions: readonly FieldDefinition[];
  submitted: Readonly<Record<string, { Values: Readonly<Record<string, FieldValue>> }>>;
}): CreateDecision {
  const byKey = new Map(params.definitions.map((d) => [keyOf(d), d]));
  const errors: FieldError[] = [];
  const submitted = new Map<string, FieldValue>();
  for (const [viewName, view] of Object.entries(params.submitted)) {
    for (const [name, raw] of Object.entries(view.Values)) {
      const key = `${viewName}.${name}`;
      const field = `Views.${viewName}.Values.${name}`;
      const def = byKey.get(key);
      if (!def) errors.push({ field, message: `${name} is not a field of this account` });
      else if (def.IsReadOnly) {
        if (raw !== null && raw !== '') errors.push({ field, message: `${def.DisplayName} is set by the portal` });
      } else submitted.set(key, typeof raw === 'string' ? raw.trim() : raw);
    }
  }
  const values: Record<string, FieldValue> = {};
  for (const def of creatableFields(params.definitions)) {
    const key = keyOf(def);
    const value = submitted.get(key) ?? null;
    const message = validateFieldValue(def, value);
    if (message) errors.push({ field: `Views.${def.AccountViewName}.Values.${def.Name}`, message });
    else if (value !== null && value !== '') values[key] = value;
  }
  return { errors, values };
}
