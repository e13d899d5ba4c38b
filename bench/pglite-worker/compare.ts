/**
 * Issue 13, "PGlite: measure the options": the embedded database in the server's own thread (PGLITE_THREAD=server)
 * against the same database in a worker thread (PGLITE_THREAD=worker, platform/db/pglite-worker.ts), on one data
 * directory, alternating, so both see the same machine. Prints LoadAccountById (deep user) and GetCurrentUser
 * throughput as ratios to a trivial Fastify route measured in the same round, their median latency under load, and the
 * load average (other work on the machine).
 *
 *   npx tsx bench/pglite-worker/compare.ts [--size 20000] [--duration 5] [--rounds 2]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import { createDb, type Db } from '../../apps/server/src/platform/db/db.js';
import { migrate } from '../../apps/server/src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../../apps/server/src/platform/db/paths.js';
import { DEMO_PASSWORD, seedDemo, seedLargeHierarchy } from '../../apps/server/src/seed/demo-seed.js';
import { benchSecrets, createResellerAdmin, findTargets } from '../fixture.js';
import { BenchClient } from '../http-client.js';
import { runLoad } from '../load.js';
import { table } from '../measure.js';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
  },
  strict: true,
});
const SIZE = Number(args.size);
const DURATION_MS = Number(args.duration) * 1000;
const ROUNDS = Math.max(1, Number(args.rounds));
const CONNECTIONS = Number(args.connections);
const log = (line: string) => process.stderr.write(`${line}\n`);

async function measure(baseUrl: string, path: string, body: unknown, cookie: string | null) {
  const result = await runLoad({ baseUrl, path, body, cookie, connections: CONNECTIONS, durationMs: DURATION_MS });
  if (result.ok === 0 || result.failed > 0) throw new Error(`${path}: ${result.failed} failed (${result.firstFailure})`);
  return result;
}
const load1 = () => loadavg()[0].toFixed(1);

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-pglite-worker-'));
  try {
    log(`Seeding the demo tenant and ${SIZE} generated accounts (PGlite, ${dir})`);
    const seeding = await createDb({ databaseUrl: null, dataDir: dir });
    await migrate(seeding, MIGRATIONS_DIR);
    await seedDemo(seeding);
    const { resellerId } = await seedLargeHierarchy(seeding, SIZE);
    await seeding.exec('ANALYZE');
    const username = await createResellerAdmin(seeding, resellerId);
    const targets = await findTargets(seeding, resellerId);
    await seeding.close();

    const trivial = Fastify({ logger: false });
    trivial.post('/noop', async () => ({ ok: true }));
    await trivial.listen({ port: 0, host: '127.0.0.1' });
    const trivialUrl = `http://127.0.0.1:${(trivial.server.address() as { port: number }).port}`;

    const modes: { name: string; open: () => Promise<Db> }[] = [
      { name: 'in the server thread', open: () => createDb({ databaseUrl: null, dataDir: dir, pgliteThread: 'server' }) },
      { name: 'in a worker thread', open: () => createDb({ databaseUrl: null, dataDir: dir, pgliteThread: 'worker' }) },
    ];
    type Figures = { noop: number[]; load: number[]; me: number[]; loadMs: number[]; meMs: number[] };
    const results = new Map<string, Figures>();
    log(`load average at the start: ${load1()}`);
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of modes) {
        const db = await mode.open();
        const app = await buildApp({ secrets: benchSecrets, db, webDist: null, logger: false });
        await app.listen({ port: 0, host: '127.0.0.1' });
        const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
        const client = await new BenchClient(url).signIn(username, DEMO_PASSWORD);
        try {
          const noop = (await measure(trivialUrl, '/noop', {}, null)).rps;
          const load = await measure(url, '/api/op/LoadAccountById', { id: targets.deepUsers[0] }, client.cookie);
          const me = await measure(url, '/api/op/GetCurrentUser', {}, client.cookie);
          const r = results.get(mode.name) ?? { noop: [], load: [], me: [], loadMs: [], meMs: [] };
          r.noop.push(noop);
          r.load.push(load.rps);
          r.me.push(me.rps);
          r.loadMs.push(load.medianMs);
          r.meMs.push(me.medianMs);
          results.set(mode.name, r);
          log(
            `  round ${round + 1}, ${mode.name}: trivial ${noop.toFixed(0)}/s, LoadAccountById ${load.rps.toFixed(0)}/s (median ${load.medianMs.toFixed(1)} ms), GetCurrentUser ${me.rps.toFixed(0)}/s (median ${me.medianMs.toFixed(1)} ms); load average ${load1()}`,
          );
        } finally {
          client.close();
          await app.close();
          await db.close();
        }
      }
    }
    await trivial.close();
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const rows = [...results].map(([name, r]) => [
      name,
      `${(sum(r.load) / r.load.length).toFixed(0)}/s`,
      (sum(r.load) / sum(r.noop)).toFixed(3),
      `${median(r.loadMs).toFixed(1)} ms`,
      `${(sum(r.me) / r.me.length).toFixed(0)}/s`,
      (sum(r.me) / sum(r.noop)).toFixed(3),
      `${median(r.meMs).toFixed(1)} ms`,
    ]);
    console.log(
      `\nPGlite throughput, ${SIZE} generated accounts, ${CONNECTIONS} connections, ${ROUNDS} round(s) of ${DURATION_MS / 1000} s, load average at the end ${load1()}\n`,
    );
    console.log(
      table(
        [
          'PGlite',
          'LoadAccountById (deep user)',
          'x trivial route',
          'median latency (median round)',
          'GetCurrentUser',
          'x trivial route',
          'median latency (median round)',
        ],
        rows,
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
