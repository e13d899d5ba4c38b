/**
 * The server's own cost per request under load, for profiling it (issue 13): one process, one database, the real app
 * and a trivial Fastify route, 10 keep-alive connections from a worker thread (load-worker.mjs), rounds alternating
 * between the routes so that the machine's load hits them alike. Prints requests/second per round and the sum of the
 * rounds as a ratio to the trivial route's. No latency table: `run.ts` is the benchmark; this is the profiling rig.
 *
 *   scripts/with-postgres.sh npx tsx bench/server-load.ts --size 2000 --rounds 3 --duration 3
 *   node --import tsx --cpu-prof --cpu-prof-dir=/tmp/prof bench/server-load.ts --skip-pglite ...   (a CPU profile)
 *
 * Options: --server-timing (the app answers Server-Timing, as run.ts's app does), --logger LEVEL (the production
 * logger at that level, written to /dev/null: what a request costs with the log on), --only a comma-separated list of trivial-healthz, app-healthz,
 * current-user, load-account, load-account-computed (the page on an app with kept answers off: every answer computed, as
 * run.ts's latency rows measure it; the trivial route always runs),
 * --profile DIR (a CPU profile of the server's thread during each app line's runs, DIR/<backend>-<line>.cpuprofile:
 * open it in Chrome's DevTools).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../apps/server/src/platform/db/paths.js';
import { DEMO_PASSWORD, seedDemo, seedLargeHierarchy } from '../apps/server/src/seed/demo-seed.js';
import { type Backend, benchSecrets, createResellerAdmin, findTargets, openBenchDb } from './fixture.js';
import { BenchClient } from './http-client.js';
import { runLoad } from './load.js';
import { databaseCpu, databaseCpuSpent } from './postgres-cpu.js';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    'server-timing': { type: 'boolean', default: false },
    logger: { type: 'string' },
    only: { type: 'string' },
    profile: { type: 'string' },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-postgres': { type: 'boolean', default: false },
  },
  strict: true,
});

const ROUNDS = Number(args.rounds);
const TICKS_PER_SECOND = 100;

/**
 * The CPU time of this process's main thread (the server's: the load generator runs in a worker thread) in µs, user
 * and system, and its involuntary context switches; from /proc (Linux), null elsewhere.
 */
function mainThreadCpu(): { userUs: number; systemUs: number; preempted: number } | null {
  const dir = `/proc/self/task/${process.pid}`;
  if (!existsSync(dir)) return null;
  // Fields after the command name in parentheses: utime and stime are the 14th and 15th of the whole line.
  const stat = readFileSync(`${dir}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const status = readFileSync(`${dir}/status`, 'utf8');
  return {
    userUs: (Number(fields[11]) * 1e6) / TICKS_PER_SECOND,
    systemUs: (Number(fields[12]) * 1e6) / TICKS_PER_SECOND,
    preempted: Number(/nonvoluntary_ctxt_switches:\s*(\d+)/.exec(status)?.[1] ?? 0),
  };
}
const DURATION_MS = Number(args.duration) * 1000;
const CONNECTIONS = Number(args.connections);

async function runBackend(backend: Backend) {
  const bench = await openBenchDb(backend);
  const { db } = bench;
  const database = /\/(portal_bench_[0-9a-f]+)/.exec(bench.location)?.[1] ?? null;
  try {
    await migrate(db, MIGRATIONS_DIR);
    await seedDemo(db);
    const { resellerId } = await seedLargeHierarchy(db, Number(args.size));
    await db.exec('ANALYZE');
    const resellerUser = await createResellerAdmin(db, resellerId);
    const targets = await findTargets(db, resellerId);
    const app = await buildApp({
      secrets: benchSecrets,
      db,
      webDist: null,
      logger: args.logger ? { level: args.logger, file: '/dev/null' } : false,
      serverTiming: args['server-timing'],
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const computing = await buildApp({
      secrets: benchSecrets,
      db,
      webDist: null,
      logger: args.logger ? { level: args.logger, file: '/dev/null' } : false,
      serverTiming: args['server-timing'],
      keepAnswers: false,
    });
    await computing.listen({ port: 0, host: '127.0.0.1' });
    const computingUrl = `http://127.0.0.1:${(computing.server.address() as { port: number }).port}`;
    const trivial = Fastify({ logger: false });
    trivial.post('/noop', async () => ({ ok: true }));
    trivial.get('/healthz', async () => ({ status: 'ok' }));
    await trivial.listen({ port: 0, host: '127.0.0.1' });
    const trivialUrl = `http://127.0.0.1:${(trivial.server.address() as { port: number }).port}`;
    const provider = await new BenchClient(url).signIn('provider.admin', DEMO_PASSWORD);
    const reseller = await new BenchClient(url).signIn(resellerUser, DEMO_PASSWORD);
    const all: { key: string; baseUrl: string; path: string; method?: 'GET'; body: unknown; cookie: string | null }[] = [
      { key: 'noop', baseUrl: trivialUrl, path: '/noop', body: {}, cookie: null },
      // The same answer from the trivial instance and from the app: what the app's hooks cost every request.
      { key: 'trivial-healthz', baseUrl: trivialUrl, path: '/healthz', method: 'GET', body: null, cookie: null },
      { key: 'app-healthz', baseUrl: url, path: '/healthz', method: 'GET', body: null, cookie: null },
      { key: 'current-user', baseUrl: url, path: '/api/op/GetCurrentUser', body: {}, cookie: provider.cookie },
      {
        key: 'load-account',
        baseUrl: url,
        path: '/api/op/LoadAccountById',
        body: { id: targets.deepUsers[0] },
        cookie: reseller.cookie,
      },
      {
        key: 'load-account-computed',
        baseUrl: computingUrl,
        path: '/api/op/LoadAccountById',
        body: { id: targets.deepUsers[0] },
        cookie: reseller.cookie,
      },
    ];
    const lines = all.filter((l) => l.key === 'noop' || !args.only || args.only.split(',').includes(l.key));
    const sums = new Map(lines.map((l) => [l.key, 0]));
    const session = args.profile ? new Session() : null;
    session?.connect();
    await session?.post('Profiler.enable');
    const profiles = new Map<string, unknown[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      const figures: string[] = [];
      for (const line of lines) {
        const profiled = session !== null && line.key !== 'noop';
        if (profiled) await session.post('Profiler.start');
        const cpuBefore = mainThreadCpu();
        const dbBefore = databaseCpu(database);
        const result = await runLoad({ ...line, connections: CONNECTIONS, durationMs: DURATION_MS });
        const cpuAfter = mainThreadCpu();
        const dbAfter = databaseCpu(database);
        if (profiled) {
          const { profile } = await session.post('Profiler.stop');
          profiles.set(line.key, [...(profiles.get(line.key) ?? []), profile]);
        }
        if (result.failed > 0) throw new Error(`${line.key}: ${result.failed} failed (${result.firstFailure})`);
        sums.set(line.key, (sums.get(line.key) ?? 0) + result.rps);
        // Counted over the warm-up too: per request of the whole run (warm-up at about the same rate).
        const requests = result.rps * ((DURATION_MS + 1000) / 1000);
        const cpu =
          cpuBefore && cpuAfter
            ? ` (server thread: ${Math.round((cpuAfter.userUs - cpuBefore.userUs) / requests)} µs user + ${Math.round(
                (cpuAfter.systemUs - cpuBefore.systemUs) / requests,
              )} µs system per request, ${(((cpuAfter.preempted - cpuBefore.preempted) / requests) * 100).toFixed(
                1,
              )} preemptions per 100${
                databaseCpuSpent(dbBefore, dbAfter) !== null
                  ? `; PostgreSQL: ${Math.round((databaseCpuSpent(dbBefore, dbAfter) ?? 0) / requests)} µs`
                  : ''
              })`
            : '';
        figures.push(`${line.key} ${Math.round(result.rps)}/s${cpu}`);
      }
      console.log(`${backend} round ${round}:\n  ${figures.join('\n  ')}`);
    }
    for (const [key, taken] of profiles) {
      // The first round's profile: every round profiles the same work.
      writeFileSync(join(args.profile ?? '.', `${backend}-${key}.cpuprofile`), JSON.stringify(taken[0]));
    }
    session?.disconnect();
    const noop = sums.get('noop') ?? 1;
    console.log(
      `${backend} sum: ${[...sums]
        .map(([key, rps]) => `${key} ${Math.round(rps / ROUNDS)}/s (${(rps / noop).toFixed(3)} x trivial)`)
        .join(', ')}`,
    );
    provider.close();
    reseller.close();
    await app.close();
    await computing.close();
    await trivial.close();
  } finally {
    await bench.dispose();
  }
}

if (!args['skip-pglite']) await runBackend('pglite');
if (!args['skip-postgres'] && process.env.DATABASE_URL) await runBackend('postgres');
