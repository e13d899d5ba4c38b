import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL, UPDATE_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';
import { startVendor } from '../factories/vendor.js';

/**
 * The vendor's callback on CALLBACKURL: a request the vendor accepted for later (HTTP 202) is finished
 * or failed by the vendor's report [A2.33], [A4.7]; the link works once per send, for that request only.
 */

const PUBLIC_URL = 'https://portal.example.test';
const SERVICE = 'Callback Test Backup';

let t: TestApp;
let vendor: Awaited<ReturnType<typeof startVendor>>;
let vendorUrl: string;
let answers: number[] = [];
let bodies: string[] = [];
let owner: number;
let admin: ApiClient;

let counter = 0;
async function product() {
  counter++;
  return insertAccount(t.db, {
    type: 'Product',
    parentId: owner,
    displayName: `Callback subscription ${counter}`,
    productName: SERVICE,
    attributes: { 'Product.Quantity': 1 },
  });
}

/** Saves the account so a request is sent; the vendor answers 202 and the body carries the callback link. */
async function sentRequest(): Promise<{ accountId: number; requestId: number; path: string }> {
  const accountId = await product();
  answers = [202];
  const res = await admin.edit('UpdateAccount', {
    id: accountId,
    views: { Default: { Values: { DisplayName: `Renamed ${counter}` } } },
  });
  expect(res.status).toBe(200);
  await t.app.jobs.runDue();
  const body = JSON.parse(bodies.at(-1) ?? '{}') as { callback: string };
  expect(body.callback.startsWith(`${PUBLIC_URL}/api/provisioning/callback/`)).toBe(true);
  const [row] = await t.db.query<{ id: number; status: string }>(
    'SELECT id, status FROM provisioning_requests WHERE account_id = $1',
    [accountId],
  );
  expect(row?.status).toBe('Sent');
  return { accountId, requestId: row!.id, path: body.callback.slice(PUBLIC_URL.length) };
}

const report = (path: string, body: unknown) =>
  fetch(`${t.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function requestRow(id: number) {
  const [row] = await t.db.query<{
    status: string;
    last_error: string | null;
    retryable: boolean;
    vendor_message: string | null;
    reported_at: Date | null;
    finished_at: Date | null;
    callback_hash: string | null;
  }>(
    'SELECT status, last_error, retryable, vendor_message, reported_at, finished_at, callback_hash FROM provisioning_requests WHERE id = $1',
    [id],
  );
  return row!;
}

async function extended(id: number) {
  const res = await admin.op('LoadAccountById', { id });
  return res.body.Views.ExtendedView.Values as Record<string, unknown>;
}

beforeAll(async () => {
  vendor = await startVendor({ onRequest: (r) => bodies.push(r.body), nextStatus: () => answers.shift() ?? 200 });
  vendorUrl = vendor.url;

  t = await buildTestApp({ app: { publicUrl: PUBLIC_URL } });
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  const company = await makeAccount(t.db, { type: 'Company', parentId: reseller });
  owner = (await makeUser(t.db, { parentId: company, capabilities: [] })).id;
  const providerUser = await makeUser(t.db, { parentId: provider, capabilities: [...READ_ALL, ...SERVICE_TOOL_ALL] });
  const providerClient = await new ApiClient(t.url).signIn(providerUser.username);
  const adminUser = await makeUser(t.db, {
    parentId: reseller,
    capabilities: [...READ_ALL, ...UPDATE_ALL, 'PROVISIONING_REQUEST_READ', 'PROVISIONING_REQUEST_CREATE'],
  });
  admin = await new ApiClient(t.url).signIn(adminUser.username);
  const http = {
    Method: 'Http' as const,
    ProvisioningHttp: {
      HttpMethod: 'POST' as const,
      ContentType: 'application/json' as const,
      RequestUrlTemplate: `${vendorUrl}/orders/{{ACTION}}`,
      RequestBodyTemplate: '{"action":"{{ACTION}}","callback":"{{CALLBACKURL}}"}',
      Auth: 'No' as const,
      AuthUsername: '',
      AuthPassword: '',
    },
  };
  await createService(
    t.db,
    providerClient,
    serviceInput(SERVICE, {
      ProvisioningActions: [{ Action: 'CREATE', ...http }, { Action: 'MODIFY', ...http }, { Action: 'DELETE' }],
    }),
  );
}, 120_000);

afterAll(async () => {
  await t.close();
  await vendor.close();
});

beforeEach(() => {
  answers = [];
  bodies = [];
});

describe('the vendor reports on CALLBACKURL', () => {
  it('[A2.33] Done finishes a request that was sent and waiting, and the waiting banner count drops', async () => {
    const { accountId, requestId, path } = await sentRequest();
    expect(await extended(accountId)).toMatchObject({ SentProvisioningRequests: 1 });

    const res = await report(path, { Status: 'Done', Message: 'Mailbox created' });

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ Id: requestId, Status: 'Done', Repeated: false });
    const row = await requestRow(requestId);
    expect(row).toMatchObject({ status: 'Done', last_error: null, vendor_message: 'Mailbox created' });
    expect(row.finished_at).not.toBeNull();
    expect(row.callback_hash).not.toContain(path.split('/').at(-1));
    expect(await extended(accountId)).toMatchObject({ SentProvisioningRequests: 0, ErrorProvisioningRequests: 0 });
    const [audit] = await t.db.query<{ actor_id: number | null; after: { Status: string } }>(
      `SELECT actor_id, after FROM audit_log WHERE operation = 'ProvisioningVendorCallback' AND account_id = $1`,
      [accountId],
    );
    expect(audit).toMatchObject({ actor_id: null, after: { Status: 'Done' } });
  });

  it('[A4.7] [A2.33] Error records the vendor message as a failure the user may retry, and the retry sends a new link', async () => {
    const { accountId, requestId, path } = await sentRequest();

    const res = await report(path, { Status: 'Error', Message: 'Quota exceeded at the vendor' });

    expect(res.status).toBe(200);
    expect(await requestRow(requestId)).toMatchObject({
      status: 'Error',
      retryable: true,
      last_error: 'Quota exceeded at the vendor',
    });
    expect(await extended(accountId)).toMatchObject({
      ErrorProvisioningRequests: 1,
      CanUserRetryLastFailedProvisioningRequest: true,
    });

    answers = [202];
    expect((await admin.op('RetryAccountLastFailedProvisioningRequest', { id: accountId })).status).toBe(200);
    await t.app.jobs.runDue();
    const newPath = (JSON.parse(bodies.at(-1) ?? '{}') as { callback: string }).callback.slice(PUBLIC_URL.length);
    expect(newPath).not.toBe(path);
    // The old link stopped working with the new send; the new one works.
    expect((await report(path, { Status: 'Done' })).status).toBe(404);
    expect((await report(newPath, { Status: 'Done' })).status).toBe(200);
    expect(await requestRow(requestId)).toMatchObject({ status: 'Done' });
  });

  it('answers a repeated report as before and changes nothing; a different one after the end is refused', async () => {
    const { requestId, path } = await sentRequest();
    expect((await report(path, { Status: 'Done' })).status).toBe(200);
    const before = await requestRow(requestId);

    const again = await report(path, { Status: 'Done' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ Id: requestId, Status: 'Done', Repeated: true });
    expect((await requestRow(requestId)).reported_at).toEqual(before.reported_at);

    const late = await report(path, { Status: 'Error', Message: 'changed my mind' });
    expect(late.status).toBe(409);
    expect((await late.json()).detail).toBe('The provisioning request is no longer waiting for the vendor (it is Done)');
  });

  it('gives a wrong token, a token of another request and an unknown request the same 404, changing nothing', async () => {
    const a = await sentRequest();
    const b = await sentRequest();
    const tokenOfB = b.path.split('/').at(-1);

    for (const path of [
      `/api/provisioning/callback/${a.requestId}/${'x'.repeat(43)}`,
      `/api/provisioning/callback/${a.requestId}/${tokenOfB}`,
      `/api/provisioning/callback/999999/${tokenOfB}`,
      `/api/provisioning/callback/${a.requestId}/short`,
    ]) {
      const res = await report(path, { Status: 'Done' });
      expect(res.status).toBe(404);
      expect((await res.json()).detail).toBe('No provisioning request has this callback link');
    }
    expect(await requestRow(a.requestId)).toMatchObject({ status: 'Sent' });
  });

  it('names the field of a bad report and changes nothing', async () => {
    const { requestId, path } = await sentRequest();

    const badStatus = await report(path, { Status: 'Finished' });
    expect(badStatus.status).toBe(422);
    expect((await badStatus.json()).errors).toEqual([{ field: 'Status', message: 'Status must be one of Done, Error' }]);

    const longMessage = await report(path, { Status: 'Error', Message: 'x'.repeat(2001) });
    expect(longMessage.status).toBe(422);
    expect((await longMessage.json()).errors).toEqual([{ field: 'Message', message: 'Message must be at most 2000 characters' }]);

    expect(await requestRow(requestId)).toMatchObject({ status: 'Sent' });
  });

  it('asks a vendor that reports before the send is recorded to call again', async () => {
    const { requestId, path } = await sentRequest();
    await t.db.query(`UPDATE provisioning_requests SET status = 'Pending' WHERE id = $1`, [requestId]);

    const res = await report(path, { Status: 'Done' });

    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await requestRow(requestId)).toMatchObject({ status: 'Pending' });
    await t.db.query(`UPDATE provisioning_requests SET status = 'Canceled' WHERE id = $1`, [requestId]);
  });
});
