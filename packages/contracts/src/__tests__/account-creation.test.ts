import { describe, expect, it } from 'vitest';
import {
  type AccountType,
  type CreateAccountType,
  creatableChildTypes,
  decideCreateParent,
  parseScheduledDate,
  wizardAccountType,
} from '../index.js';

describe('decideCreateParent', () => {
  const cases: [CreateAccountType, AccountType, boolean][] = [
    ['Company', 'Provider', true],
    ['Company', 'Reseller', true],
    ['Company', 'Company', false],
    ['Company', 'Department', false],
    ['Reseller', 'Provider', true],
    ['Reseller', 'Reseller', true],
    ['Reseller', 'Company', false],
    ['Department', 'Company', true],
    ['Department', 'Department', true],
    ['Department', 'Reseller', false],
    ['Department', 'User', false],
    ['User', 'Company', true],
    ['User', 'Department', true],
    ['User', 'Reseller', false],
    ['User', 'User', false],
    ['User', 'Product', false],
    ['Product', 'User', true],
    ['Product', 'Company', false],
    ['Product', 'Product', false],
  ];
  it.each(cases)('[A2.43] [A2.40] a %s under a %s: %s', (accountType, parentType, ok) => {
    expect(decideCreateParent({ accountType, parentType, parentState: 'Active' }).ok).toBe(ok);
  });

  it('refuses a terminated parent', () => {
    expect(decideCreateParent({ accountType: 'User', parentType: 'Company', parentState: 'Terminated' })).toEqual({
      ok: false,
      message: 'Choose a parent that is not terminated',
    });
  });
});

describe('creatableChildTypes', () => {
  const all = new Set(['RESELLER_ACCOUNT_CREATE', 'COMPANY_ACCOUNT_CREATE', 'DEPARTMENT_ACCOUNT_CREATE', 'USER_ACCOUNT_CREATE']);
  const cases: [AccountType, string, ReadonlySet<string>, CreateAccountType[]][] = [
    ['Provider', 'Active', all, ['Reseller', 'Company']],
    ['Reseller', 'Active', all, ['Reseller', 'Company']],
    ['Company', 'Active', all, ['Department', 'User']],
    ['Department', 'Active', all, ['Department', 'User']],
    ['User', 'Active', all, []],
    ['Product', 'Active', all, []],
    ['Company', 'Terminated', all, []],
    ['Company', 'Active', new Set(['USER_ACCOUNT_CREATE']), ['User']],
    ['Reseller', 'Active', new Set(['USER_ACCOUNT_CREATE', 'COMPANY_ACCOUNT_READ']), []],
    ['User', 'Active', new Set(['PRODUCT_ACCOUNT_CREATE']), ['Product']],
  ];
  it.each(cases)(
    '[A1.3] under a %s (%s) offers the types allowed by capability',
    (parentType, parentState, capabilities, expected) => {
      expect(creatableChildTypes({ parentType, parentState, capabilities })).toEqual(expected);
    },
  );
});

describe('wizardAccountType', () => {
  it.each([
    ['Service', 'Product'],
    ['Company', 'Company'],
    ['Reseller', 'Reseller'],
    ['Department', 'Department'],
    ['User', 'User'],
    ['Product', 'Product'],
    ['Provider', null],
    ['', null],
    [null, null],
  ] as const)('[A1.1] [A2.9] maps %s to %s', (param, expected) => {
    expect(wizardAccountType(param)).toBe(expected);
  });
});

describe('parseScheduledDate', () => {
  it.each([
    ['2030-01-31 08:00', '2030-01-31T08:00:00.000Z'],
    ['2030-02-30 08:00', null],
    ['2030-01-31 24:00', null],
    ['2030-01-31T08:00', null],
    ['2030-1-31 08:00', null],
  ])('[A5.8] reads %s as %s (UTC)', (text, expected) => {
    expect(parseScheduledDate(text)?.toISOString() ?? null).toBe(expected);
  });
});
