import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/** Issue 14: Http provisioning endpoints at internal addresses are refused when the service is saved. */

let t: TestApp;
let client: ApiClient;

beforeAll(async () => {
  t = await buildTestApp({ app: { outgoingAllow: [] } });
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const user = await makeUser(t.db, { parentId: provider, capabilities: [...READ_ALL, ...SERVICE_TOOL_ALL] });
  client = await new ApiClient(t.url).signIn(user.username);
});
afterAll(() => t.close());

const withEndpoint = (name: string, url: string) =>
  serviceInput(name, {
    ProvisioningActions: [
      {
        Action: 'CREATE',
        Method: 'Http',
        ProvisioningHttp: {
          HttpMethod: 'POST',
          ContentType: 'application/json',
          RequestUrlTemplate: url,
          RequestBodyTemplate: '{}',
          Auth: 'No',
        },
      },
    ],
  } as never);

describe('provisioning endpoints at internal addresses', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/{{ACTION}}',
    'http://127.0.0.1:9/provision',
    'http://[::1]/provision',
    'http://localhost:8080/provision',
    'http://10.0.0.5/provision',
  ])('refuses %s when the service is saved, naming the field', async (url) => {
    const res = await client.op('CreateService', withEndpoint(`Guarded ${url.length}-${url.charCodeAt(9)}`, url));

    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({
      field: 'ProvisioningActions.0.ProvisioningHttp.RequestUrlTemplate',
      message: expect.stringMatching(/^The server may not call this address: /),
    });
  });

  it('accepts a public name, and a host that is a variable (checked when the call is made)', async () => {
    const named = await client.op(
      'CreateService',
      withEndpoint('Guarded named', 'https://provisioning.vendor.example/api/{{ACTION}}'),
    );
    const variable = await client.op('CreateService', withEndpoint('Guarded variable', 'https://{{VendorHost}}/api'));

    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(variable.status, JSON.stringify(variable.body)).toBe(200);
  });
});
