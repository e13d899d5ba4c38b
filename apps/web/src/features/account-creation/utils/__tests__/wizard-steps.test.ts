import type { LayoutPage, View } from '@portal/contracts';
import { fieldDefinition } from '@portal/contracts/testing';
import { describe, expect, it } from 'vitest';
import { lastEnabledStep, pageErrors, serverErrorKey, stepOfField, viewsForCreate, wizardSteps } from '../wizard-steps';

const def = fieldDefinition;
const views: Record<string, View> = {
  Default: {
    Name: 'Default',
    FieldDefinitions: [def('Default', 'DisplayName', { IsRequired: true })],
    Values: {},
    DisplayValues: {},
  },
  User: {
    Name: 'User',
    FieldDefinitions: [def('User', 'Email', { DisplayType: 'Email' }), def('User', 'Phone')],
    Values: {},
    DisplayValues: {},
  },
};
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
          { View: 'User', Name: 'Email' },
        ],
      },
    ],
  },
  {
    Name: 'Contact',
    DisplayName: 'Contact',
    Containers: [{ Name: 'B', DisplayName: 'B', State: 'Expanded', Fields: [{ View: 'User', Name: 'Phone' }] }],
  },
];

describe('lastEnabledStep', () => {
  it.each([
    { valid: [false, true, true], reached: 2, expected: 0 },
    { valid: [true, false, true], reached: 2, expected: 1 },
    { valid: [true, true, true], reached: 1, expected: 1 },
    { valid: [true, true, true], reached: 2, expected: 2 },
    { valid: [true, true, false, true], reached: 3, expected: 2 },
    { valid: [true, true], reached: 5, expected: 1 },
    { valid: [true, true, true, true, true, true], reached: 0, expected: 1 },
  ])('[A4.10] with valid steps $valid and reached $reached opens up to step $expected', (c) => {
    expect(lastEnabledStep(c)).toBe(c.expected);
  });
});

describe('wizardSteps', () => {
  it('[A2.39] [A2.41] gives a Product service, terms and review steps around its pages', () => {
    expect(wizardSteps(false, 2).map((s) => s.kind)).toEqual(['parent', 'page', 'page']);
    expect(wizardSteps(true, 1).map((s) => s.kind)).toEqual(['parent', 'service', 'terms', 'page', 'review']);
  });

  it('[A2.42] ProductShort has no parent step', () => {
    expect(wizardSteps(true, 2, { short: true }).map((s) => s.kind)).toEqual(['service', 'terms', 'page', 'page', 'review']);
    expect(wizardSteps(false, 1, { short: true }).map((s) => s.kind)).toEqual(['parent', 'page']);
  });
});

describe('pageErrors', () => {
  it('validates only the fields of the page, with the shared field rules', () => {
    expect(pageErrors(pages[0]!, views, { 'User.Email': 'nope' })).toEqual({
      'Default.DisplayName': 'DisplayName is required',
      'User.Email': 'Enter a valid e-mail address',
    });
    expect(pageErrors(pages[1]!, views, {})).toEqual({});
  });
});

describe('viewsForCreate', () => {
  it('sends every editable field, empty text as null', () => {
    expect(viewsForCreate(views, { 'Default.DisplayName': 'Ann', 'User.Email': ' ' })).toEqual({
      Default: { Values: { DisplayName: 'Ann' } },
      User: { Values: { Email: null, Phone: null } },
    });
  });
});

describe('server errors', () => {
  it('maps field names to keys and keys to the step showing them', () => {
    expect(serverErrorKey('Views.User.Values.Phone')).toBe('User.Phone');
    expect(serverErrorKey('parentId')).toBe('parentId');
    expect(stepOfField('User.Phone', wizardSteps(false, 2), pages, views)).toBe(2);
    expect(stepOfField('parentId', wizardSteps(false, 2), pages, views)).toBe(0);
    expect(stepOfField('User.Phone', wizardSteps(true, 2), pages, views)).toBe(4);
    expect(stepOfField('terms', wizardSteps(true, 2), pages, views)).toBe(2);
  });
});
