import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL, UPDATE_ALL } from '../factories/accounts.js';
import { type ApiClient, signedIn } from '../factories/client.js';

let t: TestApp;
let company: number;
let foreignCompany: number;
let admin: ApiClient;
let reader: ApiClient;

beforeAll(async () => {
  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller });
  foreignCompany = await makeAccount(t.db, {
    type: 'Company',
    parentId: await makeAccount(t.db, { type: 'Reseller', parentId: provider }),
  });
  admin = await signedIn(
    t.url,
    (await makeUser(t.db, { parentId: reseller, capabilities: [...READ_ALL, ...UPDATE_ALL] })).username,
  );
  reader = await signedIn(t.url, (await makeUser(t.db, { parentId: reseller, capabilities: READ_ALL })).username);
});
afterAll(() => t.close());

const newUser = async () => (await makeUser(t.db, { parentId: company, capabilities: [], displayName: 'Old Name' })).id;

describe('custom actions', () => {
  it('[A3.1] lists the custom actions of an account for a caller who may change it', async () => {
    const user = await newUser();

    const asAdmin = await admin.op('LoadAccountById', { id: user });
    const asReader = await reader.op('LoadAccountById', { id: user });

    expect(asAdmin.body.CustomActions.map((a: any) => a.Name)).toEqual(['RENAME', 'CHANGE_STATUS', 'RESET_PASSWORD']);
    expect(asReader.body.CustomActions).toEqual([]);
  });

  it('[A7.5] gives the form of an action with its defaults', async () => {
    const user = await newUser();

    const res = await admin.op('GetDefaultViewsForCustomAction', { accountId: user, action: 'RENAME' });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      Name: 'RENAME',
      Title: 'Rename user',
      NeedsConfirmation: false,
      IsScheduled: false,
      HasSavedValues: false,
    });
    expect(res.body.Views.Action.Values).toEqual({ DisplayName: 'Old Name' });
    expect(res.body.Containers[0].Fields).toEqual([{ View: 'Action', Name: 'DisplayName' }]);
  });

  it('[A7.5] renames a user through ExecuteCustomAction and audits it', async () => {
    const user = await newUser();

    const res = await admin.op('ExecuteCustomAction', {
      accountId: user,
      action: 'RENAME',
      views: { Action: { Values: { DisplayName: 'New Name' } } },
    });

    expect(res.status).toBe(200);
    expect(res.body.Views.Default.Values.DisplayName).toBe('New Name');
    const [audit] = await t.db.query<{ operation: string; after: any }>(
      'SELECT operation, after FROM audit_log WHERE account_id = $1 ORDER BY id DESC LIMIT 1',
      [user],
    );
    expect(audit).toMatchObject({ operation: 'ExecuteCustomAction', after: { Action: 'RENAME', DisplayName: 'New Name' } });
  });

  it('[A5.5] blocks an action while a field is invalid, naming it', async () => {
    const user = await newUser();

    const res = await admin.op('ExecuteCustomAction', {
      accountId: user,
      action: 'RENAME',
      views: { Action: { Values: { DisplayName: '  ' } } },
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'Views.Action.Values.DisplayName', message: 'New display name is required' }]);
  });

  it('[A4.12] asks for confirmation before changing the status, then changes it with the confirmed variant', async () => {
    const user = await newUser();
    const views = { Action: { Values: { Status: 'Suspended', Reason: 'Unpaid invoices' } } };

    const first = await admin.op('ExecuteCustomAction', { accountId: user, action: 'CHANGE_STATUS', views });
    const confirmed = await admin.op('ExecuteCustomActionByConfirm', {
      accountId: user,
      action: 'CHANGE_STATUS',
      views,
      confirmation: true,
    });

    expect(first.status).toBe(409);
    expect(first.body.code).toBe('CONFIRMATION_REQUIRED');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.Views.Default.Values.AccountState).toBe('Suspended');
  });

  it('the Change status form preselects no status, and OK without one is refused naming the field', async () => {
    const user = await newUser();

    const form = await admin.op('GetDefaultViewsForCustomAction', { accountId: user, action: 'CHANGE_STATUS' });
    const res = await admin.op('ExecuteCustomActionByConfirm', {
      accountId: user,
      action: 'CHANGE_STATUS',
      views: { Action: { Values: { Status: null, Reason: 'Unpaid invoices' } } },
      confirmation: true,
    });

    expect(form.status).toBe(200);
    expect(form.body.Views.Action.Values.Status).toBeNull();
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'Views.Action.Values.Status', message: 'New status is required' }]);
  });

  it('[A7.5] saves renewal values for a product, flags it configured for renew, and resets them', async () => {
    const user = await newUser();
    const product = await makeAccount(t.db, { type: 'Product', parentId: user });
    const views = { Action: { Values: { RenewalTerm: '24', Quantity: '5', AutoRenew: false } } };

    const saved = await admin.op('UpdateAccountScheduledAction', { accountId: product, action: 'RENEW', views });
    const form = await admin.op('GetDefaultViewsForCustomAction', { accountId: product, action: 'RENEW' });
    const reset = await admin.op('RemoveSavedAccountScheduledAction', { accountId: product, action: 'RENEW' });
    const again = await admin.op('RemoveSavedAccountScheduledAction', { accountId: product, action: 'RENEW' });

    expect(saved.body.Views.ExtendedView.Values.HasRenewActionValuesConfigured).toBe(true);
    expect(form.body).toMatchObject({
      HasSavedValues: true,
      Views: { Action: { Values: { RenewalTerm: '24', Quantity: '5', AutoRenew: false } } },
    });
    expect(reset.body.Views.ExtendedView.Values.HasRenewActionValuesConfigured).toBe(false);
    expect(again.status).toBe(409);
  });

  it('answers 404 for an action that does not exist for the account type', async () => {
    const user = await newUser();

    const res = await admin.op('GetDefaultViewsForCustomAction', { accountId: user, action: 'RENEW' });

    expect(res.status).toBe(404);
  });

  it('needs the update permission of the account type, and the account inside the caller scope', async () => {
    const user = await newUser();

    const denied = await reader.op('GetDefaultViewsForCustomAction', { accountId: user, action: 'RENAME' });
    const foreign = await admin.op('GetDefaultViewsForCustomAction', { accountId: foreignCompany, action: 'CHANGE_STATUS' });

    expect(denied.status).toBe(403);
    expect(foreign.status).toBe(404);
  });
});
