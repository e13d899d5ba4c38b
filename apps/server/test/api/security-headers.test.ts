import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL, TEST_PASSWORD } from '../factories/accounts.js';

// Issue 14: security headers on every answer, the Secure cookie and HSTS over TLS (a trusted proxy saying https, or
// the server's own TLS with TLS_CERT_FILE / TLS_KEY_FILE: a self-signed certificate for 127.0.0.1 in fixtures/tls).
let plain: TestApp;
let proxied: TestApp;
let direct: TestApp;
const TLS_DIR = join(import.meta.dirname, '../fixtures/tls');
const cert = readFileSync(join(TLS_DIR, 'cert.pem'));
/** Trusts only the fixture certificate, on loopback. */
const trustingFixture = new Agent({ connect: { ca: cert } });
let webDist: string;
const usernames = new Map<TestApp, string>();

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Portal</title><script type="module" src="/a.js"></script>');
  plain = await buildTestApp({
    webDist,
    app: { publicUrl: 'https://portal.example.com', embedFrameAncestors: ['https://intranet.example.com'] },
  });
  proxied = await buildTestApp({ webDist, app: { trustProxy: 'loopback' } });
  direct = await buildTestApp({ webDist, app: { https: { cert, key: readFileSync(join(TLS_DIR, 'key.pem')) } } });
  direct.url = direct.url.replace(/^http:/, 'https:');
  for (const app of [plain, proxied, direct]) {
    const provider = await makeAccount(app.db, { type: 'Provider', parentId: null });
    const company = await makeAccount(app.db, { type: 'Company', parentId: provider });
    usernames.set(app, (await makeUser(app.db, { parentId: company, capabilities: READ_ALL })).username);
  }
});
afterAll(async () => {
  // The client's kept-alive TLS connections go first, so that closing the https server waits for none; the three apps
  // close together (each drops its PostgreSQL database, and a drop waits for a checkpoint: one wait, not three).
  await trustingFixture.destroy();
  await Promise.all([plain.close(), proxied.close(), direct.close()]);
  rmSync(webDist, { recursive: true, force: true });
});

/**
 * Waits for an answer and reads its body, so its connection is free again: a response left unread keeps its
 * connection busy (until garbage collection happens to cancel it), and the server's close then waits for it.
 */
async function read<R extends { arrayBuffer(): Promise<ArrayBuffer> }>(response: Promise<R>): Promise<R> {
  const res = await response;
  await res.arrayBuffer();
  return res;
}

const signIn = (app: TestApp, headers: Record<string, string> = {}) =>
  read(
    undiciFetch(`${app.url}/api/op/Authenticate`, {
      dispatcher: trustingFixture,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ Username: usernames.get(app), Password: TEST_PASSWORD }),
    }),
  );

function directives(policy: string | null): Map<string, string> {
  return new Map(
    (policy ?? '').split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values.join(' ')] as const;
    }),
  );
}

describe('security headers (issue 14)', () => {
  it.each([
    ['the web app', '/'],
    ['an API answer', '/api/openapi.json'],
    ['an API error', '/api/op/GetCurrentUser'],
    ['the API reference', '/api/docs'],
  ])('%s carries a CSP without inline script, nosniff and a Referrer-Policy', async (_what, path) => {
    const res = await read(fetch(`${plain.url}${path}`, path.startsWith('/api/op') ? { method: 'POST' } : {}));
    const csp = directives(res.headers.get('content-security-policy'));

    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('lets the embed host be framed only by the portal and the configured embedding sites', async () => {
    const res = await fetch(`${plain.url}/embed/reportEmbed?reportId=x&groupId=y`);
    const csp = directives(res.headers.get('content-security-policy'));

    expect(res.status).toBe(200);
    expect(csp.get('frame-ancestors')).toBe("'self' https://portal.example.com https://intranet.example.com");
    expect(csp.get('script-src')).toBe("'self'");
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(await res.text()).not.toMatch(/<script>|<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('sends no HSTS and no Secure cookie over plain http, and ignores X-Forwarded-Proto from an untrusted peer', async () => {
    const direct = await signIn(plain);
    const forged = await signIn(plain, { 'x-forwarded-proto': 'https' });

    expect(direct.headers.get('strict-transport-security')).toBeNull();
    expect(direct.headers.get('set-cookie')).not.toMatch(/;\s*Secure/i);
    expect(forged.headers.get('strict-transport-security')).toBeNull();
    expect(forged.headers.get('set-cookie')).not.toMatch(/;\s*Secure/i);
  });

  it('behind a trusted proxy saying https: the session cookie is Secure and HSTS is sent', async () => {
    const res = await signIn(proxied, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.20' });
    const page = await read(fetch(`${proxied.url}/`, { headers: { 'x-forwarded-proto': 'https' } }));

    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/portal_session=.+;\s*Secure/i);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('serving https itself (TLS_CERT_FILE, TLS_KEY_FILE): the session cookie is Secure and HSTS is sent', async () => {
    const res = await signIn(direct);
    const page = await read(undiciFetch(`${direct.url}/`, { dispatcher: trustingFixture }));

    expect(direct.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/portal_session=.+;\s*Secure/i);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });
});
