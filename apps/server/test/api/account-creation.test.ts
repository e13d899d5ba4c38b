import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

const CREATE_ALL = ['RESELLER', 'COMPANY', 'DEPARTMENT', 'USER'].map((t) => `${t}_ACCOUNT_CREATE`);
const READ_ALL = ['RESELLER', 'COMPANY', 'DEPARTMENT', 'USER', 'PRODUCT'].map((t) => `${t}_ACCOUNT_READ`);

let t: TestApp;
let provider: number;
let reseller: number;
let company: number;
let department: number;
let foreignCompany: number;
const clients: Record<string, ApiClient> = {};
const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

async function client(name: string, parentId: number, capabilities: string[]) {
  const user = await makeUser(t.db, { parentId, capabilities, displayName: `User ${name}` });
  clients[name] = await new ApiClient(t.url).signIn(user.username);
}
const op = (who: string, name: string, input: unknown) => clients[who]!.op(name, input);

const companyViews = (name: string, extra: Record<string, unknown> = {}) => ({
  Default: { Values: { DisplayName: name } },
  Company: { Values: { Currency: 'EUR', ...extra } },
});
const userViews = (username: string, extra: Record<string, unknown> = {}) => ({
  Default: { Values: { DisplayName: 'New Person', Username: username } },
  User: { Values: { Email: `${username}@example.com`, FirstName: 'New', LastName: 'Person', ...extra } },
});

beforeAll(async () => {
  t = await buildTestApp();
  provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Wizard Reseller', currency: 'GBP' });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Wizard Company' });
  department = await makeAccount(t.db, { type: 'Department', parentId: company, displayName: 'Wizard Department' });
  const otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Other Reseller' });
  foreignCompany = await makeAccount(t.db, { type: 'Company', parentId: otherReseller });
  await client('admin', reseller, [...CREATE_ALL, ...READ_ALL, 'USER_EXPORT_EXECUTE']);
  await client('companyAdmin', company, [...CREATE_ALL, ...READ_ALL]);
  await client('reader', reseller, READ_ALL);
  await client('userCreator', reseller, ['USER_ACCOUNT_CREATE', ...READ_ALL]);
});
afterAll(async () => {
  await t.close();
});

describe('[A7.13] GetDefaultAccountViewsForCreate', () => {
  it('gives the creatable fields with defaults and layout pages without read-only fields', async () => {
    const res = await op('admin', 'GetDefaultAccountViewsForCreate', { accountType: 'Company', parentId: reseller });

    expect(res.status).toBe(200);
    expect(res.body.Parent).toEqual({ AccountId: reseller, AccountType: 'Reseller', DisplayName: 'Wizard Reseller' });
    expect(Object.keys(res.body.Views.Default.Values)).toEqual(['DisplayName']);
    expect(res.body.Views.Company.Values.Currency).toBe('GBP');
    const fields = res.body.Layout.Pages.flatMap((p: { Containers: { Fields: { Name: string }[] }[] }) =>
      p.Containers.flatMap((c) => c.Fields.map((f) => f.Name)),
    );
    expect(fields).toContain('DisplayName');
    expect(fields).not.toContain('AccountIdentificator');
    expect(fields).not.toContain('ParentAccountId');
  });

  it('[A2.40] gives a user the sign-in fields and English as language', async () => {
    const res = await op('admin', 'GetDefaultAccountViewsForCreate', { accountType: 'User', parentId: department });

    expect(res.status).toBe(200);
    expect(Object.keys(res.body.Views.Default.Values).sort()).toEqual(['DisplayName', 'Username']);
    expect(res.body.Views.User.Values.Language).toBe('en');
  });

  it('[A2.43] refuses a parent that may not hold the type, naming parentId', async () => {
    const res = await op('admin', 'GetDefaultAccountViewsForCreate', { accountType: 'Company', parentId: company });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { field: 'parentId', message: 'A company can be created under a reseller or the provider' },
    ]);
  });

  it('refuses a caller without the capability of the type', async () => {
    const res = await op('userCreator', 'GetDefaultAccountViewsForCreate', { accountType: 'Company', parentId: reseller });

    expect(res.status).toBe(403);
  });

  it('refuses a caller with no create capability at all', async () => {
    const res = await op('reader', 'GetDefaultAccountViewsForCreate', { accountType: 'User', parentId: company });

    expect(res.status).toBe(403);
  });

  it('answers a parent outside the scope like a missing one', async () => {
    const foreign = await op('admin', 'GetDefaultAccountViewsForCreate', { accountType: 'User', parentId: foreignCompany });
    const missing = await op('admin', 'GetDefaultAccountViewsForCreate', { accountType: 'User', parentId: 999_999 });

    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.body.detail).toBe(missing.body.detail);
  });
});

describe('[A7.13] CreateAccount', () => {
  it('creates a company under a reseller with an audit row, and the new account loads', async () => {
    const name = `New Co ${unique()}`;

    const res = await op('admin', 'CreateAccount', {
      accountType: 'Company',
      parentId: reseller,
      views: companyViews(name, { City: 'Utrecht' }),
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      AccountType: 'Company',
      DisplayName: name,
      ParentAccountId: reseller,
      CanSendCredentials: false,
    });
    const loaded = await op('admin', 'LoadAccountById', { id: res.body.AccountId });
    expect(loaded.body.Views.Default.Values).toMatchObject({
      DisplayName: name,
      ParentAccountId: reseller,
      AccountState: 'Active',
    });
    expect(loaded.body.Views.Company.Values).toMatchObject({ Currency: 'EUR', City: 'Utrecht' });
    const audit = await t.db.query<{ operation: string; after: Record<string, unknown> }>(
      'SELECT operation, after FROM audit_log WHERE account_id = $1',
      [res.body.AccountId],
    );
    expect(audit).toEqual([{ operation: 'CreateAccount', after: expect.objectContaining({ 'Default.DisplayName': name }) }]);
  });

  it('[A2.40] creates a user in a department that can be sent first-time credentials', async () => {
    const username = `new.${unique()}`;

    const res = await op('admin', 'CreateAccount', { accountType: 'User', parentId: department, views: userViews(username) });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ AccountType: 'User', ParentAccountId: department, CanSendCredentials: true });
    const sent = await op('admin', 'SendUserFirstTimePassword', { id: res.body.AccountId });
    expect(sent.status).toBe(200);
    expect(sent.body.Email).toBe(`${username}@example.com`);
  });

  it('[A8.9] lists every invalid and missing field by name', async () => {
    const res = await op('admin', 'CreateAccount', {
      accountType: 'User',
      parentId: company,
      views: {
        Default: { Values: { DisplayName: '  ' } },
        User: { Values: { Email: 'not-an-email', FirstName: 'A', LastName: 'B', Shoe: '42' } },
      },
    });

    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('One or more validation errors present');
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'Views.User.Values.Shoe', message: 'Shoe is not a field of this account' },
        { field: 'Views.Default.Values.DisplayName', message: 'Display name is required' },
        { field: 'Views.Default.Values.Username', message: 'Username is required' },
        { field: 'Views.User.Values.Email', message: 'Enter a valid e-mail address' },
      ]),
    );
    expect(res.body.errors).toHaveLength(4);
  });

  it('refuses a read-only field such as the account id', async () => {
    const res = await op('admin', 'CreateAccount', {
      accountType: 'Department',
      parentId: company,
      views: { Default: { Values: { DisplayName: 'Finance', AccountIdentificator: 5 } } },
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { field: 'Views.Default.Values.AccountIdentificator', message: 'Account ID is set by the portal' },
    ]);
  });

  it('refuses a username that is taken, whatever its case', async () => {
    const username = `Dup.${unique()}`;
    await op('admin', 'CreateAccount', { accountType: 'User', parentId: company, views: userViews(username) });

    const res = await op('admin', 'CreateAccount', {
      accountType: 'User',
      parentId: company,
      views: userViews(username.toLowerCase()),
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'Views.Default.Values.Username', message: 'This username is already taken' }]);
  });

  it('[A2.43] refuses a company under a company and a department under a reseller', async () => {
    const company1 = await op('admin', 'CreateAccount', { accountType: 'Company', parentId: company, views: companyViews('X') });
    const dept = await op('admin', 'CreateAccount', {
      accountType: 'Department',
      parentId: reseller,
      views: { Default: { Values: { DisplayName: 'X' } } },
    });

    expect(company1.status).toBe(422);
    expect(dept.status).toBe(422);
    expect(dept.body.errors).toEqual([
      { field: 'parentId', message: 'A department can be created under a company or a department' },
    ]);
  });

  it('refuses a caller without the CREATE capability of the type, and writes nothing', async () => {
    const name = `Denied ${unique()}`;

    const res = await op('userCreator', 'CreateAccount', {
      accountType: 'Company',
      parentId: reseller,
      views: companyViews(name),
    });

    expect(res.status).toBe(403);
    const rows = await t.db.query('SELECT 1 FROM accounts WHERE display_name = $1', [name]);
    expect(rows).toHaveLength(0);
  });

  it('answers a parent outside the scope like a missing one, and writes nothing', async () => {
    const name = `Foreign ${unique()}`;

    const res = await op('admin', 'CreateAccount', {
      accountType: 'Department',
      parentId: foreignCompany,
      views: { Default: { Values: { DisplayName: name } } },
    });

    expect(res.status).toBe(404);
    const rows = await t.db.query('SELECT 1 FROM accounts WHERE display_name = $1', [name]);
    expect(rows).toHaveLength(0);
  });

  it('rejects an unknown account type naming accountType', async () => {
    const res = await op('admin', 'CreateAccount', { accountType: 'Provider', parentId: reseller, views: {} });

    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['accountType']);
  });
});

describe('GetAvailableCreateParents', () => {
  it("starts the tree at the caller's organisation", async () => {
    const res = await op('admin', 'GetAvailableCreateParents', { accountType: 'Company' });

    expect(res.status).toBe(200);
    expect(res.body.Items).toEqual([
      {
        AccountId: reseller,
        AccountType: 'Reseller',
        DisplayName: 'Wizard Reseller',
        ParentDisplayName: null,
        CanBeParent: true,
        HasChildren: false,
      },
    ]);
  });

  it('[A2.43] shows only reseller accounts in the tree for a company', async () => {
    const sub = await makeAccount(t.db, { type: 'Reseller', parentId: reseller, displayName: 'Sub Reseller' });

    const res = await op('admin', 'GetAvailableCreateParents', { accountType: 'Company', parentId: reseller });

    expect(res.status).toBe(200);
    expect(res.body.Items.map((i: { AccountId: number }) => i.AccountId)).toEqual([sub]);
  });

  it('[A2.40] shows companies and departments on the way to a user, and only they can be parents', async () => {
    const top = await op('admin', 'GetAvailableCreateParents', { accountType: 'User', parentId: reseller });
    const below = await op('admin', 'GetAvailableCreateParents', { accountType: 'User', parentId: company });

    expect(top.body.Items).toContainEqual(
      expect.objectContaining({ AccountId: company, AccountType: 'Company', CanBeParent: true, HasChildren: true }),
    );
    expect(below.body.Items).toEqual([expect.objectContaining({ AccountId: department, CanBeParent: true })]);
  });

  it('searches possible parents in the scope only', async () => {
    const res = await op('admin', 'GetAvailableCreateParents', { accountType: 'Department', text: 'Company' });

    expect(res.status).toBe(200);
    expect(res.body.Items.map((i: { AccountId: number }) => i.AccountId)).toContain(company);
    expect(res.body.Items.map((i: { AccountId: number }) => i.AccountId)).not.toContain(foreignCompany);
    expect(res.body.Items.every((i: { AccountType: string }) => ['Company', 'Department'].includes(i.AccountType))).toBe(true);
  });

  it('gives a company administrator no parent for a company', async () => {
    const res = await op('companyAdmin', 'GetAvailableCreateParents', { accountType: 'Company' });

    expect(res.status).toBe(200);
    expect(res.body.Items).toEqual([]);
  });

  it('answers a tree node outside the scope like a missing one', async () => {
    const res = await op('companyAdmin', 'GetAvailableCreateParents', { accountType: 'User', parentId: reseller });

    expect(res.status).toBe(404);
  });
});

describe('[A1.3] the Create menu of the account page', () => {
  it('lists the types the viewer may create under each account', async () => {
    const atReseller = await op('admin', 'LoadAccountById', { id: reseller });
    const atCompany = await op('admin', 'LoadAccountById', { id: company });
    const limited = await op('userCreator', 'LoadAccountById', { id: company });
    const none = await op('reader', 'LoadAccountById', { id: company });

    expect(atReseller.body.Permissions.CreatableChildTypes).toEqual(['Reseller', 'Company', 'User']);
    expect(atCompany.body.Permissions.CreatableChildTypes).toEqual(['Department', 'User']);
    expect(limited.body.Permissions.CreatableChildTypes).toEqual(['User']);
    expect(none.body.Permissions.CreatableChildTypes).toEqual([]);
  });
});
