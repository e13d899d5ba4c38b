import { type LayoutPage, ServiceFieldSchema } from '@portal/contracts';
import { fieldDefinition } from '@portal/contracts/testing';
import { describe, expect, it } from 'vitest';
import {
  createLayoutPages,
  decideCreate,
  defaultCreateValues,
  serviceFieldDefaults,
  serviceFieldDefinitions,
  serviceRangeErrors,
  storedValues,
} from '../account-creation.rules.js';

const def = fieldDefinition;

const ID = def('Default', 'AccountIdentificator', { DisplayName: 'Account ID', DisplayType: 'Number', IsReadOnly: true });
const NAME = def('Default', 'DisplayName', { DisplayName: 'Display name', IsRequired: true, MaxLength: 5 });
const CURRENCY = def('Company', 'Currency', {
  DisplayType: 'Select',
  IsRequired: true,
  Options: [
    { Value: 'EUR', DisplayName: 'Euro' },
    { Value: 'GBP', DisplayName: 'Pound' },
  ],
});
const CITY = def('Company', 'City');

describe('decideCreate', () => {
  const definitions = [ID, NAME, CURRENCY, CITY];
  const cases: { title: string; submitted: Record<string, Record<string, string | number | null>>; errors: string[] }[] = [
    {
      title: 'accepts required fields only',
      submitted: { Default: { DisplayName: 'Acme' }, Company: { Currency: 'EUR' } },
      errors: [],
    },
    {
      title: 'needs every required field even when left out',
      submitted: {},
      errors: ['Views.Default.Values.DisplayName', 'Views.Company.Values.Currency'],
    },
    {
      title: 'refuses unknown fields',
      submitted: { Default: { DisplayName: 'A', Shoe: 'x' }, Company: { Currency: 'EUR' } },
      errors: ['Views.Default.Values.Shoe'],
    },
    {
      title: 'refuses a read-only field with a value',
      submitted: { Default: { DisplayName: 'A', AccountIdentificator: 3 }, Company: { Currency: 'EUR' } },
      errors: ['Views.Default.Values.AccountIdentificator'],
    },
    {
      title: 'ignores an empty read-only field',
      submitted: { Default: { DisplayName: 'A', AccountIdentificator: null }, Company: { Currency: 'EUR' } },
      errors: [],
    },
    {
      title: 'applies max length and options',
      submitted: { Default: { DisplayName: 'Longer' }, Company: { Currency: 'USD' } },
      errors: ['Views.Default.Values.DisplayName', 'Views.Company.Values.Currency'],
    },
  ];
  it.each(cases)('$title', ({ submitted, errors }) => {
    const views = Object.fromEntries(Object.entries(submitted).map(([v, values]) => [v, { Values: values }]));
    expect(decideCreate({ definitions, submitted: views }).errors.map((e) => e.field)).toEqual(errors);
  });

  it('keeps trimmed non-empty values only', () => {
    const decision = decideCreate({
      definitions,
      submitted: { Default: { Values: { DisplayName: ' Acme ' } }, Company: { Values: { Currency: 'EUR', City: '' } } },
    });

    expect(decision.values).toEqual({ 'Default.DisplayName': 'Acme', 'Company.Currency': 'EUR' });
  });
});

describe('createLayoutPages', () => {
  it('drops read-only fields and the containers and pages they leave empty', () => {
    const pages: LayoutPage[] = [
      {
        Name: 'General',
        DisplayName: 'General',
        Containers: [
          {
            Name: 'A',
            DisplayName: 'A',
            State: 'Expanded',
            Fields: [
              { View: 'Default', Name: 'DisplayName' },
              { View: 'Default', Name: 'AccountIdentificator' },
            ],
          },
          { Name: 'B', DisplayName: 'B', State: 'Hidden', Fields: [{ View: 'Default', Name: 'AccountIdentificator' }] },
        ],
      },
      {
        Name: 'System',
        DisplayName: 'System',
        Containers: [
          { Name: 'C', DisplayName: 'C', State: 'Expanded', Fields: [{ View: 'Default', Name: 'AccountIdentificator' }] },
        ],
      },
    ];

    const result = createLayoutPages(pages, [NAME]);

    expect(result).toEqual([
      {
        Name: 'General',
        DisplayName: 'General',
        Containers: [{ Name: 'A', DisplayName: 'A', State: 'Expanded', Fields: [{ View: 'Default', Name: 'DisplayName' }] }],
      },
    ]);
  });
});

describe('defaultCreateValues', () => {
  it("takes the parent organisation's currency when the field offers it", () => {
    expect(defaultCreateValues({ accountType: 'Company', fields: [NAME, CURRENCY], parentCurrency: 'GBP' })).toEqual({
      'Default.DisplayName': null,
      'Company.Currency': 'GBP',
    });
    expect(defaultCreateValues({ accountType: 'Company', fields: [CURRENCY], parentCurrency: 'JPY' })).toEqual({
      'Company.Currency': null,
    });
  });
});

describe('[A2.41] serviceFieldDefinitions', () => {
  const field = (over: Record<string, unknown>) =>
    ServiceFieldSchema.parse({ Id: 'X', DisplayName: 'X', FieldType: 'Textbox', ...over });

  it.each([
    { over: { FieldType: 'Textbox' }, type: 'Text', required: false },
    { over: { FieldType: 'Url', DisplayType: 'Mandatory' }, type: 'Text', required: true },
    { over: { FieldType: 'Numeric' }, type: 'Decimal', required: false },
    { over: { FieldType: 'Combobox', AvailableValues: [{ Value: 'A' }] }, type: 'Select', required: false },
    { over: { FieldType: 'Checkbox' }, type: 'Checkbox', required: false },
    { over: { FieldType: 'PeoplePicker' }, type: null, required: false },
    { over: { DisplayType: 'Hidden' }, type: null, required: false },
    { over: { DisplayType: 'Readonly' }, type: null, required: false },
  ])('maps $over to $type', ({ over, type, required }) => {
    const [def] = serviceFieldDefinitions([field(over)]);

    expect(def?.DisplayType ?? null).toBe(type);
    if (def) expect(def.IsRequired).toBe(required);
  });

  it('turns a /pattern/flags validator into a pattern', () => {
    expect(serviceFieldDefinitions([field({ Validator: '/^[a-z]+$/i' })])[0]?.Pattern).toBe('^[a-z]+$');
  });

  it('uses plain default values the field accepts', () => {
    const fields = [
      field({ Id: 'A', PlaceholderDefaultValue: 'hello' }),
      field({ Id: 'B', PlaceholderDefaultValue: '{{User.Email}}' }),
      field({ Id: 'C', FieldType: 'Combobox', AvailableValues: [{ Value: 'x' }], PlaceholderDefaultValue: 'y' }),
      field({ Id: 'D', FieldType: 'Checkbox', PlaceholderDefaultValue: 'true' }),
    ];

    expect(serviceFieldDefaults(fields, serviceFieldDefinitions(fields))).toEqual({
      'Service.A': 'hello',
      'Service.B': null,
      'Service.C': null,
      'Service.D': true,
    });
  });

  it('stores numeric values as numbers', () => {
    const defs = serviceFieldDefinitions([field({ Id: 'N', FieldType: 'Numeric' }), field({ Id: 'T' })]);

    expect(storedValues(defs, { 'Service.N': '3.5', 'Service.T': '7' })).toEqual({ 'Service.N': 3.5, 'Service.T': '7' });
  });
});

describe('serviceRangeErrors', () => {
  const seats = ServiceFieldSchema.parse({ Id: 'Seats', DisplayName: 'Seats', FieldType: 'Numeric', MinValue: 1, MaxValue: 10 });

  it.each([
    [null, []],
    ['1', []],
    [10, []],
    ['0', ['Seats must be at least 1']],
    [11, ['Seats must be at most 10']],
  ] as const)('checks %s against 1..10', (value, messages) => {
    expect(serviceRangeErrors([seats], { 'Service.Seats': value }).map((e) => e.message)).toEqual(messages);
  });
});
