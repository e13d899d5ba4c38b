import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL, UPDATE_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

let t: TestApp;
const ids: Record<string, number> = {};
const users: Record<string, string> = {};

const ADMIN = [...READ_ALL, ...UPDATE_ALL, 'IMPERSONATE_EXECUTE', 'SECURITY_MANAGEMENT_READ'];

beforeAll(async () => {
  t = await buildTestApp({ app: { guidanceScriptUrl: 'https://guide.example/agent.js' } });
  ids.provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  ids.reseller = await makeAccount(t.db, { type: 'Reseller', parentId: ids.provider, displayName: 'Reseller' });
  ids.otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: ids.provider, displayName: 'Other reseller' });
  ids.company = await makeAccount(t.db, { type: 'Company', parentId: ids.reseller, displayName: 'Acme' });
  ids.foreignCompany = await makeAccount(t.db, { type: 'Company', parentId: ids.otherReseller, displayName: 'Foreign' });
  for (const [key, parentId, capabilities, displayName] of [
    ['admin', ids.reseller, ADMIN, 'Rita Reseller'],
    ['peer', ids.reseller, [...ADMIN, 'AUDIT_LOG_READ'], 'Pete Peer'],
    ['plain', ids.reseller, READ_ALL, 'Paula Plain'],
    ['target', ids.company, [...READ_ALL, 'USER_ACCOUNT_UPDATE'], 'Tom Target'],
    ['companyImpersonator', ids.company, ['IMPERSONATE_EXECUTE', ...READ_ALL], 'Carla Company'],
    ['foreign', ids.foreignCompany, READ_ALL, 'Fred Foreign'],
  ] as const) {
    const u = await makeUser(t.db, { parentId, capabilities: [...capabilities], displayName });
    ids[key] = u.id;
    users[key] = u.username;
  }
});
afterAll(() => t.close());

async function impersonating(who: string, targetId: number) {
  const client = await new ApiClient(t.url).signIn(users[who]!);
  const grant = await client.op('Impersonate', { id: targetId });
  expect(grant.status, JSON.stringify(grant.body)).toBe(200);
  const session = await client.op('Authenticate', { ImpersonationToken: grant.body.ImpersonationToken });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  return { client, token: grant.body.ImpersonationToken as string, session };
}

describe('Impersonate then Authenticate [A6.8] [A7.11]', () => {
  it('[A6.8] [A7.11] acts as a User inside the scope, names both identities, and goes back in one call', async () => {
    const { client, session } = await impersonating('admin', ids.target!);

    expect(session.body.User).toMatchObject({
      AccountId: ids.target,
      DisplayName: 'Tom Target',
      Impersonator: { AccountId: ids.admin, DisplayName: 'Rita Reseller' },
      TermsConditions: [],
    });
    const me = await client.op('GetCurrentUser');
    expect(me.body.Impersonator.AccountId).toBe(ids.admin);

    const back = await client.op('StopImpersonation');

    expect(back.status).toBe(200);
    expect(back.body.User).toMatchObject({ AccountId: ids.admin, Impersonator: null });
    expect((await client.op('GetCurrentUser')).body.AccountId).toBe(ids.admin);
    expect(client.jar.has('portal_origin')).toBe(false);
  });

  it('[A6.8] records both identities on every audited change made while impersonating', async () => {
    const { client } = await impersonating('admin', ids.target!);

    const update = await client.edit('UpdateAccount', {
      id: ids.target,
      views: { Default: { Values: { DisplayName: 'Tom Target (changed)' } } },
    });

    expect(update.status, JSON.stringify(update.body)).toBe(200);
    const rows = await t.db.query<{ operation: string; actor_id: number; impersonator_id: number | null }>(
      `SELECT operation, actor_id, impersonator_id FROM audit_log WHERE operation IN ('Impersonate', 'Authenticate', 'UpdateAccount')
       AND account_id = $1 ORDER BY id`,
      [ids.target],
    );
    expect(rows.find((r) => r.operation === 'Impersonate')).toMatchObject({ actor_id: ids.admin, impersonator_id: null });
    expect(rows.find((r) => r.operation === 'UpdateAccount')).toMatchObject({ actor_id: ids.target, impersonator_id: ids.admin });
    await client.op('StopImpersonation');
    const stop = await t.db.query<{ actor_id: number; impersonator_id: number }>(
      "SELECT actor_id, impersonator_id FROM audit_log WHERE operation = 'StopImpersonation' ORDER BY id DESC LIMIT 1",
    );
    expect(stop[0]).toEqual({ actor_id: ids.target, impersonator_id: ids.admin });
  });

  it('[A6.8] gives an account outside the scope the same 404 as a missing one', async () => {
    const client = await new ApiClient(t.url).signIn(users.admin!);

    const foreign = await client.op('Impersonate', { id: ids.foreign });
    const missing = await client.op('Impersonate', { id: 999_999 });

    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.body.detail).toBe(missing.body.detail);
  });

  it('[A6.8] refuses to impersonate while already impersonating', async () => {
    const { client } = await impersonating('admin', ids.companyImpersonator!);

    const again = await client.op('Impersonate', { id: ids.target });

    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('You are already impersonating a user. Return to your own account first.');
  });

  it('[A6.8] impersonates User accounts only', async () => {
    const client = await new ApiClient(t.url).signIn(users.admin!);

    const res = await client.op('Impersonate', { id: ids.company });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'id', message: 'Only User accounts can be impersonated' }]);
  });

  it('[A6.8] needs IMPERSONATE_EXECUTE', async () => {
    const client = await new ApiClient(t.url).signIn(users.plain!);

    const res = await client.op('Impersonate', { id: ids.target });

    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('You need permission to use impersonation of users');
  });

  it('refuses a peer of the same organisation who holds more capabilities', async () => {
    const client = await new ApiClient(t.url).signIn(users.admin!);

    const res = await client.op('Impersonate', { id: ids.peer });

    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('AUDIT_LOG_READ');
  });

  it('lets the token be used once, and only by the session that asked for it', async () => {
    const owner = await new ApiClient(t.url).signIn(users.admin!);
    const grant = await owner.op('Impersonate', { id: ids.target });
    const thief = await new ApiClient(t.url).signIn(users.plain!);

    const stolen = await thief.op('Authenticate', { ImpersonationToken: grant.body.ImpersonationToken });
    const reused = await owner.op('Authenticate', { ImpersonationToken: grant.body.ImpersonationToken });

    expect(stolen.status).toBe(401);
    expect((await thief.op('GetCurrentUser')).body.AccountId).toBe(ids.plain);
    expect(reused.status).toBe(401);
    expect((await owner.op('GetCurrentUser')).body.Impersonator).toBeNull();
  });

  it('[M6.18] withholds the third-party guidance script from impersonated sessions', async () => {
    const own = await new ApiClient(t.url).signIn(users.admin!);
    const { client } = await impersonating('admin', ids.target!);

    const ownSettings = await own.op('GetClientSettings');
    const impersonatedSettings = await client.op('GetClientSettings');

    expect(ownSettings.body.GuidanceScriptUrl).toBe('https://guide.example/agent.js');
    expect(impersonatedSettings.body.GuidanceScriptUrl).toBeNull();
    expect(impersonatedSettings.body.RedirectPrefixes).toEqual(['idp/', 'keeper/', 'support/', 'knowledge-base/']);
  });

  it('refuses self-service security changes and terms acceptance in the impersonated user’s name', async () => {
    const { client } = await impersonating('admin', ids.target!);

    const password = await client.op('ChangePassword', { CurrentPassword: 'x', NewPassword: 'Another-password-22' });
    const mfa = await client.op('StartMfaEnrolment');
    const terms = await client.op('ConfirmUserTerms', { termId: 1, termName: 'Terms of use' });

    expect(password.status).toBe(403);
    expect(mfa.status).toBe(403);
    expect(terms.status).toBe(403);
  });

  it('ends the impersonation when the impersonator’s own session is revoked', async () => {
    const { client } = await impersonating('admin', ids.target!);
    const own = await new ApiClient(t.url).signIn(users.admin!);
    const sessions = await own.op('ListUserSessions', { accountId: ids.admin });
    const origin = sessions.body.Items.find(
      (s: { IsCurrent: boolean; Impersonator: unknown }) => !s.IsCurrent && s.Impersonator === null,
    );

    await own.op('RevokeUserSession', { accountId: ids.admin, sessionId: origin.Id });

    expect((await client.op('GetCurrentUser')).status).toBe(401);
  });

  it('signing out while impersonating ends both sessions', async () => {
    const { client } = await impersonating('admin', ids.target!);
    const origin = client.jar.get('portal_origin');

    await client.op('Logout');

    const replay = new ApiClient(t.url);
    replay.cookie = `portal_session=${origin}`;
    expect((await replay.op('GetCurrentUser')).status).toBe(401);
  });
});
