import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/**
 * The Notifications tab of a user [A2.17] through the real server (decision 0053): GetUserNotifications and
 * SaveUserNotifications (a user's own, or another user's with NOTIFICATIONS_READ / NOTIFICATIONS_UPDATE), and the
 * outbox leaving out an e-mail of a kind its recipient switched off.
 */

let t: TestApp;
let company: number;
let otherCompany: number;
const clients: Record<string, ApiClient> = {};
const users: Record<string, { id: number; username: string }> = {};
const op = (who: string, name: string, input: unknown) => clients[who]!.op(name, input);
let placed = 0;

const enabledOf = (body: { Items: { Kind: string; Enabled: boolean }[] }) =>
  Object.fromEntries(body.Items.map((i) => [i.Kind, i.Enabled]));

/** The placer orders a service for its company, above the company's credit limit: under review. */
async function placeOrderUnderReview(): Promise<number> {
  placed++;
  const res = await op('placer', 'CreateAccount', {
    accountType: 'Product',
    parentId: company,
    productName: 'Notify Plain',
    views: {
      Default: { Values: { DisplayName: `Notified backup ${placed}` } },
      Product: { Values: { Quantity: '1' } },
      Service: { Values: { Plan: 'Basic', Seats: '3' } },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.OrderStatus).toBe('UnderReview');
  return res.body.AccountId;
}

const mailsTo = (userId: number) =>
  t.db.query<{ subject: string; status: string; kind: string | null; job_id: string | null }>(
    'SELECT subject, status, kind, job_id FROM mail_outbox WHERE account_id = $1 ORDER BY created_at, id',
    [userId],
  );

beforeAll(async () => {
  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, currency: 'EUR' });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, currency: 'EUR', displayName: 'Notify Co' });
  otherCompany = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Other Co' });
  const sign = async (name: string, parentId: number, capabilities: string[]) => {
    const user = await makeUser(t.db, { parentId, capabilities, displayName: name });
    users[name] = user;
    clients[name] = await new ApiClient(t.url).signIn(user.username);
  };
  await sign('provider', provider, [...READ_ALL, ...SERVICE_TOOL_ALL]);
  // Places orders for Notify Co; switches its own e-mails only.
  await sign('placer', company, [...READ_ALL, 'PRODUCT_ACCOUNT_CREATE', 'MARKETPLACE_TC_ACCEPT_EXECUTE']);
  await sign('admin', company, [...READ_ALL, 'NOTIFICATIONS_READ', 'NOTIFICATIONS_UPDATE', 'USER_EXPORT_EXECUTE', 'OUTBOX_READ']);
  await sign('viewer', company, [...READ_ALL, 'NOTIFICATIONS_READ']);
  await sign('plain', company, [...READ_ALL]);
  await sign('otherAdmin', otherCompany, [...READ_ALL, 'NOTIFICATIONS_READ', 'NOTIFICATIONS_UPDATE']);
  await sign('resellerAdmin', reseller, [
    ...READ_ALL,
    'NOTIFICATIONS_READ',
    'FIELDS_CREDITLIMIT_READ',
    'FIELDS_CREDITLIMIT_UPDATE',
  ]);
  await createService(
    t.db,
    clients.provider!,
    serviceInput('Notify Plain', {
      Descriptions: [{ Type: 'Description', LocalizationLanguageCode: 'en', Title: 'Plain', Content: 'No terms' }],
    }),
  );
  const limit = await clients.resellerAdmin!.edit('AddCreditLimitRecord', {
    accountId: company,
    Limit: '5',
    Comment: 'Low',
    IsLocked: false,
  });
  expect(limit.status, JSON.stringify(limit.body)).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('GetUserNotifications', () => {
  it('lists every kind on by default, the security e-mails fixed, for the user themself without a capability', async () => {
    const res = await op('plain', 'GetUserNotifications', { accountId: users.plain!.id });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.CanUpdate).toBe(true);
    expect(res.body.Items).toEqual([
      { Kind: 'OrderPlaced', Group: 'Orders', Switchable: true, Enabled: true },
      { Kind: 'OrderUnderReview', Group: 'Orders', Switchable: true, Enabled: true },
      { Kind: 'OrderApproved', Group: 'Orders', Switchable: true, Enabled: true },
      { Kind: 'OrderDeclined', Group: 'Orders', Switchable: true, Enabled: true },
      { Kind: 'ProvisioningFailed', Group: 'Provisioning', Switchable: true, Enabled: true },
      { Kind: 'ProvisioningEscalated', Group: 'Provisioning', Switchable: true, Enabled: true },
      { Kind: 'TermsChanged', Group: 'Terms', Switchable: true, Enabled: true },
      { Kind: 'FirstTimePassword', Group: 'Security', Switchable: false, Enabled: true },
      { Kind: 'PasswordReset', Group: 'Security', Switchable: false, Enabled: true },
      { Kind: 'FailedSignIns', Group: 'Security', Switchable: false, Enabled: true },
    ]);
  });

  it("reads another user's with NOTIFICATIONS_READ (read-only without NOTIFICATIONS_UPDATE), and answers 403 without it", async () => {
    const viewer = await op('viewer', 'GetUserNotifications', { accountId: users.plain!.id });
    const admin = await op('admin', 'GetUserNotifications', { accountId: users.plain!.id });
    const denied = await op('plain', 'GetUserNotifications', { accountId: users.viewer!.id });

    expect(viewer.status).toBe(200);
    expect(viewer.body.CanUpdate).toBe(false);
    expect(admin.body.CanUpdate).toBe(true);
    expect(denied.status).toBe(403);
  });

  it('answers 404 for a user of another tenant, the same as for a missing account, and 422 for an account that is not a user', async () => {
    const other = await op('otherAdmin', 'GetUserNotifications', { accountId: users.plain!.id });
    const missing = await op('otherAdmin', 'GetUserNotifications', { accountId: 999_999 });
    const notUser = await op('admin', 'GetUserNotifications', { accountId: company });

    expect(other.status).toBe(404);
    expect(other.body.detail).toBe(missing.body.detail);
    expect(notUser.status).toBe(422);
    expect(notUser.body.errors).toEqual([{ field: 'accountId', message: 'Choose a User account' }]);
  });
});

describe('SaveUserNotifications', () => {
  it('switches a kind off and on again, keeps the kinds left out, and audits the change on the user', async () => {
    const off = await clients.plain!.op('SaveUserNotifications', {
      accountId: users.plain!.id,
      kinds: [
        { Kind: 'OrderApproved', Enabled: false },
        { Kind: 'OrderDeclined', Enabled: false },
      ],
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(enabledOf(off.body)).toMatchObject({ OrderApproved: false, OrderDeclined: false, OrderPlaced: true });

    const on = await op('plain', 'SaveUserNotifications', {
      accountId: users.plain!.id,
      kinds: [{ Kind: 'OrderDeclined', Enabled: true }],
    });
    const read = await op('plain', 'GetUserNotifications', { accountId: users.plain!.id });
    expect(enabledOf(on.body)).toMatchObject({ OrderApproved: false, OrderDeclined: true });
    expect(enabledOf(read.body)).toEqual(enabledOf(on.body));

    const audit = await t.db.query<{ actor_id: number; before: unknown; after: unknown }>(
      `SELECT actor_id, before, after FROM audit_log WHERE operation = 'SaveUserNotifications' AND account_id = $1
       ORDER BY id`,
      [users.plain!.id],
    );
    expect(audit).toEqual([
      { actor_id: users.plain!.id, before: { SwitchedOff: [] }, after: { SwitchedOff: ['OrderApproved', 'OrderDeclined'] } },
      {
        actor_id: users.plain!.id,
        before: { SwitchedOff: ['OrderApproved', 'OrderDeclined'] },
        after: { SwitchedOff: ['OrderApproved'] },
      },
    ]);
  });

  it('refuses a fixed kind with 422 naming the field, and changes nothing', async () => {
    const res = await op('viewer', 'SaveUserNotifications', {
      accountId: users.viewer!.id,
      kinds: [
        { Kind: 'OrderPlaced', Enabled: false },
        { Kind: 'PasswordReset', Enabled: false },
      ],
    });
    const read = await op('viewer', 'GetUserNotifications', { accountId: users.viewer!.id });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { field: 'kinds.1.Kind', message: 'Password reset link e-mails are always sent and cannot be switched off' },
    ]);
    expect(enabledOf(read.body).OrderPlaced).toBe(true);
  });

  it("changes another user's only with NOTIFICATIONS_UPDATE: 403 with read alone, 404 across tenants", async () => {
    const input = { accountId: users.viewer!.id, kinds: [{ Kind: 'OrderPlaced', Enabled: false }] };
    const readOnly = await op('plain', 'SaveUserNotifications', input);
    const viewerOnPlain = await op('viewer', 'SaveUserNotifications', { ...input, accountId: users.plain!.id });
    const other = await op('otherAdmin', 'SaveUserNotifications', input);
    const admin = await op('admin', 'SaveUserNotifications', input);

    expect(readOnly.status).toBe(403);
    expect(viewerOnPlain.status).toBe(403);
    expect(other.status).toBe(404);
    expect(admin.status).toBe(200);
    expect(enabledOf(admin.body).OrderPlaced).toBe(false);
    // Restore: the viewer switches its own back on.
    const back = await op('viewer', 'SaveUserNotifications', { ...input, kinds: [{ Kind: 'OrderPlaced', Enabled: true }] });
    expect(enabledOf(back.body).OrderPlaced).toBe(true);
  });
});

describe('the outbox honours the choices', () => {
  it('[M4.23] an order under review e-mails its placer, unless the placer switched "order under review" off', async () => {
    await placeOrderUnderReview();
    const before = await mailsTo(users.placer!.id);
    expect(before.map((m) => [m.kind, m.status])).toEqual([['OrderUnderReview', 'queued']]);

    const saved = await op('placer', 'SaveUserNotifications', {
      accountId: users.placer!.id,
      kinds: [{ Kind: 'OrderUnderReview', Enabled: false }],
    });
    expect(saved.status).toBe(200);
    await placeOrderUnderReview();
    const after = await mailsTo(users.placer!.id);

    // Kept for support staff, marked and never queued for delivery.
    expect(after.map((m) => [m.kind, m.status])).toEqual([
      ['OrderUnderReview', 'queued'],
      ['OrderUnderReview', 'switched_off'],
    ]);
    expect(after[1]?.job_id).toBeNull();
  });

  it('a fixed kind is sent even to a user who switched every other kind off', async () => {
    await op('placer', 'SaveUserNotifications', {
      accountId: users.placer!.id,
      kinds: ['OrderPlaced', 'OrderUnderReview', 'OrderApproved', 'OrderDeclined'].map((Kind) => ({ Kind, Enabled: false })),
    });
    // The administrator sends a new first-time password by e-mail.
    const res = await op('admin', 'SendUserFirstTimePassword', { id: users.placer!.id });
    const mails = await mailsTo(users.placer!.id);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(mails.at(-1)).toMatchObject({ kind: 'FirstTimePassword', status: 'queued' });
  });

  it('the Outbox shows the switched-off message as such to support staff', async () => {
    const [row] = await t.db.query<{ id: string }>(
      "SELECT id FROM mail_outbox WHERE account_id = $1 AND status = 'switched_off' LIMIT 1",
      [users.placer!.id],
    );
    const res = await op('admin', 'GetOutboxMessage', { id: row!.id });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ Status: 'switched_off', DeliveredAt: null });
  });
});
