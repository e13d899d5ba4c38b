import { fieldDefinition } from '@portal/contracts/testing';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  cellToFieldValue,
  decideHeader,
  decideRows,
  isUploadExpired,
  templateColumns,
  templateFileName,
} from '../account-import.rules.js';

const def = fieldDefinition;

const ID = def('Default', 'AccountIdentificator', { DisplayName: 'Account ID', DisplayType: 'Number', IsReadOnly: true });
const NAME = def('Default', 'DisplayName', { DisplayName: 'Display name', IsRequired: true, MaxLength: 20 });
const USERNAME = def('Default', 'Username', { DisplayName: 'Username', IsRequired: true });
const EMAIL = def('User', 'Email', { DisplayName: 'E-mail', DisplayType: 'Email' });
const ACTIVE = def('User', 'Active', { DisplayName: 'Active', DisplayType: 'Checkbox' });
const DEFINITIONS = [ID, NAME, USERNAME, EMAIL, ACTIVE];
const COLUMNS = templateColumns(DEFINITIONS);

describe('templateColumns', () => {
  it('[A7.12] lists the creatable fields, marking required ones with *', () => {
    expect(COLUMNS.map((c) => c.header)).toEqual(['Display name *', 'Username *', 'E-mail', 'Active']);
  });
});

describe('cellText', () => {
  it.each([
    { value: null, text: '' },
    { value: '  Ann ', text: 'Ann' },
    { value: 42, text: '42' },
    { value: true, text: 'true' },
    { value: new Date('2026-03-04T00:00:00Z'), text: '2026-03-04' },
    { value: { richText: [{ text: 'Bold' }, { text: ' part' }] }, text: 'Bold part' },
    { value: { text: 'ann@example.com', hyperlink: 'mailto:ann@example.com' }, text: 'ann@example.com' },
    { value: { formula: 'A1', result: 7 }, text: '7' },
  ])('reads $value as "$text"', ({ value, text }) => {
    expect(cellText(value)).toBe(text);
  });
});

describe('cellToFieldValue', () => {
  it.each([
    { field: NAME, text: '', value: null },
    { field: NAME, text: 'Yes', value: 'Yes' },
    { field: ACTIVE, text: 'Yes', value: true },
    { field: ACTIVE, text: 'no', value: false },
    { field: ACTIVE, text: 'maybe', value: 'maybe' },
  ])('$field.Name "$text" is $value', ({ field, text, value }) => {
    expect(cellToFieldValue(field, text)).toBe(value);
  });
});

describe('decideHeader', () => {
  it.each([
    { title: 'accepts the template header', header: ['Display name *', 'Username *', 'E-mail', 'Active'], errors: [] },
    { title: 'accepts any order and no marks', header: ['username', 'Display name'], errors: [] },
    { title: 'ignores empty header cells', header: ['Display name *', '', 'Username *'], errors: [] },
    {
      title: 'refuses an unknown column',
      header: ['Display name *', 'Username *', 'Shoe size'],
      errors: ['Shoe size is not a field of this template'],
    },
    {
      title: 'refuses a read-only field, a repeated column and a missing required column',
      header: ['Display name *', 'Display name', 'Account ID'],
      errors: [
        'Display name appears more than once',
        'Account ID is not a field of this template',
        'The column Username is missing',
      ],
    },
  ])('$title', ({ header, errors }) => {
    expect(decideHeader({ header, columns: COLUMNS }).errors).toEqual(errors);
  });
});

describe('decideRows', () => {
  const columns = decideHeader({ header: ['Display name *', 'Username *', 'E-mail', 'Active'], columns: COLUMNS }).columns;
  const run = (rows: string[][], taken: string[] = []) =>
    decideRows({
      definitions: DEFINITIONS,
      columns,
      rows: rows.map((cells, i) => ({ row: i + 2, cells })),
      takenUsernames: new Set(taken),
    });

  it.each([
    { title: 'accepts a valid row', rows: [['Ann', 'ann', 'ann@example.com', 'yes']], errors: [] },
    {
      title: '[A3.9] names the row from 2 and every failing column',
      rows: [
        ['Ann', 'ann', '', ''],
        ['', 'bob', 'bob@', 'maybe'],
      ],
      errors: [
        {
          Row: 3,
          ErrorDetails:
            'Display name: Display name is required; E-mail: Enter a valid e-mail address; Active: Active must be yes or no',
        },
      ],
    },
    {
      title: 'refuses a username used twice in the file, ignoring case',
      rows: [
        ['Ann', 'ann', '', ''],
        ['Ann 2', 'ANN', '', ''],
      ],
      errors: [{ Row: 3, ErrorDetails: 'Username: ANN is already used in row 2' }],
    },
    {
      title: 'refuses a username already taken',
      rows: [['Ann', 'Ann', '', '']],
      taken: ['ann'],
      errors: [{ Row: 2, ErrorDetails: 'Username: This username is already taken' }],
    },
    {
      title: 'skips empty rows but keeps the spreadsheet numbering',
      rows: [
        ['', '', '', ''],
        ['', 'x', '', ''],
      ],
      errors: [{ Row: 3, ErrorDetails: 'Display name: Display name is required' }],
    },
  ])('$title', ({ rows, taken, errors }) => {
    expect(run(rows, taken).errors).toEqual(errors);
  });

  it('gives the views CreateAccount takes', () => {
    expect(run([['Ann', 'ann', 'ann@example.com', 'no']]).rows).toEqual([
      {
        row: 2,
        views: {
          Default: { Values: { DisplayName: 'Ann', Username: 'ann' } },
          User: { Values: { Email: 'ann@example.com', Active: false } },
        },
      },
    ]);
  });
});

describe('isUploadExpired', () => {
  const uploadedAt = new Date('2026-01-01T10:00:00Z');
  it.each([
    { ms: 0, expired: false },
    { ms: 600_000, expired: false },
    { ms: 600_001, expired: true },
  ])('[A5.10] $ms ms after the upload: expired $expired', ({ ms, expired }) => {
    expect(isUploadExpired({ uploadedAt, now: new Date(uploadedAt.getTime() + ms) })).toBe(expired);
  });
});

describe('templateFileName', () => {
  it('keeps the parent name safe for a file', () => {
    expect(templateFileName({ type: 'User', parentName: 'Acme / Sales & Co' })).toBe('User-import-Acme-Sales-Co.xlsm');
  });
});
