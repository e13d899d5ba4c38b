/**
 * What a statement costs inside a request against in a tight loop (issue 13): the bench's floor (`SELECT id FROM
 * accounts WHERE id = $1`) and the account page's handler (`loadAccount`, one prepared statement, a deep user), each
 * called directly and from inside a bare Fastify route (no operation layer, no session, through `inject`: no socket),
 * beside a route that does nothing. Each variant is timed twice in one run: in blocks of `--runs` back-to-back calls
 * (how `run.ts` measures its floor, in passes) and with all the variants in turn, one call each (round robin). If a
 * route calling the handler costs more than the handler plus the empty route, the difference is neither the operation
 * layer nor HTTP: it is what the same statement costs when other work runs between two of them.
 *
 *   npx tsx bench/request-context.ts [--backend pglite] [--size 20000] [--runs 200] [--rounds 3]
 *   scripts/with-postgres.sh npx tsx bench/request-context.ts --backend postgres
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { loadAccount } from '../apps/server/src/domains/accounts/accounts.service.js';
import { callerForUser } from '../apps/server/src/domains/auth/index.js';
import { type Backend, openBenchDb, seedAccountsBench } from './fixture.js';
import { formatMs, formatRatio, median, table } from './measure.js';

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'pglite' },
    size: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
  },
  strict: true,
});
const backend = args.backend as Backend;
if (backend !== 'pglite' && backend !== 'postgres') throw new Error('--backend must be pglite or postgres');
const RUNS = Number(args.runs);
const ROUNDS = Number(args.rounds);

const bench = await openBenchDb(backend);
const { db } = bench;
const route = Fastify({ logger: false });
try {
  const { targets } = await seedAccountsBench(db, Number(args.size));
  const user = targets.deepUsers[0] as number;
  const [provider] = await db.query<{ id: number }>("SELECT id FROM accounts WHERE username = 'provider.admin'");
  const caller = provider && (await callerForUser(db, provider.id));
  if (!caller) throw new Error('no provider.admin');
  const floor = () => db.query('SELECT id FROM accounts WHERE id = $1', [user]);
  const handler = () => loadAccount(db, caller, user, new Date(), () => undefined);
  route.post('/nothing', async () => ({ ok: true }));
  route.post('/floor', async () => {
    await floor();
    return { ok: true };
  });
  route.post('/handler', async () => {
    await handler();
    return { ok: true };
  });
  await route.ready();
  const inject = (url: string) => () => route.inject({ method: 'POST', url, payload: {} });
  const variants: [string, () => Promise<unknown>][] = [
    ['floor, called directly', floor],
    ['the page handler, called directly', handler],
    ['a route doing nothing (inject)', inject('/nothing')],
    ['a route doing the floor (inject)', inject('/floor')],
    ['a route calling the page handler (inject)', inject('/handler')],
  ];
  const inBlocks = variants.map(() => [] as number[]);
  const inTurn = variants.map(() => [] as number[]);
  for (let i = 0; i < 50; i++) for (const [, fn] of variants) await fn();
  const load = os.loadavg()[0] as number;
  const time = async (fn: () => Promise<unknown>, into: number[] | undefined) => {
    const started = performance.now();
    await fn();
    into?.push(performance.now() - started);
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [, fn]] of variants.entries()) for (let r = 0; r < RUNS; r++) await time(fn, inBlocks[i]);
    for (let r = 0; r < RUNS; r++) for (const [i, [, fn]] of variants.entries()) await time(fn, inTurn[i]);
  }
  const blockFloor = median(inBlocks[0] ?? []);
  const turnFloor = median(inTurn[0] ?? []);
  console.log(
    `\n${backend === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${Number(args.size).toLocaleString('en-US')} generated accounts, ` +
      `${ROUNDS} rounds of ${RUNS} runs, load average ${load.toFixed(1)} -> ${(os.loadavg()[0] as number).toFixed(1)}`,
  );
  console.log(
    table(
      ['variant (medians)', 'in blocks', 'x floor in blocks', 'in turn', 'x floor in turn'],
      variants.map(([name], i) => {
        const block = median(inBlocks[i] ?? []);
        const turn = median(inTurn[i] ?? []);
        return [name, formatMs(block), formatRatio(block / blockFloor), formatMs(turn), formatRatio(turn / turnFloor)];
      }),
    ),
  );
  const m = (list: number[][], i: number) => median(list[i] ?? []);
  for (const [label, list] of [
    ['in blocks', inBlocks],
    ['in turn', inTurn],
  ] as const) {
    const extra = m(list, 4) - m(list, 1) - m(list, 2);
    console.log(
      `${label}: the route calling the handler costs ${formatMs(extra)} more than the handler and the empty route together` +
        ` (the floor's route: ${formatMs(m(list, 3) - m(list, 0) - m(list, 2))} more than the floor and the empty route)`,
    );
  }
} finally {
  await route.close();
  await bench.dispose();
}
