import {
  autoPlaceNewField,
  cleanComboboxValues,
  clearDisabledValidation,
  GENERATED_ID_MARKER,
  isFieldInBilling,
  isValidationDisabled,
  layoutsIdentical,
  type ServiceDocument,
  type ServiceField,
  type ServiceFieldType,
  syncComboboxRules,
  VALIDATOR_FIELD_TYPES,
  validateField,
} from '@portal/contracts';
import { moveById } from './positions';

/** [S3.2] Field types that offer a list of values. */
export const VALUE_LIST_TYPES: readonly ServiceFieldType[] = ['Combobox', 'MultiPicker'];
/** [S3.2] Field types with a minimum and maximum. */
export const RANGE_TYPES: readonly ServiceFieldType[] = ['Numeric'];
/** Where each configurator input sits: General or Advanced [S2.7]. */
export const ADVANCED_PROPERTIES = [
  'Validator',
  'IsUnique',
  'RemoteDataSource',
  'RemoteValidation',
  'IsRemoteValidation',
  'TriggerFieldChanges',
  'InheritValueFromParent',
  'IsUsageBased',
];

let counter = 0;
/** [S3.2] A generated id, replaced by a permanent one when the service is saved. */
export function generatedFieldId(): string {
  counter += 1;
  return `${GENERATED_ID_MARKER}${Date.now().toString(36)}${counter.toString(36)}`;
}

/** A new field of a type with the defaults of [S9.5]. */
export function newField(type: ServiceFieldType, id = generatedFieldId()): ServiceField {
  return {
    Id: id,
    DisplayName: '',
    FieldType: type,
    FieldTypeTitle: null,
    Tooltip: '',
    PlaceholderDefaultValue: '',
    AvailableValues: [],
    TriggerFieldChanges: false,
    DisplayType: 'Optional',
    DisplayTypeOnModify: 'Optional',
    IsUnique: false,
    IsUsageBased: false,
    MinValue: null,
    MaxValue: null,
    Validator: null,
    RemoteDataSource: null,
    IsRemoteValidation: false,
    RemoteValidation: null,
    InheritValueFromParent: false,
  };
}

/** [S5.9] The regular expression applies to this type. */
export const canHaveValidator = (type: ServiceFieldType) => VALIDATOR_FIELD_TYPES.includes(type);

/** The configurator's working copy: the values as text, one per line [S5.8]. */
export interface FieldDraft {
  field: ServiceField;
  valuesText: string;
}

export const draftOf = (field: ServiceField): FieldDraft => ({
  field,
  valuesText: field.AvailableValues.map((v) => v.Value).join('\n'),
});

/** The field a draft stands for: values cleaned [S5.8], disabled validation cleared [S5.10]. */
export function fieldOfDraft(draft: FieldDraft): ServiceField {
  const field = { ...draft.field };
  if (VALUE_LIST_TYPES.includes(field.FieldType)) {
    field.AvailableValues = cleanComboboxValues(draft.valuesText.split('\n')).values.map((Value) => ({ Value }));
  } else field.AvailableValues = [];
  if (!canHaveValidator(field.FieldType) || field.Validator?.trim() === '') field.Validator = null;
  if (!RANGE_TYPES.includes(field.FieldType)) {
    field.MinValue = null;
    field.MaxValue = null;
    field.IsUsageBased = false;
  }
  if (field.FieldType === 'Numeric') field.PlaceholderDefaultValue = '';
  if (!field.IsRemoteValidation) field.RemoteValidation = null;
  if (
    field.RemoteDataSource &&
    field.RemoteDataSource.Endpoint.trim() === '' &&
    field.RemoteDataSource.RequestBodyTemplate.trim() === ''
  ) {
    field.RemoteDataSource = null;
  }
  return clearDisabledValidation(field);
}

/**
 * [S5.7]-[S5.10], [S5.14] The configurator's messages by property. Value-line messages are mapped
 * back to the line the user typed (empty lines are dropped before checking).
 */
export function draftErrors(draft: FieldDraft, p: { otherNames: readonly string[]; isNew: boolean }): Record<string, string> {
  const field = fieldOfDraft(draft);
  const out: Record<string, string> = {};
  for (const e of validateField(field, p)) {
    const key = e.property.startsWith('AvailableValues') ? 'AvailableValues' : e.property;
    if (!out[key])
      out[key] = e.property.startsWith('AvailableValues.') ? `${e.message} (${valueAt(field, e.property)})` : e.message;
  }
  return out;
}

function valueAt(field: ServiceField, property: string): string {
  const index = Number(property.split('.')[1]);
  return field.AvailableValues[index]?.Value.slice(0, 40) ?? '';
}

/** [S5.10] The validation inputs are disabled for this draft. */
export const validationDisabled = (draft: FieldDraft) => isValidationDisabled(draft.field);

/** [S5.8] The field takes part in billing, so editing is limited. */
export const billingLimited = (doc: ServiceDocument, fieldId: string) => isFieldInBilling(doc, fieldId);

/** [S4.3] Basic layout mode: exactly a CREATE and a VIEW layout, and they are identical. */
export function isBasicLayout(doc: Pick<ServiceDocument, 'Layouts'>): boolean {
  const create = doc.Layouts.find((l) => l.Action === 'CREATE');
  const view = doc.Layouts.find((l) => l.Action === 'VIEW');
  return doc.Layouts.length === 2 && !!create && !!view && layoutsIdentical(create, view);
}

/**
 * [S2.7], [S4.3], [S4.5] Saves a configured field into the document: a new one is appended (and in
 * basic layout mode with one page and one block placed automatically); an existing one is replaced and
 * a Combobox's fees follow its values.
 */
export function saveFieldIntoDocument(doc: ServiceDocument, field: ServiceField): ServiceDocument {
  const index = doc.Fields.findIndex((f) => f.Id === field.Id);
  if (index < 0) {
    return {
      ...doc,
      Fields: [...doc.Fields, field],
      Layouts: autoPlaceNewField(doc.Layouts, field.Id, isBasicLayout(doc)),
    };
  }
  return {
    ...doc,
    Fields: doc.Fields.map((f) => (f.Id === field.Id ? field : f)),
    BillingRules: syncComboboxRules(doc.BillingRules, field),
  };
}

/** [S2.7] The fields in a new order after a drag (or its keyboard equivalent). */
export function reorderFields(doc: ServiceDocument, activeId: string, overId: string | null): ServiceDocument {
  return { ...doc, Fields: moveById(doc.Fields, (f) => f.Id, activeId, overId) };
}

/** The messages of each field by its index, from paths like `Fields.2.DisplayName`. */
export function fieldMessages(errors: readonly { field: string; message: string }[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const e of errors) {
    const [head, index] = e.field.split('.');
    if (head !== 'Fields' || index === undefined || !/^\d+$/.test(index)) continue;
    const list = out.get(Number(index)) ?? [];
    if (!list.includes(e.message)) list.push(e.message);
    out.set(Number(index), list);
  }
  return out;
}
