/**
 * The subscription page's pricing facts, before and after decision 0076, in one run (issue 13): the page's statement
 * of a demo subscription calling the function as migration 0148 made it (PAGE_FACTS_SQL in one statement, created here
 * as `page_facts_0148`) and as it is (`account_pricing_page_facts`, migration 0152: each fact only when read, for a
 * caller with and without the margin capability), the deep user's page statement, and each function alone, all
 * interleaved with the bench's floor (`SELECT id FROM accounts WHERE id = $1`) on one Db, prepared as the server runs
 * them; on PostgreSQL also the database's own CPU per run of each (from /proc, Linux). It first checks that both
 * functions give the page the same row but the facts.
 *
 *   scripts/with-postgres.sh npx tsx bench/page-facts-ab.ts [--size 20000] [--runs 300]
 *   npx tsx bench/page-facts-ab.ts --backend pglite [--size 20000]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.js';
import { MARGIN_CAPABILITY, PAGE_FACTS_SQL } from '../apps/server/src/domains/account-pricing/account-pricing.service.js';
import { extensionColumns, extensionFunctionBody } from '../apps/server/src/domains/accounts/account-extensions.js';
import { findInScopeWithAncestors } from '../apps/server/src/domains/accounts/accounts.repository.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../apps/server/src/platform/db/paths.js';
import type { Caller } from '../apps/server/src/platform/operations/types.js';
import { seedDemo, seedLargeHierarchy } from '../apps/server/src/seed/demo-seed.js';
import { type Backend, benchSecrets, openBenchDb } from './fixture.js';
import { formatMs, median } from './measure.js';
import { databaseCpu, databaseCpuSpent } from './postgres-cpu.js';

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'postgres' },
    size: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '300' },
  },
  strict: true,
});
const RUNS = Number(args.runs);
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const bench = await openBenchDb(args.backend as Backend);
const { db } = bench;
try {
  await migrate(db, MIGRATIONS_DIR);
  await seedDemo(db);
  await seedLargeHierarchy(db, Number(args.size));
  await db.exec('ANALYZE');
  // Registers the account extensions, as the server does.
  const app = await buildApp({ secrets: benchSecrets, db, webDist: null, logger: false });
  await db.exec(
    `CREATE FUNCTION page_facts_0148(integer) RETURNS json LANGUAGE plpgsql STABLE AS $f$ ${extensionFunctionBody(PAGE_FACTS_SQL)} $f$`,
  );
  const [product] = await db.query<{ id: number }>(
    "SELECT id FROM accounts WHERE account_type = 'Product' AND product_name IS NOT NULL ORDER BY id LIMIT 1",
  );
  const [user] = await db.query<{ id: number }>(
    "SELECT id FROM accounts WHERE account_type = 'User' ORDER BY depth DESC, id LIMIT 1",
  );
  if (!product || !user) throw new Error('no demo subscription or user');
  const callerWith = (capabilities: string[]) => ({ capabilities: new Set(capabilities) }) as unknown as Caller;
  const margin = (target: string) => extensionColumns(target, callerWith([MARGIN_CAPABILITY]));
  const plain = (target: string) => extensionColumns(target, callerWith([]));
  const before = (target: string) => {
    const text = margin(target);
    const replaced = text.replace('account_pricing_page_facts(a.id, true)', 'page_facts_0148(a.id)');
    if (replaced === text) throw new Error('the page does not call account_pricing_page_facts(a.id, true)');
    return replaced;
  };
  const page = (id: number, columns: (target: string) => string) => findInScopeWithAncestors(db, id, '/', columns);
  const [a, b] = [await page(product.id, before), await page(product.id, margin)];
  const withoutFacts = (row: unknown) => JSON.stringify({ ...(row as object), ext_1: null });
  if (withoutFacts(a.account) !== withoutFacts(b.account)) throw new Error('the two pages differ beyond the facts');

  const variants: [string, () => Promise<unknown>][] = [
    ['floor: SELECT id FROM accounts WHERE id = $1', () => db.query('SELECT id FROM accounts WHERE id = $1', [user.id])],
    ['subscription page, 0148 function', () => page(product.id, before)],
    ['subscription page, 0152, margin caller', () => page(product.id, margin)],
    ['subscription page, 0152, caller without margin', () => page(product.id, plain)],
    ['deep user page', () => page(user.id, margin)],
    ['0148 function alone', () => db.query('SELECT page_facts_0148($1)', [product.id], { prepare: true })],
    [
      '0152 function alone, margin',
      () => db.query('SELECT account_pricing_page_facts($1, true)', [product.id], { prepare: true }),
    ],
    [
      '0152 function alone, without margin',
      () => db.query('SELECT account_pricing_page_facts($1, false)', [product.id], { prepare: true }),
    ],
  ];
  for (const [, run] of variants) for (let i = 0; i < 50; i++) await run();
  const loadBefore = loadAverage();
  const samples = variants.map(() => [] as number[]);
  for (let round = 0; round < RUNS; round++)
    for (const [i, [, run]] of variants.entries()) {
      const started = performance.now();
      await run();
      samples[i]?.push(performance.now() - started);
    }
  // PostgreSQL's CPU per run, in blocks of 400 runs of each variant in turn (its /proc times tick every 10 ms).
  const database = /\/(portal_bench_[0-9a-f]+)/.exec(bench.location)?.[1] ?? null;
  const cpu = variants.map(() => 0);
  const rounds = db.kind === 'postgres' && databaseCpu(database) ? 8 : 0;
  for (let round = 0; round < rounds; round++)
    for (const [i, [, run]] of variants.entries()) {
      const start = databaseCpu(database);
      for (let k = 0; k < 400; k++) await run();
      cpu[i] = (cpu[i] ?? 0) + (databaseCpuSpent(start, databaseCpu(database)) ?? 0);
    }
  const floor = median(samples[0] ?? []);
  console.log(
    `${bench.location}, size ${args.size}, median of ${RUNS} interleaved; load average ${loadBefore} -> ${loadAverage()}`,
  );
  for (const [i, [name]] of variants.entries()) {
    const m = median(samples[i] ?? []);
    const spent = rounds ? `  PostgreSQL CPU ${formatMs((cpu[i] ?? 0) / 1000 / (400 * rounds)).padStart(7)}` : '';
    console.log(`${name.padEnd(48)} ${formatMs(m).padStart(9)}  ${(m / floor).toFixed(2)}x floor${spent}`);
  }
  await app.close();
} finally {
  await bench.dispose();
}
