/**
 * Marketplace search benchmark: SearchServices over many generated services (50,000 by default), a
 * page of 20 with the total of the whole set, through HTTP. Nothing is asserted: every figure is
 * printed as a ratio against a floor measured in the same run (a primary-key select), see README.md.
 *
 *   npx tsx bench/search.ts                               PGlite, then PostgreSQL when DATABASE_URL is set
 *   npx tsx bench/search.ts --services 5000 --skip-postgres
 */
import { parseArgs } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import type { Db } from '../apps/server/src/platform/db/db.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../apps/server/src/platform/db/paths.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo-seed.js';
import { type Backend, benchSecrets, openBenchDb } from './fixture.js';
import { BenchClient } from './http-client.js';
import { formatInt, formatMs, formatRatio, measure, type Timing, table } from './measure.js';
import { generateSearchData, WORDS } from './search-data.js';

const { values: args } = parseArgs({
  options: {
    services: { type: 'string', default: '50000' },
    iterations: { type: 'string', default: '200' },
    'max-seconds': { type: 'string', default: '10' },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-postgres': { type: 'boolean', default: false },
  },
  strict: true,
});

const positiveInt = (name: string, raw: string | undefined, min = 1) => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number, at least ${min}`);
    process.exit(2);
  }
  return n;
};
const SERVICES = positiveInt('services', args.services, 100);
const OPTIONS = {
  iterations: positiveInt('iterations', args.iterations),
  maxMs: positiveInt('max-seconds', args['max-seconds']) * 1000,
};
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Report {
  backend: Backend;
  floor: Timing;
  httpFloor: Timing;
  rows: Timing[];
  /** Statements one run of each row issues (the median over its measured runs, counted by the Db). */
  statements: number[];
}

/** A plain Fastify route answering one primary-key select: the floor of any operation over HTTP. */
async function startFloorServer(db: Db): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  app.post<{ Body: { id: number } }>('/pk', async (request) => {
    const [row] = await db.query('SELECT id FROM accounts WHERE id = $1', [request.body.id]);
    return row ?? null;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}` };
}

async function runBackend(backend: Backend): Promise<Report> {
  log(`\n== ${backend}: ${formatInt(SERVICES)} generated services ==`);
  const bench = await openBenchDb(backend);
  const { db } = bench;
  let app: FastifyInstance | null = null;
  let floorServer: FastifyInstance | null = null;
  const clients: BenchClient[] = [];
  try {
    await migrate(db, MIGRATIONS_DIR);
    await seedDemo(db);
    const start = Date.now();
    await generateSearchData(db, SERVICES);
    log(`  generated in ${((Date.now() - start) / 1000).toFixed(1)} s`);

    app = await buildApp({ secrets: benchSecrets, db, webDist: null, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const url = `http://127.0.0.1:${port}`;
    const provider = await new BenchClient(url).signIn('provider.admin', DEMO_PASSWORD);
    const reseller = await new BenchClient(url).signIn('blueharbor.admin', DEMO_PASSWORD);
    clients.push(provider, reseller);

    const first = await provider.op('SearchServices', { options: {}, page: 1, limit: 20 });
    if (first.Services.length !== 20 || first.Total < SERVICES)
      throw new Error(`expected a full page over ${SERVICES}, got ${first.Total}`);

    const ids = (await db.query<{ id: number }>('SELECT id FROM accounts ORDER BY id LIMIT 200')).map((r) => r.id);
    const floor = await measure(
      'floor: SELECT id FROM accounts WHERE id = $1 (db)',
      (i) => db.query('SELECT id FROM accounts WHERE id = $1', [ids[i % ids.length]]),
      OPTIONS,
    );
    const floorHttp = await startFloorServer(db);
    floorServer = floorHttp.app;
    const pk = new BenchClient(floorHttp.url);
    clients.push(pk);
    const httpFloor = await measure(
      'floor: HTTP route doing that select (plain Fastify)',
      (i) => pk.post('/pk', { id: ids[i % ids.length] }),
      OPTIONS,
    );
    const rows: Timing[] = [];
    const statements: number[] = [];
    const add = async (name: string, fn: (i: number) => Promise<unknown>) => {
      // The server runs in this process on this Db: its counter sees every statement of a run (and, rarely, a
      // background job's), so the median over the measured runs is the operation's count.
      const counts: number[] = [];
      const timing = await measure(
        name,
        async (i) => {
          const before = db.stats.statements;
          await fn(i);
          counts.push(db.stats.statements - before);
        },
        OPTIONS,
      );
      rows.push(timing);
      const sorted = counts.slice(-timing.runs).sort((a, b) => a - b);
      statements.push(sorted[Math.floor(sorted.length / 2)] ?? 0);
      log(`  ${name}: median ${formatMs(timing.median)}, p99 ${formatMs(timing.p99)}, ${statements.at(-1)} statements`);
    };
    await add('SearchServices page 1 of 20 + total, Ranking (provider, all)', () =>
      provider.op('SearchServices', { options: {}, page: 1, limit: 20 }),
    );
    await add('SearchServices page 50 of 20 + total, DisplayName (provider)', () =>
      provider.op('SearchServices', { options: {}, orderBy: { Key: 'DisplayName', Direction: 'ASC' }, page: 50, limit: 20 }),
    );
    await add('SearchServices name contains "vault" + total (provider)', (i) =>
      provider.op('SearchServices', { options: { DisplayName: i % 2 ? 'vault' : 'cloud sync' }, page: 1, limit: 20 }),
    );
    await add('SearchServices name contains a new word every run: counted each time (provider)', (i) =>
      provider.op('SearchServices', { options: { DisplayName: `${WORDS[i % WORDS.length]} ${i}` }, page: 1, limit: 20 }),
    );
    await add('SearchServices page 1 of 20 + total through a price list (reseller)', () =>
      reseller.op('SearchServices', { options: {}, page: 1, limit: 20 }),
    );
    await add('GetSearchServicesMetadata, one category (provider)', () =>
      provider.op('GetSearchServicesMetadata', { options: { ServiceCategories: ['Backup'] } }),
    );
    await add('SearchServicesAutocomplete "sec" (provider)', () => provider.op('SearchServicesAutocomplete', { Text: 'sec' }));
    return { backend, floor, httpFloor, rows, statements };
  } finally {
    for (const c of clients) c.close();
    await app?.close();
    await floorServer?.close();
    await bench.dispose();
  }
}

const reports: Report[] = [];
if (!args['skip-pglite']) reports.push(await runBackend('pglite'));
if (!args['skip-postgres'] && process.env.DATABASE_URL) reports.push(await runBackend('postgres'));
for (const r of reports) {
  console.log(`\n${r.backend === 'pglite' ? 'PGlite' : 'PostgreSQL'} — ${formatInt(SERVICES)} generated services`);
  console.log(
    table(
      ['Latency', 'statements', 'median', 'p99', 'runs', 'median x floor', 'p99 x floor', 'p99 x HTTP floor'],
      [r.floor, r.httpFloor, ...r.rows].map((t, i) => [
        t.name,
        i < 2 ? '1' : String(r.statements[i - 2]),
        formatMs(t.median),
        formatMs(t.p99),
        String(t.runs),
        formatRatio(t.median / r.floor.median),
        formatRatio(t.p99 / r.floor.median),
        formatRatio(t.p99 / r.httpFloor.median),
      ]),
    ),
  );
}
