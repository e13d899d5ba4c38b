/**
 * Web app benchmark: what the browser fetches and how soon an account page is painted.
 *
 * - JavaScript of the sign-in page and of an account page: every script headless Chromium requests
 *   (cold cache) until the page is shown and the network is idle, each gzip -9 as sent compressed,
 *   summed. The account page is the signed-in provider administrator's own organisation.
 * - Time to a painted account page: from navigation (cold cache, signed in) until its heading is
 *   visible, as a ratio to the time of a trivial page (one heading) served by the same server in the
 *   same run, sampled alternately so that noise on this shared machine hits both alike.
 *
 * Needs the built web app (`npm run build`) and /usr/bin/chromium. Run alone with
 * `npx tsx bench/web.ts [--iterations N] [--files]` (`--files`: each script's gzip size too, largest first); `npm run
 * bench` runs it at the end unless `--skip-web`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-seed.js';
import { CHROMIUM, openBrowserBench, WEB_DIST } from './browser-bench.js';
import { median } from './measure.js';

const TRIVIAL =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head><body><h1>Trivial</h1></body></html>';

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** The scripts a page requests while `open` runs: their count and the sum of their gzip -9 sizes. */
async function scriptsOf(context: BrowserContext, open: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) bodies.set(response.url(), response.body());
  });
  await open(page);
  await page.waitForLoadState('networkidle');
  let gzip = 0;
  let raw = 0;
  const each: { name: string; gzip: number }[] = [];
  for (const [url, body] of bodies) {
    const bytes = await body;
    const zipped = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gzip += zipped;
    each.push({ name: new URL(url).pathname.split('/').pop() ?? url, gzip: zipped });
  }
  await page.close();
  return { files: bodies.size, raw, gzip, each: each.sort((a, b) => b.gzip - a.gzip) };
}

export async function runWebBench(options: { iterations?: number; files?: boolean } = {}) {
  const iterations = options.iterations ?? 10;
  if (!existsSync(join(WEB_DIST, 'index.html')) || !existsSync(CHROMIUM)) {
    console.log('\nWeb app benchmark skipped: needs the built web app (npm run build) and /usr/bin/chromium.');
    return;
  }
  const bench = await openBrowserBench('web', { webDist: WEB_DIST, backgroundJobs: false });
  const { base, browser } = bench;
  try {
    // A signed-in session, reused by every account page run.
    const signedIn = await browser.newContext();
    const signIn = await signedIn.request.post(`${base}/api/op/Authenticate`, {
      data: { Username: 'provider.admin', Password: DEMO_PASSWORD },
    });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    const me = (await (await signedIn.request.post(`${base}/api/op/GetCurrentUser`, { data: {} })).json()) as {
      CompanyAccountId: number;
    };
    const cookies = await signedIn.cookies();
    await signedIn.close();
    const accountUrl = `${base}/#/Account/View/${me.CompanyAccountId}`;
    const fresh = async (withSession: boolean) => {
      const context = await browser.newContext();
      if (withSession) await context.addCookies(cookies);
      await context.route(`${base}/bench/trivial.html`, (route) => route.fulfill({ contentType: 'text/html', body: TRIVIAL }));
      return context;
    };

    const signInContext = await fresh(false);
    const signInJs = await scriptsOf(signInContext, async (page) => {
      await page.goto(`${base}/#/login`);
      await page.getByLabel('Username').waitFor();
    });
    await signInContext.close();
    const accountContext = await fresh(true);
    const accountJs = await scriptsOf(accountContext, async (page) => {
      await page.goto(accountUrl);
      await page.locator('#main h1').first().waitFor();
    });
    await accountContext.close();
    console.log('\nWeb app: JavaScript requested by headless Chromium (cold cache), each file gzip -9');
    console.log('page                     files   raw          gzip');
    console.log(
      `sign-in (#/login)        ${String(signInJs.files).padEnd(7)} ${kib(signInJs.raw).padEnd(12)} ${kib(signInJs.gzip)}`,
    );
    console.log(
      `account page             ${String(accountJs.files).padEnd(7)} ${kib(accountJs.raw).padEnd(12)} ${kib(accountJs.gzip)}`,
    );
    if (options.files)
      for (const [name, js] of [
        ['sign-in', signInJs],
        ['account page', accountJs],
      ] as const) {
        console.log(`\n${name}, each script gzip -9, largest first:`);
        for (const file of js.each) console.log(`  ${kib(file.gzip).padStart(10)}  ${file.name}`);
      }

    // Time to a painted page, cold cache each run, alternating with the trivial page; 2 warm-up rounds.
    const account: number[] = [];
    const trivial: number[] = [];
    for (let run = 0; run < iterations + 2; run++) {
      for (const kind of ['trivial', 'account'] as const) {
        const context = await fresh(kind === 'account');
        const page = await context.newPage();
        const start = performance.now();
        if (kind === 'trivial') {
          await page.goto(`${base}/bench/trivial.html`);
          await page.locator('h1').waitFor();
        } else {
          await page.goto(accountUrl);
          await page.locator('#main h1').first().waitFor();
        }
        const ms = performance.now() - start;
        if (run >= 2) (kind === 'account' ? account : trivial).push(ms);
        await context.close();
      }
    }
    console.log(`\nTime to a painted page in headless Chromium, cold cache, ${iterations} runs each`);
    console.log('page                     median      ratio to trivial');
    console.log(`trivial page             ${`${median(trivial).toFixed(1)} ms`.padEnd(11)} 1.00`);
    console.log(
      `account page             ${`${median(account).toFixed(1)} ms`.padEnd(11)} ${(median(account) / median(trivial)).toFixed(2)}`,
    );
  } finally {
    await bench.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf('--iterations');
  await runWebBench({ iterations: at > 0 ? Number(process.argv[at + 1]) : undefined, files: process.argv.includes('--files') });
}
