import {
  type BillingRule,
  blankServiceDocument,
  defaultLayouts,
  newBaseRule,
  removeField,
  SERVICE_MESSAGES,
  type ServiceDocument,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  draftErrors,
  draftOf,
  fieldMessages,
  fieldOfDraft,
  isBasicLayout,
  newField,
  reorderFields,
  saveFieldIntoDocument,
} from '../field-form';

const named = (type: Parameters<typeof newField>[0], id: string, DisplayName: string) => ({ ...newField(type, id), DisplayName });

describe('field form', () => {
  it.each([
    ['', 'Field name is required'],
    ['   ', 'Field name is required'],
    ['User Name', "'User Name' is a reserved field name"],
    ['password', "'password' is a reserved field name"],
    ['Seats', 'Another field already has this name'],
    ['x'.repeat(101), 'Field name can be at most 100 characters'],
    ['Licences', undefined],
  ])('[S5.7] [S5.14] the name %j gives %j', (name, message) => {
    const draft = draftOf(named('Textbox', 'a', name));
    expect(draftErrors(draft, { otherNames: ['seats'], isNew: true }).DisplayName).toBe(message);
  });

  it('[S5.7] an existing field may have a name of up to 250 characters', () => {
    expect(draftErrors(draftOf(named('Textbox', 'a', 'x'.repeat(250))), { otherNames: [], isNew: false })).toEqual({});
  });

  it.each([
    ['Gold\n\nSilver\n', undefined, ['Gold', 'Silver']],
    ['\n \n', SERVICE_MESSAGES.comboboxValuesRequired, []],
    ['Gold\nGold', `${SERVICE_MESSAGES.comboboxValueTaken} (Gold)`, ['Gold', 'Gold']],
    [`${'v'.repeat(201)}`, `${SERVICE_MESSAGES.tooLong('A value', 200)} (${'v'.repeat(40)})`, ['v'.repeat(201)]],
  ])('[S5.8] [S9.2] combobox values %j give %j', (valuesText, message, values) => {
    const draft = { field: named('Combobox', 'c', 'Plan'), valuesText };
    expect(draftErrors(draft, { otherNames: [], isNew: true }).AvailableValues).toBe(message);
    expect(fieldOfDraft(draft).AvailableValues.map((v) => v.Value)).toEqual(values);
  });

  it.each([
    ['Textbox', '/^[a-z]+$/i', undefined],
    ['Numeric', '^\\d+$', undefined],
    ['Textbox', '/([a-z/', 'Invalid regular expression'],
  ] as const)('[S5.9] on a %s field the expression %j gives %j', (type, validator, message) => {
    const draft = draftOf({ ...named(type, 'a', 'Code'), Validator: validator });
    const error = draftErrors(draft, { otherNames: [], isNew: true }).Validator;
    if (message === undefined) expect(error).toBeUndefined();
    else expect(error).toContain(message);
  });

  it('[S5.9] a field type without a regular expression drops it', () => {
    expect(fieldOfDraft(draftOf({ ...named('Checkbox', 'a', 'Agree'), Validator: '^x$' })).Validator).toBeNull();
  });

  it.each([
    ['Readonly', 'Readonly', true],
    ['Hidden', 'Optional', true],
    ['Optional', 'Hidden', false],
    ['Mandatory', 'Mandatory', false],
  ] as const)('[S5.10] display %s / on modify %s clears validation: %s', (DisplayType, DisplayTypeOnModify, cleared) => {
    const field = { ...named('Textbox', 'a', 'Code'), DisplayType, DisplayTypeOnModify, Validator: '^x$', IsUnique: true };
    const out = fieldOfDraft(draftOf(field));
    expect(out.Validator === null && !out.IsUnique).toBe(cleared);
  });

  it('[S5.14] minimum above maximum is refused', () => {
    const draft = draftOf({ ...named('Numeric', 'n', 'Seats'), MinValue: 5, MaxValue: 1 });
    expect(draftErrors(draft, { otherNames: [], isNew: true }).MinValue).toBe(SERVICE_MESSAGES.minAboveMax);
  });

  it('[S4.3] a new field joins the only block in basic mode, and not in advanced mode', () => {
    const basic = { ...blankServiceDocument(), Layouts: defaultLayouts() };
    const saved = saveFieldIntoDocument(basic, named('Textbox', 'a', 'A'));
    expect(saved.Layouts.map((l) => l.Pages[0]?.Blocks[0]?.Fields)).toEqual([[{ FieldId: 'a' }], [{ FieldId: 'a' }]]);
    expect(isBasicLayout(basic)).toBe(true);
    const advanced: ServiceDocument = {
      ...basic,
      Layouts: [basic.Layouts[0] as ServiceDocument['Layouts'][number], { Action: 'VIEW', Pages: [] }],
    };
    expect(isBasicLayout(advanced)).toBe(false);
    expect(saveFieldIntoDocument(advanced, named('Textbox', 'a', 'A')).Layouts).toEqual(advanced.Layouts);
  });

  it('[S4.5] a combobox value removed loses its fee, a new one gets one', () => {
    const plan = { ...named('Combobox', 'plan', 'Plan'), AvailableValues: [{ Value: 'Gold' }, { Value: 'Silver' }] };
    const rule = (Value: string): BillingRule => ({ ...newBaseRule('Monthly'), Condition: { FieldId: 'plan', Value } });
    const doc = { ...blankServiceDocument(), Fields: [plan], BillingRules: [rule('Gold'), rule('Silver')] };
    const next = saveFieldIntoDocument(doc, { ...plan, AvailableValues: [{ Value: 'Gold' }, { Value: 'Bronze' }] });
    expect(next.BillingRules.map((r) => r.Condition?.Value)).toEqual(['Gold', 'Bronze']);
  });

  it('[S4.5] [S4.6] deleting a field removes its fees in create mode and is refused in edit mode', () => {
    const plan = { ...named('Combobox', 'plan', 'Plan'), AvailableValues: [{ Value: 'Gold' }] };
    const doc = {
      ...blankServiceDocument(),
      Fields: [plan],
      Layouts: defaultLayouts(['plan']),
      BillingRules: [{ ...newBaseRule('Monthly'), Condition: { FieldId: 'plan', Value: 'Gold' } }, newBaseRule('Setup')],
    };
    const next = removeField(doc, 'plan', 'create');
    expect(next?.Fields).toEqual([]);
    expect(next?.BillingRules.map((r) => r.ChargeType)).toEqual(['Setup']);
    expect(next?.Layouts[0]?.Pages[0]?.Blocks[0]?.Fields).toEqual([]);
    expect(removeField(doc, 'plan', 'edit')).toBeNull();
  });

  it.each([
    ['a', 'c', ['b', 'c', 'a']],
    ['c', 'a', ['c', 'a', 'b']],
    ['b', null, ['a', 'b', 'c']],
  ] as const)('[S2.7] dragging field %s over %s orders %j', (active, over, order) => {
    const doc = { ...blankServiceDocument(), Fields: ['a', 'b', 'c'].map((id) => named('Textbox', id, id)) };
    expect(reorderFields(doc, active, over).Fields.map((f) => f.Id)).toEqual(order);
  });

  it('[S5.1] groups messages by field index', () => {
    expect(
      fieldMessages([
        { field: 'Fields.2.DisplayName', message: 'x' },
        { field: 'Fields.2.Validator', message: 'y' },
        { field: 'Fields.2.Validator', message: 'y' },
        { field: 'Fields', message: 'z' },
      ]),
    ).toEqual(new Map([[2, ['x', 'y']]]));
  });
});
