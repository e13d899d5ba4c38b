import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REPORT_ID, DEMO_WORKGROUP_ID, seedDemoReports } from '../../src/domains/reports/index.js';
import { accountOverviewPages } from '../../src/domains/reports/reports.rules.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

let t: TestApp;
const ids: Record<string, number> = {};
const clients: Record<string, ApiClient> = {};
const R2_REPORT_ID = randomUUID();

beforeAll(async () => {
  t = await buildTestApp();
  ids.P = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'P' });
  ids.R1 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'R1' });
  ids.R2 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'R2' });
  ids.C1 = await makeAccount(t.db, { type: 'Company', parentId: ids.R1, displayName: 'C1' });
  await seedDemoReports(t.db);
  await t.db.query(
    `INSERT INTO reports (id, workgroup_id, name, owner_account_id, pages, report_group, description)
     VALUES ($1, $2, 'Reseller margins', $3, $4, 'Finance', 'Margins of R2 only')`,
    [R2_REPORT_ID, DEMO_WORKGROUP_ID, ids.R2, JSON.stringify(accountOverviewPages())],
  );
  for (const [key, parentId] of [
    ['provider', ids.P],
    ['r1', ids.R1],
    ['r1second', ids.R1],
    ['r2', ids.R2],
    ['c1', ids.C1],
  ] as const) {
    const user = await makeUser(t.db, { parentId: parentId as number, capabilities: READ_ALL });
    clients[key] = await new ApiClient(t.url).signIn(user.username);
  }
});
afterAll(() => t.close());

const names = (body: { Reports: { reportName: string; kind: string }[] }) =>
  body.Reports.filter((r) => r.kind === 'PowerBI').map((r) => r.reportName);

describe('the reports a user may open [M7.22]', () => {
  it('[M7.22] [M2.50] [M2.51] lists the visible reports by group and name, with their links', async () => {
    const res = await clients.r1!.op('ListReports');

    expect(res.status).toBe(200);
    // The analytics reports; the server reports the caller may run are listed beside them (server-reports.test.ts).
    expect(res.body.Reports.filter((r: { kind: string }) => r.kind === 'PowerBI')).toEqual([
      {
        reportName: 'Account overview',
        reportGroup: 'Accounts',
        reportDescription: expect.stringContaining('accounts'),
        reportLink: 'AccountOverview',
        reportExecutionTime: 50_000,
        hasParameters: false,
        kind: 'PowerBI',
        status: 'default',
        parameters: [],
        chartTypes: [],
      },
      expect.objectContaining({ reportName: 'Orders and revenue', reportGroup: 'Sales', reportLink: 'OrdersAndRevenue' }),
      expect.objectContaining({ reportName: 'Subscriptions', reportGroup: 'Subscriptions', reportLink: 'Subscriptions' }),
    ]);
  });

  it("shows a reseller's own report to that reseller and above it, never to another reseller or its customers", async () => {
    expect(names((await clients.r2!.op('ListReports')).body)).toContain('Reseller margins');
    expect(names((await clients.provider!.op('ListReports')).body)).toContain('Reseller margins');
    expect(names((await clients.r1!.op('ListReports')).body)).not.toContain('Reseller margins');
    expect(names((await clients.c1!.op('ListReports')).body)).toEqual([
      'Account overview',
      'Orders and revenue',
      'Subscriptions',
    ]);
  });

  it('refuses a caller without a session', async () => {
    expect((await new ApiClient(t.url).op('ListReports')).status).toBe(401);
    expect((await new ApiClient(t.url).op('GetFrequentReports')).status).toBe(401);
    expect((await new ApiClient(t.url).op('ExecuteReport', { name: 'Subscriptions' })).status).toBe(401);
  });
});

describe('opening a report and the most used ones [M7.22] [M2.52]', () => {
  it('[M2.52] has no frequent reports before any is opened', async () => {
    const res = await clients.r1!.op('GetFrequentReports');

    expect(res.status).toBe(200);
    expect(res.body.Reports).toEqual([]);
  });

  it('[M7.22] opens a report by its link and answers the ids its embed token is asked for with', async () => {
    const res = await clients.r1!.op('ExecuteReport', { name: 'AccountOverview' });

    expect(res.status).toBe(200);
    expect(res.body.PowerBiConfiguration).toEqual({ reportId: DEMO_REPORT_ID, workgroupId: DEMO_WORKGROUP_ID });
    expect(res.body.Report.reportName).toBe('Account overview');
  });

  it('[M7.22] [M2.52] counts the uses per user: most used first, and only the user’s own', async () => {
    await clients.r1!.op('ExecuteReport', { name: 'Subscriptions' });
    await clients.r1!.op('ExecuteReport', { name: 'Subscriptions' });
    await clients.r1second!.op('ExecuteReport', { name: 'Account overview' });

    expect(names((await clients.r1!.op('GetFrequentReports')).body)).toEqual(['Subscriptions', 'Account overview']);
    expect(names((await clients.r1second!.op('GetFrequentReports')).body)).toEqual(['Account overview']);
    expect(names((await clients.r2!.op('GetFrequentReports')).body)).toEqual([]);
  });

  it('answers a report of another reseller exactly like a missing one (404), and counts nothing', async () => {
    const foreign = await clients.r1!.op('ExecuteReport', { name: 'ResellerMargins' });
    const missing = await clients.r1!.op('ExecuteReport', { name: 'NoSuchReport' });

    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.body.detail).toBe(missing.body.detail);
    const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM report_usage WHERE report_id = $1', [
      R2_REPORT_ID,
    ]);
    expect(row?.n).toBe(0);
  });

  it('names the field of a bad request', async () => {
    const res = await clients.r1!.op('ExecuteReport', { name: '  ' });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'name', message: 'Choose a report' }]);
  });

  it('writes an audit row naming the report opened', async () => {
    const [row] = await t.db.query<{ after: unknown }>(
      "SELECT after FROM audit_log WHERE operation = 'ExecuteReport' ORDER BY id DESC LIMIT 1",
    );
    expect(row?.after).toEqual({ ReportId: DEMO_REPORT_ID, ReportName: 'Account overview' });
  });
});
