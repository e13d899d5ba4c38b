/**
 * BI reports as a user opens them, in headless Chromium against the real server (built web app, PGlite, demo
 * tenant, job runner in the background as `npm start` runs it):
 *
 * - Reports page: from #/Reports to the open report's `loaded` ("Loaded ..." beside its name), "Orders and
 *   revenue" as provider.admin.
 * - Account report, first open: from #/Account/View/{id} to the Usage report tab drawn (data-loaded), each run the
 *   first look at that page for the account (its preparation record is deleted before the run), so it includes
 *   queueing and running the preparation job.
 *
 * Both print as ratios to a floor measured in the same page and run: one fetch of the report's data
 * (GET /api/embed/data with an embed token), which neither can beat. Run alone with
 * `npx tsx bench/bi-reports.ts [--iterations N]` (needs `npm run build`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { DEMO_ORDERS_REPORT_ID, DEMO_WORKGROUP_ID } from '../apps/server/src/domains/reports/index.js';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-seed.js';
import { CHROMIUM, openBrowserBench, p90, root, WEB_DIST } from './browser-bench.js';
import { median } from './measure.js';

const ACCOUNT = 'Keystone Realty';
const PAGE_NAME = 'Usage_report';

/** One fetch of a report's data with an embed token, timed in the page (the floor). */
async function dataFetchMs(page: Page, token: { embedToken: string }, reportId: string) {
  return page.evaluate(
    async ({ t, r, w }) => {
      const start = performance.now();
      await (await fetch(`/api/embed/data?reportId=${r}&groupId=${w}`, { headers: { authorization: `Bearer ${t}` } })).json();
      return performance.now() - start;
    },
    { t: token.embedToken, r: reportId, w: DEMO_WORKGROUP_ID },
  );
}

export async function runBiReportsBench(options: { iterations?: number } = {}) {
  const iterations = options.iterations ?? 10;
  if (!existsSync(join(WEB_DIST, 'index.html')) || !existsSync(join(root, 'apps/embed-host/dist/host.js'))) {
    console.log('\nBI reports benchmark skipped: build the web app and the embed host first (npm run build).');
    return;
  }
  if (!existsSync(CHROMIUM)) {
    console.log('\nBI reports benchmark skipped: needs /usr/bin/chromium.');
    return;
  }
  // The job runner in the background, as `npm start` runs it: the account report's preparation is a job.
  const bench = await openBrowserBench('bi', { webDist: WEB_DIST });
  const { db, base, browser } = bench;
  try {
    const [account] = await db.query<{ id: number }>('SELECT id FROM accounts WHERE display_name = $1', [ACCOUNT]);
    if (!account) throw new Error(`${ACCOUNT} is not in the demo tenant`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const signIn = await page.request.post(`${base}/api/op/Authenticate`, {
      data: { Username: 'provider.admin', Password: DEMO_PASSWORD },
    });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    await page.goto(`${base}/#/Reports`);
    await page.getByRole('heading', { name: 'Most frequently used reports' }).waitFor();
    const tokenPath = (reportId: string, accountId?: number) =>
      `/api/powerbi/workgroups/${DEMO_WORKGROUP_ID}/reports/${reportId}${accountId ? `/accounts/${accountId}` : ''}/token`;
    const ordersToken = await (await page.request.get(`${base}${tokenPath(DEMO_ORDERS_REPORT_ID)}`)).json();
    const usagePage = await db.query<{ report_id: string }>(
      "SELECT report_id FROM account_report_pages WHERE name = $1 AND account_type = 'Company'",
      [PAGE_NAME],
    );
    const usageReportId = usagePage[0]?.report_id;
    if (!usageReportId) throw new Error('the demo has no Usage report page');
    const usageToken = await (await page.request.get(`${base}${tokenPath(usageReportId, account.id)}`)).json();

    const rows = {
      reports: { name: 'Reports page, Orders and revenue', ms: [] as number[], floor: [] as number[] },
      account: { name: 'Account report, first open', ms: [] as number[], floor: [] as number[] },
    };
    for (let run = 0; run < iterations + 2; run++) {
      // The Reports page: from the landing page to the report's loaded.
      await page.goto(`${base}/#/Reports`);
      await page.getByRole('heading', { name: 'Most frequently used reports' }).waitFor();
      const reportsFloor = await dataFetchMs(page, ordersToken, DEMO_ORDERS_REPORT_ID);
      let started = performance.now();
      await page.evaluate(() => {
        window.location.hash = '#/Reports/OrdersAndRevenue';
      });
      await page
        .getByTestId('report-loaded-at')
        .filter({ hasText: /^Loaded / })
        .waitFor({ timeout: 60_000 });
      const reportsMs = performance.now() - started;

      // The account page, then the first open of its Usage report tab.
      await db.query('DELETE FROM account_report_preparations WHERE account_id = $1 AND page_name = $2', [account.id, PAGE_NAME]);
      await page.goto(`${base}/#/Account/View/${account.id}`);
      await page.getByRole('tab', { name: 'Usage report' }).waitFor();
      const accountFloor = await dataFetchMs(page, usageToken, usageReportId);
      started = performance.now();
      await page.getByRole('tab', { name: 'Usage report' }).click();
      await page.locator('[data-testid="account-report"][data-loaded="true"]').waitFor({ timeout: 60_000 });
      const accountMs = performance.now() - started;
      // The first runs warm caches and the JIT; they are not counted.
      if (run >= 2) {
        rows.reports.ms.push(reportsMs);
        rows.reports.floor.push(reportsFloor);
        rows.account.ms.push(accountMs);
        rows.account.floor.push(accountFloor);
      }
    }
    console.log(`\nBI reports in Chromium, ${iterations} runs each (floor: one fetch of the report's data, GET /api/embed/data)`);
    console.log('view                                median      p90         floor median   ratio to floor');
    for (const r of Object.values(rows)) {
      console.log(
        `${r.name.padEnd(35)} ${`${median(r.ms).toFixed(1)} ms`.padEnd(11)} ${`${p90(r.ms).toFixed(1)} ms`.padEnd(11)} ${`${median(r.floor).toFixed(1)} ms`.padEnd(14)} ${(median(r.ms) / median(r.floor)).toFixed(1)}`,
      );
    }
  } finally {
    await bench.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf('--iterations');
  await runBiReportsBench({ iterations: at > 0 ? Number(process.argv[at + 1]) : undefined });
}
