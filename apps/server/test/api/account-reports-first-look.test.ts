import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_REPORT_STATUS_WAIT_MS, seedDemoAccountReportPages } from '../../src/domains/account-reports/index.js';
import { seedDemoReports } from '../../src/domains/reports/index.js';
import { enqueueJob, waitForJobEnd } from '../../src/platform/jobs/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

// Decision 0058: the first open of an account report tab answers Ready when the preparation is short, instead of
// InProgress followed by the tab's 30 s countdown. These tests run the job runner in the background, as the server does.
let t: TestApp;
let client: ApiClient;
const ids = {} as Record<'P' | 'R' | 'C' | 'C2', number>;

const status = async (accountId: number, page: string) => {
  const started = performance.now();
  const res = await fetch(`${t.url}/api/accounts/${accountId}/reports/${page}/status`, {
    headers: { cookie: client.cookie ?? '' },
  });
  return { status: res.status, body: await res.json(), ms: performance.now() - started };
};

beforeAll(async () => {
  t = await buildTestApp({ app: { backgroundJobs: true, jobsWorker: 'in-process' } });
  ids.P = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'P' });
  ids.R = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'R' });
  ids.C = await makeAccount(t.db, { type: 'Company', parentId: ids.R, displayName: 'C' });
  ids.C2 = await makeAccount(t.db, { type: 'Company', parentId: ids.R, displayName: 'C2' });
  await makeAccount(t.db, { type: 'Product', parentId: ids.C, displayName: 'Sub' });
  await seedDemoReports(t.db);
  await seedDemoAccountReportPages(t.db);
  const user = await makeUser(t.db, { parentId: ids.R, capabilities: [...READ_ALL, 'ACCOUNT_REPORT_READ'] });
  client = await new ApiClient(t.url).signIn(user.username);
});
afterAll(() => t.close());

describe('the first look at an account report, with the job runner running', () => {
  it('[A7.3] answers Ready with what was prepared, well within the wait, instead of InProgress', async () => {
    const first = await status(ids.C, 'Usage_report');

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'Ready', progress: 100, preparedAt: expect.any(String) });
    expect(first.body.message).toMatch(/^Prepared .*: 1 row of subscriptions/);
    // Woken by the runner when the job ends, not by the end of the wait.
    expect(first.ms).toBeLessThan(ACCOUNT_REPORT_STATUS_WAIT_MS);
  });

  it('[A7.3] a refresh still answers at once (InProgress), and the next look answers Ready', async () => {
    const res = await fetch(`${t.url}/api/accounts/${ids.C2}/reports/Orders_report/refresh`, {
      method: 'POST',
      headers: { cookie: client.cookie ?? '' },
    });
    const refreshed = await res.json();

    expect(refreshed.status).toBe('InProgress');
    const next = await status(ids.C2, 'Orders_report');
    expect(next.body.status).toBe('Ready');
  });
});

describe('waitForJobEnd', () => {
  it('answers the job as it is when the wait runs out, and null for a job that does not exist', async () => {
    // A type no handler runs: it stays queued.
    const id = await enqueueJob(t.db, { type: 'test.never-run', payload: {}, createdBy: null, accountId: null });
    const started = performance.now();

    const row = await waitForJobEnd(t.db, id, { timeoutMs: 300, pollMs: 50 });

    expect(row?.status).toBe('queued');
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(await waitForJobEnd(t.db, '00000000-0000-4000-8000-000000000000', { timeoutMs: 300 })).toBeNull();
  });
});
