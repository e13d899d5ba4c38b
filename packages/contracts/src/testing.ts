import type { FieldDefinition } from './accounts.js';

/**
 * A field definition for tests: a plain optional Text field of `view` named `name`, with `overrides`.
 * Imported from '@portal/contracts/testing' by test files only.
 */
export function fieldDefinition(view: string, name: string, overrides: Partial<FieldDefinition> = {}): FieldDefinition {
  return {
    Name: name,
    DisplayName: name,
    DisplayType: 'Text',
    DisplayTemplate: null,
    InputMask: null,
    AccountViewName: view,
    IsModifyConfirmRequired: false,
    IsRequired: false,
    IsReadOnly: false,
    MaxLength: null,
    Pattern: null,
    PatternMessage: null,
    Options: [],
    ...overrides,
  };
}
