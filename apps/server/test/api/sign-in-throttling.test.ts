import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL, TEST_PASSWORD } from '../factories/accounts.js';

// Issue 14: sign-in failures count per username and source address. The tests connect from different loopback
// addresses (127.0.0.2, 127.0.0.3, …: every 127.x address is this machine) so the server sees real, distinct peers.
let t: TestApp;
let proxied: TestApp;
const companies = new Map<TestApp, number>();

/** Authenticate from a source address, optionally with extra headers (X-Forwarded-For). */
function signIn(app: TestApp, from: string, username: string, password: string, headers: Record<string, string> = {}) {
  const body = JSON.stringify({ Username: username, Password: password });
  return new Promise<{ status: number; body: { detail?: string; code?: string }; headers: Map<string, string> }>(
    (resolve, reject) => {
      const req = request(
        `${app.url}/api/op/Authenticate`,
        { method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', ...headers } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(text) as { detail?: string; code?: string },
              headers: new Map(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );
}

async function failTimes(app: TestApp, from: string, username: string, times: number, headers: Record<string, string> = {}) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await signIn(app, from, username, `wrong-${i}`, headers)).status);
  return statuses;
}

/** Fails with wrong passwords until the address is refused (429); the statuses seen. */
async function failUntilRefused(app: TestApp, from: string, username: string, headers: Record<string, string> = {}) {
  const statuses: number[] = [];
  for (let i = 0; i < 40 && statuses.at(-1) !== 429; i++)
    statuses.push((await signIn(app, from, username, `wrong-${i}`, headers)).status);
  return statuses;
}

beforeAll(async () => {
  t = await buildTestApp();
  proxied = await buildTestApp({ app: { trustProxy: 'loopback' } });
  for (const app of [t, proxied]) {
    const provider = await makeAccount(app.db, { type: 'Provider', parentId: null });
    companies.set(app, await makeAccount(app.db, { type: 'Company', parentId: provider }));
  }
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const user = (app: TestApp) => makeUser(app.db, { parentId: companies.get(app) ?? 0, capabilities: READ_ALL });

describe('sign-in throttling per username and address (issue 14)', () => {
  it('the right password from the user’s own address still works while an attacker elsewhere keeps failing', async () => {
    const victim = await user(t);

    const attacker = await failUntilRefused(t, '127.0.0.2', victim.username);
    const real = await signIn(t, '127.0.0.1', victim.username, TEST_PASSWORD);

    expect(attacker.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(attacker.at(-1)).toBe(429);
    expect(real.status).toBe(200);
  });

  it('slows the failing address down with a growing Retry-After, even for the right password from there', async () => {
    const victim = await user(t);
    const free = await failTimes(t, '127.0.0.4', victim.username, 5);
    let first = await signIn(t, '127.0.0.4', victim.username, TEST_PASSWORD);
    // On a slow machine the first pause may be over before the next request: fail until refused.
    for (let i = 0; i < 20 && first.status !== 429; i++) first = await signIn(t, '127.0.0.4', victim.username, 'wrong');
    const firstWait = Number(first.headers.get('retry-after'));
    await new Promise((r) => setTimeout(r, firstWait * 1000 + 50));
    await failTimes(t, '127.0.0.4', victim.username, 1);
    const second = await signIn(t, '127.0.0.4', victim.username, TEST_PASSWORD);

    expect(free).toEqual([401, 401, 401, 401, 401]);
    expect(first.status).toBe(429);
    expect(first.body.code).toBe('TOO_MANY_REQUESTS');
    expect(first.body.detail).toMatch(/Too many failed sign-in attempts\. Try again in \d+ seconds?\./);
    expect(firstWait).toBeGreaterThanOrEqual(1);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(firstWait);
  });

  it('one noisy address does not block the other users behind it', async () => {
    const colleague = await user(t);

    for (let i = 0; i < 60; i++) await signIn(t, '127.0.0.3', `guessed-name-${i}`, 'wrong');
    const res = await signIn(t, '127.0.0.3', colleague.username, TEST_PASSWORD);

    expect(res.status).toBe(200);
  }, 180_000);

  it('ignores X-Forwarded-For unless TRUST_PROXY trusts the proxy: an attacker cannot pose as other addresses', async () => {
    const victim = await user(t);
    const statuses: number[] = [];
    for (let i = 0; i < 40 && statuses.at(-1) !== 429; i++)
      statuses.push((await signIn(t, '127.0.0.5', victim.username, 'wrong', { 'x-forwarded-for': `203.0.113.${i}` })).status);

    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThan(40);
  });

  it('with TRUST_PROXY the address is the one the proxy forwards: the real user behind the same proxy signs in', async () => {
    const victim = await user(proxied);

    const attacker = await failUntilRefused(proxied, '127.0.0.1', victim.username, { 'x-forwarded-for': '203.0.113.9' });
    const attackerAgain = await signIn(proxied, '127.0.0.1', victim.username, TEST_PASSWORD, {
      'x-forwarded-for': '203.0.113.9',
    });
    const real = await signIn(proxied, '127.0.0.1', victim.username, TEST_PASSWORD, { 'x-forwarded-for': '198.51.100.7' });
    const [row] = await proxied.db.query<{ ip: string }>(
      'SELECT ip FROM login_attempts WHERE username = $1 AND succeeded ORDER BY id DESC LIMIT 1',
      [victim.username],
    );

    expect(attacker.at(-1)).toBe(429);
    expect(real.status).toBe(200);
    expect(row?.ip).toBe('198.51.100.7');
    expect(attackerAgain.status).toBe(429);
  });

  it('e-mails the user through the outbox after repeated failures, once per window and not per attempt', async () => {
    const victim = await user(t);

    await failTimes(t, '127.0.0.6', victim.username, 4);
    const beforeThreshold = await t.db.query('SELECT id FROM mail_outbox WHERE account_id = $1', [victim.id]);
    await failTimes(t, '127.0.0.7', victim.username, 1);
    await failTimes(t, '127.0.0.8', victim.username, 5);
    const mails = await t.db.query<{ mail_to: string; subject: string; body_text: string; job_id: string | null }>(
      'SELECT mail_to, subject, body_text, job_id FROM mail_outbox WHERE account_id = $1',
      [victim.id],
    );

    expect(beforeThreshold).toHaveLength(0);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      mail_to: `${victim.username}@example.com`,
      subject: 'Failed sign-in attempts on your account',
      job_id: expect.any(String),
    });
    expect(mails[0]?.body_text).toContain(`5 attempts to sign in as ${victim.username} failed`);
    expect(mails[0]?.body_text).not.toContain('wrong-');
  });
});
