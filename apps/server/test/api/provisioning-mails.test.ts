import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL, UPDATE_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';
import { startVendor, vendorProvisioningActions } from '../factories/vendor.js';

/**
 * Provisioning failed / escalated e-mails (decision 0053): the user who placed the subscription's order and the
 * customer's Company administrators hear of it, each through the outbox with a switchable kind.
 */

let t: TestApp;
let vendor: Awaited<ReturnType<typeof startVendor>>;
let answers: number[] = [];
let company: number;
let otherCompany: number;
let placer: { id: number; username: string };
let companyAdmin: { id: number; username: string };
let outsider: { id: number; username: string };
let admin: ApiClient;
const SERVICE = 'Prov Mail Backup';

async function product(name: string) {
  const id = await insertAccount(t.db, {
    type: 'Product',
    parentId: company,
    displayName: name,
    productName: SERVICE,
    attributes: { 'Product.Quantity': 1 },
  });
  await t.db.query(
    `INSERT INTO orders (account_id, company_id, service_name, service_display_name, quantity, currency, monthly_purchase,
       setup_purchase, status, placed_by, placed_at)
     VALUES ($1, $2, $3, $3, 1, 'EUR', 0, 0, 'Completed', $4, now())`,
    [id, company, SERVICE, placer.id],
  );
  return id;
}

async function mails(accountId: number) {
  return t.db.query<{ kind: string; status: string; subject: string; body_text: string; job_id: string | null }>(
    `SELECT kind, status, subject, body_text, job_id FROM mail_outbox WHERE account_id = $1 AND kind LIKE 'Provisioning%' ORDER BY id`,
    [accountId],
  );
}

async function fail(id: number, name: string) {
  await admin.edit('UpdateAccount', { id, views: { Default: { Values: { DisplayName: name } } } });
  await t.app.jobs.runDue();
}

beforeAll(async () => {
  vendor = await startVendor({ onRequest: () => undefined, nextStatus: () => answers.shift() ?? 200 });
  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Mail Co' });
  otherCompany = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Other Co' });
  placer = await makeUser(t.db, { parentId: company, capabilities: [], displayName: 'Pat Placer' });
  companyAdmin = await makeUser(t.db, { parentId: company, capabilities: [], displayName: 'Ada Admin' });
  outsider = await makeUser(t.db, { parentId: otherCompany, capabilities: [], displayName: 'Oscar Outsider' });
  const [role] = await t.db.query<{ id: number }>(
    `INSERT INTO roles (name) VALUES ('Company administrator') ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
  );
  for (const u of [companyAdmin, outsider])
    await t.db.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [u.id, role!.id]);
  const staff = await makeUser(t.db, {
    parentId: reseller,
    capabilities: [...READ_ALL, ...UPDATE_ALL, ...SERVICE_TOOL_ALL, 'PROVISIONING_REQUEST_READ', 'PROVISIONING_REQUEST_CREATE'],
  });
  admin = await new ApiClient(t.url).signIn(staff.username);
  await createService(
    t.db,
    admin,
    serviceInput(SERVICE, {
      ProvisioningActions: vendorProvisioningActions({
        urlTemplate: `${vendor.url}/provision/{{ACTION}}`,
        bodyTemplate: '{"action":"{{ACTION}}"}',
        basicAuth: false,
      }),
    }),
  );
}, 120_000);

afterAll(async () => {
  await t.close();
  await vendor.close();
});

beforeEach(() => {
  answers = [];
});

describe('provisioning failed or escalated e-mails', () => {
  it('mails the placing user and the company administrators when the vendor refuses a request for good', async () => {
    const id = await product('Refused backup');
    answers = [400];
    await fail(id, 'Refused backup 2');

    const [toPlacer] = await mails(placer.id);
    expect(toPlacer).toMatchObject({ kind: 'ProvisioningFailed', status: 'stored' });
    expect(toPlacer!.job_id).not.toBeNull();
    expect(toPlacer!.subject).toBe(`Provisioning failed: Refused backup 2 (${SERVICE})`);
    expect(toPlacer!.body_text).toContain('will not be tried again');
    expect(await mails(companyAdmin.id)).toMatchObject([{ kind: 'ProvisioningFailed', status: 'stored' }]);
    // An administrator of another company hears nothing.
    expect(await mails(outsider.id)).toEqual([]);
  });

  it('sends nothing while a failed request can still be retried', async () => {
    const id = await product('Retryable backup');
    answers = [503];
    await fail(id, 'Retryable backup 2');
    const [request] = await t.db.query<{ status: string }>('SELECT status FROM provisioning_requests WHERE account_id = $1', [
      id,
    ]);
    expect(request!.status).toBe('Error');
    const subjects = (await mails(placer.id)).map((m) => m.subject);
    expect(subjects.some((s) => s.includes('Retryable backup'))).toBe(false);
  });

  it('mails ProvisioningEscalated when a request is escalated, naming what happens next', async () => {
    const id = await product('Escalating backup');
    answers = [500, 500, 500];
    await fail(id, 'Escalating backup 2');
    for (let i = 0; i < 2; i++) {
      expect((await admin.op('RetryAccountLastFailedProvisioningRequest', { id })).status).toBe(200);
      await t.app.jobs.runDue();
    }
    const escalated = (await mails(placer.id)).filter((m) => m.kind === 'ProvisioningEscalated');
    expect(escalated).toHaveLength(1);
    expect(escalated[0]!.subject).toBe(`Provisioning escalated: Escalating backup 2 (${SERVICE})`);
    expect(escalated[0]!.body_text).toContain('the monitoring team is working on it');
    expect((await mails(companyAdmin.id)).filter((m) => m.kind === 'ProvisioningEscalated')).toHaveLength(1);
  });

  it('keeps the e-mail as switched_off, without a delivery job, for a user who switched the kind off', async () => {
    const me = await new ApiClient(t.url).signIn(placer.username);
    const saved = await me.op('SaveUserNotifications', {
      accountId: placer.id,
      kinds: [{ Kind: 'ProvisioningFailed', Enabled: false }],
    });
    expect(saved.status).toBe(200);
    const id = await product('Quiet backup');
    answers = [400];
    await fail(id, 'Quiet backup 2');
    const quiet = (await mails(placer.id)).filter((m) => m.subject.includes('Quiet backup'));
    expect(quiet).toMatchObject([{ kind: 'ProvisioningFailed', status: 'switched_off', job_id: null }]);
    // The administrator still gets it.
    const forAdmin = (await mails(companyAdmin.id)).filter((m) => m.subject.includes('Quiet backup'));
    expect(forAdmin).toMatchObject([{ status: 'stored' }]);
  });

  it('lists the new kinds on the Notifications tab, switchable, in the Provisioning group', async () => {
    const me = await new ApiClient(t.url).signIn(placer.username);
    const res = await me.op('GetUserNotifications', { accountId: placer.id });
    expect(res.status).toBe(200);
    const items = res.body.Items as { Kind: string; Group: string; Switchable: boolean }[];
    expect(items.filter((i) => i.Group === 'Provisioning')).toMatchObject([
      { Kind: 'ProvisioningFailed', Switchable: true },
      { Kind: 'ProvisioningEscalated', Switchable: true },
    ]);
  });
});
