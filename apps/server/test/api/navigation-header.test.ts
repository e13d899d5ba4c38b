import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

// Decision 0055: the header's mount point loads the navigation widget's script configured by the operator.
let t: TestApp;
let username: string;

beforeAll(async () => {
  t = await buildTestApp({ app: { navigationHeaderScriptUrl: 'https://nav.example/widget.js' } });
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const company = await makeAccount(t.db, { type: 'Company', parentId: provider });
  username = (await makeUser(t.db, { parentId: company, capabilities: READ_ALL })).username;
});
afterAll(() => t.close());

describe('navigation header script', () => {
  it('[M2.61] tells a signed-in user the navigation widget script and nobody before sign-in', async () => {
    const anonymous = await new ApiClient(t.url).op('GetClientSettings');
    const signedIn = await (await new ApiClient(t.url).signIn(username)).op('GetClientSettings');

    expect(anonymous.status).toBe(200);
    expect(anonymous.body.NavigationHeaderScriptUrl).toBeNull();
    expect(signedIn.body.NavigationHeaderScriptUrl).toBe('https://nav.example/widget.js');
  });

  it('allows scripts from the widget’s origin in the content security policy', async () => {
    const res = await fetch(`${t.url}/api/op/GetClientSettings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await res.text();

    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' https:\/\/nav\.example(;|$)/);
  });
});
