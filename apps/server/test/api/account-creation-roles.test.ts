import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStandardRoles } from '../../src/seed/roles.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

/**
 * A new user is given one of the standard roles of its organisation's kind, the least privileged by default
 * (decision 0027-wizard-parents, "Roles of new users"); never a role of another kind of organisation.
 */

const CREATE_ALL = ['RESELLER', 'COMPANY', 'DEPARTMENT', 'USER'].map((t) => `${t}_ACCOUNT_CREATE`);
const READ_ALL = ['RESELLER', 'COMPANY', 'DEPARTMENT', 'USER', 'PRODUCT'].map((t) => `${t}_ACCOUNT_READ`);

let t: TestApp;
let reseller: number;
let company: number;
let department: number;
let vendor: number;
let admin: ApiClient;
const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

const userViews = (username: string, role?: string | null) => ({
  Default: { Values: { DisplayName: 'New Person', Username: username } },
  User: { Values: { Email: `${username}@example.com`, FirstName: 'New', LastName: 'Person' } },
  ...(role === undefined ? {} : { Access: { Values: { Role: role } } }),
});
const rolesOf = async (userId: number) =>
  (
    await t.db.query<{ name: string }>(
      'SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = $1 ORDER BY r.name',
      [userId],
    )
  ).map((r) => r.name);

beforeAll(async () => {
  t = await buildTestApp();
  await ensureStandardRoles(t.db);
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Roles Reseller' });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Roles Company' });
  department = await makeAccount(t.db, { type: 'Department', parentId: company, displayName: 'Roles Department' });
  vendor = await makeAccount(t.db, { type: 'Company', parentId: provider, displayName: 'Roles Vendor' });
  await t.db.query('UPDATE accounts SET is_vendor = true WHERE id = $1', [vendor]);
  const user = await makeUser(t.db, { parentId: provider, capabilities: [...CREATE_ALL, ...READ_ALL] });
  admin = await new ApiClient(t.url).signIn(user.username);
});
afterAll(async () => {
  await t?.close();
});

describe('the role of a new user', () => {
  it.each([
    ['a department of a company', () => department, ['Company user', 'Company administrator']],
    ['a reseller', () => reseller, ['Auditor', 'Reseller administrator']],
    [
      'a vendor',
      () => vendor,
      ['Company user', 'Vendor service administrator', 'Vendor service editor', 'Company administrator'],
    ],
  ])('offers the roles of %s, the least privileged first and chosen', async (_name, parent, expected) => {
    const res = await admin.op('GetDefaultAccountViewsForCreate', { accountType: 'User', parentId: parent() });
    expect(res.status).toBe(200);
    const field = res.body.Views.Access.FieldDefinitions[0];
    expect(field).toMatchObject({ Name: 'Role', DisplayType: 'Select', IsRequired: true });
    expect(field.Options.map((o: { Value: string }) => o.Value)).toEqual(expected);
    expect(res.body.Views.Access.Values.Role).toBe(expected[0]);
    const first = res.body.Layout.Pages[0].Containers.at(-1);
    expect(first).toEqual({
      Name: 'Access',
      DisplayName: 'Access',
      State: 'Expanded',
      Fields: [{ View: 'Access', Name: 'Role' }],
    });
  });

  it('asks no role for other accounts', async () => {
    const res = await admin.op('GetDefaultAccountViewsForCreate', { accountType: 'Department', parentId: company });
    expect(res.body.Views.Access).toBeUndefined();
  });

  it('gives the chosen role, in the audit row too', async () => {
    const username = `boss.${unique()}`;
    const res = await admin.op('CreateAccount', {
      accountType: 'User',
      parentId: department,
      views: userViews(username, 'Company administrator'),
    });
    expect(res.status).toBe(200);
    expect(res.body.Role).toBe('Company administrator');
    expect(await rolesOf(res.body.AccountId)).toEqual(['Company administrator']);
    const [audit] = await t.db.query<{ after: Record<string, unknown> }>(
      "SELECT after FROM audit_log WHERE operation = 'CreateAccount' AND account_id = $1",
      [res.body.AccountId],
    );
    expect(audit?.after.Role).toBe('Company administrator');
    // The role is no attribute of the account.
    const [row] = await t.db.query<{ attributes: Record<string, unknown> }>('SELECT attributes FROM accounts WHERE id = $1', [
      res.body.AccountId,
    ]);
    expect(JSON.stringify(row?.attributes)).not.toContain('Company administrator');
  });

  it('gives the least privileged role when none is asked for (an API call or an import)', async () => {
    const res = await admin.op('CreateAccount', {
      accountType: 'User',
      parentId: company,
      views: userViews(`plain.${unique()}`),
    });
    expect(res.status).toBe(200);
    expect(res.body.Role).toBe('Company user');
    expect(await rolesOf(res.body.AccountId)).toEqual(['Company user']);
  });

  it.each(['Reseller administrator', 'Provider administrator', 'Nobody'])(
    'refuses %s for a company user, naming the field, and writes nothing',
    async (role) => {
      const username = `climber.${unique()}`;
      const res = await admin.op('CreateAccount', { accountType: 'User', parentId: company, views: userViews(username, role) });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ field: 'Views.Access.Values.Role', message: expect.stringMatching(/Choose/) }]);
      expect(await t.db.query('SELECT 1 FROM accounts WHERE username = $1', [username])).toEqual([]);
    },
  );

  it('refuses a role for an account that is not a user', async () => {
    const res = await admin.op('CreateAccount', {
      accountType: 'Department',
      parentId: company,
      views: { Default: { Values: { DisplayName: `Dept ${unique()}` } }, Access: { Values: { Role: 'Company user' } } },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'Views.Access.Values.Role', message: 'Only a user is given a role' }]);
  });
});
