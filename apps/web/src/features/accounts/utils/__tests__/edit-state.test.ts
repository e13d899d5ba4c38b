import type { FieldDefinition, View } from '@portal/contracts';
import { fieldDefinition } from '@portal/contracts/testing';
import { describe, expect, it } from 'vitest';
import {
  changedKeys,
  initialValues,
  saveFailureNotice,
  sensitiveChanges,
  serverErrorsToForm,
  toViewsPayload,
  validateChanges,
} from '../edit-state';

const def = (over: Partial<FieldDefinition>): FieldDefinition => fieldDefinition('Default', 'X', over);
const views: Record<string, View> = {
  Default: {
    Name: 'Default',
    FieldDefinitions: [def({ Name: 'DisplayName', DisplayName: 'Display name', IsRequired: true })],
    Values: { DisplayName: 'Acme' },
    DisplayValues: {},
  },
  User: {
    Name: 'User',
    FieldDefinitions: [
      def({ Name: 'Email', DisplayName: 'E-mail', DisplayType: 'Email', AccountViewName: 'User', IsModifyConfirmRequired: true }),
    ],
    Values: { Email: 'a@example.com' },
    DisplayValues: {},
  },
};

describe('edit state', () => {
  it('keys loaded values by view and field name', () => {
    expect(initialValues(views)).toEqual({ 'Default.DisplayName': 'Acme', 'User.Email': 'a@example.com' });
  });

  it('treats empty string and null as the same value', () => {
    expect(changedKeys({ a: null, b: 'x' }, { a: '', b: 'y' })).toEqual(['b']);
  });

  it('[A5.5] reports the errors that block saving', () => {
    const edited = { 'Default.DisplayName': ' ', 'User.Email': 'nope' };

    expect(validateChanges(views, edited, ['Default.DisplayName', 'User.Email'])).toEqual({
      'Default.DisplayName': 'Display name is required',
      'User.Email': 'Enter a valid e-mail address',
    });
  });

  it('[A5.6] lists changed fields flagged IsModifyConfirmRequired', () => {
    expect(sensitiveChanges(views, ['Default.DisplayName', 'User.Email']).map((d) => d.Name)).toEqual(['Email']);
  });

  it('groups changed values per view for UpdateAccount', () => {
    expect(toViewsPayload({ 'User.Email': 'b@example.com', 'Default.DisplayName': 'Acme' }, ['User.Email'])).toEqual({
      User: { Values: { Email: 'b@example.com' } },
    });
  });

  it('maps server field paths back to form keys', () => {
    expect(
      serverErrorsToForm([
        { field: 'Views.User.Values.Email', message: 'bad' },
        { field: 'id', message: 'x' },
      ]),
    ).toEqual({ 'User.Email': 'bad' });
  });
});

describe('[A8.9] the notice of a failed save', () => {
  it.each([
    [
      'field errors',
      { status: 422, fieldErrorCount: 2, message: 'One or more validation errors present' },
      { titleKey: 'account.validationTitle', textKey: 'account.validationText', detail: null },
    ],
    [
      'the data refused as a whole, with a reason',
      { status: 422, fieldErrorCount: 0, message: 'The parent cannot hold this account' },
      { titleKey: 'account.saveFailedTitle', textKey: 'account.saveFailedText', detail: 'The parent cannot hold this account' },
    ],
    [
      'the data refused as a whole, without a reason of its own',
      { status: 422, fieldErrorCount: 0, message: 'One or more validation errors present' },
      { titleKey: 'account.saveFailedTitle', textKey: 'account.saveFailedText', detail: null },
    ],
    [
      'a network failure',
      { status: 0, fieldErrorCount: 0, message: 'The server could not be reached.' },
      { titleKey: 'account.saveErrorTitle', textKey: null, detail: 'The server could not be reached.' },
    ],
  ])('%s', (_name, failure, expected) => {
    expect(saveFailureNotice(failure)).toEqual(expected);
  });

  it('spells the messages of the spec', async () => {
    const en = (await import('../../../../locales/en.json')).default.account;
    expect([en.saveFailedTitle, en.saveFailedText, en.validationTitle, en.validationText]).toEqual([
      'Validation error',
      'Please check the correctness of filled in data and retry',
      'Validation errors',
      'One or more validation errors present',
    ]);
  });
});
