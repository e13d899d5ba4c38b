import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseServerTiming } from '../../src/platform/db/query-stats.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

/**
 * The caller cache (issue 13): a warm session resolves without a statement, and every change that could alter what
 * a session may do reaches the cache before the next request: sign-out, a revoked or expired session, a role or a
 * capability removed or granted, a move, a termination, the end of an impersonation.
 */

let t: TestApp;
let provider: number;
let reseller: number;
let companyA: number;
let companyB: number;
let adminUser: { id: number; username: string };
let admin: ApiClient;

const ADMIN_CAPABILITIES = [
  ...READ_ALL,
  'USER_ACCOUNT_DELETE',
  'ACCOUNT_MOVE_EXECUTE',
  'IMPERSONATE_EXECUTE',
  'SECURITY_MANAGEMENT_READ',
  'SECURITY_MANAGEMENT_UPDATE',
];

/** The statements the caller resolution of one request issued (the `caller` phase of its Server-Timing). */
async function probe(client: ApiClient, id = companyA) {
  const res = await client.op('LoadAccountById', { id });
  const header = res.headers.get('server-timing') ?? '';
  const callerStatements = parseServerTiming(header).phases.find((p) => p.name === 'caller')?.statements ?? -1;
  return { status: res.status, body: res.body, callerStatements };
}

/** Signs in and makes sure the session is cached: a second request resolves it without a statement. */
async function warmClient(username: string) {
  const client = await new ApiClient(t.url).signIn(username);
  expect((await probe(client)).status).toBe(200);
  const warm = await probe(client);
  expect(warm.status).toBe(200);
  expect(warm.callerStatements).toBe(0);
  return client;
}

/** Another client holding the same cookies: still sends them after the first one was signed out. */
function copyOf(client: ApiClient) {
  const copy = new ApiClient(t.url);
  copy.cookie = client.cookie;
  return copy;
}

beforeAll(async () => {
  t = await buildTestApp({ app: { serverTiming: true } });
  provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  companyA = await makeAccount(t.db, { type: 'Company', parentId: reseller });
  companyB = await makeAccount(t.db, { type: 'Company', parentId: reseller });
  adminUser = await makeUser(t.db, { parentId: provider, capabilities: ADMIN_CAPABILITIES });
  admin = await new ApiClient(t.url).signIn(adminUser.username);
});

afterAll(async () => {
  await t?.close();
});

describe('caller cache', () => {
  let user: { id: number; username: string };
  beforeEach(async () => {
    user = await makeUser(t.db, { parentId: companyA, capabilities: [...READ_ALL, 'SECURITY_MANAGEMENT_UPDATE'] });
  });

  it('resolves a warm session with no statement, and a cold one with one', async () => {
    const client = await new ApiClient(t.url).signIn(user.username);
    expect((await probe(client)).callerStatements).toBe(1);
    expect((await probe(client)).callerStatements).toBe(0);
  });

  it('refuses a signed-out session on the next request', async () => {
    const client = await warmClient(user.username);
    const stale = copyOf(client);
    expect((await client.op('Logout')).status).toBe(200);
    expect((await probe(stale)).status).toBe(401);
  });

  it('refuses a revoked session on the next request', async () => {
    const client = await warmClient(user.username);
    const sessions = await admin.op<{ Items: { Id: string }[] }>('ListUserSessions', { accountId: user.id });
    expect(sessions.body.Items).toHaveLength(1);
    const revoked = await admin.op('RevokeUserSession', { accountId: user.id, sessionId: sessions.body.Items[0]?.Id });
    expect(revoked.status).toBe(200);
    expect((await probe(client)).status).toBe(401);
  });

  it('refuses a session whose expiry was brought forward in the database', async () => {
    const client = await warmClient(user.username);
    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [user.id]);
    expect((await probe(client)).status).toBe(401);
  });

  it('refuses what a removed role gave, and serves what a granted capability gives, on the next request', async () => {
    const client = await warmClient(user.username);
    await t.db.query('DELETE FROM user_roles WHERE user_id = $1', [user.id]);
    expect((await probe(client)).status).toBe(403);
    const [role] = await t.db.query<{ id: number }>('INSERT INTO roles (name) VALUES ($1) RETURNING id', [`r-${user.id}`]);
    await t.db.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [user.id, role?.id]);
    expect((await probe(client)).status).toBe(403);
    await t.db.query("INSERT INTO role_capabilities (role_id, capability) VALUES ($1, 'COMPANY_ACCOUNT_READ')", [role?.id]);
    expect((await probe(client)).status).toBe(200);
  });

  it('refuses a capability removed from a role on the next request', async () => {
    const client = await warmClient(user.username);
    await t.db.query(
      "DELETE FROM role_capabilities WHERE capability = 'COMPANY_ACCOUNT_READ' AND role_id IN (SELECT role_id FROM user_roles WHERE user_id = $1)",
      [user.id],
    );
    const after = await probe(client);
    expect(after.status).toBe(403);
    expect(after.callerStatements).toBe(1);
  });

  it('gives a moved user the scope of the new company on the next request', async () => {
    const client = await warmClient(user.username);
    const before = await client.op<{ CompanyAccountId: number }>('GetCurrentUser');
    expect(before.body.CompanyAccountId).toBe(companyA);
    const moved = await admin.op('MoveAccount', { id: user.id, newParentId: companyB });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await probe(client, companyA)).status).toBe(404);
    const after = await client.op<{ CompanyAccountId: number }>('GetCurrentUser');
    expect(after.body.CompanyAccountId).toBe(companyB);
  });

  it('refuses the session of a terminated user on the next request', async () => {
    const client = await warmClient(user.username);
    const terminated = await admin.op('TerminateAccount', { id: user.id });
    expect(terminated.status, JSON.stringify(terminated.body)).toBe(200);
    expect((await probe(client)).status).toBe(401);
  });

  it('refuses an impersonated session once the impersonation stopped, and serves the impersonator again', async () => {
    const client = await warmClient(adminUser.username);
    const grant = await client.op<{ ImpersonationToken: string }>('Impersonate', { id: user.id });
    expect(grant.status).toBe(200);
    const session = await client.op('Authenticate', { ImpersonationToken: grant.body.ImpersonationToken });
    expect(session.status).toBe(200);
    const me = await client.op<{ AccountId: number; Impersonator: { AccountId: number } | null }>('GetCurrentUser');
    expect(me.body).toMatchObject({ AccountId: user.id, Impersonator: { AccountId: adminUser.id } });
    expect((await probe(client)).status).toBe(200);
    const impersonated = copyOf(client);
    expect((await probe(impersonated)).callerStatements).toBe(0);
    expect((await client.op('StopImpersonation')).status).toBe(200);
    expect((await probe(impersonated)).status).toBe(401);
    const back = await client.op<{ AccountId: number; Impersonator: unknown }>('GetCurrentUser');
    expect(back.body).toMatchObject({ AccountId: adminUser.id, Impersonator: null });
  });
});
