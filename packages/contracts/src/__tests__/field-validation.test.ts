import { describe, expect, it } from 'vitest';
import type { FieldDefinition, FieldValue } from '../accounts.js';
import { displayFieldValue, validateFieldValue } from '../field-validation.js';
import { fieldDefinition } from '../testing.js';

const field = (overrides: Partial<FieldDefinition>): FieldDefinition => fieldDefinition('Default', 'Field', overrides);

const LANGUAGE_OPTIONS = [
  { Value: 'en', DisplayName: 'English' },
  { Value: 'nl', DisplayName: 'Dutch' },
];

interface Case {
  name: string;
  def: Partial<FieldDefinition>;
  value: FieldValue | undefined;
  message: string | null;
}

const cases: Case[] = [
  // Required
  {
    name: 'a required field left null',
    def: { DisplayName: 'First name', IsRequired: true },
    value: null,
    message: 'First name is required',
  },
  {
    name: 'a required field left undefined',
    def: { DisplayName: 'First name', IsRequired: true },
    value: undefined,
    message: 'First name is required',
  },
  {
    name: 'a required field left empty',
    def: { DisplayName: 'First name', IsRequired: true },
    value: '',
    message: 'First name is required',
  },
  {
    name: 'a required field of spaces only',
    def: { DisplayName: 'First name', IsRequired: true },
    value: '   ',
    message: 'First name is required',
  },
  { name: 'an optional field left empty', def: { DisplayName: 'Job title' }, value: '', message: null },
  { name: 'an optional number left null', def: { DisplayType: 'Number' }, value: null, message: null },
  // Checkbox
  { name: 'a checkbox given true', def: { DisplayType: 'Checkbox' }, value: true, message: null },
  { name: 'a checkbox given false', def: { DisplayType: 'Checkbox' }, value: false, message: null },
  {
    name: 'a checkbox given text',
    def: { DisplayName: 'Active', DisplayType: 'Checkbox' },
    value: 'yes',
    message: 'Active must be yes or no',
  },
  {
    name: 'a checkbox given a number',
    def: { DisplayName: 'Active', DisplayType: 'Checkbox' },
    value: 1,
    message: 'Active must be yes or no',
  },
  // Number
  { name: 'a number given an integer', def: { DisplayType: 'Number' }, value: 42, message: null },
  { name: 'a number given digits as text', def: { DisplayType: 'Number' }, value: '-17', message: null },
  {
    name: 'a number given a fraction',
    def: { DisplayName: 'Quantity', DisplayType: 'Number' },
    value: 1.5,
    message: 'Quantity must be a whole number',
  },
  {
    name: 'a number given decimal text',
    def: { DisplayName: 'Quantity', DisplayType: 'Number' },
    value: '1.5',
    message: 'Quantity must be a whole number',
  },
  {
    name: 'a number given letters',
    def: { DisplayName: 'Quantity', DisplayType: 'Number' },
    value: 'ten',
    message: 'Quantity must be a whole number',
  },
  // Decimal and Currency
  { name: 'a decimal given a decimal string', def: { DisplayType: 'Decimal' }, value: '12.345678', message: null },
  { name: 'a decimal given a negative integer', def: { DisplayType: 'Decimal' }, value: '-3', message: null },
  {
    name: 'a decimal given a comma',
    def: { DisplayName: 'Rate', DisplayType: 'Decimal' },
    value: '1,5',
    message: 'Rate must be a number',
  },
  {
    name: 'a decimal with a trailing dot',
    def: { DisplayName: 'Rate', DisplayType: 'Decimal' },
    value: '1.',
    message: 'Rate must be a number',
  },
  {
    name: 'a currency amount given text',
    def: { DisplayName: 'Limit', DisplayType: 'Currency' },
    value: 'lots',
    message: 'Limit must be a number',
  },
  { name: 'a currency amount given a decimal', def: { DisplayType: 'Currency' }, value: '100.00', message: null },
  // Date
  { name: 'a date in yyyy-MM-dd', def: { DisplayType: 'Date' }, value: '2025-02-28', message: null },
  { name: 'a leap day', def: { DisplayType: 'Date' }, value: '2024-02-29', message: null },
  {
    name: 'a date in dd-MM-yyyy',
    def: { DisplayName: 'Start', DisplayType: 'Date' },
    value: '28-02-2025',
    message: 'Start must be a date in the form yyyy-MM-dd',
  },
  {
    name: 'a date with a time',
    def: { DisplayName: 'Start', DisplayType: 'Date' },
    value: '2025-02-28T10:00',
    message: 'Start must be a date in the form yyyy-MM-dd',
  },
  {
    name: 'a date with month 13',
    def: { DisplayName: 'Start', DisplayType: 'Date' },
    value: '2025-13-01',
    message: 'Start must be a date in the form yyyy-MM-dd',
  },
  {
    name: 'a date on the 30th of February',
    def: { DisplayName: 'Start', DisplayType: 'Date' },
    value: '2025-02-30',
    message: 'Start must be a date in the form yyyy-MM-dd',
  },
  {
    name: 'a 29th of February outside a leap year',
    def: { DisplayName: 'Start', DisplayType: 'Date' },
    value: '2025-02-29',
    message: 'Start must be a date in the form yyyy-MM-dd',
  },
  // Text-like fields must be text
  { name: 'a text field given a number', def: { DisplayName: 'City' }, value: 12, message: 'City must be text' },
  { name: 'a text field given a boolean', def: { DisplayName: 'City' }, value: true, message: 'City must be text' },
  {
    name: 'an e-mail field given a number',
    def: { DisplayName: 'E-mail', DisplayType: 'Email' },
    value: 5,
    message: 'E-mail must be text',
  },
  // Length
  { name: 'text at the maximum length', def: { MaxLength: 5 }, value: 'abcde', message: null },
  {
    name: 'text over the maximum length',
    def: { DisplayName: 'City', MaxLength: 5 },
    value: 'abcdef',
    message: 'City must be at most 5 characters',
  },
  // E-mail
  { name: 'a valid e-mail address', def: { DisplayType: 'Email' }, value: 'jane@example.com', message: null },
  {
    name: 'an e-mail address without a domain',
    def: { DisplayType: 'Email' },
    value: 'jane@',
    message: 'Enter a valid e-mail address',
  },
  {
    name: 'an e-mail address without a dot in the domain',
    def: { DisplayType: 'Email' },
    value: 'jane@example',
    message: 'Enter a valid e-mail address',
  },
  {
    name: 'an e-mail address with a space',
    def: { DisplayType: 'Email' },
    value: 'jane doe@example.com',
    message: 'Enter a valid e-mail address',
  },
  // Select
  {
    name: 'a select given a listed value',
    def: { DisplayType: 'Select', Options: LANGUAGE_OPTIONS },
    value: 'nl',
    message: null,
  },
  {
    name: 'a select given an unlisted value',
    def: { DisplayName: 'Language', DisplayType: 'Select', Options: LANGUAGE_OPTIONS },
    value: 'xx',
    message: 'Choose one of the listed values for Language',
  },
  {
    name: 'a select given a listed display name instead of its value',
    def: { DisplayName: 'Language', DisplayType: 'Select', Options: LANGUAGE_OPTIONS },
    value: 'Dutch',
    message: 'Choose one of the listed values for Language',
  },
  {
    name: 'a select without options given any text',
    def: { DisplayType: 'Select', Options: [] },
    value: 'anything',
    message: null,
  },
  // Pattern
  {
    name: 'text matching the pattern',
    def: { Pattern: '^[A-Z]{2}-[0-9]{4}$', PatternMessage: 'Use AA-9999' },
    value: 'FI-1001',
    message: null,
  },
  {
    name: 'text not matching the pattern, with its message',
    def: { Pattern: '^[A-Z]{2}-[0-9]{4}$', PatternMessage: 'Use two capital letters, a dash and four digits, e.g. FI-1001' },
    value: 'fi-1001',
    message: 'Use two capital letters, a dash and four digits, e.g. FI-1001',
  },
  {
    name: 'text not matching the pattern, without a message',
    def: { DisplayName: 'Cost center', Pattern: '^[A-Z]{2}-[0-9]{4}$' },
    value: 'nope',
    message: 'Cost center has an invalid format',
  },
  {
    name: 'a number checked against its pattern',
    def: {
      DisplayName: 'Quantity',
      DisplayType: 'Number',
      Pattern: '^[0-9]{1,6}$',
      PatternMessage: 'Enter a whole number from 0 to 999999',
    },
    value: -1,
    message: 'Enter a whole number from 0 to 999999',
  },
];

describe('validateFieldValue', () => {
  it.each(cases)('returns $message for $name', ({ def, value, message }) => {
    expect(validateFieldValue(field(def), value)).toBe(message);
  });

  it('checks the length before the e-mail format and the format before the pattern', () => {
    const def = field({
      DisplayName: 'E-mail',
      DisplayType: 'Email',
      MaxLength: 5,
      Pattern: '^x',
      PatternMessage: 'starts with x',
    });

    expect(validateFieldValue(def, 'toolong@example.com')).toBe('E-mail must be at most 5 characters');
    expect(validateFieldValue(field({ ...def, MaxLength: null }), 'bad')).toBe('Enter a valid e-mail address');
    expect(validateFieldValue(field({ ...def, MaxLength: null }), 'a@b.co')).toBe('starts with x');
  });
});

describe('displayFieldValue', () => {
  it.each([
    { name: 'null as empty text', def: {}, value: null, text: '' },
    { name: 'undefined as empty text', def: {}, value: undefined, text: '' },
    { name: 'a checked checkbox as Yes', def: { DisplayType: 'Checkbox' as const }, value: true, text: 'Yes' },
    { name: 'an unchecked checkbox as No', def: { DisplayType: 'Checkbox' as const }, value: false, text: 'No' },
    {
      name: 'a select value as its option name',
      def: { DisplayType: 'Select' as const, Options: LANGUAGE_OPTIONS },
      value: 'nl',
      text: 'Dutch',
    },
    {
      name: 'an unknown select value as itself',
      def: { DisplayType: 'Select' as const, Options: LANGUAGE_OPTIONS },
      value: 'xx',
      text: 'xx',
    },
    { name: 'a number as its digits', def: { DisplayType: 'Number' as const }, value: 42, text: '42' },
    { name: 'text as itself', def: {}, value: 'Acme', text: 'Acme' },
  ])('shows $name', ({ def, value, text }) => {
    expect(displayFieldValue(field(def), value)).toBe(text);
  });
});
