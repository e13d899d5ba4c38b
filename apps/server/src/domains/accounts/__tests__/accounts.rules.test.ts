import type { FieldValue } from '@portal/contracts';
import { fieldDefinition } from '@portal/contracts/testing';
import { describe, expect, it } from 'vitest';
import { decideUpdate } from '../accounts.rules.js';

const def = fieldDefinition;

const definitions = [
  def('Default', 'AccountIdentificator', { DisplayName: 'Account ID', DisplayType: 'Number', IsReadOnly: true }),
  def('Default', 'DisplayName', { DisplayName: 'Display name', IsRequired: true, MaxLength: 20 }),
  def('Default', 'Username', { IsModifyConfirmRequired: true, IsRequired: true }),
  def('User', 'Email', { DisplayName: 'E-mail', DisplayType: 'Email', IsModifyConfirmRequired: true, IsRequired: true }),
  def('User', 'JobTitle', { DisplayName: 'Job title' }),
  def('User', 'Phone', { Pattern: '^\\+?[0-9 ]{6,}$', PatternMessage: 'Enter a phone number' }),
];

const current: Record<string, FieldValue> = {
  'Default.AccountIdentificator': 7,
  'Default.DisplayName': 'Jane Doe',
  'Default.Username': 'jane',
  'User.Email': 'jane@example.com',
  'User.JobTitle': 'Buyer',
  'User.Phone': null,
};

type Submitted = Record<string, { Values: Record<string, FieldValue> }>;

interface Case {
  name: string;
  submitted: Submitted;
  changes: { key: string; before: FieldValue; after: FieldValue }[];
  errors: { field: string; message: string }[];
  needsConfirmation: string[];
}

const cases: Case[] = [
  {
    name: 'records a changed plain field with its value before and after',
    submitted: { User: { Values: { JobTitle: 'Manager' } } },
    changes: [{ key: 'User.JobTitle', before: 'Buyer', after: 'Manager' }],
    errors: [],
    needsConfirmation: [],
  },
  {
    name: 'ignores a value equal to the current one',
    submitted: { Default: { Values: { DisplayName: 'Jane Doe' } } },
    changes: [],
    errors: [],
    needsConfirmation: [],
  },
  {
    name: 'trims surrounding spaces before comparing, so a padded unchanged value is no change',
    submitted: { Default: { Values: { DisplayName: '  Jane Doe ' } } },
    changes: [],
    errors: [],
    needsConfirmation: [],
  },
  {
    name: 'stores a trimmed value',
    submitted: { User: { Values: { JobTitle: '  Manager  ' } } },
    changes: [{ key: 'User.JobTitle', before: 'Buyer', after: 'Manager' }],
    errors: [],
    needsConfirmation: [],
  },
  {
    name: 'treats an empty string like an absent value',
    submitted: { User: { Values: { Phone: '' } } },
    changes: [],
    errors: [],
    needsConfirmation: [],
  },
  {
    name: 'clears an optional field to null',
    submitted: { User: { Values: { JobTitle: '' } } },
    changes: [{ key: 'User.JobTitle', before: 'Buyer', after: null }],
    errors: [],
    needsConfirmation: [],
  },
  {
    name: 'rejects clearing a required field',
    submitted: { Default: { Values: { DisplayName: '' } } },
    changes: [],
    errors: [{ field: 'Views.Default.Values.DisplayName', message: 'Display name is required' }],
    needsConfirmation: [],
  },
  {
    name: 'rejects an invalid value with the field validation message',
    submitted: { User: { Values: { Email: 'not-an-email' } } },
    changes: [],
    errors: [{ field: 'Views.User.Values.Email', message: 'Enter a valid e-mail address' }],
    needsConfirmation: [],
  },
  {
    name: 'rejects a value over the maximum length',
    submitted: { Default: { Values: { DisplayName: 'x'.repeat(21) } } },
    changes: [],
    errors: [{ field: 'Views.Default.Values.DisplayName', message: 'Display name must be at most 20 characters' }],
    needsConfirmation: [],
  },
  {
    name: 'rejects a change to a read-only field',
    submitted: { Default: { Values: { AccountIdentificator: 8 } } },
    changes: [],
    errors: [{ field: 'Views.Default.Values.AccountIdentificator', message: 'Account ID cannot be changed' }],
    needsConfirmation: [],
  },
  {
    name: 'accepts a read-only field submitted with its current value',
    submitted: { Default: { Values: { AccountIdentificator: 7 } } },
    changes: [],
    errors: [],
    needsConfirmation: [],
  },
  {
    name: 'rejects a field not defined for the account type',
    submitted: { Company: { Values: { Currency: 'EUR' } } },
    changes: [],
    errors: [{ field: 'Views.Company.Values.Currency', message: 'Currency is not a field of this account' }],
    needsConfirmation: [],
  },
  {
    name: 'rejects a known field name submitted under the wrong view',
    submitted: { Default: { Values: { Email: 'a@b.co' } } },
    changes: [],
    errors: [{ field: 'Views.Default.Values.Email', message: 'Email is not a field of this account' }],
    needsConfirmation: [],
  },
  {
    name: '[A5.6] asks for confirmation of a changed field flagged IsModifyConfirmRequired',
    submitted: { User: { Values: { Email: 'jane.doe@example.com' } } },
    changes: [{ key: 'User.Email', before: 'jane@example.com', after: 'jane.doe@example.com' }],
    errors: [],
    needsConfirmation: ['User.Email'],
  },
  {
    name: '[A5.6] does not ask for confirmation when a flagged field is submitted unchanged',
    submitted: { User: { Values: { Email: 'jane@example.com', JobTitle: 'Manager' } } },
    changes: [{ key: 'User.JobTitle', before: 'Buyer', after: 'Manager' }],
    errors: [],
    needsConfirmation: [],
  },
  {
    name: '[A5.6] lists every flagged field that changed, across views',
    submitted: { Default: { Values: { Username: 'jdoe' } }, User: { Values: { Email: 'jd@example.com', JobTitle: 'CEO' } } },
    changes: [
      { key: 'Default.Username', before: 'jane', after: 'jdoe' },
      { key: 'User.Email', before: 'jane@example.com', after: 'jd@example.com' },
      { key: 'User.JobTitle', before: 'Buyer', after: 'CEO' },
    ],
    errors: [],
    needsConfirmation: ['Default.Username', 'User.Email'],
  },
  {
    name: 'reports every invalid field at once and keeps the valid changes apart',
    submitted: { User: { Values: { Email: 'bad', Phone: 'abc', JobTitle: 'CTO', Shoe: '42' } } },
    changes: [{ key: 'User.JobTitle', before: 'Buyer', after: 'CTO' }],
    errors: [
      { field: 'Views.User.Values.Email', message: 'Enter a valid e-mail address' },
      { field: 'Views.User.Values.Phone', message: 'Enter a phone number' },
      { field: 'Views.User.Values.Shoe', message: 'Shoe is not a field of this account' },
    ],
    needsConfirmation: [],
  },
  {
    name: 'treats a field missing from the current values as empty',
    submitted: { User: { Values: { Phone: '+31 20 123 4567' } } },
    changes: [{ key: 'User.Phone', before: null, after: '+31 20 123 4567' }],
    errors: [],
    needsConfirmation: [],
  },
];

describe('decideUpdate', () => {
  it.each(cases)('$name', ({ submitted, changes, errors, needsConfirmation }) => {
    const decision = decideUpdate({ definitions, current, submitted });

    expect(decision.changes.map(({ key, before, after }) => ({ key, before, after }))).toEqual(changes);
    expect(decision.errors).toEqual(errors);
    expect(decision.needsConfirmation).toEqual(needsConfirmation);
  });

  it('compares numbers with their text form, so 7 and "7" are the same value', () => {
    const decision = decideUpdate({
      definitions,
      current,
      submitted: { Default: { Values: { AccountIdentificator: '7' } } },
    });

    expect(decision.errors).toEqual([]);
    expect(decision.changes).toEqual([]);
  });

  it('returns the definition with each change', () => {
    const decision = decideUpdate({ definitions, current, submitted: { User: { Values: { JobTitle: 'CFO' } } } });

    expect(decision.changes[0]?.def.Name).toBe('JobTitle');
  });
});
