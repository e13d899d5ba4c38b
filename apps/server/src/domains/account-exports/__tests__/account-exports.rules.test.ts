import { describe, expect, it } from 'vitest';
import { credentialRow, exportFileName, hierarchyRow, safeFileName } from '../account-exports.rules.js';

const account = {
  id: 42,
  parent_id: 7,
  parent_display_name: 'Finance',
  account_type: 'Product',
  state: 'Active',
  depth: 5,
  display_name: 'Backup 500 GB',
  username: null,
  email: null,
  product_name: 'Contoso Backup 500 GB',
  termination_date: new Date(Date.UTC(2031, 2, 1, 9, 30)),
};

describe('[A2.4] hierarchyRow', () => {
  it.each([
    { depth: 2, rootDepth: 2, level: 0 },
    { depth: 3, rootDepth: 2, level: 1 },
    { depth: 5, rootDepth: 2, level: 3 },
  ])(
    'puts an account at depth $depth below a root at $rootDepth on level $level, indented as much',
    ({ depth, rootDepth, level }) => {
      const row = hierarchyRow({ ...account, depth }, rootDepth);

      expect(row.values.Level).toBe(level);
      expect(row.indent).toBe(level);
    },
  );

  it('carries the account details, its parent and a UTC termination date', () => {
    expect(hierarchyRow(account, 3).values).toEqual({
      Level: 2,
      DisplayName: 'Backup 500 GB',
      AccountType: 'Product',
      AccountId: 42,
      ParentAccountId: 7,
      Parent: 'Finance',
      State: 'Active',
      Username: null,
      Email: null,
      Product: 'Contoso Backup 500 GB',
      TerminationDate: '2031-03-01 09:30',
    });
  });
});

describe('[A2.3] credentialRow', () => {
  it('lists the company, the user and the first-time password', () => {
    const user = {
      ...account,
      account_type: 'User',
      username: 'emma',
      email: 'emma@example.com',
      first_name: 'Emma',
      last_name: 'Jansen',
    };

    expect(credentialRow({ company: 'Acme', user, password: 'Pw-1234567890ab' }).values).toEqual({
      Company: 'Acme',
      Parent: 'Finance',
      AccountId: 42,
      Username: 'emma',
      DisplayName: 'Backup 500 GB',
      FirstName: 'Emma',
      LastName: 'Jansen',
      Email: 'emma@example.com',
      FirstTimePassword: 'Pw-1234567890ab',
    });
  });
});

describe('export file names', () => {
  const now = new Date(Date.UTC(2026, 4, 17, 23, 59));

  it.each([
    { kind: 'hierarchy' as const, names: ['Acme Logistics'], file: 'Company hierarchy - Acme Logistics - 2026-05-17.xlsx' },
    { kind: 'credentials' as const, names: ['Acme'], file: 'First-time credentials - Acme - 2026-05-17.xlsx' },
    { kind: 'credentials' as const, names: ['A', 'B', 'C'], file: 'First-time credentials - 3 companies - 2026-05-17.xlsx' },
    { kind: 'hierarchy' as const, names: ['R&D: "Lab" <1>/2'], file: 'Company hierarchy - R&D Lab 1 2 - 2026-05-17.xlsx' },
  ])('names a $kind export of $names "$file"', ({ kind, names, file }) => {
    expect(exportFileName({ kind, accountNames: names, now })).toBe(file);
  });

  it.each([
    { name: 'a\u0000b\nc', safe: 'a b c' },
    { name: '  ', safe: 'export' },
    { name: 'x'.repeat(300), safe: 'x'.repeat(150) },
  ])('cleans $name', ({ name, safe }) => {
    expect(safeFileName(name)).toBe(safe);
  });
});
