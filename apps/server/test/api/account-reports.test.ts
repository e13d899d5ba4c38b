import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MISSING_REPORT_ID, seedDemoAccountReportPages } from '../../src/domains/account-reports/index.js';
import { DEMO_SUBSCRIPTIONS_REPORT_ID, DEMO_WORKGROUP_ID, seedDemoReports } from '../../src/domains/reports/index.js';
import { accountOverviewPages } from '../../src/domains/reports/reports.rules.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

let t: TestApp;
const ids = {} as Record<'P' | 'R1' | 'R2' | 'C1' | 'C1b' | 'C2' | 'D1' | 'Sub1' | 'U1', number>;
const clients: Record<string, ApiClient> = {};
const R2_REPORT_ID = randomUUID();
const WITH_REPORTS = [...READ_ALL, 'ACCOUNT_REPORT_READ', 'AUDIT_LOG_READ'];

/** GET or POST a report route with the client's session. */
async function call(client: ApiClient | null, method: 'GET' | 'POST', path: string) {
  const res = await fetch(`${t.url}${path}`, { method, headers: client?.cookie ? { cookie: client.cookie } : {} });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
const base = (accountId: number, page: string) => `/api/accounts/${accountId}/reports/${page}`;
const status = (client: ApiClient | null, accountId: number, page: string) =>
  call(client, 'GET', `${base(accountId, page)}/status`);
const refresh = (client: ApiClient | null, accountId: number, page: string) =>
  call(client, 'POST', `${base(accountId, page)}/refresh`);
const jobsOf = async (accountId: number) =>
  (
    await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM jobs WHERE type = 'account-report.prepare' AND account_id = $1",
      [accountId],
    )
  )[0]?.n;

beforeAll(async () => {
  t = await buildTestApp();
  ids.P = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'P' });
  ids.R1 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'R1' });
  ids.R2 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'R2' });
  ids.C1 = await makeAccount(t.db, { type: 'Company', parentId: ids.R1, displayName: 'C1' });
  ids.C1b = await makeAccount(t.db, { type: 'Company', parentId: ids.R1, displayName: 'C1b' });
  ids.C2 = await makeAccount(t.db, { type: 'Company', parentId: ids.R2, displayName: 'C2' });
  ids.D1 = await makeAccount(t.db, { type: 'Department', parentId: ids.C1, displayName: 'D1' });
  ids.Sub1 = await makeAccount(t.db, { type: 'Product', parentId: ids.C1, displayName: 'Sub1' });
  await seedDemoReports(t.db);
  await seedDemoAccountReportPages(t.db);
  // A report of R2 only, named by a User layout page: R1's users and accounts never see it.
  await t.db.query(
    `INSERT INTO reports (id, workgroup_id, name, owner_account_id, pages, report_group, description)
     VALUES ($1, $2, 'R2 only', $3, $4, 'Finance', 'R2 only')`,
    [R2_REPORT_ID, DEMO_WORKGROUP_ID, ids.R2, JSON.stringify(accountOverviewPages())],
  );
  await t.db.query(
    `INSERT INTO account_report_pages (account_type, name, display_name, workgroup_id, report_id)
     VALUES ('User', 'Private_report', 'Private report', $1, $2)`,
    [DEMO_WORKGROUP_ID, R2_REPORT_ID],
  );
  ids.U1 = await makeAccount(t.db, { type: 'User', parentId: ids.C1, displayName: 'U1' });
  for (const [key, parentId, capabilities] of [
    ['r1', ids.R1, WITH_REPORTS],
    ['r2', ids.R2, WITH_REPORTS],
    // Like a company administrator, c1 reads its company's orders, so the status counts them (decision 0037).
    ['c1', ids.C1, [...WITH_REPORTS, 'CREDITCHECK_COMPANYORDERS_READ']],
    ['c1reader', ids.C1, READ_ALL],
  ] as const) {
    const user = await makeUser(t.db, { parentId: parentId as number, capabilities: [...capabilities] });
    clients[key] = await new ApiClient(t.url).signIn(user.username);
  }
});
afterAll(() => t.close());

describe('report pages of the account layout [A2.11]', () => {
  it('[A2.11] shows the report pages as tabs after the data pages, naming their report', async () => {
    const res = await clients.r1!.op('LoadAccountById', { id: ids.C1 });

    expect(res.status).toBe(200);
    const kinds = res.body.Tabs.map((tab: { Kind: string }) => tab.Kind);
    const reports = res.body.Tabs.filter((tab: { Kind: string }) => tab.Kind === 'ReportPage');
    expect(reports.map((tab: { Id: string; DisplayName: string }) => [tab.Id, tab.DisplayName])).toEqual([
      ['Usage_report', 'Usage report'],
      ['Orders_report', 'Orders report'],
    ]);
    expect(reports[0]).toMatchObject({ ReportId: DEMO_SUBSCRIPTIONS_REPORT_ID, WorkgroupId: DEMO_WORKGROUP_ID });
    expect(kinds.lastIndexOf('LayoutPage')).toBeLessThan(kinds.indexOf('ReportPage'));
    expect(kinds.indexOf('Feature')).toBeGreaterThan(kinds.lastIndexOf('ReportPage'));
  });

  it('hides the report pages from a viewer without ACCOUNT_REPORT_READ', async () => {
    const res = await clients.c1reader!.op('LoadAccountById', { id: ids.C1 });

    expect(res.status).toBe(200);
    expect(res.body.Tabs.some((tab: { Kind: string }) => tab.Kind === 'ReportPage')).toBe(false);
  });
});

describe('report status and refresh [A7.3]', () => {
  it('[A7.3] starts preparing on the first look (InProgress), then answers Ready with what was prepared', async () => {
    const first = await status(clients.r1!, ids.C1, 'Usage_report');

    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'InProgress', message: expect.any(String), progress: 0, preparedAt: null });
    expect(await jobsOf(ids.C1)).toBe(1);

    await t.app.jobs.runDue();
    const ready = await status(clients.r1!, ids.C1, 'Usage_report');

    expect(ready.body).toEqual({
      status: 'Ready',
      message: expect.stringMatching(/^Prepared \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: 1 row of subscriptions/),
      progress: 100,
      preparedAt: expect.any(String),
    });
  });

  it('[A7.3] a second look while preparing starts nothing more', async () => {
    await status(clients.c1!, ids.C1, 'Orders_report');
    await status(clients.c1!, ids.C1, 'Orders_report');

    expect(await jobsOf(ids.C1)).toBe(2);
    await t.app.jobs.runDue();
    expect((await status(clients.c1!, ids.C1, 'Orders_report')).body.status).toBe('Ready');
  });

  it('[A7.3] refresh prepares again (InProgress until the job ran), once while one is under way, with an audit row', async () => {
    const before = (await status(clients.r1!, ids.C1, 'Usage_report')).body;
    expect(before.status).toBe('Ready');

    const res = await refresh(clients.r1!, ids.C1, 'Usage_report');
    const again = await refresh(clients.r1!, ids.C1, 'Usage_report');

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'InProgress', preparedAt: null });
    expect(again.body.status).toBe('InProgress');
    expect(await jobsOf(ids.C1)).toBe(3);
    const audit = await t.db.query<{ after: { page: string } }>(
      "SELECT after FROM audit_log WHERE operation = 'RefreshAccountReport' AND account_id = $1",
      [ids.C1],
    );
    expect(audit.map((a) => a.after.page)).toEqual(['Usage_report']);

    await t.app.jobs.runDue();
    const after = (await status(clients.r1!, ids.C1, 'Usage_report')).body;
    expect(after.status).toBe('Ready');
  });

  it('[A7.3] answers Error with the reason when the report cannot be prepared, and Retry prepares again', async () => {
    await status(clients.c1!, ids.D1, 'Costs_report');
    await t.app.jobs.runDue();

    const failed = await status(clients.c1!, ids.D1, 'Costs_report');

    expect(failed.body).toEqual({
      status: 'Error',
      message: 'The report of this page does not exist in this installation',
      progress: 0,
      preparedAt: null,
    });
    expect((await refresh(clients.c1!, ids.D1, 'Costs_report')).body.status).toBe('InProgress');
    await t.app.jobs.runDue();
    expect((await status(clients.c1!, ids.D1, 'Costs_report')).body.status).toBe('Error');
    expect(DEMO_MISSING_REPORT_ID).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("[A7.3] prepares a subscription's orders report on its Product account", async () => {
    await status(clients.c1!, ids.Sub1, 'Orders_report');
    await t.app.jobs.runDue();

    const res = await status(clients.c1!, ids.Sub1, 'Orders_report');

    expect(res.body).toMatchObject({ status: 'Ready', message: expect.stringContaining('0 rows of orders') });
  });

  it('[A7.3] answers Error when the report is not shared with the account', async () => {
    await status(clients.r1!, ids.U1, 'Private_report');
    await t.app.jobs.runDue();

    const res = await status(clients.r1!, ids.U1, 'Private_report');

    expect(res.body).toMatchObject({ status: 'Error', message: 'The report "R2 only" is not shared with this account' });
  });
});

describe('who may ask a report status', () => {
  it('gives a foreign account the same 404 as a missing one', async () => {
    for (const res of [
      await status(clients.r2!, ids.C1, 'Usage_report'),
      await refresh(clients.r2!, ids.C1, 'Usage_report'),
      await status(clients.c1!, ids.C1b, 'Usage_report'),
      await status(clients.r1!, 999_999, 'Usage_report'),
      await status(clients.r1!, ids.C2, 'Usage_report'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect(await jobsOf(ids.C2)).toBe(0);
  });

  it('answers 404 for a page the account type does not have, or an id that is no account id', async () => {
    expect((await status(clients.r1!, ids.C1, 'Costs_report')).status).toBe(404);
    expect((await status(clients.r1!, ids.C1, 'General')).status).toBe(404);
    expect((await call(clients.r1!, 'GET', '/api/accounts/abc/reports/Usage_report/status')).status).toBe(404);
  });

  it('refuses a viewer without ACCOUNT_REPORT_READ (403) and a caller without a session (401)', async () => {
    expect((await status(clients.c1reader!, ids.C1, 'Usage_report')).status).toBe(403);
    expect((await refresh(clients.c1reader!, ids.C1, 'Usage_report')).status).toBe(403);
    expect((await status(null, ids.C1, 'Usage_report')).status).toBe(401);
    expect((await refresh(null, ids.C1, 'Usage_report')).status).toBe(401);
  });
});
