/**
 * Where the account page's and GetCurrentUser's statements spend their time (issue 13): builds the bench's data (the
 * demo tenant and `--size` generated accounts), captures the statements LoadAccountById runs for a deep user and a
 * demo subscription and the one GetCurrentUser runs (through the real handlers' code), prints each with EXPLAIN
 * (ANALYZE, BUFFERS), planned for its values and as a prepared generic plan, then times them against the bench's
 * floor (`SELECT id FROM accounts WHERE id = $1`) the way the server runs them, interleaved, on one Db, together with
 * the whole path around them: the page's handler called in-process (statement + handler, no HTTP), the page computed
 * (an app with kept answers off) and kept, over HTTP and through Fastify's inject (no socket), and a trivial Fastify
 * route, so that one run says how much of a page is the statement, the handler, the server and the HTTP around them;
 * on PostgreSQL also the database's own CPU per run of each (from /proc, Linux).
 *
 *   scripts/with-postgres.sh npx tsx bench/account-page-explain.ts [--size 100000] [--runs 400]
 *   npx tsx bench/account-page-explain.ts --backend pglite [--size 20000]
 */
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { listSubtree, loadAccount } from '../apps/server/src/domains/accounts/accounts.service.js';
import { callerForUser } from '../apps/server/src/domains/auth/index.js';
import { describeCaller } from '../apps/server/src/domains/auth/session-core.js';
import type { Db, Queryable, QueryOptions } from '../apps/server/src/platform/db/db.js';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-seed.js';
import { type Backend, benchSecrets, openBenchDb, seedAccountsBench } from './fixture.js';
import { BenchClient } from './http-client.js';
import { formatMs, median } from './measure.js';
import { databaseCpu, databaseCpuSpent } from './postgres-cpu.js';

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'postgres' },
    size: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '400' },
  },
  strict: true,
});
const RUNS = Number(args.runs);

interface Captured {
  sql: string;
  params: readonly unknown[];
  options?: QueryOptions;
}

/**
 * The Db itself, recording every statement into `into.list` while it is set (a proxy, so the layout cache serves it as
 * the Db, warm after the first call).
 */
function recording(db: Db, into: { list: Captured[] | null }): Db {
  return new Proxy(db, {
    get(target, key) {
      if (key === 'query')
        return (sql: string, params?: readonly unknown[], options?: QueryOptions) => {
          into.list?.push({ sql, params: params ?? [], options });
          return target.query(sql, params, options);
        };
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A parameter as an SQL literal (the statements here take integers, account paths and nulls only). */
const literal = (v: unknown) => {
  if (v === null) return 'NULL';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string' && /^[0-9/]*$/.test(v)) return `'${v}'`;
  throw new Error(`not an integer or a path: ${String(v)}`);
};

const bench = await openBenchDb(args.backend as Backend);
const { db } = bench;
try {
  const { resellerId, targets } = await seedAccountsBench(db, Number(args.size));
  // Registers the account extensions (app.ts does at import) and warms the layout cache's listener.
  const app = await buildApp({ secrets: benchSecrets, db, webDist: null, logger: false });
  const computing = await buildApp({ secrets: benchSecrets, db, webDist: null, logger: false, keepAnswers: false });
  const urlOf = async (a: { listen: typeof app.listen; server: typeof app.server }) => {
    await a.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(a.server.address() as { port: number }).port}`;
  };
  const keptClient = await new BenchClient(await urlOf(app)).signIn('provider.admin', DEMO_PASSWORD);
  const computedClient = new BenchClient(await urlOf(computing));
  computedClient.cookie = keptClient.cookie;
  const timed = await buildApp({
    secrets: benchSecrets,
    db,
    webDist: null,
    logger: false,
    keepAnswers: false,
    serverTiming: true,
  });
  const timedClient = new BenchClient(await urlOf(timed));
  timedClient.cookie = keptClient.cookie;
  /** The deep user's page through Fastify's inject (the whole server, no socket), as the signed-in provider. */
  const injectPage = (server: typeof app) =>
    server.inject({
      method: 'POST',
      url: '/api/op/LoadAccountById',
      payload: { id: user },
      headers: { cookie: keptClient.cookie ?? '' },
    });
  const users = targets.deepUsers;
  let next = 0;
  const anyUser = () => users[next++ % users.length] as number;
  const trivial = Fastify({ logger: false });
  trivial.post('/noop', async () => ({ ok: true }));
  const trivialClient = new BenchClient(await urlOf(trivial));
  const [provider] = await db.query<{ id: number }>("SELECT id FROM accounts WHERE username = 'provider.admin'");
  const caller = provider && (await callerForUser(db, provider.id));
  if (!caller) throw new Error('no provider.admin');
  const [product] = await db.query<{ id: number }>(
    "SELECT id FROM accounts WHERE account_type = 'Product' AND product_name IS NOT NULL ORDER BY id LIMIT 1",
  );
  const user = targets.deepUsers[0] as number;
  if (!product) throw new Error('no demo subscription');

  // Warm (the layout cache filled by a first call), as the bench measures them.
  const into: { list: Captured[] | null } = { list: null };
  const recorder = recording(db, into);
  const capture = async (fn: (q: Queryable) => Promise<unknown>) => {
    await fn(recorder);
    into.list = [];
    await fn(recorder);
    const captured = into.list;
    into.list = null;
    return captured;
  };
  const now = new Date();
  const cases: [string, Captured[]][] = [
    ['LoadAccountById deep user', await capture((q) => loadAccount(q, caller, user, now, () => undefined))],
    ['LoadAccountById demo subscription', await capture((q) => loadAccount(q, caller, product.id, now, () => undefined))],
    ['GetCurrentUser', await capture((q) => describeCaller(q, caller))],
    [
      'ListAccountSubtree first page (50), the reseller',
      await capture((q) => listSubtree(q, caller, { id: resellerId, cursor: null, limit: 50 }, () => undefined)),
    ],
  ];

  const backendIsPg = db.kind === 'postgres';
  for (const [name, statements] of cases) {
    statements.forEach((s, i) => {
      console.log(`\n=== ${name}, statement ${i + 1} of ${statements.length}${s.options?.prepare ? ' (prepared)' : ''}`);
      console.log(s.sql.replace(/\n\s*/g, '\n  '));
    });
    for (const [i, s] of statements.entries()) {
      const values = s.params.map(literal);
      const substituted = s.sql.replace(/\$(\d+)/g, (_, n) => values[Number(n) - 1] as string);
      // Planned for its values, as an unprepared statement is.
      await db.transaction(async (tx) => {
        await tx.query('SET LOCAL plan_cache_mode = auto');
        const plan = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${substituted}`);
        console.log(`\n--- ${name}, statement ${i + 1}: planned for its values`);
        for (const line of plan) console.log(line['QUERY PLAN']);
      });
      // Prepared, generic plan (as QueryOptions.prepare runs it); the first EXPLAIN EXECUTE builds the plan.
      if (s.params.length > 0)
        await db.transaction(async (tx) => {
          await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
          await tx.query(`PREPARE explain_me AS ${s.sql}`);
          try {
            const execute = `EXPLAIN (ANALYZE, BUFFERS) EXECUTE explain_me(${values.join(', ')})`;
            const first = await tx.query<{ 'QUERY PLAN': string }>(execute);
            const again = await tx.query<{ 'QUERY PLAN': string }>(execute);
            console.log(`\n--- ${name}, statement ${i + 1}: prepared, generic plan (second execution)`);
            for (const line of again) console.log(line['QUERY PLAN']);
            const planning = first.find((l) => l['QUERY PLAN'].startsWith('Planning Time'));
            console.log(`(first execution: ${planning?.['QUERY PLAN'] ?? 'no planning line'})`);
          } finally {
            await tx.query('DEALLOCATE explain_me');
          }
        });
    }
  }

  // Timing: each variant in turn, RUNS times, through the Db as the server runs it.
  const variants: [string, () => Promise<unknown>][] = [
    ['floor: SELECT id FROM accounts WHERE id = $1', () => db.query('SELECT id FROM accounts WHERE id = $1', [user])],
    ...cases.map(
      ([name, statements]) =>
        [
          `${name} (${statements.length} statement${statements.length === 1 ? '' : 's'})`,
          async () => {
            for (const s of statements) await db.query(s.sql, s.params, s.options);
          },
        ] as [string, () => Promise<unknown>],
    ),
    ['LoadAccountById deep user, the handler in-process (no HTTP)', () => loadAccount(db, caller, user, now, () => undefined)],
    ['HTTP round trip to a trivial Fastify route', () => trivialClient.post('/noop', {})],
    ['LoadAccountById deep user kept, in-process (inject: no socket)', () => injectPage(app)],
    ['LoadAccountById deep user computed, in-process (inject)', () => injectPage(computing)],
    ['HTTP LoadAccountById deep user, kept answer', () => keptClient.op('LoadAccountById', { id: user })],
    ['HTTP LoadAccountById deep user, computed', () => computedClient.op('LoadAccountById', { id: user })],
    [
      `HTTP LoadAccountById computed, ${users.length} deep users in turn`,
      () => computedClient.op('LoadAccountById', { id: anyUser() }),
    ],
    ['HTTP LoadAccountById deep user, computed, Server-Timing on', () => timedClient.op('LoadAccountById', { id: user })],
    [
      'GetCurrentUser statement, prepared (generic plan)',
      async () => {
        const s = cases.find(([name]) => name === 'GetCurrentUser')?.[1][0];
        if (s) await db.query(s.sql, s.params, { prepare: true });
      },
    ],
  ];
  const samples = variants.map(() => [] as number[]);
  for (let round = 0; round < RUNS + 50; round++) {
    for (const [i, [, run]] of variants.entries()) {
      const started = performance.now();
      await run();
      if (round >= 50) samples[i]?.push(performance.now() - started);
    }
  }
  const floor = median(samples[0] ?? []);
  console.log(`\nTimings (${backendIsPg ? 'PostgreSQL' : 'PGlite'}, median of ${RUNS} after 50 warm-up runs, interleaved)`);
  for (const [i, [name]] of variants.entries()) {
    const m = median(samples[i] ?? []);
    console.log(`${name.padEnd(60)} ${formatMs(m).padStart(9)}  ${(m / floor).toFixed(2)}x floor`);
  }
  // PostgreSQL's own CPU per run (its backends' user + system time from /proc, in 10 ms ticks, so in blocks of runs):
  // what each variant costs the database apart from waiting and the server's work.
  const database = /\/(portal_bench_[0-9a-f]+)/.exec(bench.location)?.[1] ?? null;
  if (backendIsPg && databaseCpu(database)) {
    const block = Math.max(RUNS, 1000);
    console.log(`\nPostgreSQL CPU per run (${block} runs of each variant in a block, its backends' user + system time)`);
    for (const [name, run] of variants) {
      const before = databaseCpu(database);
      for (let i = 0; i < block; i++) await run();
      const spent = databaseCpuSpent(before, databaseCpu(database)) ?? 0;
      console.log(`${name.padEnd(60)} ${formatMs(spent / 1000 / block).padStart(9)}`);
    }
  }
  keptClient.close();
  computedClient.close();
  trivialClient.close();
  timedClient.close();
  await timed.close();
  await trivial.close();
  await computing.close();
  await app.close();
} finally {
  await bench.dispose();
}
