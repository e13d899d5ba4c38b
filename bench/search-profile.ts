/**
 * Where a SearchServices page's server time goes: the bench's pages (bench/search.ts's data and lines) through HTTP on
 * an in-process server, with every statement the server issues timed (from the call to its rows, as the handler
 * waits for it) beside the server's own phases (Server-Timing), and, with `--profile DIR`, a CPU profile of the
 * server's thread (in-process `node:inspector`) over `--runs` pages of each line.
 *
 *   scripts/with-postgres.sh npx tsx bench/search-profile.ts [--backend postgres] [--runs 300] [--profile /tmp/p]
 *   npx tsx bench/search-profile.ts --backend pglite
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.js';
import type { Db } from '../apps/server/src/platform/db/db.js';
import { parseServerTiming } from '../apps/server/src/platform/db/query-stats.js';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-seed.js';
import { type Backend, benchSecrets, openBenchDb } from './fixture.js';
import { BenchClient, serverTimings } from './http-client.js';
import { formatMs, median, table } from './measure.js';
import { seedSearchBench, WORDS } from './search-data.js';

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'postgres' },
    services: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '300' },
    profile: { type: 'string' },
    explain: { type: 'boolean', default: false },
  },
  strict: true,
});
const RUNS = Number(args.runs);
const log = (line: string) => process.stderr.write(`${line}\n`);

/** Every statement the Db runs, timed from the call until its rows are back, while `recording` is set. */
function timeStatements(db: Db) {
  const recorded: { sql: string; ms: number; params?: readonly unknown[]; options?: unknown }[] = [];
  let recording = false;
  const query = db.query.bind(db);
  db.query = (async (sql: string, params?: readonly unknown[], options?: unknown) => {
    if (!recording) return query(sql, params, options as never);
    const started = performance.now();
    try {
      return await query(sql, params, options as never);
    } finally {
      recorded.push({ sql, ms: performance.now() - started, params, options });
    }
  }) as Db['query'];
  return {
    recorded,
    set recording(on: boolean) {
      recording = on;
    },
  };
}

const bench = await openBenchDb(args.backend as Backend);
const { db } = bench;
try {
  await seedSearchBench(db, Number(args.services));
  const timer = timeStatements(db);
  const app = await buildApp({ secrets: benchSecrets, db, webDist: null, logger: false, serverTiming: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  const provider = await new BenchClient(url).signIn('provider.admin', DEMO_PASSWORD);
  const reseller = await new BenchClient(url).signIn('blueharbor.admin', DEMO_PASSWORD);
  let newWords = 0;
  const lines: [string, () => Promise<unknown>][] = [
    ['page 1, Ranking (provider)', () => provider.op('SearchServices', { options: {}, page: 1, limit: 20 })],
    [
      'page 50, DisplayName (provider)',
      () =>
        provider.op('SearchServices', { options: {}, orderBy: { Key: 'DisplayName', Direction: 'ASC' }, page: 50, limit: 20 }),
    ],
    ['"vault" (provider)', () => provider.op('SearchServices', { options: { DisplayName: 'vault' }, page: 1, limit: 20 })],
    [
      'a new word (provider)',
      () => {
        const n = newWords++;
        return provider.op('SearchServices', { options: { DisplayName: `${WORDS[n % WORDS.length]} ${n}` }, page: 1, limit: 20 });
      },
    ],
    ['page 1 through a price list (reseller)', () => reseller.op('SearchServices', { options: {}, page: 1, limit: 20 })],
  ];
  for (let round = 0; round < 30; round++) for (const [, fn] of lines) await fn();
  const load = loadavg()[0] as number;
  const rows: string[][] = [];
  const statementsOf: [string, (typeof timer.recorded)[number]][] = [];
  const session = args.profile ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
  }
  for (const [name, fn] of lines) {
    const sink: string[] = [];
    serverTimings.sink = sink;
    const statementMs: number[] = [];
    const perRun: number[] = [];
    const bySql = new Map<string, number[]>();
    if (session) await session.post('Profiler.start');
    for (let i = 0; i < RUNS; i++) {
      timer.recorded.length = 0;
      timer.recording = true;
      await fn();
      timer.recording = false;
      perRun.push(timer.recorded.length);
      statementMs.push(timer.recorded.reduce((sum, r) => sum + r.ms, 0));
      for (const r of timer.recorded) {
        const key = r.sql.replace(/\s+/g, ' ').slice(0, 60);
        bySql.set(key, [...(bySql.get(key) ?? []), r.ms]);
      }
    }
    if (session && args.profile) {
      const { profile } = await session.post('Profiler.stop');
      const file = join(args.profile, `${args.backend}-${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      log(`  profile: ${file}`);
    }
    serverTimings.sink = null;
    const timings = sink.map(parseServerTiming);
    const phase = (n: string) => median(timings.map((t) => t.phases.find((p) => p.name === n)?.ms ?? 0));
    rows.push([
      name,
      String(median(perRun)),
      formatMs(phase('caller')),
      formatMs(phase('handler')),
      formatMs(median(statementMs)),
      formatMs(phase('handler') - median(statementMs)),
      formatMs(phase('output')),
      formatMs(median(timings.map((t) => t.totalMs))),
    ]);
    for (const [sql, ms] of bySql) log(`  ${name}: ${ms.length} x ${formatMs(median(ms))} median: ${sql}`);
    const last = timer.recorded.find((r) => r.sql.includes('page AS MATERIALIZED'));
    if (last) statementsOf.push([name, last]);
  }
  // Each line's page statement alone, straight on the Db (no HTTP, no handler), against the primary-key select, in turn.
  const ids = (await db.query<{ id: number }>('SELECT id FROM accounts ORDER BY id LIMIT 50')).map((r) => r.id);
  const alone: string[][] = [];
  for (const [name, r] of statementsOf) {
    const own: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      await db.query(r.sql, r.params, r.options as never);
      own.push(performance.now() - t);
      t = performance.now();
      await db.query('SELECT id FROM accounts WHERE id = $1', [ids[i % ids.length]]);
      floor.push(performance.now() - t);
    }
    alone.push([name, formatMs(median(own)), formatMs(median(floor)), `${(median(own) / median(floor)).toFixed(1)}x`]);
    if (args.explain) {
      const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, SUMMARY) ${r.sql}`, r.params);
      log(`\n--- ${name}\n${plan.map((l) => l['QUERY PLAN']).join('\n')}`);
    }
  }
  console.log(
    `\n${args.backend}, ${args.services} services, ${RUNS} runs a line, load average ${load.toFixed(1)} -> ${(loadavg()[0] as number).toFixed(1)}`,
  );
  console.log(
    table(
      ['line (medians)', 'statements', 'caller', 'handler', 'statements time', 'handler - statements', 'output', 'server total'],
      rows,
    ),
  );
  console.log(table(['page statement alone (medians)', 'statement', 'primary-key select', 'ratio'], alone));
  provider.close();
  reseller.close();
  await app.close();
} finally {
  await bench.dispose();
}
