/**
 * Ordering benchmark (issue 15): the time to place an order with a dependency not yet added (PlaceOrder: the
 * request id claimed, the dependency and the service created with their orders, provisioning requests and the
 * confirmation e-mail, in one transaction), through HTTP, as a ratio to a primary-key select measured in the same
 * run. Nothing is asserted; see README.md.
 *
 *   npx tsx bench/place-order.ts [--iterations N] [--skip-postgres]   PGlite, then PostgreSQL when DATABASE_URL is set
 *
 * `npm run bench` runs it after the database passes unless `--skip-place-order` is given.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { insertAccount } from '../apps/server/src/domains/accounts/index.js';
import { findOrderableService } from '../apps/server/src/domains/catalogue/index.js';
import { acceptServiceTerms } from '../apps/server/src/domains/terms/index.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../apps/server/src/platform/db/paths.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo-seed.js';
import {
  type Backend,
  type BackendReport,
  benchSecrets,
  type LatencyBenchOptions,
  latencyBenchArgs,
  openBenchDb,
  runLatencyBench,
} from './fixture.js';
import { BenchClient } from './http-client.js';
import { Floor, formatMs, measure, type Timing } from './measure.js';

/** A Company-level demo service with one dependency, and that dependency. */
const SERVICE = 'Contoso Backup for Microsoft 365';
const DEPENDENCY = 'Microsoft 365 Business Standard';
const RESELLER = 'Blue Harbor IT';
const WARMUP = 5;

const product = (name: string, service: Record<string, unknown>) => ({
  Default: { Values: { DisplayName: name } },
  Product: { Values: { Quantity: '1' } },
  Service: { Values: service },
});

async function runBackend(backend: Backend, iterations: number, log: (line: string) => void): Promise<BackendReport> {
  log(`\n== place an order with a dependency: ${backend} ==`);
  const bench = await openBenchDb(backend);
  const { db } = bench;
  let app: FastifyInstance | null = null;
  let client: BenchClient | null = null;
  try {
    await migrate(db, MIGRATIONS_DIR);
    await seedDemo(db);
    const [reseller] = await db.query<{ id: number; username: string }>(
      `SELECT r.id, u.username FROM accounts r JOIN accounts u ON u.parent_id = r.id AND u.account_type = 'User'
       WHERE r.display_name = $1 AND r.account_type = 'Reseller' AND u.username IS NOT NULL ORDER BY u.id LIMIT 1`,
      [RESELLER],
    );
    if (!reseller) throw new Error(`the demo reseller ${RESELLER} has no user`);
    const services = await Promise.all([findOrderableService(db, SERVICE), findOrderableService(db, DEPENDENCY)]);
    // A new customer per run: each order creates the dependency, as a first order does. Terms accepted beforehand.
    const customers: number[] = [];
    for (let i = 0; i < iterations + WARMUP; i++) {
      const id = await insertAccount(db, {
        type: 'Company',
        parentId: reseller.id,
        displayName: `Order bench ${i}`,
        currency: 'EUR',
      });
      for (const s of services) {
        if (s?.terms)
          await acceptServiceTerms(db, {
            companyId: id,
            serviceName: s.serviceName,
            revision: s.terms.revision,
            acceptedBy: reseller.id,
          });
      }
      customers.push(id);
    }
    await db.query('ANALYZE');

    app = await buildApp({ secrets: benchSecrets, db, webDist: null, logger: false, backgroundJobs: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    client = await new BenchClient(`http://127.0.0.1:${port}`).signIn(reseller.username, DEMO_PASSWORD);
    const signedIn = client;

    // Measured in passes: before the first line and after each (measure.ts `Floor`, bench/README.md).
    const floor = new Floor(
      'floor: SELECT id FROM accounts WHERE id = $1 (db)',
      (i) => db.query('SELECT id FROM accounts WHERE id = $1', [customers[i % customers.length]]),
      { iterations: 200, warmup: 20 },
    );
    const rows: Timing[] = [];
    const statements: number[] = [];
    const add = async (name: string, fn: (i: number) => Promise<void>, runs: number) => {
      const counts: number[] = [];
      const timing = await measure(
        name,
        async (i) => {
          const before = db.stats.statements;
          await fn(i);
          counts.push(db.stats.statements - before);
        },
        { iterations: runs, warmup: WARMUP, maxMs: 60_000 },
      );
      rows.push(timing);
      const sorted = counts.slice(-timing.runs).sort((a, b) => a - b);
      statements.push(sorted[Math.floor(sorted.length / 2)] ?? 0);
      log(`  ${name}: median ${formatMs(timing.median)}, p95 ${formatMs(timing.p95)}, ${statements.at(-1)} statements`);
      await floor.pass();
    };
    let lastRequest: { requestId: string; customerId: number } | null = null;
    // measure() numbers its warm-up runs and its measured runs from 0 each: a run counter of its own, so that every
    // run (warm-up included) orders for a customer that has nothing yet.
    let next = 0;
    await floor.pass();
    await add(
      'PlaceOrder with its dependency not yet added (HTTP)',
      async (i) => {
        const customerId = customers[next++] as number;
        const requestId = randomUUID();
        const reply = await signedIn.post('/api/op/PlaceOrder', {
          requestId,
          customerId,
          productName: SERVICE,
          views: product('Backup', { Seats: 5 }),
          dependency: { views: product('Microsoft 365', { Domain: `bench${i}.example.com`, Licences: 5 }) },
          scheduledDate: null,
        });
        if (reply.status !== 200) throw new Error(`PlaceOrder ${reply.status}: ${JSON.stringify(reply.body)}`);
        lastRequest = { requestId, customerId };
      },
      iterations,
    );
    const replayed = lastRequest as { requestId: string; customerId: number } | null;
    if (replayed) {
      await add(
        'PlaceOrder repeated with the same request id (the stored answer)',
        async () => {
          const reply = await signedIn.post('/api/op/PlaceOrder', {
            ...replayed,
            productName: SERVICE,
            views: product('Backup', { Seats: 5 }),
            dependency: null,
            scheduledDate: null,
          });
          if (reply.status !== 200 || reply.body.Replayed !== true) throw new Error(`replay ${reply.status}`);
        },
        iterations,
      );
    }
    return { backend, floor: floor.timing, floorPasses: floor.describe('p95'), rows, statements };
  } finally {
    client?.close();
    await app?.close();
    await bench.dispose();
  }
}

export function runPlaceOrderBench(options: LatencyBenchOptions = {}): Promise<void> {
  return runLatencyBench('Place an order', runBackend, 40, options);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runPlaceOrderBench(latencyBenchArgs(40));
}
