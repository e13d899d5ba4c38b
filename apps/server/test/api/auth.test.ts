import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

let t: TestApp;
let username: string;
let userId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const provider = await makeAccount(t.db, {
    type: 'Provider',
    parentId: null,
  });
  const company = await makeAccount(t.db, {
    type: 'Company',
    parentId: provider,
    displayName: 'Acme',
  });
  ({ username, id: userId } = await makeUser(t.db, {
    parentId: company,
    capabilities: READ_ALL,
    displayName: 'Jane Doe',
  }));
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('signs in with username and password and returns the user, its company and capabilities', async () => {
    const client = new ApiClient(t.url);

    const res = await client.op('Authenticate', {
      Username: username,
      Password: 'Test-password-1',
    });

    expect(res.status).toBe(200);
    expect(res.body.User).toMatchObject({
      AccountId: userId,
      DisplayName: 'Jane Doe',
      CompanyDisplayName: 'Acme',
      CompanyAccountType: 'Company',
    });
    expect(res.body.User.Capabilities).toContain('USER_ACCOUNT_READ');
    expect(res.headers.get('set-cookie')).toMatch(/portal_session=.+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/);
  });

  it('keeps the session in the cookie and ends it with Logout', async () => {
    const client = await new ApiClient(t.url).signIn(username);
    const cookie = client.cookie;

    expect((await client.op('GetCurrentUser')).status).toBe(200);
    expect((await client.op('Logout')).status).toBe(200);

    const replay = new ApiClient(t.url);
    replay.cookie = cookie;
    expect((await replay.op('GetCurrentUser')).status).toBe(401);
  });

  it('rejects a wrong password with the same message as an unknown user', async () => {
    const wrong = await new ApiClient(t.url).op('Authenticate', {
      Username: username,
      Password: 'nope',
    });
    const unknown = await new ApiClient(t.url).op('Authenticate', {
      Username: 'nobody-here',
      Password: 'nope',
    });

    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.detail).toBe(unknown.body.detail);
    expect(wrong.headers.get('content-type')).toContain('application/problem+json');
  });

  it('names the missing field when the username is empty', async () => {
    const res = await new ApiClient(t.url).op('Authenticate', {
      Username: '',
      Password: 'x',
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'Username', message: 'Enter your username' }]);
  });

  it('slows an address down after repeated failed attempts for a username, even with the right password', async () => {
    const { username: victim } = await makeUser(t.db, {
      parentId: userId,
      capabilities: [],
    }).catch(async () => {
      const [c] = await t.db.query<{ id: number }>("SELECT id FROM accounts WHERE account_type = 'Company' LIMIT 1");
      return makeUser(t.db, { parentId: c!.id, capabilities: [] });
    });
    const client = new ApiClient(t.url);
    let throttled = false;
    for (let i = 0; i < 10 && !throttled; i++) {
      const attempt = await client.op('Authenticate', {
        Username: victim,
        Password: `wrong-${i}`,
      });
      throttled = attempt.status === 429;
    }
    expect(throttled).toBe(true);
    // The first waits are 1 s and 2 s: on a loaded machine the next request can arrive after the wait ran out. Four more
    // failures from the same address make it 32 s or more, so the right password below comes while it runs.
    const [from] = await t.db.query<{ ip: string }>(
      'SELECT ip FROM login_attempts WHERE username = $1 AND NOT succeeded LIMIT 1',
      [victim],
    );
    for (let i = 0; i < 4; i++) {
      await t.db.query('INSERT INTO login_attempts (username, ip, succeeded) VALUES ($1, $2, false)', [victim, from!.ip]);
    }

    const res = await client.op('Authenticate', {
      Username: victim,
      Password: 'Test-password-1',
    });

    expect(res.status).toBe(429);
    expect(res.body.detail).toMatch(/Too many failed sign-in attempts/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses operations without a session', async () => {
    const res = await new ApiClient(t.url).op('LoadAccountById', {
      id: userId,
    });

    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });
});
