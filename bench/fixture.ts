import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { insertAccount } from '../apps/server/src/domains/accounts/index.js';
import { hashPassword } from '../apps/server/src/domains/auth/index.js';
import { createDb, type Db } from '../apps/server/src/platform/db/db.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../apps/server/src/platform/db/paths.js';
import { configureSecrets, generateKey, makeKeyring } from '../apps/server/src/platform/secrets/index.js';
import { pathUpperBound } from '../apps/server/src/platform/tenancy/scope.js';
import { DEMO_PASSWORD, seedDemo, seedLargeHierarchy } from '../apps/server/src/seed/demo-seed.js';
import { formatMs, formatRatio, type Timing, table } from './measure.js';

/**
 * A throwaway key for the secrets a benchmark stores (the demo seed seals a provisioning password before any app is
 * built): configured on import, and given to every `buildApp` of the benchmarks, so nothing touches a key file.
 */
export const benchSecrets = makeKeyring(generateKey());
configureSecrets(benchSecrets);

export type Backend = 'pglite' | 'postgres';

export interface BenchDb {
  db: Db;
  /** Where the data lives, for the report. */
  location: string;
  dispose(): Promise<void>;
}

/**
 * A fresh, empty database: PGlite in a temporary folder, or a new database on the server of
 * DATABASE_URL (dropped afterwards), so a benchmark never touches existing data.
 */
export async function openBenchDb(backend: Backend): Promise<BenchDb> {
  if (backend === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
    const db = await createDb({ databaseUrl: null, dataDir: dir });
    return {
      db,
      location: dir,
      dispose: async () => {
        await db.close().catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const name = `portal_bench_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    throw new Error(`cannot create a scratch database on DATABASE_URL (the role needs CREATEDB): ${String(error)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await createDb({ databaseUrl: url.toString(), dataDir: '' });
  const version = await db.query<{ v: string }>("SELECT current_setting('server_version') AS v");
  return {
    db,
    location: `${url.host}/${name} (PostgreSQL ${version[0]?.v ?? '?'})`,
    dispose: async () => {
      await db.close().catch(() => undefined);
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export const BENCH_USERNAME = 'bench.reseller.admin';

/** A user directly under the benchmark reseller holding the standard 'Reseller administrator' role. */
export async function createResellerAdmin(db: Db, resellerId: number): Promise<string> {
  const [existing] = await db.query<{ id: number }>('SELECT id FROM accounts WHERE lower(username) = $1', [BENCH_USERNAME]);
  if (existing) return BENCH_USERNAME;
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [role] = await tx.query<{ id: number }>("SELECT id FROM roles WHERE name = 'Reseller administrator'");
    if (!role) throw new Error("the standard role 'Reseller administrator' is missing: seed the demo data first");
    const id = await insertAccount(tx, {
      type: 'User',
      parentId: resellerId,
      displayName: 'Bench Reseller Admin',
      username: BENCH_USERNAME,
      email: 'bench.reseller.admin@example.com',
      firstName: 'Bench',
      lastName: 'Admin',
    });
    await tx.query('INSERT INTO user_credentials (account_id, password_hash) VALUES ($1, $2)', [id, hash]);
    await tx.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [id, role.id]);
  });
  return BENCH_USERNAME;
}

/** A small deterministic PRNG, so every run picks the same accounts. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Targets {
  resellerPath: string;
  /** Users at the bottom of the benchmark tree (provider > reseller > company > department > user). */
  deepUsers: number[];
  /** A company in the middle of the reseller's list. */
  companyId: number;
  companies: number;
  /** Accounts below the reseller. */
  subtreeSize: number;
  /** The path of the account about 90% of the way through the reseller's subtree, in path order. */
  deepPagePath: string;
  /** An account of the demo tenant, outside the benchmark reseller's subtree. */
  outsideAccountId: number;
}

export async function findTargets(db: Db, resellerId: number, sampleSize = 64): Promise<Targets> {
  const [reseller] = await db.query<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [resellerId]);
  if (!reseller) throw new Error(`reseller ${resellerId} not found`);
  const lower = reseller.path;
  const upper = pathUpperBound(reseller.path);
  const [range] = await db.query<{ lo: number; hi: number; n: number }>(
    'SELECT min(id) AS lo, max(id) AS hi, count(*)::int AS n FROM accounts WHERE path > $1 AND path < $2',
    [lower, upper],
  );
  if (!range || range.n === 0) throw new Error('the benchmark reseller has no accounts below it');
  const random = mulberry32(20260101);
  const candidates = Array.from({ length: sampleSize * 4 }, () => range.lo + Math.floor(random() * (range.hi - range.lo + 1)));
  const users = await db.query<{ id: number }>(
    `SELECT id FROM accounts WHERE id = ANY($1::int[]) AND account_type = 'User' AND depth = 4
       AND path > $2 AND path < $3`,
    [candidates, lower, upper],
  );
  const order = new Map(candidates.map((id, i) => [id, i]));
  const deepUsers = users
    .map((u) => u.id)
    .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
    .slice(0, sampleSize);
  if (deepUsers.length === 0) throw new Error('no deep users found below the benchmark reseller');
  const [companies] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM accounts WHERE parent_id = $1 AND account_type = 'Company'",
    [resellerId],
  );
  const companyCount = companies?.n ?? 0;
  const [company] = await db.query<{ id: number }>(
    `SELECT id FROM accounts WHERE parent_id = $1 AND account_type = 'Company'
     ORDER BY display_name, id OFFSET $2 LIMIT 1`,
    [resellerId, Math.floor(companyCount / 2)],
  );
  if (!company) throw new Error('no company below the benchmark reseller');
  const [deep] = await db.query<{ path: string }>(
    'SELECT path FROM accounts WHERE path > $1 AND path < $2 ORDER BY path OFFSET $3 LIMIT 1',
    [lower, upper, Math.floor(range.n * 0.9)],
  );
  if (!deep) throw new Error('no deep page position found');
  const [outside] = await db.query<{ id: number }>(
    "SELECT id FROM accounts WHERE account_type = 'Company' AND NOT (path > $1 AND path < $2) ORDER BY id LIMIT 1",
    [lower, upper],
  );
  if (!outside) throw new Error('no account outside the benchmark reseller (seed the demo data first)');
  return {
    resellerPath: reseller.path,
    deepUsers,
    companyId: company.id,
    companies: companyCount,
    subtreeSize: range.n,
    deepPagePath: deep.path,
    outsideAccountId: outside.id,
  };
}

/** What one backend's run of a latency bench gives: the primary-key floor, the timed lines and their statement counts. */
export interface BackendReport {
  backend: Backend;
  /** The median of the floor's passes (measure.ts `Floor`). */
  floor: Timing;
  /** The floor's passes, as `Floor.describe` prints them. */
  floorPasses: string;
  rows: Timing[];
  statements: number[];
}

export interface LatencyBenchOptions {
  iterations?: number;
  skipPglite?: boolean;
  skipPostgres?: boolean;
}

/**
 * Runs a latency bench on PGlite and (with DATABASE_URL) PostgreSQL and prints each backend's table: statements,
 * median, p95, runs and the median as a ratio to the floor measured in the same run.
 */
export async function runLatencyBench(
  title: string,
  runBackend: (backend: Backend, iterations: number, log: (line: string) => void) => Promise<BackendReport>,
  defaultIterations: number,
  options: LatencyBenchOptions = {},
): Promise<void> {
  const iterations = options.iterations ?? defaultIterations;
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const reports: BackendReport[] = [];
  if (!options.skipPglite) reports.push(await runBackend('pglite', iterations, log));
  if (!options.skipPostgres && process.env.DATABASE_URL) reports.push(await runBackend('postgres', iterations, log));
  for (const r of reports) {
    console.log(`\n${title} — ${r.backend === 'pglite' ? 'PGlite' : 'PostgreSQL'}`);
    console.log(
      table(
        ['Latency', 'statements', 'median', 'p95', 'runs', 'median x floor'],
        [r.floor, ...r.rows].map((t, i) => [
          t.name,
          i === 0 ? '1' : String(r.statements[i - 1]),
          formatMs(t.median),
          formatMs(t.p95),
          String(t.runs),
          formatRatio(t.median / r.floor.median),
        ]),
      ),
    );
    console.log(r.floorPasses);
  }
}

/** The command line of a latency bench run on its own: --iterations (at least 5), --skip-pglite, --skip-postgres. */
export function latencyBenchArgs(defaultIterations: number): LatencyBenchOptions {
  const { values } = parseArgs({
    options: {
      iterations: { type: 'string', default: String(defaultIterations) },
      'skip-pglite': { type: 'boolean', default: false },
      'skip-postgres': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const iterations = Number(values.iterations);
  if (!Number.isInteger(iterations) || iterations < 5) {
    console.error('--iterations must be a whole number, at least 5');
    process.exit(2);
  }
  return { iterations, skipPglite: values['skip-pglite'], skipPostgres: values['skip-postgres'] };
}

/**
 * A new bench database made ready for the account page's benches: migrated, the demo tenant seeded, `size` accounts
 * generated under the benchmark reseller and analysed, the reseller's administrator created; answers the reseller's id
 * and the accounts the benches read (`findTargets`).
 */
export async function seedAccountsBench(db: Db, size: number): Promise<{ resellerId: number; targets: Targets }> {
  await migrate(db, MIGRATIONS_DIR);
  await seedDemo(db);
  const { resellerId } = await seedLargeHierarchy(db, size);
  await db.exec('ANALYZE');
  await createResellerAdmin(db, resellerId);
  return { resellerId, targets: await findTargets(db, resellerId) };
}
