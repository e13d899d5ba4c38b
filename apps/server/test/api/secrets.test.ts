import { Writable } from 'node:stream';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEALED_COLUMNS } from '../../src/app.js';
import { sendMail } from '../../src/platform/mail/index.js';
import {
  generateKey,
  makeKeyring,
  open,
  resealStoredSecrets,
  SecretUnreadableError,
  sealedWith,
  secretsKeyring,
} from '../../src/platform/secrets/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL, TEST_PASSWORD } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { signInAtProvider, startTestIdentityProvider, type TestIdentityProvider } from '../factories/oidc-provider.js';
import { lastMailReceived } from '../mail-catcher.js';

/**
 * Secrets (issue 14, decision 0035): credentials in e-mails reach the recipient but are never stored
 * readable; SSO client secrets are sealed at rest with a configured key that can be rotated; no secret
 * reaches the logs.
 */

const PUBLIC_URL = 'https://portal.example.test';
const REDIRECT_URI = `${PUBLIC_URL}/v/`;
let SSO_SECRET = '';
let t: TestApp;
let idp: TestIdentityProvider;
let reseller: number;
let company: number;
let admin: ApiClient;
/** Every line the server logged, at every level. */
const logLines: string[] = [];

const passwordIn = (text: string) => /First-time password: (\S+)/.exec(text)?.[1] ?? '';
const tokenIn = (text: string) => /reset-password\/[^/\s]+\/(\S+)/.exec(text)?.[1] ?? '';

/** The newest outbox row of the account, every column. */
async function storedRow(accountId: number) {
  const [row] = await t.db.query<Record<string, unknown> & { id: string; body_text: string; sealed_text: string | null }>(
    'SELECT * FROM mail_outbox WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
    [accountId],
  );
  if (!row) throw new Error(`no e-mail to account ${accountId}`);
  return row;
}

beforeAll(async () => {
  idp = await startTestIdentityProvider({ redirectUri: REDIRECT_URI });
  SSO_SECRET = idp.clientSecret;
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  t = await buildTestApp({ mail: true, app: { publicUrl: PUBLIC_URL, logger: { level: 'trace', stream: logStream } } });
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller });
  const staff = await makeUser(t.db, {
    parentId: reseller,
    capabilities: [
      ...READ_ALL,
      'OUTBOX_READ',
      'USER_EXPORT_EXECUTE',
      'USER_ACCOUNT_CREATE',
      'SECURITY_MANAGEMENT_READ',
      'SECURITY_MANAGEMENT_UPDATE',
    ],
  });
  admin = await new ApiClient(t.url).signIn(staff.username);
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

describe('credentials in e-mails are sent, never stored readable', () => {
  it('the outbox screen and GetOutboxMessage show a first-time password e-mail redacted; only the recipient gets the password', async () => {
    const user = await makeUser(t.db, { parentId: company, capabilities: READ_ALL });
    const sent = await admin.op('SendUserFirstTimePassword', { id: user.id });
    expect(sent.status).toBe(200);

    const queued = await storedRow(user.id);
    const received = await lastMailReceived(t, user.id);
    const password = passwordIn(received?.text ?? '');
    expect(password).toHaveLength(16);
    expect((await new ApiClient(t.url).op('Authenticate', { Username: user.username, Password: password })).status).toBe(200);

    // While queued, the outbox holds the text only sealed; once handed to SMTP, not at all.
    expect(JSON.stringify(queued)).not.toContain(password);
    const delivered = await storedRow(user.id);
    expect(delivered.status).toBe('sent');
    expect(delivered.sealed_text).toBeNull();
    expect(JSON.stringify(delivered)).not.toContain(password);
    const shown = await admin.op('GetOutboxMessage', { id: delivered.id });
    expect(shown.status).toBe(200);
    expect(shown.body.Text).toContain(`Username: ${user.username}`);
    expect(shown.body.Text).toContain('First-time password: [removed: sent only to the recipient]');
    expect(JSON.stringify(shown.body)).not.toContain(password);
    const listed = await admin.op('ListOutboxMessages', { page: 1, pageSize: 50, search: '' });
    expect(JSON.stringify(listed.body)).not.toContain(password);
  });

  it('keeps a reset link out of the outbox: the recipient gets the working link, the outbox copy has no token', async () => {
    const user = await makeUser(t.db, { parentId: company, capabilities: READ_ALL });
    expect((await new ApiClient(t.url).op('RequestPasswordReset', { Username: user.username })).status).toBe(200);

    const token = tokenIn((await lastMailReceived(t, user.id))?.text ?? '');
    expect(token.length).toBeGreaterThan(20);
    const row = await storedRow(user.id);
    expect(JSON.stringify(row)).not.toContain(token);
    const shown = await admin.op('GetOutboxMessage', { id: row.id });
    expect(shown.body.Text).toContain(`${PUBLIC_URL}/v/#/reset-password/${user.username}/[removed: sent only to the recipient]`);
    const reset = await new ApiClient(t.url).op('ResetPassword', {
      Username: user.username,
      Token: token,
      Password: 'Fresh-Start-2026!',
      PasswordConfirmation: 'Fresh-Start-2026!',
    });
    expect(reset.status).toBe(200);
  });

  it('sending again makes a new password: the outbox cannot resend the old one, which no longer signs in', async () => {
    const user = await makeUser(t.db, { parentId: company, capabilities: READ_ALL });
    await admin.op('SendUserFirstTimePassword', { id: user.id });
    const first = passwordIn((await lastMailReceived(t, user.id))?.text ?? '');
    await admin.op('SendUserFirstTimePassword', { id: user.id });
    const second = passwordIn((await lastMailReceived(t, user.id))?.text ?? '');

    expect(second).toHaveLength(16);
    expect(second).not.toBe(first);
    const signIn = (password: string) => new ApiClient(t.url).op('Authenticate', { Username: user.username, Password: password });
    expect((await signIn(first)).status).not.toBe(200);
    expect((await signIn(second)).status).toBe(200);
  });

  it('without a mail server the message is kept redacted and its sealed text wiped: the secret reaches nobody', async () => {
    const noSmtp = await buildTestApp();
    try {
      const account = await makeAccount(noSmtp.db, { type: 'Provider', parentId: null });
      const { messageId } = await noSmtp.db.transaction((tx) =>
        sendMail(tx, {
          to: 'someone@example.com',
          subject: 'Credentials',
          text: 'Your password: Hunter-2-Secret',
          accountId: account,
          secrets: ['Hunter-2-Secret'],
          kind: 'FirstTimePassword',
        }),
      );
      await noSmtp.app.jobs.runDue();
      const [row] = await noSmtp.db.query('SELECT * FROM mail_outbox WHERE id = $1', [messageId]);
      expect(row).toMatchObject({
        status: 'stored',
        sealed_text: null,
        body_text: 'Your password: [removed: sent only to the recipient]',
      });
      expect(JSON.stringify(row)).not.toContain('Hunter-2-Secret');
    } finally {
      await noSmtp.close();
    }
  });
});

describe('stored secrets are sealed with a configured key that can be rotated', () => {
  it('stores an SSO client secret sealed with the current key and signs in with it', async () => {
    const created = await admin.op('CreateIdentityProvider', {
      accountId: company,
      Name: 'Sealed login',
      Issuer: idp.issuer,
      ClientId: idp.clientId,
      ClientSecret: SSO_SECRET,
      Scopes: 'openid email profile',
      UsernameClaim: 'preferred_username',
      Enabled: true,
      EmailDomains: [],
      Usernames: [],
    });
    expect(created.status).toBe(200);
    const [row] = await t.db.query<{ client_secret: string }>('SELECT client_secret FROM identity_providers WHERE id = $1', [
      created.body.Id,
    ]);
    expect(row?.client_secret).toMatch(/^sealed:v1:/);
    expect(row?.client_secret).not.toContain(SSO_SECRET);
    expect(sealedWith(row?.client_secret ?? '')).toBe(secretsKeyring().current.id);

    // The code exchange needs the opened secret: the test provider refuses a wrong one.
    const user = await makeUser(t.db, { parentId: company, capabilities: READ_ALL });
    const browser = new ApiClient(t.url);
    const started = await browser.op('StartSsoSignIn', { Username: user.username });
    expect(started.status).toBe(200);
    const callback = await signInAtProvider(started.body.AuthorizationUrl, user.username, REDIRECT_URI);
    const completed = await browser.op('CompleteSsoSignIn', {
      Code: callback.searchParams.get('code') ?? '',
      State: callback.searchParams.get('state') ?? '',
      ...(callback.searchParams.get('iss') ? { Iss: callback.searchParams.get('iss') } : {}),
    });
    expect(completed.status).toBe(200);
    await admin.op('DeleteIdentityProvider', { accountId: company, Id: created.body.Id });
  });

  it('stores an authenticator secret sealed and checks codes with it; a clear one from before is sealed at start', async () => {
    const codeFor = (secret: string) =>
      new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() });
    const storedSecret = async (userId: number) =>
      (await t.db.query<{ secret: string }>('SELECT secret FROM mfa_factors WHERE user_id = $1', [userId]))[0]?.secret ?? '';
    const user = await makeUser(t.db, { parentId: company, capabilities: READ_ALL });
    const client = await new ApiClient(t.url).signIn(user.username);

    const start = await client.op('StartMfaEnrolment');
    expect(start.status).toBe(200);
    const stored = await storedSecret(user.id);
    expect(stored).toMatch(/^sealed:v1:/);
    expect(stored).not.toContain(start.body.Secret);
    const done = await client.op('ConfirmMfaEnrolment', { Code: codeFor(start.body.Secret) });
    expect(done.status).toBe(200);

    // Enrolled before authenticator secrets were sealed: the clear value still checks codes, and a start seals it.
    const earlier = await makeUser(t.db, { parentId: company, capabilities: READ_ALL });
    const clearSecret = new Secret({ size: 20 }).base32;
    await t.db.query('INSERT INTO mfa_factors (user_id, secret, confirmed_at) VALUES ($1, $2, now())', [earlier.id, clearSecret]);
    expect(await resealStoredSecrets(t.db, secretsKeyring(), SEALED_COLUMNS)).toBeGreaterThanOrEqual(1);
    const sealed = await storedSecret(earlier.id);
    expect(sealed).toMatch(/^sealed:v1:/);
    expect(open(secretsKeyring(), 'mfa_factors.secret', sealed)).toBe(clearSecret);
  });

  it('rotation: start-up seals clear values (migration 0122) and values of an old key with the new key; the old key is then not needed', async () => {
    const oldKeyring = secretsKeyring();
    const [inserted] = await t.db.query<{ id: number }>(
      `INSERT INTO identity_providers (account_id, name, issuer, client_id, client_secret, scopes, username_claim, enabled,
         email_domains, usernames)
       VALUES ($1, 'Legacy', 'https://idp.example.test', 'legacy', 'clear-legacy-secret', 'openid', 'sub', false, '{}', '{}')
       RETURNING id`,
      [reseller],
    );
    const read = async () =>
      (
        await t.db.query<{ client_secret: string }>('SELECT client_secret FROM identity_providers WHERE id = $1', [inserted?.id])
      )[0]?.client_secret ?? '';

    expect(await resealStoredSecrets(t.db, oldKeyring, SEALED_COLUMNS)).toBeGreaterThanOrEqual(1);
    const underOld = await read();
    expect(sealedWith(underOld)).toBe(oldKeyring.current.id);
    expect(open(oldKeyring, 'identity_providers.client_secret', underOld)).toBe('clear-legacy-secret');

    const newKey = generateKey();
    const rotated = makeKeyring(newKey, oldKeyring.all);
    expect(await resealStoredSecrets(t.db, rotated, SEALED_COLUMNS)).toBeGreaterThanOrEqual(1);
    const underNew = await read();
    expect(sealedWith(underNew)).toBe(newKey.id);
    expect(open(makeKeyring(newKey), 'identity_providers.client_secret', underNew)).toBe('clear-legacy-secret');
    expect(() => open(makeKeyring(generateKey()), 'identity_providers.client_secret', underNew)).toThrow(SecretUnreadableError);
    // Nothing is left under the old key, so it can be dropped from the configuration.
    expect(await resealStoredSecrets(t.db, makeKeyring(newKey), SEALED_COLUMNS)).toBe(0);
    // Back to the app's key for the tests after this one.
    await resealStoredSecrets(t.db, makeKeyring(oldKeyring.current, [newKey]), SEALED_COLUMNS);
  });
});

describe('no secret in the logs', () => {
  it('signs in, resets a password, saves an SSO provider and creates a user with a first-time password: the log holds none of the secrets', async () => {
    const secrets: string[] = [TEST_PASSWORD, SSO_SECRET];
    const user = await makeUser(t.db, { parentId: company, capabilities: READ_ALL });
    expect((await new ApiClient(t.url).op('Authenticate', { Username: user.username, Password: TEST_PASSWORD })).status).toBe(
      200,
    );
    await new ApiClient(t.url).op('Authenticate', { Username: user.username, Password: 'Wrong-Password-For-Logs-1' });
    secrets.push('Wrong-Password-For-Logs-1');

    await new ApiClient(t.url).op('RequestPasswordReset', { Username: user.username });
    const token = tokenIn((await lastMailReceived(t, user.id))?.text ?? '');
    secrets.push(token);
    const newPassword = 'Logged-Nowhere-2026!';
    secrets.push(newPassword);
    const reset = await new ApiClient(t.url).op('ResetPassword', {
      Username: user.username,
      Token: token,
      Password: newPassword,
      PasswordConfirmation: newPassword,
    });
    expect(reset.status).toBe(200);

    const saved = await admin.op('CreateIdentityProvider', {
      accountId: company,
      Name: 'Logged login',
      Issuer: idp.issuer,
      ClientId: idp.clientId,
      ClientSecret: SSO_SECRET,
      Scopes: 'openid',
      UsernameClaim: 'preferred_username',
      Enabled: false,
      EmailDomains: [],
      Usernames: [],
    });
    expect(saved.status).toBe(200);
    const updated = await admin.edit('UpdateIdentityProvider', {
      accountId: company,
      Id: saved.body.Id,
      Name: 'Logged login',
      Issuer: idp.issuer,
      ClientId: idp.clientId,
      ClientSecret: 'replaced-sso-secret-for-logs',
      Scopes: 'openid',
      UsernameClaim: 'preferred_username',
      Enabled: false,
      EmailDomains: [],
      Usernames: [],
    });
    expect(updated.status).toBe(200);
    secrets.push('replaced-sso-secret-for-logs');

    const username = `logged.person.${Date.now()}`;
    const created = await admin.op('CreateAccount', {
      accountType: 'User',
      parentId: company,
      views: {
        Default: { Values: { DisplayName: 'Logged Person', Username: username } },
        User: { Values: { Email: `${username}@example.com`, FirstName: 'Logged', LastName: 'Person' } },
      },
    });
    expect(created.status).toBe(200);
    expect((await admin.op('SendUserFirstTimePassword', { id: created.body.AccountId })).status).toBe(200);
    const firstTime = passwordIn((await lastMailReceived(t, created.body.AccountId))?.text ?? '');
    expect(firstTime).toHaveLength(16);
    secrets.push(firstTime);

    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).toContain('"reqId"');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
