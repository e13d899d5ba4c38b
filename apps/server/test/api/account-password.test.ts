import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL, TEST_PASSWORD, UPDATE_ALL } from '../factories/accounts.js';
import { ApiClient, signedIn } from '../factories/client.js';
import { lastMailReceived } from '../mail-catcher.js';

/**
 * The "reset password" custom action of User accounts [A1.5], [A6.19], [A7.5] (decision 0020) and the
 * forced password change after a first-time password (decision 0010, appended).
 */

let t: TestApp;
let company: number;
let foreignCompany: number;
let admin: ApiClient;
let adminId: number;
let reader: ApiClient;

const GOOD = 'Harbour-Lights-2027!';

beforeAll(async () => {
  t = await buildTestApp({ mail: true, app: { publicUrl: 'https://portal.example.test' } });
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller });
  foreignCompany = await makeAccount(t.db, {
    type: 'Company',
    parentId: await makeAccount(t.db, { type: 'Reseller', parentId: provider }),
  });
  const a = await makeUser(t.db, {
    parentId: company,
    capabilities: [...READ_ALL, ...UPDATE_ALL, 'USER_EXPORT_EXECUTE'],
  });
  adminId = a.id;
  admin = await signedIn(t.url, a.username);
  reader = await signedIn(t.url, (await makeUser(t.db, { parentId: company, capabilities: READ_ALL })).username);
});
afterAll(() => t.close());

/** A user of the company who can sign in with TEST_PASSWORD. */
const person = (parentId = company) => makeUser(t.db, { parentId, capabilities: READ_ALL });

const resetViews = (values: Record<string, unknown>) => ({ Action: { Values: values } });

function runReset(client: ApiClient, accountId: number, values: Record<string, unknown>, confirm = true) {
  return client.op(confirm ? 'ExecuteCustomActionByConfirm' : 'ExecuteCustomAction', {
    accountId,
    action: 'RESET_PASSWORD',
    views: resetViews(values),
    ...(confirm ? { confirmation: true } : {}),
  });
}

async function lastMailTo(accountId: number) {
  const [row] = await t.db.query<{ mail_to: string; subject: string; body_text: string }>(
    'SELECT mail_to, subject, body_text FROM mail_outbox WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
    [accountId],
  );
  return row ?? null;
}

/** The newest audit row of the account, sign-ins left out. */
async function lastAudit(accountId: number) {
  const [row] = await t.db.query<{ operation: string; after: unknown; actor_id: number }>(
    `SELECT operation, after, actor_id FROM audit_log WHERE account_id = $1 AND operation <> 'Authenticate'
     ORDER BY id DESC LIMIT 1`,
    [accountId],
  );
  return row ?? null;
}

const signInAs = (username: string, password: string) =>
  new ApiClient(t.url).op('Authenticate', { Username: username, Password: password });

describe('reset password custom action', () => {
  it('[A6.19] [A7.5] offers reset password on a User with its defaults, only to callers who may change the user', async () => {
    const user = await person();

    const asAdmin = await admin.op('LoadAccountById', { id: user.id });
    const form = await admin.op('GetDefaultViewsForCustomAction', { accountId: user.id, action: 'RESET_PASSWORD' });
    const asReader = await reader.op('GetDefaultViewsForCustomAction', { accountId: user.id, action: 'RESET_PASSWORD' });

    expect(asAdmin.body.CustomActions.map((a: { Name: string }) => a.Name)).toContain('RESET_PASSWORD');
    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({ Name: 'RESET_PASSWORD', Title: 'Reset password', NeedsConfirmation: true });
    expect(form.body.Views.Action.Values).toEqual({
      Username: user.username,
      Method: 'SEND_LINK',
      NewPassword: null,
      PasswordConfirmation: null,
      ChangeAtNextSignIn: true,
    });
    expect(asReader.status).toBe(403);
  });

  it('[A4.12] asks for a confirmation before it runs', async () => {
    const user = await person();

    const res = await runReset(admin, user.id, { Method: 'SEND_LINK' }, false);

    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFIRMATION_REQUIRED');
    expect(await lastMailTo(user.id)).toBeNull();
  });

  it('[M2.15] e-mails a single-use reset link through the reset flow; the password stays until it is used', async () => {
    const user = await person();
    const session = await signedIn(t.url, user.username);

    const res = await runReset(admin, user.id, { Method: 'SEND_LINK' });

    expect(res.status).toBe(200);
    const mail = await lastMailTo(user.id);
    expect(mail).toMatchObject({ mail_to: `${user.username}@example.com`, subject: 'Reset your password' });
    const link = /https:\/\/portal\.example\.test\/v\/#\/reset-password\/([^/\s]+)\/(\S+)/.exec(
      (await lastMailReceived(t, user.id))?.text ?? '',
    );
    expect(link?.[1]).toBe(user.username);
    expect((await signInAs(user.username, TEST_PASSWORD)).status).toBe(200);
    expect((await session.op('GetCurrentUser')).status).toBe(200);
    const audit = await lastAudit(user.id);
    expect(audit).toMatchObject({
      operation: 'ExecuteCustomActionByConfirm',
      actor_id: adminId,
      after: { Action: 'RESET_PASSWORD', Method: 'SEND_LINK', SentTo: `${user.username}@example.com` },
    });
    expect(JSON.stringify(audit?.after)).not.toContain(link?.[2] ?? 'no token');

    const used = await new ApiClient(t.url).op('ResetPassword', {
      Username: user.username,
      Token: link?.[2],
      Password: GOOD,
      PasswordConfirmation: GOOD,
    });
    expect(used.status).toBe(200);
    expect((await signInAs(user.username, GOOD)).status).toBe(200);
  });

  it('[M5.1] refuses a new password that breaks a rule or does not match, naming the field', async () => {
    const user = await person();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ NewPassword: 'Short-1!', PasswordConfirmation: 'Short-1!' }, 'NewPassword', 'Password does not meet all requirements'],
      [
        { NewPassword: 'no-upper-case-1!', PasswordConfirmation: 'no-upper-case-1!' },
        'NewPassword',
        'Password does not meet all requirements',
      ],
      [
        { NewPassword: 'NoDigitsHere-!!', PasswordConfirmation: 'NoDigitsHere-!!' },
        'NewPassword',
        'Password does not meet all requirements',
      ],
      [
        { NewPassword: 'NoSpecials12345', PasswordConfirmation: 'NoSpecials12345' },
        'NewPassword',
        'Password does not meet all requirements',
      ],
      [
        { NewPassword: `X-${user.username.toUpperCase()}-9`, PasswordConfirmation: `X-${user.username.toUpperCase()}-9` },
        'NewPassword',
        'Password does not meet all requirements',
      ],
      [{ NewPassword: GOOD, PasswordConfirmation: `${GOOD}x` }, 'PasswordConfirmation', "Passwords don't match"],
      [
        { NewPassword: TEST_PASSWORD.repeat(2), PasswordConfirmation: TEST_PASSWORD },
        'PasswordConfirmation',
        "Passwords don't match",
      ],
    ];
    for (const [values, field, message] of cases) {
      const res = await runReset(admin, user.id, { Method: 'SET_PASSWORD', ...values });
      expect(res.status, JSON.stringify(values)).toBe(422);
      expect(res.body.errors).toEqual([{ field: `Views.Action.Values.${field}`, message }]);
    }
    expect((await signInAs(user.username, TEST_PASSWORD)).status).toBe(200);
  });

  it('[A7.5] sets a new password: the old one stops working, sessions end, the audit row holds no password', async () => {
    const user = await person();
    const session = await signedIn(t.url, user.username);

    const res = await runReset(admin, user.id, {
      Method: 'SET_PASSWORD',
      NewPassword: GOOD,
      PasswordConfirmation: GOOD,
      ChangeAtNextSignIn: false,
    });

    expect(res.status).toBe(200);
    expect((await session.op('GetCurrentUser')).status).toBe(401);
    expect((await signInAs(user.username, TEST_PASSWORD)).status).toBe(401);
    const signIn = await signInAs(user.username, GOOD);
    expect(signIn.status).toBe(200);
    expect(signIn.body.User.MustChangePassword).toBe(false);
    const audit = await lastAudit(user.id);
    expect(audit?.after).toEqual({
      Action: 'RESET_PASSWORD',
      Method: 'SET_PASSWORD',
      ChangeAtNextSignIn: false,
      SessionsEnded: true,
      LinksSpent: 0,
    });
    expect(JSON.stringify(audit)).not.toContain(GOOD);
  });

  it('[A7.5] a set password can require a change at the next sign-in, and spends open reset links', async () => {
    const user = await person();
    await runReset(admin, user.id, { Method: 'SEND_LINK' });
    const token = /reset-password\/[^/\s]+\/(\S+)/.exec((await lastMailReceived(t, user.id))?.text ?? '')?.[1];

    const res = await runReset(admin, user.id, {
      Method: 'SET_PASSWORD',
      NewPassword: GOOD,
      PasswordConfirmation: GOOD,
      ChangeAtNextSignIn: true,
    });

    expect(res.status).toBe(200);
    expect((await lastAudit(user.id))?.after).toMatchObject({ ChangeAtNextSignIn: true, LinksSpent: 1 });
    expect((await signInAs(user.username, GOOD)).body.User.MustChangePassword).toBe(true);
    const late = await new ApiClient(t.url).op('ResetPassword', {
      Username: user.username,
      Token: token,
      Password: `${GOOD}x`,
      PasswordConfirmation: `${GOOD}x`,
    });
    expect(late.status).toBe(422);
  });

  it('[A6.19] refuses a link for a user without an e-mail address, and refuses your own account', async () => {
    const username = `nomail.${randomUUID().slice(0, 6)}`;
    const noMail = await insertAccount(t.db, { type: 'User', parentId: company, displayName: 'No mail', username, email: null });

    const link = await runReset(admin, noMail, { Method: 'SEND_LINK' });
    const own = await runReset(admin, adminId, { Method: 'SET_PASSWORD', NewPassword: GOOD, PasswordConfirmation: GOOD });
    const noMethod = await runReset(admin, noMail, { Method: null });

    expect(link.status).toBe(422);
    expect(link.body.errors[0]).toMatchObject({ field: 'Views.Action.Values.Method' });
    expect(link.body.errors[0].message).toContain('no valid e-mail address');
    expect(own.status).toBe(409);
    expect(noMethod.status).toBe(422);
    expect(noMethod.body.errors).toEqual([{ field: 'Views.Action.Values.Method', message: 'How to reset is required' }]);
  });

  it('[A6.14] is refused without USER_ACCOUNT_UPDATE and looks missing outside the caller scope', async () => {
    const user = await person();
    const foreign = await person(foreignCompany);

    const denied = await runReset(reader, user.id, { Method: 'SEND_LINK' });
    const outside = await runReset(admin, foreign.id, { Method: 'SEND_LINK' });
    const missing = await runReset(admin, 999_999, { Method: 'SEND_LINK' });

    expect(denied.status).toBe(403);
    expect(outside.status).toBe(404);
    expect({ ...outside.body, requestId: null }).toEqual({ ...missing.body, requestId: null });
    expect(await lastMailTo(foreign.id)).toBeNull();
  });
});

describe('forced password change after a first-time password', () => {
  async function firstTimePasswordOf(userId: number) {
    const res = await admin.op('SendUserFirstTimePassword', { id: userId });
    expect(res.status).toBe(200);
    return /First-time password: (\S+)/.exec((await lastMailReceived(t, userId))?.text ?? '')?.[1] ?? '';
  }

  it('signs in with a first-time password into a session that can only change it, see terms or sign out', async () => {
    const user = await person();
    const password = await firstTimePasswordOf(user.id);
    const client = new ApiClient(t.url);

    const signIn = await client.op('Authenticate', { Username: user.username, Password: password });

    expect(signIn.status).toBe(200);
    expect(signIn.body.User.MustChangePassword).toBe(true);
    expect((await client.op('GetCurrentUser')).body.MustChangePassword).toBe(true);
    expect((await client.op('GetMyConfirmedTerms')).status).toBe(200);
    const refused = await client.op('LoadAccountById', { id: user.id });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED', detail: 'Choose a new password before you continue' });
    const download = await fetch(`${t.url}/keeper/download/anything.pdf`, { headers: { cookie: client.cookie ?? '' } });
    expect(download.status).toBe(403);
    expect((await download.json()).code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await client.op('Logout')).status).toBe(200);
  });

  it('[M5.1] refuses a new password that breaks a rule, does not match or is the first-time password', async () => {
    const user = await person();
    const password = await firstTimePasswordOf(user.id);
    const client = await new ApiClient(t.url).signIn(user.username, password);

    const weak = await client.op('ChangeInitialPassword', { NewPassword: 'weakpassword', PasswordConfirmation: 'weakpassword' });
    const mismatch = await client.op('ChangeInitialPassword', { NewPassword: GOOD, PasswordConfirmation: 'other' });
    const same = await client.op('ChangeInitialPassword', { NewPassword: password, PasswordConfirmation: password });

    expect(weak.status).toBe(422);
    expect(weak.body.errors).toEqual([{ field: 'NewPassword', message: 'Password does not meet all requirements' }]);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual([{ field: 'PasswordConfirmation', message: "Passwords don't match" }]);
    expect(same.status).toBe(422);
    expect(same.body.errors[0]).toMatchObject({ field: 'NewPassword' });
    expect((await client.op('LoadAccountById', { id: user.id })).status).toBe(403);
  });

  it('clears the flag once the user chose a password: everything works again and other sessions end', async () => {
    const user = await person();
    const password = await firstTimePasswordOf(user.id);
    const other = await new ApiClient(t.url).signIn(user.username, password);
    const client = await new ApiClient(t.url).signIn(user.username, password);

    const res = await client.op('ChangeInitialPassword', { NewPassword: GOOD, PasswordConfirmation: GOOD });

    expect(res.status).toBe(200);
    expect(res.body.MustChangePassword).toBe(false);
    expect((await client.op('LoadAccountById', { id: user.id })).status).toBe(200);
    expect((await other.op('GetCurrentUser')).status).toBe(401);
    expect((await signInAs(user.username, GOOD)).body.User.MustChangePassword).toBe(false);
    expect((await lastAudit(user.id))?.after).toEqual({ FirstTimeCredential: 'replaced by the user', OtherSessionsEnded: true });
    const again = await client.op('ChangeInitialPassword', { NewPassword: `${GOOD}x`, PasswordConfirmation: `${GOOD}x` });
    expect(again.status).toBe(409);
  });

  it('sets the flag for every user of a send-to-all job', async () => {
    const department = await makeAccount(t.db, { type: 'Department', parentId: company });
    const first = await person(department);
    const second = await person(department);

    const started = await admin.op('SendUsersFirstTimePasswordForCompany', { id: company });
    expect(started.status).toBe(200);
    await t.app.jobs.runDue();

    for (const user of [first, second]) {
      const password = /First-time password: (\S+)/.exec((await lastMailReceived(t, user.id))?.text ?? '')?.[1] ?? '';
      expect((await signInAs(user.username, password)).body.User.MustChangePassword).toBe(true);
    }
  });

  it('[M2.15] a password reset through an e-mailed link clears the flag', async () => {
    const user = await person();
    await firstTimePasswordOf(user.id);
    await runReset(admin, user.id, { Method: 'SEND_LINK' });
    const token = /reset-password\/[^/\s]+\/(\S+)/.exec((await lastMailReceived(t, user.id))?.text ?? '')?.[1];

    await new ApiClient(t.url).op('ResetPassword', {
      Username: user.username,
      Token: token,
      Password: GOOD,
      PasswordConfirmation: GOOD,
    });

    expect((await signInAs(user.username, GOOD)).body.User.MustChangePassword).toBe(false);
  });

  it('[A6.8] an impersonator acting as a user with a pending change is not held at the change screen', async () => {
    const user = await person();
    await firstTimePasswordOf(user.id);
    const impersonator = await signedIn(
      t.url,
      (await makeUser(t.db, { parentId: company, capabilities: [...READ_ALL, 'IMPERSONATE_EXECUTE'] })).username,
    );

    const token = await impersonator.op('Impersonate', { id: user.id });
    const res = await impersonator.op('Authenticate', { ImpersonationToken: token.body.ImpersonationToken });

    expect(res.status).toBe(200);
    expect(res.body.User.MustChangePassword).toBe(false);
    expect((await impersonator.op('LoadAccountById', { id: user.id })).status).toBe(200);
  });
});
