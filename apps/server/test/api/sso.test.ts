import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureOutgoing } from '../../src/platform/http/outgoing.js';
import { openSecret } from '../../src/platform/secrets/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { signInAtProvider, startTestIdentityProvider, type TestIdentityProvider } from '../factories/oidc-provider.js';

const PUBLIC_URL = 'http://portal.test';
const REDIRECT_URI = `${PUBLIC_URL}/v/`;
const SECURITY_ADMIN = [...READ_ALL, 'SECURITY_MANAGEMENT_READ', 'SECURITY_MANAGEMENT_UPDATE'];

let t: TestApp;
let idp: TestIdentityProvider;
const ids: Record<string, number> = {};
const users: Record<string, string> = {};

async function user(key: string, parentId: number, capabilities: string[], username?: string) {
  const u = await makeUser(t.db, { parentId, capabilities, ...(username ? { username } : {}) });
  ids[key] = u.id;
  users[key] = u.username;
  return u;
}

const admin = () => new ApiClient(t.url).signIn(users.companyAdmin!);

function providerInput(overrides: Record<string, unknown> = {}) {
  return {
    accountId: ids.company,
    Name: 'Acme login',
    Issuer: idp.issuer,
    ClientId: idp.clientId,
    ClientSecret: idp.clientSecret,
    Scopes: 'openid email profile',
    UsernameClaim: 'preferred_username',
    Enabled: true,
    EmailDomains: [],
    Usernames: [],
    ...overrides,
  };
}

/** Starts a single sign-on in a fresh browser, signs in at the provider as `login`; the browser and the answer. */
async function throughProvider(typed: string, login: string, redirect?: string) {
  const browser = new ApiClient(t.url);
  const start = await browser.op('StartSsoSignIn', { Username: typed, ...(redirect ? { Redirect: redirect } : {}) });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const callback = await signInAtProvider(start.body.AuthorizationUrl, login, REDIRECT_URI);
  const answer = {
    Code: callback.searchParams.get('code') ?? '',
    State: callback.searchParams.get('state') ?? '',
    ...(callback.searchParams.get('iss') ? { Iss: callback.searchParams.get('iss') } : {}),
  };
  return { browser, answer, authorizationUrl: new URL(start.body.AuthorizationUrl) };
}

const refusals = (reason: string) =>
  t.db.query<{ after: { Reason: string; Claimed: string | null } }>(
    "SELECT after FROM audit_log WHERE operation = 'CompleteSsoSignIn' AND after->>'Reason' = $1",
    [reason],
  );

beforeAll(async () => {
  t = await buildTestApp({ app: { publicUrl: PUBLIC_URL } });
  idp = await startTestIdentityProvider({ redirectUri: REDIRECT_URI });
  ids.provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  ids.reseller = await makeAccount(t.db, { type: 'Reseller', parentId: ids.provider });
  ids.company = await makeAccount(t.db, { type: 'Company', parentId: ids.reseller });
  ids.otherCompany = await makeAccount(t.db, { type: 'Company', parentId: ids.reseller });
  ids.department = await makeAccount(t.db, { type: 'Department', parentId: ids.company });
  await user('companyAdmin', ids.company!, SECURITY_ADMIN);
  await user('reader', ids.company!, [...READ_ALL, 'SECURITY_MANAGEMENT_READ']);
  await user('member', ids.department!, READ_ALL);
  await user('outsider', ids.otherCompany!, SECURITY_ADMIN);
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

describe('identity providers on the Security tab [A2.19]', () => {
  it('saves a provider, never returns or audits its client secret, and shows the redirect URI to register', async () => {
    const client = await admin();

    const created = await client.op('CreateIdentityProvider', providerInput());
    const listed = await client.op('ListIdentityProviders', { accountId: ids.company });

    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ Name: 'Acme login', ClientSecretSet: true, Enabled: true });
    expect(JSON.stringify(created.body)).not.toContain(idp.clientSecret);
    expect(JSON.stringify(listed.body)).not.toContain(idp.clientSecret);
    expect(listed.body).toMatchObject({ RedirectUri: REDIRECT_URI, CanUpdate: true });
    expect(listed.body.Items).toHaveLength(1);
    const audit = await t.db.query<{ after: unknown }>(
      "SELECT after FROM audit_log WHERE operation = 'CreateIdentityProvider' AND account_id = $1",
      [ids.company],
    );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(idp.clientSecret);
    expect(audit[0]?.after).toMatchObject({ Issuer: idp.issuer, CredentialChanged: true });
  });

  it('keeps the stored secret when an update sends none, and replaces it when one is sent', async () => {
    const client = await admin();
    const created = await client.op('CreateIdentityProvider', providerInput({ Name: 'Spare', Enabled: false }));

    const kept = await client.edit('UpdateIdentityProvider', {
      ...providerInput({ Name: 'Spare renamed', Enabled: false }),
      ClientSecret: undefined,
      Id: created.body.Id,
    });
    const [stored] = await t.db.query<{ client_secret: string }>('SELECT client_secret FROM identity_providers WHERE id = $1', [
      created.body.Id,
    ]);
    const replaced = await client.edit('UpdateIdentityProvider', {
      ...providerInput({ Name: 'Spare renamed', Enabled: false, ClientSecret: 'new-secret' }),
      Id: created.body.Id,
    });
    const [after] = await t.db.query<{ client_secret: string }>('SELECT client_secret FROM identity_providers WHERE id = $1', [
      created.body.Id,
    ]);
    const deleted = await client.op('DeleteIdentityProvider', { accountId: ids.company, Id: created.body.Id });

    expect(kept.status).toBe(200);
    expect(kept.body.Name).toBe('Spare renamed');
    // Stored sealed (decision 0035): the sign-in code opens them.
    expect(stored?.client_secret).not.toContain(idp.clientSecret);
    expect(openSecret('identity_providers.client_secret', stored?.client_secret ?? '')).toBe(idp.clientSecret);
    expect(replaced.status).toBe(200);
    expect(after?.client_secret).not.toContain('new-secret');
    expect(openSecret('identity_providers.client_secret', after?.client_secret ?? '')).toBe('new-secret');
    expect(deleted.status).toBe(200);
    expect((await client.op('ListIdentityProviders', { accountId: ids.company })).body.Items).toHaveLength(1);
  });

  it('names each field that is wrong', async () => {
    const client = await admin();

    const res = await client.op(
      'CreateIdentityProvider',
      providerInput({
        Name: ' ',
        Issuer: 'http://login.example.com',
        ClientId: '',
        ClientSecret: '',
        Scopes: 'email profile',
        UsernameClaim: 'not a claim',
        EmailDomains: ['example.com', 'not a domain'],
      }),
    );

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'Name', message: 'Enter a name' },
        { field: 'Issuer', message: 'Enter the issuer address, e.g. https://login.example.com (http only on this machine)' },
        { field: 'ClientId', message: 'Enter the client id' },
        { field: 'ClientSecret', message: 'Enter the client secret' },
        { field: 'Scopes', message: 'Enter space-separated scopes including openid' },
        { field: 'UsernameClaim', message: 'Enter the name of a claim, e.g. email or preferred_username' },
        { field: 'EmailDomains.1', message: 'Enter a domain such as example.com' },
      ]),
    );
  });

  it('refuses a provider on an account that is not a company or reseller', async () => {
    const client = await admin();

    const res = await client.op('CreateIdentityProvider', providerInput({ accountId: ids.department }));

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'accountId', message: 'Single sign-on belongs to a company or reseller' }]);
  });

  it('needs SECURITY_MANAGEMENT_READ to see and _UPDATE to change the providers', async () => {
    const member = await new ApiClient(t.url).signIn(users.member!);
    const reader = await new ApiClient(t.url).signIn(users.reader!);

    const memberList = await member.op('ListIdentityProviders', { accountId: ids.company });
    const readerList = await reader.op('ListIdentityProviders', { accountId: ids.company });
    const readerCreate = await reader.op('CreateIdentityProvider', providerInput());

    expect(memberList.status).toBe(403);
    expect(readerList.status).toBe(200);
    expect(readerList.body.CanUpdate).toBe(false);
    expect(readerCreate.status).toBe(403);
  });

  it('a provider of another organisation looks like a missing one', async () => {
    const outsider = await new ApiClient(t.url).signIn(users.outsider!);
    const [own] = (await (await admin()).op('ListIdentityProviders', { accountId: ids.company })).body.Items;

    const update = await outsider.edit('UpdateIdentityProvider', {
      ...providerInput({ accountId: ids.otherCompany }),
      Id: own.Id,
    });
    const remove = await outsider.op('DeleteIdentityProvider', { accountId: ids.otherCompany, Id: own.Id });
    const missing = await outsider.op('DeleteIdentityProvider', { accountId: ids.otherCompany, Id: 999_999 });
    const foreignAccount = await outsider.op('ListIdentityProviders', { accountId: ids.company });

    expect(update.status).toBe(404);
    expect(remove.status).toBe(404);
    expect(remove.body.detail).toBe(missing.body.detail);
    expect(foreignAccount.status).toBe(404);
    expect((await t.db.query('SELECT 1 FROM identity_providers WHERE id = $1', [own.Id])).length).toBe(1);
  });
});

describe('[M2.14] single sign-on against a real OpenID provider', () => {
  it('[M2.14] signs in the user the ID token names, with PKCE, state and nonce, and lands where the user was going', async () => {
    const { browser, answer, authorizationUrl } = await throughProvider(users.member!, users.member!, '/Account/View/12');

    const done = await browser.op('CompleteSsoSignIn', answer);
    const me = await browser.op('GetCurrentUser');

    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ User: { Username: users.member }, Redirect: '/Account/View/12' });
    expect(me.body.AccountId).toBe(ids.member);
    const audit = await t.db.query<{ actor_id: number; after: { SingleSignOn: string } }>(
      "SELECT actor_id, after FROM audit_log WHERE operation = 'CompleteSsoSignIn' AND actor_id = $1",
      [ids.member],
    );
    expect(audit[0]?.after.SingleSignOn).toBe('signed in');
  });

  it('finds the provider by e-mail address too, and drops a redirect that leaves the portal', async () => {
    const { browser, answer } = await throughProvider(`${users.member}@example.com`, users.member!, '//evil.example/');

    const done = await browser.op('CompleteSsoSignIn', answer);

    expect(done.status).toBe(200);
    expect(done.body.Redirect).toBeNull();
  });

  it('[M2.14] refuses a state used a second time', async () => {
    const { browser, answer } = await throughProvider(users.member!, users.member!);
    await browser.op('CompleteSsoSignIn', answer);

    const again = await browser.op('CompleteSsoSignIn', answer);

    expect(again.status).toBe(401);
    expect(again.body.errors).toEqual([
      { field: 'State', message: 'This single sign-on answer was already used. Start signing in again.' },
    ]);
  });

  it('[M2.14] refuses an expired state, and spends it', async () => {
    const { browser, answer } = await throughProvider(users.member!, users.member!);
    await t.db.query("UPDATE sso_sign_ins SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");

    const late = await browser.op('CompleteSsoSignIn', answer);

    expect(late.status).toBe(401);
    expect(late.body.detail).toBe('This single sign-on took too long. Start signing in again.');
    expect((await browser.op('GetCurrentUser')).status).toBe(401);
  });

  it('refuses an answer brought to another browser than the one that started the sign-in (login CSRF)', async () => {
    const { answer } = await throughProvider(users.member!, users.member!);
    const victim = new ApiClient(t.url);

    const res = await victim.op('CompleteSsoSignIn', answer);

    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('This single sign-on was started in another browser. Start signing in again.');
  });

  it('refuses a forged state', async () => {
    const { browser, answer } = await throughProvider(users.member!, users.member!);

    const res = await browser.op('CompleteSsoSignIn', { ...answer, State: 'forged-state' });

    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('This single sign-on answer is not valid. Start signing in again.');
  });

  it('refuses a user of another organisation, exactly as an unknown user, and audits both', async () => {
    const intoOther = await throughProvider(users.member!, users.outsider!);
    const unknown = await throughProvider(users.member!, 'nobody.here');

    const other = await intoOther.browser.op('CompleteSsoSignIn', intoOther.answer);
    const none = await unknown.browser.op('CompleteSsoSignIn', unknown.answer);

    expect(other.status).toBe(401);
    expect(other.body.detail).toBe(
      `The identity provider signed you in as ${users.outsider}, but this organisation has no portal user by that name. Ask your administrator.`,
    );
    expect(none.status).toBe(401);
    expect(none.body.detail).toBe(
      'The identity provider signed you in as nobody.here, but this organisation has no portal user by that name. Ask your administrator.',
    );
    expect((await intoOther.browser.op('GetCurrentUser')).status).toBe(401);
    expect((await refusals('user of another organisation')).map((r) => r.after.Claimed)).toContain(users.outsider);
    expect((await refusals('unknown user')).map((r) => r.after.Claimed)).toContain('nobody.here');
  });

  it('a disabled provider starts no sign-in and finishes none started before it was switched off', async () => {
    const client = await admin();
    const [provider] = (await client.op('ListIdentityProviders', { accountId: ids.company })).body.Items;
    const started = await throughProvider(users.member!, users.member!);
    await client.edit('UpdateIdentityProvider', {
      ...providerInput({ Enabled: false }),
      ClientSecret: undefined,
      Id: provider.Id,
    });

    const finish = await started.browser.op('CompleteSsoSignIn', started.answer);
    const start = await new ApiClient(t.url).op('StartSsoSignIn', { Username: users.member });

    await client.edit('UpdateIdentityProvider', {
      ...providerInput({ Enabled: true }),
      ClientSecret: undefined,
      Id: provider.Id,
    });
    expect(finish.status).toBe(401);
    expect(start.status).toBe(422);
    expect(start.body.errors).toEqual([
      { field: 'Username', message: 'Single sign-on is not set up for this user. Sign in with your password.' },
    ]);
  });

  it('says clearly when an issuer does not answer as an OpenID provider', async () => {
    const client = await new ApiClient(t.url).signIn(users.outsider!);
    const wrongName = idp.issuer.replace('127.0.0.1', 'localhost');
    await client.op(
      'CreateIdentityProvider',
      providerInput({ accountId: ids.otherCompany, Name: 'Mismatch', Issuer: wrongName }),
    );

    const res = await new ApiClient(t.url).op('StartSsoSignIn', { Username: users.outsider });

    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(
      'The identity provider Mismatch could not be reached or did not describe itself correctly. Try again later or sign in with your password.',
    );
    expect(res.body.errors).toEqual([{ field: 'Username', message: 'The identity provider Mismatch is not available' }]);
  });

  it('routes by the listed e-mail domains and usernames, the company before its reseller', async () => {
    const reseller = await makeUser(t.db, { parentId: ids.reseller!, capabilities: SECURITY_ADMIN });
    const client = await new ApiClient(t.url).signIn(reseller.username);
    await client.op(
      'CreateIdentityProvider',
      providerInput({
        accountId: ids.reseller,
        Name: 'Reseller login',
        EmailDomains: ['reseller.example'],
        Usernames: [reseller.username],
      }),
    );

    const own = await new ApiClient(t.url).op('StartSsoSignIn', { Username: reseller.username });
    const byDomain = await new ApiClient(t.url).op('StartSsoSignIn', { Username: 'someone@reseller.example' });
    const company = await throughProvider(users.member!, users.member!);
    const elsewhere = await new ApiClient(t.url).op('StartSsoSignIn', { Username: 'someone@elsewhere.example' });

    expect(own.status).toBe(200);
    expect(byDomain.status).toBe(200);
    const companyDone = await company.browser.op('CompleteSsoSignIn', company.answer);
    expect(companyDone.status).toBe(200);
    expect(elsewhere.status).toBe(422);
  });

  it('the sign-in throttling applies: a username slowed down at this address cannot sign in with single sign-on either', async () => {
    const locked = await makeUser(t.db, { parentId: ids.company!, capabilities: READ_ALL });
    for (let i = 0; i < 10; i++) {
      const res = await new ApiClient(t.url).op('Authenticate', { Username: locked.username, Password: 'wrong' });
      if (res.status === 429) break;
    }

    const start = await new ApiClient(t.url).op('StartSsoSignIn', { Username: locked.username });

    expect(start.status).toBe(429);
  });
});

describe('internal issuers (issue 14, OUTGOING_ALLOW)', () => {
  it('refuses to save a loopback issuer the operator has not allowed, naming the field', async () => {
    const client = await admin();
    configureOutgoing([]);
    try {
      const res = await client.op('CreateIdentityProvider', providerInput({ Name: 'Internal' }));

      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([
        {
          field: 'Issuer',
          message: expect.stringMatching(/^The server may not call this address: 127\.0\.0\.1 is an internal address/),
        },
      ]);
    } finally {
      configureOutgoing(['loopback']);
    }
  });

  it('refuses to call a stored issuer that is no longer allowed, before connecting, and says the provider is not available', async () => {
    const sign = await makeUser(t.db, { parentId: ids.otherCompany!, capabilities: READ_ALL });
    const client = await new ApiClient(t.url).signIn(users.outsider!);
    await client.op(
      'CreateIdentityProvider',
      providerInput({ accountId: ids.otherCompany, Name: 'Was allowed', Usernames: [sign.username] }),
    );
    const requestsBefore = idp.requestCount();
    configureOutgoing([]);
    try {
      const res = await new ApiClient(t.url).op('StartSsoSignIn', { Username: sign.username });

      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'Username', message: expect.stringMatching(/^The identity provider .+ is not available$/) },
      ]);
      expect(idp.requestCount()).toBe(requestsBefore);
    } finally {
      configureOutgoing(['loopback']);
    }
  });
});
