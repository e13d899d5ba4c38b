import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL, TEST_PASSWORD } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { lastMailReceived } from '../mail-catcher.js';

let t: TestApp;
let company: number;
const NEW_PASSWORD = 'Fresh-Start-2026!';

beforeAll(async () => {
  t = await buildTestApp({ mail: true, app: { publicUrl: 'https://portal.example.test' } });
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller });
});
afterAll(() => t.close());
// Every request of these tests comes from 127.0.0.1; each test starts with an empty throttle.
beforeEach(async () => {
  await t.db.query('DELETE FROM password_reset_attempts');
});

const anonymous = () => new ApiClient(t.url);

async function mailsTo(accountId: number) {
  return t.db.query<{ mail_to: string; subject: string; body_text: string }>(
    'SELECT mail_to, subject, body_text FROM mail_outbox WHERE account_id = $1 ORDER BY created_at',
    [accountId],
  );
}

/** The username and token of the newest reset link e-mailed to the user. */
async function lastLink(accountId: number) {
  const text = (await lastMailReceived(t, accountId))?.text ?? '';
  const match = /https:\/\/portal\.example\.test\/v\/#\/reset-password\/([^/\s]+)\/(\S+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return { username: decodeURIComponent(match[1]!), token: decodeURIComponent(match[2]!) };
}

async function canSignIn(username: string, password: string) {
  return (await anonymous().op('Authenticate', { Username: username, Password: password })).status === 200;
}

const reset = (input: { Username: string; Token: string; Password?: string; PasswordConfirmation?: string }) =>
  anonymous().op('ResetPassword', {
    Password: NEW_PASSWORD,
    PasswordConfirmation: input.Password ?? NEW_PASSWORD,
    ...input,
  });

describe('password reset [M2.15] [M4.11]', () => {
  it('[M2.14] [M2.15] [M4.11] e-mails a single-use link; the new password signs in, sessions end, an audit row is written', async () => {
    const u = await makeUser(t.db, { parentId: company, capabilities: READ_ALL });
    const session = await anonymous().signIn(u.username);

    const requested = await anonymous().op('RequestPasswordReset', { Username: u.username });
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ ok: true });
    const [mail] = await mailsTo(u.id);
    expect(mail).toMatchObject({ mail_to: `${u.username}@example.com`, subject: 'Reset your password' });
    const link = await lastLink(u.id);
    expect(link.username).toBe(u.username);

    const done = await reset({ Username: u.username, Token: link.token });
    expect(done.status).toBe(200);
    expect(await canSignIn(u.username, NEW_PASSWORD)).toBe(true);
    expect(await canSignIn(u.username, TEST_PASSWORD)).toBe(false);
    expect((await session.op('GetCurrentUser')).status).toBe(401);
    const audit = await t.db.query<{ actor_id: number; after: { Reset: string } }>(
      "SELECT actor_id, after FROM audit_log WHERE operation = 'ResetPassword' AND account_id = $1",
      [u.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: u.id,
      after: { Reset: 'new password set with an e-mailed link', SessionsEnded: true },
    });
  });

  it('stores only a SHA-256 of the token, never the token or the password in the audit log', async () => {
    const u = await makeUser(t.db, { parentId: company, capabilities: [] });
    await anonymous().op('RequestPasswordReset', { Username: u.username });
    const { token } = await lastLink(u.id);
    const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens WHERE user_id = $1', [
      u.id,
    ]);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.token_hash).not.toContain(token);
    await reset({ Username: u.username, Token: token });
    const rows = await t.db.query<{ after: unknown }>(
      "SELECT after FROM audit_log WHERE operation IN ('ResetPassword', 'RequestPasswordReset')",
    );
    expect(JSON.stringify(rows)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('[M4.11] finds the user by e-mail address too', async () => {
    const u = await makeUser(t.db, { parentId: company, capabilities: [] });
    expect((await anonymous().op('RequestPasswordReset', { Username: `${u.username.toUpperCase()}@EXAMPLE.COM` })).status).toBe(
      200,
    );
    expect(await mailsTo(u.id)).toHaveLength(1);
  });

  it('refuses a link used once already, and spends the earlier links of the user with it', async () => {
    const u = await makeUser(t.db, { parentId: company, capabilities: [] });
    await anonymous().op('RequestPasswordReset', { Username: u.username });
    const first = await lastLink(u.id);
    await anonymous().op('RequestPasswordReset', { Username: u.username });
    const second = await lastLink(u.id);
    expect(second.token).not.toBe(first.token);

    expect((await reset({ Username: u.username, Token: second.token })).status).toBe(200);
    const again = await reset({ Username: u.username, Token: second.token, Password: 'Another-Pass-2026!' });
    const earlier = await reset({ Username: u.username, Token: first.token, Password: 'Another-Pass-2026!' });

    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual([{ field: 'Token', message: 'This reset link was already used. Ask for a new one.' }]);
    expect(earlier.status).toBe(422);
    expect(earlier.body.errors[0].message).toBe('This reset link was already used. Ask for a new one.');
    expect(await canSignIn(u.username, NEW_PASSWORD)).toBe(true);
  });

  it('refuses an expired link (links live 60 minutes)', async () => {
    const u = await makeUser(t.db, { parentId: company, capabilities: [] });
    await anonymous().op('RequestPasswordReset', { Username: u.username });
    const [row] = await t.db.query<{ minutes: number }>(
      'SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM password_reset_tokens WHERE user_id = $1',
      [u.id],
    );
    expect(row?.minutes).toBe(60);
    await t.db.query("UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1", [u.id]);
    const res = await reset({ Username: u.username, Token: (await lastLink(u.id)).token });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'Token', message: 'This reset link has expired. Ask for a new one.' }]);
    expect(await canSignIn(u.username, TEST_PASSWORD)).toBe(true);
  });

  it("refuses one user's link for another user's password", async () => {
    const victim = await makeUser(t.db, { parentId: company, capabilities: [] });
    const attacker = await makeUser(t.db, { parentId: company, capabilities: [] });
    await anonymous().op('RequestPasswordReset', { Username: attacker.username });
    const { token } = await lastLink(attacker.id);
    const res = await reset({ Username: victim.username, Token: token });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'Token', message: 'This reset link is not valid. Ask for a new one.' }]);
    expect(await canSignIn(victim.username, TEST_PASSWORD)).toBe(true);
    // The attacker's own link still works: a failed try does not spend it.
    expect((await reset({ Username: attacker.username, Token: token })).status).toBe(200);
  });

  it('[M4.11] [M8.10] answers the same for an unknown user, a terminated user and a real one, in the same time shape', async () => {
    const u = await makeUser(t.db, { parentId: company, capabilities: [] });
    const gone = await makeUser(t.db, { parentId: company, capabilities: [] });
    await t.db.query("UPDATE accounts SET state = 'Terminated' WHERE id = $1", [gone.id]);
    const timed = async (username: string) => {
      const started = performance.now();
      const res = await anonymous().op('RequestPasswordReset', { Username: username });
      return { status: res.status, body: res.body, ms: performance.now() - started };
    };
    const known = await timed(u.username);
    const unknown = await timed('nobody.here');
    const terminated = await timed(gone.username);
    for (const r of [known, unknown, terminated]) {
      expect({ status: r.status, body: r.body }).toEqual({ status: 200, body: { ok: true } });
      expect(r.ms).toBeGreaterThanOrEqual(395);
    }
    expect(await mailsTo(gone.id)).toEqual([]);
  });

  it('[M5.2] refuses an empty or malformed username with the spec message', async () => {
    for (const Username of ['', '   ', 'has space', 'a/b', 'x@']) {
      const res = await anonymous().op('RequestPasswordReset', { Username });
      expect(res.status, Username).toBe(422);
      expect(res.body.errors, Username).toEqual([{ field: 'Username', message: 'Please enter valid username in this format' }]);
    }
  });

  it.each([
    ['short', 'Ab1!short'],
    ['no upper-case', 'lowercase-only-1!'],
    ['no lower-case', 'UPPERCASE-ONLY-1!'],
    ['no digit', 'No-Digits-Here!!'],
    ['no special character', 'NoSpecial12345abc'],
  ])('[M5.1] [M3.7] refuses a password with %s', async (_rule, password) => {
    const u = await makeUser(t.db, { parentId: company, capabilities: [] });
    await anonymous().op('RequestPasswordReset', { Username: u.username });
    const res = await reset({ Username: u.username, Token: (await lastLink(u.id)).token, Password: password });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'Password', message: 'Password does not meet all requirements' }]);
  });

  it('[M5.1] refuses a password containing the username (before the @, any case) and mismatching confirmation', async () => {
    const u = await makeUser(t.db, { parentId: company, capabilities: [], username: `mira.${Date.now()}@example.com` });
    await t.db.query('UPDATE accounts SET email = username WHERE id = $1', [u.id]);
    await anonymous().op('RequestPasswordReset', { Username: u.username });
    const { token } = await lastLink(u.id);
    const withName = await reset({
      Username: u.username,
      Token: token,
      Password: `X1!${u.username.split('@')[0]!.toUpperCase()}`,
    });
    const mismatch = await reset({ Username: u.username, Token: token, PasswordConfirmation: 'Something-Else-1!' });
    expect(withName.body.errors).toEqual([{ field: 'Password', message: 'Password does not meet all requirements' }]);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual([{ field: 'PasswordConfirmation', message: "Passwords don't match" }]);
    expect((await reset({ Username: u.username, Token: token })).status).toBe(200);
  });

  it("checks the organisation's stricter policy and refuses the current password", async () => {
    const strict = await makeAccount(t.db, { type: 'Company', parentId: company });
    await t.db.query('INSERT INTO security_policies (account_id, min_length) VALUES ($1, 20)', [strict]);
    const u = await makeUser(t.db, { parentId: strict, capabilities: [] });
    await anonymous().op('RequestPasswordReset', { Username: u.username });
    const { token } = await lastLink(u.id);
    const short = await reset({ Username: u.username, Token: token });
    expect(short.body.errors).toEqual([{ field: 'Password', message: 'Use at least 20 characters' }]);
    const long = 'Long-Enough-Password-2026!';
    expect((await reset({ Username: u.username, Token: token, Password: long })).status).toBe(200);
  });
});

describe('password reset throttling', () => {
  it('allows 3 requests per username an hour, then answers 429 for that username only', async () => {
    const u = await makeUser(t.db, { parentId: company, capabilities: [] });
    for (let i = 0; i < 3; i++) expect((await anonymous().op('RequestPasswordReset', { Username: u.username })).status).toBe(200);
    const fourth = await anonymous().op('RequestPasswordReset', { Username: u.username });
    expect(fourth.status).toBe(429);
    expect(await mailsTo(u.id)).toHaveLength(3);
    expect((await anonymous().op('RequestPasswordReset', { Username: 'someone.else' })).status).toBe(200);
  });

  it('allows 20 requests per address an hour whatever the usernames', async () => {
    for (let i = 0; i < 20; i++)
      expect((await anonymous().op('RequestPasswordReset', { Username: `guess${i}` })).status).toBe(200);
    expect((await anonymous().op('RequestPasswordReset', { Username: 'guess-last' })).status).toBe(429);
  });

  it('stops guessing tokens: after 10 failed resets for a username even a valid link waits', async () => {
    const u = await makeUser(t.db, { parentId: company, capabilities: [] });
    await anonymous().op('RequestPasswordReset', { Username: u.username });
    const { token } = await lastLink(u.id);
    for (let i = 0; i < 10; i++) expect((await reset({ Username: u.username, Token: `guess-${i}` })).status).toBe(422);
    const blocked = await reset({ Username: u.username, Token: token });
    expect(blocked.status).toBe(429);
    await t.db.query('DELETE FROM password_reset_attempts');
    expect((await reset({ Username: u.username, Token: token })).status).toBe(200);
  });
});
