import {
  type AccountType,
  type CreateAccountType,
  type CreateParentItem,
  describePriceLine,
  type FieldDefinition,
  type FieldError,
  type FieldValue,
  type LayoutPage,
  type PriceLine,
  type ServiceField,
  validateFieldValue,
} from '@portal/contracts';

const keyOf = (def: FieldDefinition) => `${def.AccountViewName}.${def.Name}`;

/** A parent picker's item [A2.43] [A7.12]: an account found by search or listed in the parent tree. */
export function toParentItem(
  row: { id: number; account_type: AccountType; display_name: string; parent_name: string | null },
  canBeParent: boolean,
  hasChildren = false,
): CreateParentItem {
  return {
    AccountId: row.id,
    AccountType: row.account_type,
    DisplayName: row.display_name,
    ParentDisplayName: row.parent_name,
    CanBeParent: canBeParent,
    HasChildren: hasChildren,
  };
}

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
 * its parent organisation's currency, a user English as language, a subscription its service's name and a
 * quantity of 1; everything else starts empty.
 */
export function defaultCreateValues(params: {
  accountType: CreateAccountType;
  fields: readonly FieldDefinition[];
  parentCurrency: string | null;
  /** A new subscription is named after its service and starts with a quantity of 1. */
  serviceDisplayName?: string | null;
}): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const def of params.fields) {
    const key = keyOf(def);
    const offers = (value: string | null) => value !== null && def.Options.some((o) => o.Value === value);
    if (key === 'Company.Currency' && offers(params.parentCurrency)) values[key] = params.parentCurrency;
    else if (key === 'User.Language' && offers('en')) values[key] = 'en';
    else if (params.accountType === 'Product' && key === 'Default.DisplayName') values[key] = params.serviceDisplayName ?? null;
    else if (params.accountType === 'Product' && key === 'Product.Quantity') values[key] = '1';
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

/** Where a subscription keeps its service's own fields: the "Service" view (attributes "Service.<Id>"). */
export const SERVICE_VIEW = 'Service';

const SERVICE_DISPLAY_TYPES: Partial<Record<ServiceField['FieldType'], FieldDefinition['DisplayType']>> = {
  Textbox: 'Text',
  Url: 'Text',
  TextArea: 'TextArea',
  Password: 'Password',
  Combobox: 'Select',
  Checkbox: 'Checkbox',
  Numeric: 'Decimal',
};

/** A service field's Validator as a pattern: "/pattern/flags" or a plain pattern [S5.9] (flags are dropped). */
function validatorPattern(validator: string | null): string | null {
  if (!validator) return null;
  const match = /^\/(.*)\/[a-z]*$/s.exec(validator);
  const pattern = match ? (match[1] ?? '') : validator;
  try {
    new RegExp(pattern);
    return pattern;
  } catch {
    return null;
  }
}

/**
 * [A2.41] The service's own fields as field definitions of the "Service" view, as a new subscription asks for
 * them (their create-time DisplayType): Mandatory ones required, Hidden and Readonly ones and the types the
 * form cannot draw (pickers, lists, carousels) left out (decision 0027-wizard-services).
 */
export function serviceFieldDefinitions(fields: readonly ServiceField[]): FieldDefinition[] {
  const defs: FieldDefinition[] = [];
  for (const f of fields) {
    const type = SERVICE_DISPLAY_TYPES[f.FieldType];
    if (!type || f.DisplayType === 'Hidden' || f.DisplayType === 'Readonly') continue;
    defs.push({
      Name: f.Id,
      DisplayName: f.DisplayName,
      DisplayType: type,
      DisplayTemplate: null,
      InputMask: null,
      AccountViewName: SERVICE_VIEW,
      IsModifyConfirmRequired: false,
      IsRequired: f.DisplayType === 'Mandatory',
      IsReadOnly: false,
      MaxLength: null,
      Pattern: validatorPattern(f.Validator),
      PatternMessage: f.Validator ? `${f.DisplayName} has an invalid format` : null,
      Options: f.AvailableValues.map((v) => ({ Value: v.Value, DisplayName: v.Value })),
    });
  }
  return defs;
}

/**
 * Decision 0079: the service's fields as a subscription's page shows them after its creation, by their
 * DisplayTypeOnModify [S3.2]: Mandatory ones required, Optional ones editable, Readonly ones shown and not editable,
 * Hidden ones left out. A Password field is left out too (a secret is never shown back), and so are the types the
 * form cannot draw (pickers, lists, carousels), as on creation.
 */
export function subscriptionFieldDefinitions(fields: readonly ServiceField[]): FieldDefinition[] {
  const shown = fields.filter((f) => f.FieldType !== 'Password' && f.DisplayTypeOnModify !== 'Hidden');
  const readOnly = new Set(shown.filter((f) => f.DisplayTypeOnModify === 'Readonly').map((f) => f.Id));
  return serviceFieldDefinitions(
    shown.map((f) => ({ ...f, DisplayType: f.DisplayTypeOnModify === 'Readonly' ? 'Optional' : f.DisplayTypeOnModify })),
  ).map((def) => (readOnly.has(def.Name) ? { ...def, IsReadOnly: true } : def));
}

/** Defaults of the service's fields: their default value when it is a plain value the field accepts. */
export function serviceFieldDefaults(
  fields: readonly ServiceField[],
  defs: readonly FieldDefinition[],
): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const def of defs) {
    const field = fields.find((f) => f.Id === def.Name);
    const raw = field?.PlaceholderDefaultValue ?? '';
    let value: FieldValue = null;
    if (raw !== '' && !raw.includes('{{')) {
      if (def.DisplayType === 'Checkbox') value = raw.toLowerCase() === 'true';
      else if (def.DisplayType !== 'Select' || def.Options.some((o) => o.Value === raw)) value = raw;
    }
    values[`${SERVICE_VIEW}.${def.Name}`] = value;
  }
  return values;
}

/**
 * Values as an audit row may show them: a Password field's value (a service's secret, whatever its name) redacted.
 * The audit's own redaction goes by the key's name (password, token, secret), which a service field's id need not have.
 */
export function auditedValues(
  definitions: readonly FieldDefinition[],
  values: Readonly<Record<string, FieldValue>>,
): Record<string, FieldValue> {
  const secret = new Set(definitions.filter((d) => d.DisplayType === 'Password').map((d) => keyOf(d)));
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, secret.has(key) && value !== null && value !== '' ? '[redacted]' : value]),
  );
}

/** Values as stored: numbers for Number and Decimal fields (as pricing reads them), the rest as validated. */
export function storedValues(
  definitions: readonly FieldDefinition[],
  values: Readonly<Record<string, FieldValue>>,
): Record<string, FieldValue> {
  const numeric = new Set(
    definitions.filter((d) => d.DisplayType === 'Number' || d.DisplayType === 'Decimal').map((d) => keyOf(d)),
  );
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, numeric.has(key) && typeof value === 'string' ? Number(value) : value]),
  );
}

/** [A2.41] The review's price lines: what each fee is for, its units and, when shown, its selling price. */
export function reviewLines(lines: readonly PriceLine[], showPrices: boolean) {
  return lines.map((l) => ({
    Description: describePriceLine(l),
    ChargeType: l.chargeType,
    Units: l.units,
    UnitPrice: showPrices ? l.sellingUnitPrice : null,
    Total: showPrices ? l.sellingTotal : null,
  }));
}

/** [S3.2] A numeric service field's MinValue and MaxValue, as field-named errors of the "Service" view. */
export function serviceRangeErrors(fields: readonly ServiceField[], values: Readonly<Record<string, FieldValue>>): FieldError[] {
  const errors: FieldError[] = [];
  for (const f of fields) {
    if (f.FieldType !== 'Numeric') continue;
    const raw = values[`${SERVICE_VIEW}.${f.Id}`];
    if (raw === undefined || raw === null || raw === '') continue;
    const n = Number(raw);
    if (Number.isNaN(n)) continue;
    const field = `Views.${SERVICE_VIEW}.Values.${f.Id}`;
    if (f.MinValue !== null && n < f.MinValue) errors.push({ field, message: `${f.DisplayName} must be at least ${f.MinValue}` });
    else if (f.MaxValue !== null && n > f.MaxValue)
      errors.push({ field, message: `${f.DisplayName} must be at most ${f.MaxValue}` });
  }
  return errors;
}
