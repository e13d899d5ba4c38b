import type { FieldDefinition, View } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { changedKeys, initialValues, sensitiveChanges, serverErrorsToForm, toViewsPayload, validateChanges } from '../edit-state';

const def = (over: Partial<FieldDefinition>): FieldDefinition => ({
  Name: 'X',
  DisplayName: 'X',
  DisplayType: 'Text',
  DisplayTemplate: null,
  InputMask: null,
  AccountViewName: 'Default',
  IsModifyConfirmRequired: false,
  IsRequired: false,
  IsReadOnly: false,
  MaxLength: null,
  Pattern: null,
  PatternMessage: null,
  Options: [],
  ...over,
});
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
