/**
 * Account-hierarchy and server benchmarks. Nothing is asserted: every figure is printed as a ratio
 * against a floor measured in the same run on the same machine (see README.md).
 *
 *   npm run bench                  100,000 generated accounts; PGlite, then PostgreSQL when DATABASE_URL is set
 *   npm run bench -- --large       1,000,000 generated accounts
 *   npm run bench -- --size 20000 --duration 2 --skip-postgres
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { findLocationInScope } from '../apps/server/src/domains/accounts/index.js';
import { createCallerResolver, SESSION_COOKIE } from '../apps/server/src/domains/auth/index.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../apps/server/src/platform/db/paths.js';
import { parseServerTiming } from '../apps/server/src/platform/db/query-stats.js';
import { isInScope } from '../apps/server/src/platform/tenancy/scope.js';
import { DEMO_PASSWORD, seedDemo, seedLargeHierarchy } from '../apps/server/src/seed/demo-seed.js';
import { runBiReportsBench } from './bi-reports.js';
import { runEmbedBench } from './embed.js';
import { type Backend, benchSecrets, createResellerAdmin, findTargets, openBenchDb } from './fixture.js';
import { BenchClient, serverTimings } from './http-client.js';
import { type LoadResult, runLoad } from './load.js';
import { Floor, formatInt, formatMs, formatRatio, measure, median, type Timing, table } from './measure.js';
import { runPlaceOrderBench } from './place-order.js';
import { runPricingDealsBench } from './pricing-deals.js';
import { runQuotePricingBench } from './quote-pricing.js';
import { runWebBench } from './web.js';

const { values: args } = parseArgs({
  options: {
    large: { type: 'boolean', default: false },
    size: { type: 'string' },
    iterations: { type: 'string', default: '200' },
    'max-seconds': { type: 'string', default: '10' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-postgres': { type: 'boolean', default: false },
    'skip-embed': { type: 'boolean', default: false },
    'skip-bi-reports': { type: 'boolean', default: false },
    'skip-web': { type: 'boolean', default: false },
    'skip-place-order': { type: 'boolean', default: false },
    'skip-pricing-deals': { type: 'boolean', default: false },
    'skip-quote-pricing': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});

if (args.help) {
  console.log(`Usage: npm run bench [-- options]
  --large            generate 1,000,000 accounts (default 100,000)
  --size N           generate N accounts (at least 100)
  --iterations N     upper bound of measured runs per latency figure (default 200)
  --max-seconds S    upper bound of measuring time per latency figure (default 10)
  --duration S       seconds of each throughput run, after 1 s of warm-up (default 5)
  --connections N    concurrent keep-alive connections of throughput runs (default 10)
  --skip-pglite      only the PostgreSQL pass (needs DATABASE_URL)
  --skip-postgres    only the PGlite pass
  --skip-embed       leave out the embed library benchmark (bundle size, embed-to-loaded)
  --skip-bi-reports  leave out the BI reports benchmark (Reports page report, first open of an account report)
  --skip-web         leave out the web app benchmark (JavaScript per page, time to a painted account page)
  --skip-place-order leave out the ordering benchmark (PlaceOrder with a dependency, bench/place-order.ts)
  --skip-pricing-deals leave out the pricing benchmark (1,000 subscriptions with discounts and deals, bench/pricing-deals.ts)
  --skip-quote-pricing leave out the quote benchmark (pricing a 100-line sales quote, bench/quote-pricing.ts)`);
  process.exit(0);
}

const positiveInt = (name: string, raw: string | undefined, min = 1) => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number, at least ${min}`);
    process.exit(2);
  }
  return n;
};

const SIZE = args.size !== undefined ? positiveInt('size', args.size, 100) : args.large ? 1_000_000 : 100_000;
const ITERATIONS = positiveInt('iterations', args.iterations);
const MAX_MS = positiveInt('max-seconds', args['max-seconds']) * 1000;
const DURATION_MS = positiveInt('duration', args.duration) * 1000;
const CONNECTIONS = positiveInt('connections', args.connections);

const log = (line: string) => process.stderr.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const title = (backend: Backend) => (backend === 'pglite' ? 'PGlite' : 'PostgreSQL');

interface Row {
  key: string;
  timing: Timing;
  /** Statements and round trips of one run (the median over the measured runs), through the Db's counters. */
  statements: number;
  roundTrips: number;
  /** HTTP rows: median milliseconds of each phase the server reported (Server-Timing). */
  phases: Map<string, number> | null;
}

interface BackendReport {
  backend: Backend;
  rows: Row[];
  floor: Timing;
  /** The floor's passes, as `Floor.describe` prints them. */
  floorPasses: string;
  /** The 1-minute load average at the first floor pass and after the last latency line's. */
  loadAverage: { start: number; end: number };
  load: { key: string; name: string; result: LoadResult }[];
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  const ms = performance.now() - started;
  log(`  ${label}: ${seconds(ms)}`);
  return { value, ms };
}

async function startTrivialServer(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  app.post('/noop', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}` };
}

async function runBackend(backend: Backend): Promise<BackendReport> {
  log(`\n== ${title(backend)}: ${formatInt(SIZE)} generated accounts ==`);
  const bench = await openBenchDb(backend);
  log(`  database: ${bench.location}`);
  const { db } = bench;
  let app: FastifyInstance | null = null;
  let trivial: FastifyInstance | null = null;
  /** The second app beside `app`: with kept answers on for the latency rows (the kept page), off for the throughput. */
  let secondApp: FastifyInstance | null = null;
  const clients: BenchClient[] = [];
  try {
    await timed('migrate', () => migrate(db, MIGRATIONS_DIR));
    await timed('seedDemo', () => seedDemo(db));
    // Progress on a terminal only: seedLargeHierarchy commits one chunk of companies at a time.
    const tty = process.stderr.isTTY === true;
    const generated = await timed(`seedLargeHierarchy(${formatInt(SIZE)})`, () =>
      seedLargeHierarchy(db, SIZE, (done) => {
        if (tty) process.stderr.write(`\r    ${formatInt(done)} accounts`);
      }).finally(() => {
        if (tty) process.stderr.write('\r\x1b[K');
      }),
    );
    const perSecond = generated.value.accounts / (generated.ms / 1000);
    log(`    ${formatInt(generated.value.accounts)} accounts, ${formatInt(perSecond)} accounts/s`);
    // Fresh bulk data: give the planner statistics, as autovacuum would soon after on a live system.
    await timed('ANALYZE', () => db.exec('ANALYZE'));
    const [{ total = 0 } = {}] = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM accounts');

    const resellerId = generated.value.resellerId;
    const resellerUser = await createResellerAdmin(db, resellerId);
    const t = await timed('pick targets', () => findTargets(db, resellerId));
    const targets = t.value;

    // The latency rows measure what each operation computes: kept answers (decision 0069) are off here, and one row
    // of its own, on a second app, measures a kept account page.
    app = await buildApp({ secrets: benchSecrets, db, webDist: null, logger: false, serverTiming: true, keepAnswers: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const url = `http://127.0.0.1:${port}`;
    const trivialServer = await startTrivialServer();
    trivial = trivialServer.app;

    const provider = await new BenchClient(url).signIn('provider.admin', DEMO_PASSWORD);
    const reseller = await new BenchClient(url).signIn(resellerUser, DEMO_PASSWORD);
    const noop = new BenchClient(trivialServer.url);
    clients.push(provider, reseller, noop);
    const me = await reseller.op('GetCurrentUser');
    if (me.CompanyAccountId !== resellerId)
      throw new Error(`the reseller admin's scope is ${me.CompanyAccountId}, not ${resellerId}`);

    // The cursor of ListAccountSubtree is the base64url of the last path returned: jump straight to a
    // position 90% through the subtree instead of paging there. Checked below: it must be accepted.
    const deepCursor = Buffer.from(targets.deepPagePath, 'utf8').toString('base64url');
    const deepPage = await reseller.op('ListAccountSubtree', { id: resellerId, cursor: deepCursor, limit: 50 });
    if (deepPage.Items.length !== 50 || !deepPage.NextCursor) throw new Error('the deep subtree page is not a full page');

    const users = targets.deepUsers;
    const user = (i: number) => users[i % users.length] as number;
    const options = { iterations: ITERATIONS, maxMs: MAX_MS };
    const rows: Row[] = [];
    // The floor is measured in short passes, one before the first line and one after each line, and is the median of
    // the passes (measure.ts `Floor`): one busy or quiet moment of the shared machine moves it less than it moved a
    // single measurement at the start (132 to 468 µs between two quiet runs, 2026-11-27).
    const floorCounts = { statements: [] as number[], roundTrips: [] as number[] };
    const floor = new Floor(
      'floor: SELECT id FROM accounts WHERE id = $1 (db)',
      async (i) => {
        const before = { ...db.stats };
        await db.query('SELECT id FROM accounts WHERE id = $1', [user(i)]);
        floorCounts.statements.push(db.stats.statements - before.statements);
        floorCounts.roundTrips.push(db.stats.roundTrips - before.roundTrips);
      },
      { iterations: ITERATIONS, maxMs: Math.min(MAX_MS, 2_000) },
    );
    const floorPass = async () => {
      const pass = await floor.pass();
      log(`  floor pass ${floor.passes.length}: ${formatMs(pass.median)} (p95 ${formatMs(pass.p95)})`);
    };
    const add = async (key: string, name: string, fn: (i: number) => Promise<unknown>) => {
      const statements: number[] = [];
      const roundTrips: number[] = [];
      // The server runs in this process on this Db: its counters see every statement of a run.
      const counted = async (i: number) => {
        const before = { ...db.stats };
        await fn(i);
        statements.push(db.stats.statements - before.statements);
        roundTrips.push(db.stats.roundTrips - before.roundTrips);
      };
      const sink: string[] = [];
      serverTimings.sink = sink;
      const timing = await measure(name, counted, options).finally(() => {
        serverTimings.sink = null;
      });
      // The warm-up runs come first: profile the measured ones only.
      const measured = sink.slice(-timing.runs).map(parseServerTiming);
      let phases: Map<string, number> | null = null;
      if (measured.length > 0) {
        phases = new Map();
        const names = new Set(measured.flatMap((m) => m.phases.map((p) => p.name)));
        for (const phaseName of names)
          phases.set(
            phaseName,
            median(measured.map((m) => m.phases.filter((p) => p.name === phaseName).reduce((sum, p) => sum + p.ms, 0))),
          );
        phases.set('total', median(measured.map((m) => m.totalMs)));
      }
      const last = (values: number[]) => median(values.slice(-timing.runs));
      rows.push({ key, timing, statements: last(statements), roundTrips: last(roundTrips), phases });
      log(`  ${name}: ${formatMs(timing.median)}, ${last(statements)} statements`);
      await floorPass();
      return timing;
    };

    log(`  latency (median of up to ${ITERATIONS} runs or ${seconds(MAX_MS)} each):`);
    const loadStart = os.loadavg()[0] as number;
    await floorPass();
    await add('http-noop', 'HTTP round trip to a trivial Fastify route', () => noop.post('/noop', {}));
    await add('current-user', 'GetCurrentUser (HTTP, provider.admin)', () => provider.op('GetCurrentUser'));
    await add('load-provider', 'LoadAccountById deep user (HTTP, provider.admin)', (i) =>
      provider.op('LoadAccountById', { id: user(i) }),
    );
    await add('load-reseller', 'LoadAccountById deep user (HTTP, reseller admin)', (i) =>
      reseller.op('LoadAccountById', { id: user(i) }),
    );
    secondApp = await buildApp({ secrets: benchSecrets, db, webDist: null, logger: false, serverTiming: true });
    await secondApp.listen({ port: 0, host: '127.0.0.1' });
    const resellerOnKept = new BenchClient(`http://127.0.0.1:${(secondApp.server.address() as { port: number }).port}`);
    resellerOnKept.cookie = reseller.cookie;
    clients.push(resellerOnKept);
    await add('load-kept', 'LoadAccountById deep user read again: a kept answer (HTTP, reseller admin)', () =>
      resellerOnKept.op('LoadAccountById', { id: user(0) }),
    );
    await secondApp.close();
    secondApp = null;
    // A demo subscription's page runs every account extension (provisioning, price protection, the exchange
    // rate banner, orders); the price preview prices it and converts the purchase price (decision 0029).
    const demoProducts = (
      await db.query<{ id: number }>(
        "SELECT id FROM accounts WHERE account_type = 'Product' AND product_name IS NOT NULL ORDER BY id LIMIT 20",
      )
    ).map((r) => r.id);
    if (demoProducts.length === 0) throw new Error('no demo subscriptions to measure');
    const product = (i: number) => demoProducts[i % demoProducts.length] as number;
    await add('load-product', 'LoadAccountById demo subscription (HTTP, provider.admin)', (i) =>
      provider.op('LoadAccountById', { id: product(i) }),
    );
    await add('price-preview', 'GetAccountPricePreview demo subscription (HTTP, provider.admin)', (i) =>
      provider.op('GetAccountPricePreview', { accountId: product(i) }),
    );
    await add('hierarchy-company', 'GetPartialCompanyHierarchy depth 1, a company', () =>
      reseller.op('GetPartialCompanyHierarchy', { id: targets.companyId, depth: 1 }),
    );
    await add(
      'hierarchy-reseller',
      `GetPartialCompanyHierarchy depth 1, the reseller (100 of ${formatInt(targets.companies)})`,
      () => reseller.op('GetPartialCompanyHierarchy', { id: resellerId, depth: 1, childLimit: 100 }),
    );
    await add('subtree-first', 'ListAccountSubtree first page (50), reseller', () =>
      reseller.op('ListAccountSubtree', { id: resellerId, cursor: null, limit: 50 }),
    );
    await add('subtree-deep', 'ListAccountSubtree page at 90% (cursor), reseller', () =>
      reseller.op('ListAccountSubtree', { id: resellerId, cursor: deepCursor, limit: 50 }),
    );

    // A large answer as a browser asks for it (Accept-Encoding): compressed from 1 KiB, brotli first; the same
    // answer uncompressed, for the cost of compressing it.
    const browser = new BenchClient(url);
    browser.cookie = reseller.cookie;
    browser.acceptEncoding = 'gzip, deflate, br';
    clients.push(browser);
    const list100 = { id: resellerId, cursor: null, limit: 100 };
    await add('subtree-100', 'ListAccountSubtree 100 rows, reseller, uncompressed', () =>
      reseller.op('ListAccountSubtree', list100),
    );
    await add('subtree-100-br', 'ListAccountSubtree 100 rows, reseller, br (a browser)', async () => {
      const reply = await browser.post('/api/op/ListAccountSubtree', list100);
      if (reply.status !== 200 || reply.encoding !== 'br') throw new Error(`expected a br answer, got ${reply.encoding}`);
    });
    const sizeOf = async (path: string, body: unknown, acceptEncoding: string | null) => {
      browser.acceptEncoding = acceptEncoding;
      const reply = await browser.post(path, body);
      return `${formatInt(reply.bytes)} B ${reply.encoding ?? 'uncompressed'}`;
    };
    const listPath = '/api/op/ListAccountSubtree';
    const loadBody = { id: user(0) };
    log(
      `  answer sizes: ListAccountSubtree 100 rows ${await sizeOf(listPath, list100, null)}, ` +
        `${await sizeOf(listPath, list100, 'gzip')}, ${await sizeOf(listPath, list100, 'gzip, deflate, br')}; ` +
        `LoadAccountById deep user ${await sizeOf('/api/op/LoadAccountById', loadBody, 'gzip, deflate, br')}; ` +
        `ListAccountSubtree 5 rows ${await sizeOf(listPath, { ...list100, limit: 5 }, 'gzip, deflate, br')}`,
    );

    // The tenant scope: the guard's lookup of the touched account, and the caller (session,
    // organisation, capabilities) every signed-in request resolves first.
    const scopeRoot = targets.resellerPath;
    await add('scope-guard', 'tenant guard: locate account in scope (db)', async (i) => {
      const located = await findLocationInScope(db, user(i), scopeRoot);
      if (!located || !isInScope(scopeRoot, located.path)) throw new Error('a target fell outside the scope');
    });
    const resolveCaller = createCallerResolver({ sessionHours: 12 });
    const token = reseller.cookie?.slice(`${SESSION_COOKIE}=`.length) ?? '';
    const fakeRequest = { cookies: { [SESSION_COOKIE]: token } } as unknown as FastifyRequest;
    await add('scope-caller', 'caller resolution: session + scope + capabilities (db)', async () => {
      if (!(await resolveCaller(db, fakeRequest))) throw new Error('the session did not resolve');
    });
    await add('scope-reject', 'out-of-scope LoadAccountById -> 404 (HTTP, reseller)', async () => {
      const reply = await reseller.post('/api/op/LoadAccountById', { id: targets.outsideAccountId });
      if (reply.status !== 404) throw new Error(`expected 404 outside the scope, got ${reply.status}`);
    });

    const loadAverage = { start: loadStart, end: os.loadavg()[0] as number };

    // Throughput runs against the app as production runs it, without Server-Timing: the latency rows' profiles
    // (per-request storage that Node tracks through every promise) would cost each request more than some of what
    // is measured. The sessions are in the database, so the cookies stay good.
    for (const c of clients) c.close();
    clients.length = 0;
    await app.close();
    app = await buildApp({ secrets: benchSecrets, db, webDist: null, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const plainUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    secondApp = await buildApp({ secrets: benchSecrets, db, webDist: null, logger: false, keepAnswers: false });
    await secondApp.listen({ port: 0, host: '127.0.0.1' });
    const computingUrl = `http://127.0.0.1:${(secondApp.server.address() as { port: number }).port}`;
    log(`  throughput (${CONNECTIONS} connections, ${seconds(DURATION_MS)} each after 1 s warm-up, no Server-Timing):`);
    const load: BackendReport['load'] = [];
    const loadRun = async (key: string, name: string, baseUrl: string, path: string, body: unknown, cookie: string | null) => {
      const result = await runLoad({ baseUrl, path, body, cookie, connections: CONNECTIONS, durationMs: DURATION_MS });
      if (result.ok === 0) throw new Error(`${name}: no successful request (${result.firstFailure ?? 'no answer'})`);
      load.push({ key, name, result });
      log(
        `  ${name}: ${formatInt(result.rps)} req/s${result.failed ? ` (${result.failed} failed: ${result.firstFailure})` : ''}`,
      );
    };
    await loadRun('noop', 'trivial Fastify route (POST /noop)', trivialServer.url, '/noop', {}, null);
    await loadRun('current-user', 'POST /api/op/GetCurrentUser', plainUrl, '/api/op/GetCurrentUser', {}, provider.cookie);
    await loadRun(
      'load-account',
      'POST /api/op/LoadAccountById (deep user)',
      plainUrl,
      '/api/op/LoadAccountById',
      { id: user(0) },
      reseller.cookie,
    );
    await loadRun(
      'load-account-computed',
      'POST /api/op/LoadAccountById (deep user), every answer computed (kept answers off)',
      computingUrl,
      '/api/op/LoadAccountById',
      { id: user(0) },
      reseller.cookie,
    );

    const report: BackendReport = {
      backend,
      rows: [
        {
          key: 'floor',
          timing: floor.timing,
          statements: median(floorCounts.statements),
          roundTrips: median(floorCounts.roundTrips),
          phases: null,
        },
        ...rows,
      ],
      floor: floor.timing,
      floorPasses: floor.describe('p95'),
      loadAverage,
      load,
    };
    printBackend(report, total, generated.ms, perSecond);
    return report;
  } finally {
    for (const c of clients) c.close();
    await app?.close();
    await secondApp?.close();
    await trivial?.close();
    await bench.dispose();
  }
}

function printBackend(report: BackendReport, total: number, generationMs: number, perSecond: number) {
  const floor = report.floor.median;
  console.log(
    `\n${title(report.backend)} — ${formatInt(total)} accounts in the table, ${formatInt(SIZE)} generated in ${seconds(generationMs)} (${formatInt(perSecond)} accounts/s); load average ${report.loadAverage.start.toFixed(1)} -> ${report.loadAverage.end.toFixed(1)} during the latency lines`,
  );
  console.log(
    table(
      ['Latency', 'median', 'p95', 'runs', 'x floor'],
      report.rows.map(({ timing }) => [
        timing.name,
        formatMs(timing.median),
        formatMs(timing.p95),
        String(timing.runs),
        formatRatio(timing.median / floor),
      ]),
    ),
  );
  // The floor is the median of its passes' medians (and p95s); the passes show how much it moved during the run.
  console.log(report.floorPasses);
  console.log('');
  // Where a request's time goes (medians of the server's own Server-Timing phases): session = caller resolution
  // (session, organisation, capabilities); scope = locating the touched account for the tenant guard; loading =
  // the handler without its layout; layout = the account page's layout and tab decisions; serialisation = output
  // validation and JSON; rest = HTTP, routing, input validation (total minus the phases).
  const ms = (phases: Map<string, number> | null, name: string) => {
    const value = phases?.get(name);
    return value === undefined ? '-' : formatMs(value);
  };
  console.log(
    table(
      ['Statements and profile', 'statements', 'round trips', 'session', 'scope', 'loading', 'layout', 'serialisation', 'rest'],
      report.rows.map(({ timing, statements, roundTrips, phases }) => {
        const part = (name: string) => phases?.get(name) ?? 0;
        const loading = phases?.has('handler') ? formatMs(part('handler') - part('layout')) : '-';
        const rest = phases ? formatMs(part('total') - part('caller') - part('scope') - part('handler') - part('output')) : '-';
        return [
          timing.name,
          String(statements),
          String(roundTrips),
          ms(phases, 'caller'),
          ms(phases, 'scope'),
          loading,
          ms(phases, 'layout'),
          ms(phases, 'output'),
          rest,
        ];
      }),
    ),
  );
  const noop = report.load.find((l) => l.key === 'noop')?.result.rps ?? Number.NaN;
  console.log('');
  console.log(
    table(
      ['Throughput', 'req/s', 'median', 'p95', 'x trivial'],
      report.load.map(({ name, result }) => [
        name,
        formatInt(result.rps),
        formatMs(result.medianMs),
        formatMs(result.p95Ms),
        (result.rps / noop).toFixed(3),
      ]),
    ),
  );
}

function printSummary(reports: BackendReport[]) {
  if (reports.length < 2) return;
  const keys = reports[0]?.rows.map((r) => r.key) ?? [];
  console.log(`\nSummary, ${formatInt(SIZE)} generated accounts (ratios against each backend's own floor)`);
  console.log(
    table(
      ['Latency x floor', ...reports.map((r) => title(r.backend))],
      keys.map((key) => [
        reports[0]?.rows.find((r) => r.key === key)?.timing.name ?? key,
        ...reports.map((r) => {
          const row = r.rows.find((x) => x.key === key);
          return row ? formatRatio(row.timing.median / r.floor.median) : '-';
        }),
      ]),
    ),
  );
  console.log('');
  const loadKeys = reports[0]?.load.map((l) => l.key) ?? [];
  console.log(
    table(
      ['Throughput x trivial route', ...reports.map((r) => title(r.backend))],
      loadKeys.map((key) => [
        reports[0]?.load.find((l) => l.key === key)?.name ?? key,
        ...reports.map((r) => {
          const noop = r.load.find((l) => l.key === 'noop')?.result.rps ?? Number.NaN;
          const row = r.load.find((l) => l.key === key);
          return row ? `${(row.result.rps / noop).toFixed(3)} (${formatInt(row.result.rps)}/s)` : '-';
        }),
      ]),
    ),
  );
}

const backends: Backend[] = [];
if (!args['skip-pglite']) backends.push('pglite');
if (!args['skip-postgres'] && process.env.DATABASE_URL) backends.push('postgres');
if (backends.length === 0) {
  console.error('Nothing to run: --skip-pglite needs DATABASE_URL (or run it under scripts/with-postgres.sh).');
  process.exit(2);
}
console.log(
  `Benchmark: node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? '?'}), ${formatInt(SIZE)} generated accounts, backends: ${backends.map(title).join(', ')}`,
);
if (!process.env.DATABASE_URL && !args['skip-postgres']) {
  console.log('DATABASE_URL is not set: PGlite only. For the PostgreSQL pass: scripts/with-postgres.sh npm run bench -w bench');
}

const started = performance.now();
const reports: BackendReport[] = [];
for (const backend of backends) reports.push(await runBackend(backend));
printSummary(reports);
if (!args['skip-place-order']) await runPlaceOrderBench({ skipPglite: args['skip-pglite'], skipPostgres: args['skip-postgres'] });
if (!args['skip-pricing-deals'])
  await runPricingDealsBench({ skipPglite: args['skip-pglite'], skipPostgres: args['skip-postgres'] });
if (!args['skip-quote-pricing'])
  await runQuotePricingBench({ skipPglite: args['skip-pglite'], skipPostgres: args['skip-postgres'] });
if (!args['skip-embed']) await runEmbedBench();
if (!args['skip-bi-reports']) await runBiReportsBench();
if (!args['skip-web']) await runWebBench();
console.log(`\nTotal time ${seconds(performance.now() - started)}.`);
