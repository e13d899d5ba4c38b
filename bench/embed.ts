/**
 * Embedding benchmark: our library (packages/embed) next to powerbi-client 2.23.1.
 *
 * - Bundle size: dist/powerbi.min.js of each, minified and gzip -9.
 * - Embed-to-loaded: in headless Chromium, the time from powerbi.embed() to the report's `loaded`
 *   event against our embed host, served by the real server on PGlite with the demo tenant. Both
 *   libraries talk to the same host, so the difference is the library's own work. The floor,
 *   measured in the same page and run, is one fetch of the report data the host itself reads
 *   (GET /api/embed/data): loaded can never come sooner than that.
 *
 * Run alone with `npx tsx bench/embed.ts [--iterations N]`; `npm run bench` runs it after the
 * database benchmarks unless `--skip-embed` is given.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-seed.js';
import { CHROMIUM, openBrowserBench, p90, root } from './browser-bench.js';
import { median } from './measure.js';

const require = createRequire(join(root, 'packages/embed/package.json'));
const OURS = join(root, 'packages/embed/dist/powerbi.min.js');
const REFERENCE = require.resolve('powerbi-client/dist/powerbi.min.js');

const REPORT_ID = '6f1d3c2a-8b4e-4f7a-9c1d-0a5e2b7c9d11';
const WORKGROUP_ID = '2c9e7b15-4d3a-4e8f-b6a1-7f0d9e3c5a22';

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

const PAGE = (script: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head>
<body><div id="c" style="width:1000px;height:700px"></div><script src="${script}"></script></body></html>`;

function sizes() {
  const measure = (file: string) => {
    const bytes = readFileSync(file);
    return { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  };
  const ours = measure(OURS);
  const reference = measure(REFERENCE);
  console.log('\nEmbed library bundle (dist/powerbi.min.js)');
  console.log('library                  min          min+gzip     ratio to reference (min+gzip)');
  console.log(
    `@portal/embed            ${kib(ours.min).padEnd(12)} ${kib(ours.gzip).padEnd(12)} ${(ours.gzip / reference.gzip).toFixed(3)}`,
  );
  console.log(`powerbi-client 2.23.1    ${kib(reference.min).padEnd(12)} ${kib(reference.gzip).padEnd(12)} 1.000`);
}

export async function runEmbedBench(options: { iterations?: number } = {}) {
  const iterations = options.iterations ?? 30;
  if (!existsSync(OURS)) {
    console.log('\nEmbed benchmark skipped: build the library first (npm run build -w packages/embed).');
    return;
  }
  sizes();
  if (!existsSync(CHROMIUM) || !existsSync(join(root, 'apps/embed-host/dist/host.js'))) {
    console.log('Embed-to-loaded skipped: needs /usr/bin/chromium and the built embed host (npm run build -w apps/embed-host).');
    return;
  }

  const bench = await openBrowserBench('embed', {
    webDist: null,
    backgroundJobs: false,
    // The bench page (http://127.0.0.1:port) frames the host as https://app.powerbi.com, so the host must
    // allow any framing site here (otherwise the frame is blocked and 'loaded' never comes).
    embedFrameAncestors: ['*'],
  });
  const { base, browser } = bench;
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = { ours: '/bench/ours.js', reference: '/bench/reference.js' } as const;
    await context.route(`${base}/bench/*.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: PAGE(route.request().url().includes('reference') ? scripts.reference : scripts.ours),
      }),
    );
    await context.route(`${base}/bench/ours.js`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: readFileSync(OURS) }),
    );
    await context.route(`${base}/bench/reference.js`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: readFileSync(REFERENCE) }),
    );
    // Both libraries accept only analytics hosts, so that origin is answered by our server.
    await context.route('https://app.powerbi.com/**', async (route) => {
      const url = new URL(route.request().url());
      await route.fulfill({ response: await route.fetch({ url: `${base}${url.pathname}${url.search}` }) });
    });
    const signIn = await page.request.post(`${base}/api/op/Authenticate`, {
      data: { Username: 'provider.admin', Password: DEMO_PASSWORD },
    });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);

    // One page per library, sampled alternately so that noise on this shared machine hits both alike.
    const libraries = ['ours', 'reference'] as const;
    const pages = [page, await context.newPage()];
    const results = libraries.map((library) => ({
      library: library === 'ours' ? '@portal/embed' : 'powerbi-client 2.23.1',
      loaded: [] as number[],
      floor: [] as number[],
    }));
    const tokens: unknown[] = [];
    for (const [i, library] of libraries.entries()) {
      const p = pages[i] as typeof page;
      await p.goto(`${base}/bench/${library}.html`);
      tokens.push(
        await p.evaluate(async ({ w, r }) => (await fetch(`/api/powerbi/workgroups/${w}/reports/${r}/token`)).json(), {
          w: WORKGROUP_ID,
          r: REPORT_ID,
        }),
      );
    }
    for (let run = 0; run < iterations + 3; run++) {
      for (const [i] of libraries.entries()) {
        const sample = await (pages[i] as typeof page).evaluate(
          async ({ t, r, w }) => {
            const win = window as any;
            const start = performance.now();
            await (
              await fetch(`/api/embed/data?reportId=${r}&groupId=${w}`, { headers: { authorization: `Bearer ${t.embedToken}` } })
            ).json();
            const floorMs = performance.now() - start;
            const container = document.getElementById('c') as HTMLElement;
            win.powerbi.reset(container);
            const url = new URL(t.embedUrl);
            const begin = performance.now();
            const ms = await new Promise<number>((resolve, reject) => {
              const report = win.powerbi.embed(container, {
                type: 'report',
                id: t.id,
                embedUrl: `https://app.powerbi.com${url.pathname}${url.search}`,
                accessToken: t.embedToken,
                tokenType: win['powerbi-client'].models.TokenType.Embed,
              });
              report.on('loaded', () => resolve(performance.now() - begin));
              report.on('error', (e: CustomEvent) => reject(new Error(JSON.stringify(e.detail))));
            });
            return { floorMs, ms };
          },
          { t: tokens[i] as { embedToken: string; embedUrl: string; id: string }, r: REPORT_ID, w: WORKGROUP_ID },
        );
        // The first runs warm caches and the JIT; they are not counted.
        if (run >= 3) {
          results[i]?.loaded.push(sample.ms);
          results[i]?.floor.push(sample.floorMs);
        }
      }
    }
    const reference = results[1] as (typeof results)[number];
    console.log(`\nEmbed-to-loaded in Chromium, ${iterations} runs each (floor: one fetch of the report data in the same page)`);
    console.log('library                  median      p90         floor median   ratio to floor   ratio to reference');
    for (const r of results) {
      console.log(
        `${r.library.padEnd(24)} ${`${median(r.loaded).toFixed(1)} ms`.padEnd(11)} ${`${p90(r.loaded).toFixed(1)} ms`.padEnd(11)} ${`${median(r.floor).toFixed(1)} ms`.padEnd(14)} ${(median(r.loaded) / median(r.floor)).toFixed(2).padEnd(16)} ${(median(r.loaded) / median(reference.loaded)).toFixed(3)}`,
      );
    }
  } finally {
    await bench.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf('--iterations');
  await runEmbedBench({ iterations: at > 0 ? Number(process.argv[at + 1]) : undefined });
}
