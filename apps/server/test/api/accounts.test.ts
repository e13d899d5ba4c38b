import type { Account, TreeNode } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL, UPDATE_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

let t: TestApp;
let provider: number;
let reseller: number;
let company: number;
let department: number;
let product: number;
let otherCompany: number;
let bigCompany: number;
let admin: { id: number; username: string };
let companyAdmin: { id: number; username: string };
let reader: { id: number; username: string };
let adminClient: ApiClient;
let companyAdminClient: ApiClient;
let readerClient: ApiClient;
let keyCounter = 0;

/** A fresh user under the department, so each test edits its own account. */
async function makeTarget(displayName = 'Target User') {
  const id = await insertAccount(t.db, {
    type: 'User',
    parentId: department,
    displayName,
    username: `target${++keyCounter}.${Date.now().toString(36)}`,
    email: `target${keyCounter}@example.com`,
    firstName: 'Tess',
    lastName: 'Target',
    attributes: { 'User.JobTitle': 'Buyer' },
  });
  return id;
}

async function auditRows(accountId: number) {
  return t.db.query<{
    actor_id: number | null;
    operation: string;
    account_id: number | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    request_id: string | null;
  }>('SELECT actor_id, operation, account_id, before, after, request_id FROM audit_log WHERE account_id = $1 ORDER BY id', [
    accountId,
  ]);
}

async function row(id: number) {
  const [r] = await t.db.query<{
    display_name: string;
    email: string | null;
    username: string | null;
    attributes: Record<string, unknown>;
  }>('SELECT display_name, email, username, attributes FROM accounts WHERE id = $1', [id]);
  return r;
}

const update = (id: number, views: Record<string, Record<string, unknown>>) => ({
  id,
  views: Object.fromEntries(Object.entries(views).map(([view, values]) => [view, { Values: values }])),
});

beforeAll(async () => {
  t = await buildTestApp();
  provider = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'Provider' });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Reseller' });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Acme' });
  department = await makeAccount(t.db, { type: 'Department', parentId: company, displayName: 'Finance' });
  product = await insertAccount(t.db, {
    type: 'Product',
    parentId: company,
    displayName: 'Acme mailboxes',
    productName: 'Mailbox Pro',
    attributes: { 'Product.Quantity': 5 },
  });
  otherCompany = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Other' });
  bigCompany = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Big' });
  admin = await makeUser(t.db, { parentId: provider, capabilities: [...READ_ALL, ...UPDATE_ALL], displayName: 'Provider Admin' });
  companyAdmin = await makeUser(t.db, {
    parentId: company,
    capabilities: [...READ_ALL, ...UPDATE_ALL],
    displayName: 'Acme Admin',
  });
  reader = await makeUser(t.db, { parentId: company, capabilities: READ_ALL, displayName: 'Acme Reader' });
  adminClient = await new ApiClient(t.url).signIn(admin.username);
  companyAdminClient = await new ApiClient(t.url).signIn(companyAdmin.username);
  readerClient = await new ApiClient(t.url).signIn(reader.username);
});
afterAll(() => t.close());

describe('LoadAccountById', () => {
  it('[A3.1] returns the Default view values, the e-mail and the termination date of a user', async () => {
    const id = await makeTarget('Tess Target');

    const res = await adminClient.op<Account>('LoadAccountById', { id });

    expect(res.status).toBe(200);
    expect(res.body.AccountIdentificator).toBe(id);
    expect(res.body.Views.Default?.Values).toMatchObject({
      AccountIdentificator: id,
      AccountType: 'User',
      AccountState: 'Active',
      ParentAccountId: department,
      DisplayName: 'Tess Target',
    });
    expect(res.body.Views.Default?.Values.Username).toMatch(/^target\d+\./);
    expect(res.body.Views.User?.Values.Email).toMatch(/^target\d+@example\.com$/);
    expect(res.body.Views.ExtendedView?.Values).toEqual({
      TerminationDate: null,
      HasRenewActionValuesConfigured: false,
      PendingProvisioningRequests: 0,
      SentProvisioningRequests: 0,
      ErrorProvisioningRequests: 0,
      EscalatedProvisioningRequests: 0,
      CanUserRetryLastFailedProvisioningRequest: false,
    });
    expect(res.body.CustomActions.map((a: { Name: string }) => a.Name)).toEqual(['RENAME', 'CHANGE_STATUS', 'RESET_PASSWORD']);
  });

  it('[A3.2] returns each view with its name, field definitions, values and display values', async () => {
    const res = await adminClient.op<Account>('LoadAccountById', { id: company });

    const view = res.body.Views.Company;
    expect(view?.Name).toBe('Company');
    const currency = view?.FieldDefinitions.find((d) => d.Name === 'Currency');
    expect(currency).toMatchObject({
      Name: 'Currency',
      DisplayName: 'Currency',
      DisplayType: 'Select',
      DisplayTemplate: null,
      InputMask: null,
      AccountViewName: 'Company',
      IsModifyConfirmRequired: true,
    });
    expect(view?.Values.Currency).toBe('EUR');
    expect(view?.DisplayValues.Currency).toBe('Euro (EUR)');
    for (const [name, v] of Object.entries(res.body.Views)) {
      if (name === 'ExtendedView') continue;
      expect(Object.keys(v.Values).sort(), name).toEqual(v.FieldDefinitions.map((d) => d.Name).sort());
      expect(Object.keys(v.DisplayValues).sort(), name).toEqual(v.FieldDefinitions.map((d) => d.Name).sort());
      for (const d of v.FieldDefinitions) expect(d.AccountViewName).toBe(name);
    }
  });

  it('[A3.1] returns the product name of a product and its ProductDisplayName in the hierarchy', async () => {
    const res = await adminClient.op<Account>('LoadAccountById', { id: product });

    expect(res.body.Views.Product?.Values.ProductName).toBe('Mailbox Pro');
    expect(res.body.Hierarchy.at(-1)).toEqual({
      AccountId: product,
      ParentAccountId: company,
      AccountType: 'Product',
      DisplayName: 'Acme mailboxes',
      ProductDisplayName: 'Mailbox Pro',
    });
  });

  it('[A3.1] returns the Hierarchy from the provider down to the account for a provider caller, with its AccountPath', async () => {
    const id = await makeTarget();

    const res = await adminClient.op<Account>('LoadAccountById', { id });

    expect(res.body.Hierarchy.map((h) => h.AccountId)).toEqual([provider, reseller, company, department, id]);
    expect(res.body.Hierarchy.map((h) => h.AccountType)).toEqual(['Provider', 'Reseller', 'Company', 'Department', 'User']);
    expect(res.body.Hierarchy[0]).toMatchObject({ ParentAccountId: null, DisplayName: 'Provider', ProductDisplayName: null });
    expect(res.body.Hierarchy[2]).toMatchObject({ ParentAccountId: reseller, DisplayName: 'Acme' });
    expect(res.body.AccountPath).toBe([provider, reseller, company, department, id].join('/'));
  });

  it("limits the Hierarchy and AccountPath to the caller's company", async () => {
    const id = await makeTarget();

    const res = await companyAdminClient.op<Account>('LoadAccountById', { id });

    expect(res.body.Hierarchy.map((h) => h.AccountId)).toEqual([company, department, id]);
    expect(res.body.AccountPath).toBe([company, department, id].join('/'));
  });

  it('returns the layout pages and containers of the account type', async () => {
    const res = await adminClient.op<Account>('LoadAccountById', { id: company });

    expect(res.body.Layout.AccountType).toBe('Company');
    expect(res.body.Layout.Pages.map((p) => p.Name)).toEqual(['General', 'Finance']);
    const containers = res.body.Layout.Pages.flatMap((p) => p.Containers);
    expect(containers.map((c) => c.State)).toEqual(expect.arrayContaining(['Expanded', 'Collapsed', 'Hidden']));
    const fields = containers.flatMap((c) => c.Fields);
    for (const f of fields) expect(res.body.Views[f.View]?.Values, `${f.View}.${f.Name}`).toHaveProperty(f.Name);
  });

  it('[A6.14] tells a caller with the update capability that the account is editable, and a reader that it is not', async () => {
    const id = await makeTarget();

    const asAdmin = await companyAdminClient.op<Account>('LoadAccountById', { id });
    const asReader = await readerClient.op<Account>('LoadAccountById', { id });

    expect(asAdmin.body.Permissions.CanUpdate).toBe(true);
    expect(asReader.body.Permissions.CanUpdate).toBe(false);
  });

  it('[A4.1] marks a terminated account as not editable and returns its termination date', async () => {
    const id = await makeTarget();
    await t.db.query("UPDATE accounts SET state = 'Terminated', termination_date = '2025-01-31T00:00:00Z' WHERE id = $1", [id]);

    const res = await adminClient.op<Account>('LoadAccountById', { id });

    expect(res.body.Views.Default?.Values.AccountState).toBe('Terminated');
    expect(res.body.Views.ExtendedView?.Values.TerminationDate).toBe('2025-01-31T00:00:00.000Z');
    expect(res.body.Permissions.CanUpdate).toBe(false);
  });

  it('answers 404 problem+json for an account that does not exist', async () => {
    const res = await adminClient.op('LoadAccountById', { id: 999_999 });

    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({ status: 404, code: 'NOT_FOUND', detail: 'Account not found' });
  });

  it('names the id field when it is not a positive integer', async () => {
    const res = await adminClient.op('LoadAccountById', { id: 'abc' });

    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['id']);
  });
});

describe('GetPartialCompanyHierarchy', () => {
  let parent: number;
  const childNames = ['Echo', 'Alpha', 'Delta', 'Charlie', 'Bravo'];
  const children = new Map<string, number>();

  beforeAll(async () => {
    parent = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Tree' });
    for (const name of childNames)
      children.set(name, await makeAccount(t.db, { type: 'Department', parentId: parent, displayName: name }));
    const alpha = children.get('Alpha') as number;
    const sub = await makeAccount(t.db, { type: 'Department', parentId: alpha, displayName: 'Alpha sub' });
    await makeAccount(t.db, { type: 'User', parentId: sub, displayName: 'Alpha sub user' });
    await makeAccount(t.db, { type: 'User', parentId: alpha, displayName: 'Alpha user' });
  });

  it('[A7.11] returns only the node with its child count at depth 0', async () => {
    const res = await adminClient.op<TreeNode>('GetPartialCompanyHierarchy', { id: parent, depth: 0 });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      AccountId: parent,
      ParentAccountId: reseller,
      AccountType: 'Company',
      AccountState: 'Active',
      DisplayName: 'Tree',
    });
    expect(res.body.ChildCount).toBe(5);
    expect(res.body.Children).toEqual([]);
  });

  it('[A7.11] returns the children sorted by name at depth 1, each with its own child count but no grandchildren', async () => {
    const res = await adminClient.op<TreeNode>('GetPartialCompanyHierarchy', { id: parent, depth: 1 });

    expect(res.body.Children.map((c) => c.DisplayName)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    expect(res.body.HasMoreChildren).toBe(false);
    const alpha = res.body.Children[0];
    expect(alpha?.ChildCount).toBe(2);
    expect(alpha?.Children).toEqual([]);
    expect(alpha?.ParentAccountId).toBe(parent);
    expect(res.body.Children.slice(1).every((c) => c.ChildCount === 0)).toBe(true);
  });

  it('[A7.11] descends as deep as asked', async () => {
    const two = await adminClient.op<TreeNode>('GetPartialCompanyHierarchy', { id: parent, depth: 2 });
    const three = await adminClient.op<TreeNode>('GetPartialCompanyHierarchy', { id: parent, depth: 3 });

    const alpha2 = two.body.Children[0];
    expect(alpha2?.Children.map((c) => c.DisplayName)).toEqual(['Alpha sub', 'Alpha user']);
    expect(alpha2?.Children[0]?.ChildCount).toBe(1);
    expect(alpha2?.Children[0]?.Children).toEqual([]);
    expect(three.body.Children[0]?.Children[0]?.Children.map((c) => c.DisplayName)).toEqual(['Alpha sub user']);
  });

  it('pages the children with childLimit and childOffset and says when more are left', async () => {
    const seen: string[] = [];
    const flags: boolean[] = [];

    for (let offset = 0; offset < 5; offset += 2) {
      const res = await adminClient.op<TreeNode>('GetPartialCompanyHierarchy', {
        id: parent,
        depth: 1,
        childLimit: 2,
        childOffset: offset,
      });
      expect(res.body.ChildCount).toBe(5);
      seen.push(...res.body.Children.map((c) => c.DisplayName));
      flags.push(res.body.HasMoreChildren);
    }

    expect(seen).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    expect(flags).toEqual([true, true, false]);
  });

  it('limits the children of deeper levels too and flags them as having more', async () => {
    const res = await adminClient.op<TreeNode>('GetPartialCompanyHierarchy', { id: parent, depth: 2, childLimit: 1 });

    expect(res.body.Children).toHaveLength(1);
    expect(res.body.Children[0]?.Children.map((c) => c.DisplayName)).toEqual(['Alpha sub']);
    expect(res.body.Children[0]?.HasMoreChildren).toBe(true);
  });

  it('returns no children past the end', async () => {
    const res = await adminClient.op<TreeNode>('GetPartialCompanyHierarchy', { id: parent, depth: 1, childOffset: 10 });

    expect(res.body.Children).toEqual([]);
    expect(res.body.HasMoreChildren).toBe(false);
    expect(res.body.ChildCount).toBe(5);
  });

  it.each([
    { input: { depth: 6 }, field: 'depth' },
    { input: { depth: -1 }, field: 'depth' },
    { input: { childLimit: 0 }, field: 'childLimit' },
    { input: { childLimit: 501 }, field: 'childLimit' },
    { input: { childOffset: -1 }, field: 'childOffset' },
  ])('rejects $input naming the field $field', async ({ input, field }) => {
    const res = await adminClient.op('GetPartialCompanyHierarchy', { id: parent, ...input });

    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });
});

describe('ListAccountSubtree', () => {
  let descendants: { id: number; path: string; depth: number }[];

  beforeAll(async () => {
    // 6 departments x (1 sub-department + 18 users) + 6 users in the subs = 120 descendants, several levels deep.
    for (let d = 0; d < 6; d++) {
      const dept = await makeAccount(t.db, { type: 'Department', parentId: bigCompany, displayName: `Dept ${d}` });
      const sub = await makeAccount(t.db, { type: 'Department', parentId: dept, displayName: `Dept ${d} sub` });
      await makeAccount(t.db, { type: 'User', parentId: sub, displayName: `Sub user ${d}` });
      for (let u = 0; u < 17; u++) await makeAccount(t.db, { type: 'User', parentId: dept, displayName: `User ${d}.${u}` });
    }
    const [root] = await t.db.query<{ path: string; depth: number }>('SELECT path, depth FROM accounts WHERE id = $1', [
      bigCompany,
    ]);
    descendants = (
      await t.db.query<{ id: number; path: string; depth: number }>(
        `SELECT id, path, depth FROM accounts WHERE path LIKE $1 AND id <> $2 ORDER BY path COLLATE "C"`,
        [`${root?.path}%`, bigCompany],
      )
    ).map((r) => ({ ...r, depth: r.depth - (root?.depth ?? 0) }));
  });

  it('returns every descendant exactly once, in path order, over pages of 50', async () => {
    const items: { AccountId: number; Depth: number }[] = [];
    const pageSizes: number[] = [];
    let cursor: string | null = null;

    do {
      const res: { status: number; body: { Items: { AccountId: number; Depth: number }[]; NextCursor: string | null } } =
        await adminClient.op('ListAccountSubtree', { id: bigCompany, cursor, limit: 50 });
      expect(res.status).toBe(200);
      items.push(...res.body.Items);
      pageSizes.push(res.body.Items.length);
      cursor = res.body.NextCursor;
    } while (cursor !== null && pageSizes.length < 10);

    expect(descendants).toHaveLength(120);
    expect(pageSizes).toEqual([50, 50, 20]);
    expect(items.map((i) => i.AccountId)).toEqual(descendants.map((d) => d.id));
    expect(new Set(items.map((i) => i.AccountId)).size).toBe(120);
    expect(items.map((i) => i.Depth)).toEqual(descendants.map((d) => d.depth));
  });

  it('returns no cursor when the last page is exactly full', async () => {
    const res = await adminClient.op('ListAccountSubtree', { id: bigCompany, limit: 120 });

    expect(res.body.Items).toHaveLength(120);
    expect(res.body.NextCursor).toBeNull();
  });

  it('gives each item its parent, type, state and depth below the listed account', async () => {
    const res = await adminClient.op('ListAccountSubtree', { id: bigCompany, limit: 2 });

    expect(res.body.Items[0]).toMatchObject({
      ParentAccountId: bigCompany,
      AccountType: 'Department',
      AccountState: 'Active',
      Depth: 1,
    });
    expect(res.body.Items[1]).toMatchObject({ ParentAccountId: res.body.Items[0].AccountId, Depth: 2 });
  });

  it('returns an empty page for an account without descendants', async () => {
    const res = await adminClient.op('ListAccountSubtree', { id: product });

    expect(res.body).toEqual({ Items: [], NextCursor: null });
  });

  it('rejects a cursor from another subtree with 422 naming the cursor field', async () => {
    const first = await adminClient.op('ListAccountSubtree', { id: company, limit: 1 });

    const res = await adminClient.op('ListAccountSubtree', { id: bigCompany, cursor: first.body.NextCursor, limit: 50 });

    expect(first.body.NextCursor).toEqual(expect.any(String));
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.errors).toEqual([{ field: 'cursor', message: 'This cursor belongs to another list' }]);
  });

  it('rejects a cursor that is not one it issued', async () => {
    const res = await adminClient.op('ListAccountSubtree', { id: bigCompany, cursor: 'not-a-cursor', limit: 50 });

    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('cursor');
  });

  it('accepts a cursor of a sibling-looking path only if it lies inside the listed subtree', async () => {
    const [root] = await t.db.query<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [bigCompany]);
    const siblingPrefix = `${root?.path.slice(0, -1)}0/`;

    const res = await adminClient.op('ListAccountSubtree', {
      id: bigCompany,
      cursor: Buffer.from(siblingPrefix, 'utf8').toString('base64url'),
    });

    expect(res.status).toBe(422);
  });
});

describe('UpdateAccount', () => {
  it('[A7.11] saves a changed field and returns the account with the new value', async () => {
    const id = await makeTarget();

    const res = await adminClient.edit<Account>('UpdateAccount', update(id, { User: { JobTitle: 'Head of buying' } }));

    expect(res.status).toBe(200);
    expect(res.body.Views.User?.Values.JobTitle).toBe('Head of buying');
    expect(res.body.Views.User?.DisplayValues.JobTitle).toBe('Head of buying');
    const reloaded = await adminClient.op<Account>('LoadAccountById', { id });
    expect(reloaded.body.Views.User?.Values.JobTitle).toBe('Head of buying');
  });

  it('saves a column field and a select field in one request', async () => {
    const id = await makeTarget();

    const res = await adminClient.edit<Account>(
      'UpdateAccount',
      update(id, { Default: { DisplayName: 'Tess T.' }, User: { Language: 'nl' } }),
    );

    expect(res.status).toBe(200);
    expect(res.body.Views.Default?.Values.DisplayName).toBe('Tess T.');
    expect(res.body.Views.User?.DisplayValues.Language).toBe('Dutch');
    expect((await row(id))?.display_name).toBe('Tess T.');
  });

  it('rejects an invalid value with 422 problem+json naming the field, and writes nothing', async () => {
    const id = await makeTarget();
    const before = await row(id);

    const res = await adminClient.edit('UpdateAccount', update(id, { User: { Email: 'not-an-email', JobTitle: 'Valid title' } }));

    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    expect(res.body.errors).toEqual([{ field: 'Views.User.Values.Email', message: 'Enter a valid e-mail address' }]);
    expect(await row(id)).toEqual(before);
    expect(await auditRows(id)).toEqual([]);
  });

  it('reports every invalid field of one request at once', async () => {
    const id = await makeTarget();

    const res = await adminClient.edit(
      'UpdateAccount',
      update(id, { Default: { DisplayName: '' }, User: { Phone: 'call me', Language: 'xx' } }),
    );

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { field: 'Views.Default.Values.DisplayName', message: 'Display name is required' },
      { field: 'Views.User.Values.Phone', message: 'Enter a phone number such as +31 20 123 4567' },
      { field: 'Views.User.Values.Language', message: 'Choose one of the listed values for Language' },
    ]);
  });

  it('rejects a change to a read-only field', async () => {
    const id = await makeTarget();

    const res = await adminClient.edit('UpdateAccount', update(id, { Default: { AccountType: 'Company' } }));

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'Views.Default.Values.AccountType', message: 'Account type cannot be changed' }]);
    expect((await t.db.query('SELECT account_type FROM accounts WHERE id = $1', [id]))[0]).toEqual({ account_type: 'User' });
  });

  it('rejects an unknown field and a field of another account type', async () => {
    const id = await makeTarget();

    const res = await adminClient.edit('UpdateAccount', update(id, { User: { ShoeSize: '42' }, Company: { Currency: 'USD' } }));

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { field: 'Views.User.Values.ShoeSize', message: 'ShoeSize is not a field of this account' },
      { field: 'Views.Company.Values.Currency', message: 'Currency is not a field of this account' },
    ]);
  });

  it('[A5.6] asks for confirmation before saving a sensitive field and writes nothing', async () => {
    const id = await makeTarget();
    const before = await row(id);

    const res = await adminClient.edit(
      'UpdateAccount',
      update(id, { User: { Email: 'new.address@example.com', JobTitle: 'Other' } }),
    );

    expect(res.status).toBe(409);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.code).toBe('CONFIRMATION_REQUIRED');
    expect(res.body.confirmFields).toEqual(['User.Email']);
    expect(await row(id)).toEqual(before);
    expect(await auditRows(id)).toEqual([]);
  });

  it('[A5.6] [A7.11] saves a sensitive field through UpdateAccountByConfirm with confirmation true', async () => {
    const id = await makeTarget();

    const res = await adminClient.edit<Account>('UpdateAccountByConfirm', {
      ...update(id, { User: { Email: 'confirmed@example.com' } }),
      confirmation: true,
    });

    expect(res.status).toBe(200);
    expect(res.body.Views.User?.Values.Email).toBe('confirmed@example.com');
    expect((await row(id))?.email).toBe('confirmed@example.com');
    const [audit] = await auditRows(id);
    expect(audit?.operation).toBe('UpdateAccountByConfirm');
  });

  it('refuses UpdateAccountByConfirm without confirmation true', async () => {
    const id = await makeTarget();

    const res = await adminClient.edit('UpdateAccountByConfirm', {
      ...update(id, { User: { Email: 'x@example.com' } }),
      confirmation: false,
    });

    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['confirmation']);
  });

  it('[A5.6] asks for confirmation of a company currency change', async () => {
    const res = await adminClient.edit('UpdateAccount', update(otherCompany, { Company: { Currency: 'USD' } }));

    expect(res.status).toBe(409);
    expect(res.body.confirmFields).toEqual(['Company.Currency']);
  });

  it('rejects a username another account already has, whatever its case', async () => {
    const id = await makeTarget();

    const res = await adminClient.edit('UpdateAccountByConfirm', {
      ...update(id, { Default: { Username: companyAdmin.username.toUpperCase() } }),
      confirmation: true,
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'Views.Default.Values.Username', message: 'This username is already taken' }]);
  });

  it('reports a taken username before asking for confirmation', async () => {
    const id = await makeTarget();

    const res = await adminClient.edit('UpdateAccount', update(id, { Default: { Username: reader.username } }));

    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('Views.Default.Values.Username');
  });

  it('lets an account keep its own username in another case', async () => {
    const id = await makeTarget();
    const { username } = (await row(id)) as { username: string };

    const res = await adminClient.edit<Account>('UpdateAccountByConfirm', {
      ...update(id, { Default: { Username: username.toUpperCase() } }),
      confirmation: true,
    });

    expect(res.status).toBe(200);
    expect(res.body.Views.Default?.Values.Username).toBe(username.toUpperCase());
  });

  it('[A4.1] refuses to update a terminated account and writes nothing', async () => {
    const id = await makeTarget();
    await t.db.query("UPDATE accounts SET state = 'Terminated' WHERE id = $1", [id]);

    const res = await adminClient.edit('UpdateAccount', update(id, { User: { JobTitle: 'Ghost' } }));

    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
    expect((await row(id))?.attributes['User.JobTitle']).toBe('Buyer');
    expect(await auditRows(id)).toEqual([]);
  });

  it('[A6.14] refuses an update without the <TYPE>_ACCOUNT_UPDATE capability of the account type', async () => {
    const id = await makeTarget();

    const res = await readerClient.edit('UpdateAccount', update(id, { User: { JobTitle: 'Nope' } }));

    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.code).toBe('FORBIDDEN');
    expect(res.body.detail).toContain('You need permission to change user accounts');
  });

  it('[A6.14] checks the capability of the touched account type, not of the caller', async () => {
    const { username } = await makeUser(t.db, { parentId: company, capabilities: [...READ_ALL, 'USER_ACCOUNT_UPDATE'] });
    const client = await new ApiClient(t.url).signIn(username);
    const id = await makeTarget();

    const user = await client.edit('UpdateAccount', update(id, { User: { JobTitle: 'Allowed' } }));
    const companyRes = await client.edit('UpdateAccount', update(company, { Company: { City: 'Utrecht' } }));

    expect(user.status).toBe(200);
    expect(companyRes.status).toBe(403);
    expect(companyRes.body.detail).toContain('You need permission to change company accounts');
  });

  it('administers the provider root with the reseller capability', async () => {
    const { username } = await makeUser(t.db, { parentId: provider, capabilities: [...READ_ALL, 'COMPANY_ACCOUNT_UPDATE'] });
    const client = await new ApiClient(t.url).signIn(username);

    const res = await client.edit('UpdateAccount', update(provider, { Company: { City: 'Amsterdam' } }));

    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('You need permission to change reseller accounts');
  });
});

describe('the audit log of UpdateAccount', () => {
  it('writes one row with actor, operation, account and the before and after of only the changed fields', async () => {
    const id = await makeTarget('Audit Me');

    const res = await adminClient.edit(
      'UpdateAccount',
      update(id, { Default: { DisplayName: 'Audit Me' }, User: { JobTitle: 'Auditor', Phone: '' } }),
    );

    expect(res.status).toBe(200);
    const rows = await auditRows(id);
    expect(rows).toEqual([
      {
        actor_id: admin.id,
        operation: 'UpdateAccount',
        account_id: id,
        before: { 'User.JobTitle': 'Buyer' },
        after: { 'User.JobTitle': 'Auditor' },
        request_id: res.headers.get('x-request-id'),
      },
    ]);
  });

  it('writes no row when the update fails', async () => {
    const id = await makeTarget();

    await adminClient.edit('UpdateAccount', update(id, { User: { Email: 'bad' } }));
    await adminClient.edit('UpdateAccount', update(id, { User: { Email: 'needs.confirm@example.com' } }));
    await readerClient.edit('UpdateAccount', update(id, { User: { JobTitle: 'x' } }));

    expect(await auditRows(id)).toEqual([]);
  });

  it('rolls back the change when writing its audit row fails, since both share one transaction', async () => {
    const id = await makeTarget();
    await t.db.exec(`
      CREATE OR REPLACE FUNCTION test_fail_audit() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF NEW.after::text LIKE '%FAIL-AUDIT%' THEN RAISE EXCEPTION 'audit write failed'; END IF;
        RETURN NEW;
      END $fn$;
      CREATE TRIGGER test_fail_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_fail_audit();`);
    try {
      const res = await adminClient.edit('UpdateAccount', update(id, { User: { JobTitle: 'FAIL-AUDIT' } }));

      expect(res.status).toBe(500);
      expect(res.body.detail).not.toContain('audit write failed');
      expect((await row(id))?.attributes['User.JobTitle']).toBe('Buyer');
    } finally {
      await t.db.exec('DROP TRIGGER test_fail_audit ON audit_log; DROP FUNCTION test_fail_audit();');
    }
  });
});

describe('Idempotency-Key', () => {
  const nextKey = () => `key-${++keyCounter}-${Date.now()}`;

  it('replays the first result of a retried update and writes one audit row only', async () => {
    const id = await makeTarget();
    const key = nextKey();
    const { Version } = (await adminClient.op('LoadAccountById', { id })).body;
    const input = { ...update(id, { User: { JobTitle: 'Once' } }), version: Version };

    const first = await adminClient.edit('UpdateAccount', input, { 'idempotency-key': key });
    await t.db.query(`UPDATE accounts SET attributes = attributes || '{"User.JobTitle":"Changed meanwhile"}' WHERE id = $1`, [
      id,
    ]);
    const retry = await adminClient.edit('UpdateAccount', input, { 'idempotency-key': key });

    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await auditRows(id)).toHaveLength(1);
  });

  it('rejects the same key with a different body as IDEMPOTENCY_KEY_REUSED', async () => {
    const id = await makeTarget();
    const key = nextKey();
    await adminClient.edit('UpdateAccount', update(id, { User: { JobTitle: 'First' } }), { 'idempotency-key': key });

    const res = await adminClient.edit('UpdateAccount', update(id, { User: { JobTitle: 'Second' } }), { 'idempotency-key': key });

    expect(res.status).toBe(422);
    expect(res.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(res.body.errors[0].field).toBe('Idempotency-Key');
    expect((await row(id))?.attributes['User.JobTitle']).toBe('First');
    expect(await auditRows(id)).toHaveLength(1);
  });

  it('rejects the same key for another operation with the same input', async () => {
    const id = await makeTarget();
    const key = nextKey();
    const input = update(id, { User: { JobTitle: 'Same' } });
    await adminClient.edit('UpdateAccount', input, { 'idempotency-key': key });

    const res = await adminClient.edit('UpdateAccountByConfirm', { ...input, confirmation: true }, { 'idempotency-key': key });

    expect(res.status).toBe(422);
    expect(res.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('does not spend a key on a request that failed', async () => {
    const id = await makeTarget();
    const key = nextKey();
    const failed = await adminClient.edit('UpdateAccount', update(id, { User: { Email: 'bad' } }), { 'idempotency-key': key });

    const res = await adminClient.edit('UpdateAccount', update(id, { User: { JobTitle: 'After failure' } }), {
      'idempotency-key': key,
    });

    expect(failed.status).toBe(422);
    expect(res.status).toBe(200);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
  });

  it('keeps the keys of different users apart', async () => {
    const key = nextKey();
    const a = await makeTarget();
    const b = await makeTarget();

    const first = await adminClient.edit('UpdateAccount', update(a, { User: { JobTitle: 'By admin' } }), {
      'idempotency-key': key,
    });
    const second = await companyAdminClient.edit('UpdateAccount', update(b, { User: { JobTitle: 'By company admin' } }), {
      'idempotency-key': key,
    });

    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect((await row(b))?.attributes['User.JobTitle']).toBe('By company admin');
  });

  it('rejects a key that is not 1 to 200 visible ASCII characters', async () => {
    const id = await makeTarget();

    const res = await adminClient.edit('UpdateAccount', update(id, { User: { JobTitle: 'x' } }), {
      'idempotency-key': 'k'.repeat(201),
    });

    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('Idempotency-Key');
  });
});

describe('the operation endpoint', () => {
  it('answers 415 to a body that is not JSON', async () => {
    const res = await fetch(`${t.url}/api/op/LoadAccountById`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie: adminClient.cookie ?? '' },
      body: `{"id":${company}}`,
    });

    expect(res.status).toBe(415);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it('answers 415 to a form post', async () => {
    const res = await fetch(`${t.url}/api/op/UpdateAccount`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: adminClient.cookie ?? '' },
      body: 'id=1',
    });

    expect(res.status).toBe(415);
  });

  it('answers 403 to a request from another origin and writes nothing', async () => {
    const id = await makeTarget();

    const res = await adminClient.edit('UpdateAccount', update(id, { User: { JobTitle: 'Cross-site' } }), {
      origin: 'https://evil.example',
    });

    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect((await row(id))?.attributes['User.JobTitle']).toBe('Buyer');
  });

  it('answers 403, not a server error, to the opaque origin null', async () => {
    const res = await adminClient.op('LoadAccountById', { id: company }, { origin: 'null' });

    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('accepts a request from its own origin', async () => {
    const res = await adminClient.op('LoadAccountById', { id: company }, { origin: t.url });

    expect(res.status).toBe(200);
  });

  it('answers 404 to an unknown operation', async () => {
    const res = await adminClient.op('DropAllAccounts', {});

    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', detail: 'Unknown operation DropAllAccounts' });
  });

  it('answers 404 to a GET on an operation', async () => {
    const res = await fetch(`${t.url}/api/op/LoadAccountById`);

    expect(res.status).toBe(404);
  });
});
