import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL, UPDATE_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';
import { startVendor, type VendorRequest, vendorProvisioningActions } from '../factories/vendor.js';

/**
 * Provisioning requests: a save creates one [A4.2], save without provisioning [A6.4], the ExtendedView
 * counts [A3.1], retry and recreate [A7.11], [A2.37], [A6.5], and the Provisioning tab [A2.18], [A6.15],
 * against a real HTTP endpoint on the loopback interface.
 */

let t: TestApp;
let vendor: Awaited<ReturnType<typeof startVendor>>;
let vendorUrl: string;
/** The statuses the vendor endpoint answers with, in turn; 200 when empty. */
let answers: number[] = [];
let received: VendorRequest[] = [];

let reseller: number;
let company: number;
let owner: number;
let foreignCompany: number;
const clients: Record<string, ApiClient> = {};
const userIds: Record<string, number> = {};

const HTTP_SERVICE = 'Prov Test Backup';
const EMAIL_SERVICE = 'Prov Test Support';
const NONE_SERVICE = 'Prov Test Plain';

async function client(name: string, parentId: number, capabilities: string[]) {
  const user = await makeUser(t.db, { parentId, capabilities, displayName: `Staff ${name}` });
  userIds[name] = user.id;
  clients[name] = await new ApiClient(t.url).signIn(user.username);
}

let productCounter = 0;
async function makeProduct(productName: string, parentId = owner) {
  productCounter++;
  return insertAccount(t.db, {
    type: 'Product',
    parentId,
    displayName: `Subscription ${productCounter}`,
    productName,
    attributes: { 'Product.Quantity': 1 },
  });
}

const rename = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  views: { Default: { Values: { DisplayName: name } } },
  ...extra,
});

async function extended(who: string, id: number) {
  const res = await clients[who]!.op('LoadAccountById', { id });
  expect(res.status).toBe(200);
  return res.body.Views.ExtendedView.Values as Record<string, unknown>;
}

async function requestsOf(accountId: number) {
  return t.db.query<{
    id: number;
    status: string;
    action: string;
    attempts: number;
    last_error: string | null;
    target: string | null;
  }>('SELECT id, status, action, attempts, last_error, target FROM provisioning_requests WHERE account_id = $1 ORDER BY id', [
    accountId,
  ]);
}

beforeAll(async () => {
  vendor = await startVendor({ onRequest: (r) => received.push(r), nextStatus: () => answers.shift() ?? 200 });
  vendorUrl = vendor.url;

  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Harbour Reseller' });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Acme "East" & Co' });
  owner = (await makeUser(t.db, { parentId: company, capabilities: [], username: `owner.${Date.now().toString(36)}` })).id;
  const otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  foreignCompany = await makeAccount(t.db, { type: 'Company', parentId: otherReseller });

  await client('provider', provider, [...READ_ALL, ...SERVICE_TOOL_ALL]);
  const ALL = [
    ...READ_ALL,
    ...UPDATE_ALL,
    'PROVISIONING_REQUEST_READ',
    'PROVISIONING_REQUEST_CREATE',
    'PROVISIONING_REQUEST_SKIP_BACKEND_EXECUTE',
  ];
  await client('admin', reseller, ALL);
  await client('editor', reseller, [...READ_ALL, ...UPDATE_ALL]);
  await client('reader', reseller, READ_ALL);
  await client('companyAdmin', company, [...READ_ALL, ...UPDATE_ALL, 'PROVISIONING_REQUEST_OWNED_READ']);
  await client('foreign', otherReseller, ALL);

  await createService(
    t.db,
    clients.provider!,
    serviceInput(HTTP_SERVICE, {
      ProvisioningActions: vendorProvisioningActions({
        urlTemplate: `${vendorUrl}/provision/{{COMPANYID}}/{{ACTION}}`,
        bodyTemplate:
          '{"action":"{{ACTION}}","product":"{{PRODUCTNAME}}","company":"{{COMPANYNAME}}","seats":"{{Quantity}}","name":"{{DisplayName}}"}',
        basicAuth: true,
      }),
    }),
  );
  await createService(
    t.db,
    clients.provider!,
    serviceInput(EMAIL_SERVICE, {
      ProvisioningActions: [
        { Action: 'CREATE' },
        {
          Action: 'MODIFY',
          Method: 'Email',
          ProvisioningEmail: {
            EmailTo: 'desk@vendor.example; ops@vendor.example',
            SubjectTemplate: '{{ACTION}} {{PRODUCTNAME}} for {{COMPANYNAME}}',
            BodyText: 'Please change {{DisplayName}} of {{COMPANYNAME}}.',
            AttachmentType: 'xml',
          },
        },
        { Action: 'DELETE' },
      ],
    }),
  );
  await createService(t.db, clients.provider!, serviceInput(NONE_SERVICE));
}, 120_000);

afterAll(async () => {
  await t.close();
  await vendor.close();
});

beforeEach(() => {
  answers = [];
  received = [];
});

describe('[A4.2] [A7.11] a save starts a provisioning request', () => {
  it('[A3.1] queues a MODIFY request on Save and sends the rendered body to the vendor, which makes it Done', async () => {
    const id = await makeProduct(HTTP_SERVICE);

    const res = await clients.admin!.edit('UpdateAccount', rename(id, 'Backup for finance'));

    expect(res.status).toBe(200);
    expect(res.body.Views.ExtendedView.Values).toMatchObject({
      PendingProvisioningRequests: 1,
      SentProvisioningRequests: 0,
      ErrorProvisioningRequests: 0,
      EscalatedProvisioningRequests: 0,
      CanUserRetryLastFailedProvisioningRequest: false,
    });
    await t.app.jobs.runDue();
    expect(received).toHaveLength(1);
    const call = received[0]!;
    expect(call.method).toBe('PUT');
    expect(call.url).toBe(`/provision/${company}/MODIFY`);
    expect(call.contentType).toBe('application/json');
    expect(call.authorization).toBe(`Basic ${Buffer.from('portal:vendor-secret').toString('base64')}`);
    expect(JSON.parse(call.body)).toEqual({
      action: 'MODIFY',
      product: HTTP_SERVICE,
      company: 'Acme "East" & Co',
      seats: '1',
      name: 'Backup for finance',
    });
    expect(await requestsOf(id)).toMatchObject([{ status: 'Done', action: 'MODIFY', attempts: 1 }]);
    expect(await extended('admin', id)).toMatchObject({ PendingProvisioningRequests: 0, SentProvisioningRequests: 0 });
  });

  it('[A2.33] counts a request the vendor accepted for later (HTTP 202) as sent and waiting', async () => {
    const id = await makeProduct(HTTP_SERVICE);
    answers = [202];

    await clients.editor!.edit('UpdateAccount', rename(id, 'Accepted later'));
    await t.app.jobs.runDue();

    expect(await requestsOf(id)).toMatchObject([{ status: 'Sent', attempts: 1 }]);
    expect(await extended('admin', id)).toMatchObject({ SentProvisioningRequests: 1, ErrorProvisioningRequests: 0 });
  });

  it('[A4.2] UpdateAccountByConfirm starts a request too', async () => {
    const id = await makeProduct(HTTP_SERVICE);
    const res = await clients.admin!.edit('UpdateAccountByConfirm', { ...rename(id, 'Confirmed name'), confirmation: true });
    expect(res.status).toBe(200);
    expect(await requestsOf(id)).toMatchObject([{ status: 'Pending', action: 'MODIFY' }]);
    await t.app.jobs.runDue();
  });

  it('sends an e-mail action to every address through the outbox and counts it as sent', async () => {
    const id = await makeProduct(EMAIL_SERVICE);

    await clients.admin!.edit('UpdateAccount', rename(id, 'Support plan'));
    await t.app.jobs.runDue();

    expect(await requestsOf(id)).toMatchObject([{ status: 'Sent', target: 'desk@vendor.example; ops@vendor.example' }]);
    const mails = await t.db.query<{ mail_to: string; subject: string; body_text: string }>(
      `SELECT mail_to, subject, body_text FROM mail_outbox WHERE subject LIKE 'MODIFY ${EMAIL_SERVICE}%' ORDER BY mail_to`,
    );
    expect(mails.map((m) => m.mail_to)).toEqual(['desk@vendor.example', 'ops@vendor.example']);
    expect(mails[0]!.subject).toBe(`MODIFY ${EMAIL_SERVICE} for Acme "East" & Co`);
    expect(mails[0]!.body_text).toContain('Please change Support plan of Acme "East" & Co.');
    expect(mails[0]!.body_text).toContain('<COMPANYNAME>Acme &quot;East&quot; &amp; Co</COMPANYNAME>');
  });

  it('starts nothing for a service without Http or Email provisioning, nor for other account types, nor without changes', async () => {
    const plain = await makeProduct(NONE_SERVICE);
    expect((await clients.admin!.edit('UpdateAccount', rename(plain, 'Plain renamed'))).status).toBe(200);
    expect((await clients.admin!.edit('UpdateAccount', rename(company, 'Acme "East" & Co renamed'))).status).toBe(200);
    await clients.admin!.edit('UpdateAccount', rename(company, 'Acme "East" & Co'));
    const unchanged = await makeProduct(HTTP_SERVICE);
    expect((await clients.admin!.edit('UpdateAccount', { id: unchanged, views: {} })).status).toBe(200);

    expect(await requestsOf(plain)).toEqual([]);
    expect(await requestsOf(company)).toEqual([]);
    expect(await requestsOf(unchanged)).toEqual([]);
  });
});

describe('[A4.2] [A6.4] save without provisioning', () => {
  it('saves without a request for a holder of PROVISIONING_REQUEST_SKIP_BACKEND_EXECUTE', async () => {
    const id = await makeProduct(HTTP_SERVICE);
    const res = await clients.admin!.edit('UpdateAccount', rename(id, 'Quietly renamed', { skipProvisioning: true }));
    expect(res.status).toBe(200);
    expect(res.body.Views.Default.Values.DisplayName).toBe('Quietly renamed');
    expect(res.body.Permissions.CanSaveWithoutProvisioning).toBe(true);
    expect(await requestsOf(id)).toEqual([]);
  });

  it('refuses it without the capability and changes nothing', async () => {
    const id = await makeProduct(HTTP_SERVICE);
    const res = await clients.editor!.edit('UpdateAccount', rename(id, 'Not allowed', { skipProvisioning: true }));
    expect(res.status).toBe(403);
    const load = await clients.editor!.op('LoadAccountById', { id });
    expect(load.body.Views.Default.Values.DisplayName).not.toBe('Not allowed');
    expect(load.body.Permissions.CanSaveWithoutProvisioning).toBe(false);
    expect(await requestsOf(id)).toEqual([]);
  });

  it('rejects a skipProvisioning that is not a boolean, naming the field', async () => {
    const id = await makeProduct(HTTP_SERVICE);
    const res = await clients.admin!.edit('UpdateAccount', rename(id, 'x', { skipProvisioning: 'yes' }));
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('skipProvisioning');
  });
});

describe('[A7.11] failures and RetryAccountLastFailedProvisioningRequest', () => {
  it('[A3.1] [A2.33] a transient failure (HTTP 503) can be retried, and the retry sends it again', async () => {
    const id = await makeProduct(HTTP_SERVICE);
    answers = [503];
    await clients.admin!.edit('UpdateAccount', rename(id, 'Retry me'));
    await t.app.jobs.runDue();

    expect(await requestsOf(id)).toMatchObject([
      { status: 'Error', attempts: 1, last_error: 'The provisioning endpoint answered HTTP 503: vendor says no' },
    ]);
    expect(await extended('admin', id)).toMatchObject({
      ErrorProvisioningRequests: 1,
      CanUserRetryLastFailedProvisioningRequest: true,
    });

    const retry = await clients.editor!.op('RetryAccountLastFailedProvisioningRequest', { id });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ Status: 'Pending', Attempts: 1, Action: 'MODIFY', Method: 'Http' });
    expect(await extended('admin', id)).toMatchObject({ PendingProvisioningRequests: 1, ErrorProvisioningRequests: 0 });
    await t.app.jobs.runDue();

    expect(received).toHaveLength(2);
    expect(await requestsOf(id)).toMatchObject([{ status: 'Done', attempts: 2, last_error: null }]);
    const [audit] = await t.db.query<{ operation: string }>(
      "SELECT operation FROM audit_log WHERE account_id = $1 AND operation = 'RetryAccountLastFailedProvisioningRequest'",
      [id],
    );
    expect(audit).toBeDefined();
  });

  it('escalates a request after three failed attempts and refuses another retry', async () => {
    const id = await makeProduct(HTTP_SERVICE);
    answers = [500, 500, 500];
    await clients.admin!.edit('UpdateAccount', rename(id, 'Keeps failing'));
    await t.app.jobs.runDue();
    for (let i = 0; i < 2; i++) {
      expect((await clients.admin!.op('RetryAccountLastFailedProvisioningRequest', { id })).status).toBe(200);
      await t.app.jobs.runDue();
    }

    expect(await requestsOf(id)).toMatchObject([{ status: 'Escalated', attempts: 3 }]);
    expect(await extended('admin', id)).toMatchObject({
      EscalatedProvisioningRequests: 1,
      ErrorProvisioningRequests: 0,
      CanUserRetryLastFailedProvisioningRequest: false,
    });
    const again = await clients.admin!.op('RetryAccountLastFailedProvisioningRequest', { id });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('The provisioning error is being investigated');
  });

  it('[A8.10] does not offer a retry when the vendor refused the request (HTTP 400)', async () => {
    const id = await makeProduct(HTTP_SERVICE);
    answers = [400];
    await clients.admin!.edit('UpdateAccount', rename(id, 'Refused'));
    await t.app.jobs.runDue();

    expect(await extended('admin', id)).toMatchObject({
      ErrorProvisioningRequests: 1,
      CanUserRetryLastFailedProvisioningRequest: false,
    });
    const retry = await clients.admin!.op('RetryAccountLastFailedProvisioningRequest', { id });
    expect(retry.status).toBe(409);
    expect(retry.body.detail).toBe('Provisioning failed and the monitoring team is working on it');
  });

  it('records an unreachable endpoint as a retryable failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const id = await makeProduct(HTTP_SERVICE);
    await clients.admin!.edit('UpdateAccount', rename(id, 'Nobody home'));
    // Point the stored request at the closed port: the service keeps its own URL for the other tests.
    await t.db.query(
      `UPDATE services SET definition = jsonb_set(definition, '{ProvisioningActions,1,ProvisioningHttp,RequestUrlTemplate}', to_jsonb($1::text))
       WHERE service_name = $2`,
      [`http://127.0.0.1:${port}/gone`, HTTP_SERVICE],
    );
    try {
      await t.app.jobs.runDue();
    } finally {
      await t.db.query(
        `UPDATE services SET definition = jsonb_set(definition, '{ProvisioningActions,1,ProvisioningHttp,RequestUrlTemplate}', to_jsonb($1::text))
         WHERE service_name = $2`,
        [`${vendorUrl}/provision/{{COMPANYID}}/{{ACTION}}`, HTTP_SERVICE],
      );
    }
    const [request] = await requestsOf(id);
    expect(request).toMatchObject({ status: 'Error', attempts: 1 });
    expect(request!.last_error).toMatch(/^The provisioning endpoint could not be reached: /);
    expect(await extended('admin', id)).toMatchObject({ CanUserRetryLastFailedProvisioningRequest: true });
  });

  it('answers 409 when the account has no failed request', async () => {
    const id = await makeProduct(HTTP_SERVICE);
    const res = await clients.admin!.op('RetryAccountLastFailedProvisioningRequest', { id });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('This account has no failed provisioning request');
  });

  it('needs the UPDATE capability of the account type', async () => {
    const id = await makeProduct(HTTP_SERVICE);
    const res = await clients.reader!.op('RetryAccountLastFailedProvisioningRequest', { id });
    expect(res.status).toBe(403);
  });
});

describe('[A2.37] [A6.5] [A7.11] RecreateProvisioningRequest', () => {
  it('cancels every open request and starts a new CREATE request', async () => {
    const id = await makeProduct(HTTP_SERVICE);
    answers = [503, 202];
    await clients.admin!.edit('UpdateAccount', rename(id, 'First'));
    await t.app.jobs.runDue();
    await clients.admin!.edit('UpdateAccount', rename(id, 'Second'));
    await t.app.jobs.runDue();
    await clients.admin!.edit('UpdateAccount', rename(id, 'Third'));
    expect((await requestsOf(id)).map((r) => r.status)).toEqual(['Error', 'Sent', 'Pending']);

    const res = await clients.admin!.op('RecreateProvisioningRequest', { id, confirmAccountId: id });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Action: 'CREATE', Status: 'Pending', CanceledRequests: 3 });
    expect((await requestsOf(id)).map((r) => [r.action, r.status])).toEqual([
      ['MODIFY', 'Canceled'],
      ['MODIFY', 'Canceled'],
      ['MODIFY', 'Canceled'],
      ['CREATE', 'Pending'],
    ]);
    received = [];
    await t.app.jobs.runDue();
    // The canceled MODIFY job found its request canceled and sent nothing.
    expect(received.map((r) => `${r.method} ${r.url}`)).toEqual([`POST /provision/${company}/CREATE`]);
    expect(await extended('admin', id)).toMatchObject({
      PendingProvisioningRequests: 0,
      ErrorProvisioningRequests: 0,
      SentProvisioningRequests: 0,
    });
  });

  it('asks for the account id as confirmation, naming the field', async () => {
    const id = await makeProduct(HTTP_SERVICE);
    const wrong = await clients.admin!.op('RecreateProvisioningRequest', { id, confirmAccountId: id + 1 });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([{ field: 'confirmAccountId', message: 'Type the id of this account to confirm' }]);
    const missing = await clients.admin!.op('RecreateProvisioningRequest', { id });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].field).toBe('confirmAccountId');
    expect(await requestsOf(id)).toEqual([]);
  });

  it('needs PROVISIONING_REQUEST_CREATE', async () => {
    const id = await makeProduct(HTTP_SERVICE);
    const res = await clients.editor!.op('RecreateProvisioningRequest', { id, confirmAccountId: id });
    expect(res.status).toBe(403);
    const load = await clients.editor!.op('LoadAccountById', { id });
    expect(load.body.Permissions.CanRecreateProvisioning).toBe(false);
    expect((await clients.admin!.op('LoadAccountById', { id })).body.Permissions.CanRecreateProvisioning).toBe(true);
  });

  it('refuses accounts that are not service accounts and services without CREATE provisioning', async () => {
    const notProduct = await clients.admin!.op('RecreateProvisioningRequest', { id: company, confirmAccountId: company });
    expect(notProduct.status).toBe(409);
    expect(notProduct.body.detail).toBe('Only service accounts have provisioning requests');
    const plain = await makeProduct(EMAIL_SERVICE);
    const res = await clients.admin!.op('RecreateProvisioningRequest', { id: plain, confirmAccountId: plain });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(`The service ${EMAIL_SERVICE} defines no provisioning for CREATE`);
  });
});

describe('[A2.18] [A6.15] GetAccountProvisioningRequests', () => {
  it('lists the requests of the account and the accounts below it, newest first and paged', async () => {
    const a = await makeProduct(HTTP_SERVICE);
    const b = await makeProduct(HTTP_SERVICE);
    await clients.admin!.edit('UpdateAccount', rename(a, 'Listed A'));
    await clients.admin!.edit('UpdateAccount', rename(b, 'Listed B'));
    await t.app.jobs.runDue();

    const own = await clients.admin!.op('GetAccountProvisioningRequests', { accountId: b });
    expect(own.status).toBe(200);
    expect(own.body.Total).toBe(1);
    expect(own.body.Items[0]).toMatchObject({
      AccountId: b,
      AccountDisplayName: 'Listed B',
      Status: 'Done',
      Action: 'MODIFY',
      Method: 'Http',
      CreatedBy: 'Staff admin',
      CanRetry: false,
    });
    expect(own.body.Items[0].Target).toMatch(/^PUT http:\/\/127\.0\.0\.1:\d+\/provision\//);

    const page = await clients.admin!.op('GetAccountProvisioningRequests', { accountId: company, pageSize: 1 });
    expect(page.body.Total).toBeGreaterThan(2);
    expect(page.body.Items).toHaveLength(1);
    const second = await clients.admin!.op('GetAccountProvisioningRequests', { accountId: company, pageSize: 1, page: 2 });
    expect(second.body.Items[0].Id).toBeLessThan(page.body.Items[0].Id);
  });

  it('shows only the caller’s own requests with PROVISIONING_REQUEST_OWNED_READ alone', async () => {
    const id = await makeProduct(HTTP_SERVICE);
    await clients.companyAdmin!.edit('UpdateAccount', rename(id, 'Mine'));
    await clients.admin!.edit('UpdateAccount', rename(id, 'Not mine'));
    const res = await clients.companyAdmin!.op('GetAccountProvisioningRequests', { accountId: id });
    expect(res.status).toBe(200);
    expect(res.body.Items.map((r: { CreatedBy: string }) => r.CreatedBy)).toEqual(['Staff companyAdmin']);
    expect((await clients.admin!.op('GetAccountProvisioningRequests', { accountId: id })).body.Total).toBe(2);
    await t.app.jobs.runDue();
  });

  it('is refused without either read capability', async () => {
    const res = await clients.editor!.op('GetAccountProvisioningRequests', { accountId: company });
    expect(res.status).toBe(403);
  });

  it('rejects a page below 1, naming the field', async () => {
    const res = await clients.admin!.op('GetAccountProvisioningRequests', { accountId: company, page: 0 });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('page');
  });

  it('[A2.18] puts the Provisioning tab in the strip only for holders of a read capability', async () => {
    const id = await makeProduct(HTTP_SERVICE);
    const tabs = async (who: string) =>
      (await clients[who]!.op('LoadAccountById', { id })).body.Tabs.map((tab: { Id: string }) => tab.Id);
    expect(await tabs('admin')).toContain('Provisioning');
    expect(await tabs('companyAdmin')).toContain('Provisioning');
    expect(await tabs('editor')).not.toContain('Provisioning');
  });
});

describe('tenant scope', () => {
  it.each([
    ['RetryAccountLastFailedProvisioningRequest', (id: number) => ({ id })],
    ['RecreateProvisioningRequest', (id: number) => ({ id, confirmAccountId: id })],
    ['GetAccountProvisioningRequests', (id: number) => ({ accountId: id })],
  ])('%s on an account of another tenant answers like a missing one', async (op, input) => {
    const id = await makeProduct(HTTP_SERVICE);
    await clients.admin!.edit('UpdateAccount', rename(id, 'Foreign target'));
    const foreign = await clients.foreign!.op(op, input(id));
    const missing = await clients.foreign!.op(op, input(999_999));
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.body.detail).toBe(missing.body.detail);
    expect((await requestsOf(id)).map((r) => r.status)).toEqual(['Pending']);
    await t.app.jobs.runDue();
    void foreignCompany;
  });
});
