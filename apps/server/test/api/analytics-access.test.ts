import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccountReportPages } from '../../src/domains/account-reports/index.js';
import {
  DEMO_DASHBOARD_ID,
  DEMO_ORDERS_REPORT_ID,
  DEMO_REPORT_ID,
  DEMO_SUBSCRIPTIONS_REPORT_ID,
  DEMO_WORKGROUP_ID,
  seedDemoReports,
} from '../../src/domains/reports/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

/**
 * The datasets the embed host serves apply the checks of the operations that read the same data
 * (DATASET_ACCESS, decision analytics-access): orders and revenue need what ListOrders needs,
 * subscriptions what reading a Product account needs; the account tree needs a session only. A
 * dataset the token's user may not read is not computed: absent from `datasets`, named in `denied`.
 */

let t: TestApp;
const ids: Record<string, number> = {};
const clients: Record<string, ApiClient> = {};
const users: Record<string, number> = {};

async function embedData(who: string, reportId: string) {
  const client = clients[who] as ApiClient;
  const token = await fetch(`${t.url}/api/powerbi/workgroups/${DEMO_WORKGROUP_ID}/reports/${reportId}/token`, {
    headers: { cookie: client.cookie ?? '' },
  });
  expect(token.status).toBe(200);
  const { embedToken } = (await token.json()) as { embedToken: string };
  const read = async () => {
    const res = await fetch(`${t.url}/api/embed/data?reportId=${reportId}&groupId=${DEMO_WORKGROUP_ID}`, {
      headers: { authorization: `Bearer ${embedToken}` },
    });
    return { status: res.status, body: (await res.json()) as { datasets: Record<string, unknown[]>; denied: string[] } };
  };
  return { embedToken, read };
}

beforeAll(async () => {
  t = await buildTestApp();
  ids.P = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'P', currency: 'EUR' });
  ids.R1 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'R1', currency: 'EUR' });
  ids.C1 = await makeAccount(t.db, { type: 'Company', parentId: ids.R1, displayName: 'C1', currency: 'EUR' });
  ids.S1 = await makeAccount(t.db, { type: 'Product', parentId: ids.C1, displayName: 'C1 seats' });
  await t.db.query(
    `INSERT INTO orders (account_id, service_name, service_display_name, quantity, currency, monthly_purchase,
                         setup_purchase, status, placed_at)
     VALUES ($1, 'Analytics Service', 'Analytics Service', 1, 'EUR', 1, 0, 'Completed', now())`,
    [ids.S1],
  );
  const people = {
    // The standard "Company user": reads accounts, is refused the Orders page.
    plain: [...READ_ALL],
    orders: [...READ_ALL, 'CREDITCHECK_COMPANYORDERS_READ'],
    manager: [...READ_ALL, 'ORDER_MANAGEMENT_READ'],
    noProducts: ['COMPANY_ACCOUNT_READ', 'USER_ACCOUNT_READ', 'ACCOUNT_REPORT_READ'],
    reportsOnly: [...READ_ALL, 'ACCOUNT_REPORT_READ'],
  };
  for (const [name, capabilities] of Object.entries(people)) {
    const user = await makeUser(t.db, { parentId: ids.C1 as number, capabilities });
    users[name] = user.id;
    clients[name] = await new ApiClient(t.url).signIn(user.username);
  }
  await seedDemoReports(t.db);
  await seedDemoAccountReportPages(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe('the datasets of the embed host apply the checks of the operations that read the same data', () => {
  it('a company user refused the Orders page is refused its orders and revenue in "Orders and revenue"', async () => {
    expect((await clients.plain!.op('ListOrders', {})).status).toBe(403);

    const { body, status } = await (await embedData('plain', DEMO_ORDERS_REPORT_ID)).read();

    expect(status).toBe(200);
    expect(body.datasets.orders).toBeUndefined();
    expect(body.datasets.revenue).toBeUndefined();
    expect(body.denied.sort()).toEqual(['orders', 'revenue']);
  });

  it.each(['orders', 'manager'])('a %s reader who may open the Orders page reads the orders and revenue', async (who) => {
    expect((await clients[who]!.op('ListOrders', {})).status).toBe(200);

    const { body } = await (await embedData(who, DEMO_ORDERS_REPORT_ID)).read();

    expect(body.denied).toEqual([]);
    expect(body.datasets.orders).toHaveLength(1);
    expect(Array.isArray(body.datasets.revenue)).toBe(true);
  });

  it('the subscriptions dataset needs PRODUCT_ACCOUNT_READ, like reading a subscription', async () => {
    expect((await clients.noProducts!.op('LoadAccountById', { id: ids.S1 })).status).toBe(403);

    const refused = await (await embedData('noProducts', DEMO_SUBSCRIPTIONS_REPORT_ID)).read();
    const allowed = await (await embedData('plain', DEMO_SUBSCRIPTIONS_REPORT_ID)).read();

    expect(refused.body.datasets.subscriptions).toBeUndefined();
    expect(refused.body.denied).toEqual(['subscriptions']);
    expect(allowed.body.datasets.subscriptions).toHaveLength(1);
    expect(allowed.body.denied).toEqual([]);
  });

  it('the account datasets need a session only, like the account tree', async () => {
    const { body } = await (await embedData('noProducts', DEMO_REPORT_ID)).read();

    expect(body.denied).toEqual([]);
    expect(body.datasets.accounts?.length).toBeGreaterThan(0);
    expect(body.datasets.accountCounts?.length).toBeGreaterThan(0);
  });

  it('a capability taken away after the token was issued stops the data at once', async () => {
    const user = await makeUser(t.db, {
      parentId: ids.C1 as number,
      capabilities: [...READ_ALL, 'CREDITCHECK_COMPANYORDERS_READ'],
    });
    clients.revoked = await new ApiClient(t.url).signIn(user.username);
    const { read } = await embedData('revoked', DEMO_ORDERS_REPORT_ID);
    expect((await read()).body.datasets.orders).toHaveLength(1);

    await t.db.query(
      `DELETE FROM role_capabilities WHERE capability = 'CREDITCHECK_COMPANYORDERS_READ'
         AND role_id IN (SELECT role_id FROM user_roles WHERE user_id = $1)`,
      [user.id],
    );
    const after = (await read()).body;

    expect(after.datasets.orders).toBeUndefined();
    expect(after.denied).toContain('orders');
  });

  it('a token of a user terminated since it was issued reads nothing (401)', async () => {
    const user = await makeUser(t.db, { parentId: ids.C1 as number, capabilities: READ_ALL });
    clients.leaver = await new ApiClient(t.url).signIn(user.username);
    const { read } = await embedData('leaver', DEMO_REPORT_ID);

    await t.db.query(`UPDATE accounts SET state = 'Terminated' WHERE id = $1`, [user.id]);

    expect((await read()).status).toBe(401);
  });

  it('the dashboard data applies the same checks to the datasets its tiles read', async () => {
    const token = await fetch(`${t.url}/api/powerbi/workgroups/${DEMO_WORKGROUP_ID}/dashboards/${DEMO_DASHBOARD_ID}/token`, {
      headers: { cookie: clients.noProducts!.cookie ?? '' },
    });
    const { embedToken } = (await token.json()) as { embedToken: string };
    const res = await fetch(`${t.url}/api/embed/dashboard?dashboardId=${DEMO_DASHBOARD_ID}&groupId=${DEMO_WORKGROUP_ID}`, {
      headers: { authorization: `Bearer ${embedToken}` },
    });
    const body = (await res.json()) as { datasets: Record<string, unknown>; denied: string[] };

    expect(res.status).toBe(200);
    expect(body.denied).toEqual([]);
    expect(Object.keys(body.datasets).length).toBeGreaterThan(0);
  });

  it('the status of an account report page counts no rows of a dataset the viewer may not read', async () => {
    const status = async (who: string) => {
      const res = await fetch(`${t.url}/api/accounts/${ids.C1}/reports/Orders_report/status`, {
        headers: { cookie: clients[who]!.cookie ?? '' },
      });
      return (await res.json()) as { status: string; message: string };
    };
    await status('reportsOnly');
    await t.app.jobs.runDue();

    const ready = await status('reportsOnly');

    expect(ready.status).toBe('Ready');
    expect(ready.message).not.toMatch(/orders|revenue/);
  });
});
