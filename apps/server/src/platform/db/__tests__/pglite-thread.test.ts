import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, type Db, type PgliteThread } from '../db.js';
import { newProfile, runWithProfile } from '../query-stats.js';

/**
 * PGLITE_THREAD (decision 0064): the embedded database behaves the same in a worker thread as in the server's thread:
 * order, transactions, errors with their fields, counted statements, notifications, prepared statements, shutdown.
 */
// PGlite only: the run against PostgreSQL (DATABASE_URL) leaves it out.
const pgliteRun = !process.env.DATABASE_URL;
/**
 * The migrated database the run's global setup dumped (test/global-setup.ts): opening it costs a third of an initdb in
 * WebAssembly, which every empty database runs. These tests make tables of their own beside the migrated ones.
 */
const snapshotFile = () => inject('pgliteSnapshot') ?? '';
const migrated = () => new Blob([readFileSync(snapshotFile())]);

describe.runIf(pgliteRun).each<PgliteThread>(['worker', 'server'])('PGlite in the %s thread', (thread) => {
  let db: Db;
  beforeAll(async () => {
    db = await createDb({ databaseUrl: null, dataDir: 'memory://', snapshot: migrated(), pgliteThread: thread });
    await db.exec(`
      CREATE TABLE item (id int PRIMARY KEY, name text NOT NULL CONSTRAINT item_name_short CHECK (length(name) < 20),
        doc jsonb, price numeric, at timestamptz, raw bytea);
      CREATE UNIQUE INDEX item_name_unique ON item (name);`);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('carries a failed statement’s fields (code, constraint, detail, table) to the caller', async () => {
    await db.query('INSERT INTO item (id, name) VALUES ($1, $2)', [1, 'one']);
    const error = await db.query('INSERT INTO item (id, name) VALUES ($1, $2)', [2, 'one']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'item_name_unique', table: 'item' });
    expect((error as { detail?: string }).detail).toContain('(name)=(one)');
    expect((error as Error).message).toContain('item_name_unique');
    const check = await db.query('INSERT INTO item (id, name) VALUES ($1, $2)', [3, 'x'.repeat(30)]).catch((e: unknown) => e);
    expect(check).toMatchObject({ code: '23514', constraint: 'item_name_short' });
  });

  it('runs a transaction’s statements in order on one connection, commits it, and rolls it back when it throws', async () => {
    const seen = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO item (id, name) VALUES (10, $1)', ['ten']);
      await tx.query(`UPDATE item SET name = name || '!' WHERE id = 10`);
      return tx.query<{ name: string }>('SELECT name FROM item WHERE id = 10');
    });
    expect(seen).toEqual([{ name: 'ten!' }]);
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO item (id, name) VALUES (11, $1)', ['eleven']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const failing = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO item (id, name) VALUES (12, $1)', ['twelve']);
        await tx.query('INSERT INTO item (id, name) VALUES (13, $1)', ['twelve']);
      })
      .catch((e: unknown) => e);
    expect(failing).toMatchObject({ code: '23505' });
    expect(await db.query('SELECT id FROM item WHERE id IN (10, 11, 12, 13) ORDER BY id')).toEqual([{ id: 10 }]);
  });

  it('keeps other statements out of an open transaction until it ends', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = db.transaction(async (q) => {
      await q.query('INSERT INTO item (id, name) VALUES (20, $1)', ['twenty']);
      await gate;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM item WHERE id = 20');
    release();
    await tx;
    expect(await outside).toEqual([{ n: 1 }]);
  });

  it('passes values and answers of every kind (json, numeric, dates, bytes, arrays)', async () => {
    const at = new Date('2026-11-27T03:00:00.000Z');
    const decimal = { toJSON: () => '12.50', toString: () => '12.50' };
    Object.setPrototypeOf(decimal, { constructor: function Decimal() {} });
    await db.query('INSERT INTO item (id, name, doc, price, at, raw) VALUES ($1, $2, $3, $4, $5, $6)', [
      30,
      'thirty',
      { a: [1, 2], b: { c: 'd' } },
      '12.50',
      at,
      new Uint8Array([1, 2, 3]),
    ]);
    const [row] = await db.query<{ doc: unknown; price: string; at: Date; raw: Uint8Array }>(
      'SELECT doc, price, at, raw FROM item WHERE id = ANY($1::int[])',
      [[30]],
    );
    expect(row?.doc).toEqual({ a: [1, 2], b: { c: 'd' } });
    expect(row?.price).toBe('12.50');
    expect(row?.at).toEqual(at);
    expect([...(row?.raw ?? [])]).toEqual([1, 2, 3]);
    expect(await db.query('SELECT $1::numeric AS p', [decimal])).toEqual([{ p: '12.50' }]);
  });

  it('runs prepared statements under a generic plan as in the server’s thread', async () => {
    const mode = async (prepare: boolean) =>
      (await db.query<{ m: string }>(`SELECT current_setting('plan_cache_mode') AS m WHERE $1::int = 1`, [1], { prepare }))[0]?.m;
    expect(await mode(true)).toBe('force_generic_plan');
    expect(await mode(false)).toBe('auto');
  });

  it('counts statements and round trips in the stats and in the request’s profile', async () => {
    const before = { ...db.stats };
    const profile = newProfile();
    await new Promise<void>((resolve, reject) =>
      runWithProfile(profile, () => {
        (async () => {
          await db.query('SELECT 1');
          await db.transaction(async (tx) => {
            await tx.query('SELECT 2');
          });
          await db.query('SELECT nope').catch(() => undefined);
        })().then(resolve, reject);
      }),
    );
    // SELECT 1, the failed SELECT, and the transaction: BEGIN and COMMIT plus its SELECT.
    expect({ statements: profile.statements, roundTrips: profile.roundTrips }).toEqual({ statements: 3, roundTrips: 5 });
    expect(db.stats.statements - before.statements).toBe(3);
    expect(db.stats.roundTrips - before.roundTrips).toBe(5);
  });

  it('delivers a NOTIFY to its listener before the COMMIT that sent it returns', async () => {
    const heard: string[] = [];
    await db.listen('item_changed', { message: (p) => heard.push(p), lost: () => undefined, restored: () => undefined });
    await db.transaction(async (tx) => {
      await tx.query(`SELECT pg_notify('item_changed', $1)`, ['30']);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['30']);
    await db.query(`SELECT pg_notify('item_changed', 'outside')`);
    expect(heard).toEqual(['30', 'outside']);
  });

  it('dumps its data directory, and a database opened from the dump has its data', async () => {
    const dump = await db.dumpDataDir?.();
    expect(dump).toBeInstanceOf(Blob);
    const copy = await createDb({ databaseUrl: null, dataDir: 'memory://', snapshot: dump, pgliteThread: thread });
    try {
      expect(await copy.query('SELECT name FROM item WHERE id = 1')).toEqual([{ name: 'one' }]);
    } finally {
      await copy.close();
    }
    // Opening a database takes seconds alone, over 30 s beside the browser shards.
  }, 120_000);
});

describe.runIf(pgliteRun)('PGlite in a worker thread, opening and closing', () => {
  it('fails to open with the database’s own error, and refuses calls after close', async () => {
    const db = await createDb({ databaseUrl: null, dataDir: 'memory://', snapshot: migrated(), pgliteThread: 'worker' });
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow(/closed/);
    await expect(
      createDb({ databaseUrl: null, dataDir: 'memory://', snapshot: new Blob(['not a tarball']), pgliteThread: 'worker' }),
    ).rejects.toThrow();
    // Two openings: this timed out at 30 s beside the browser shards (stop 31), each then an initdb in WebAssembly.
  }, 120_000);

  it('lets a process end when it is done, closed or not (the thread holds it only while a call waits)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'portal-pglite-thread-'));
    const script = join(folder, 'open-and-leave.mts');
    writeFileSync(
      script,
      `import { readFileSync } from 'node:fs';
      import { createDb } from ${JSON.stringify(new URL('../db.ts', import.meta.url).href)};
      const snapshot = new Blob([readFileSync(${JSON.stringify(snapshotFile())})]);
      const db = await createDb({ databaseUrl: null, dataDir: 'memory://', snapshot, pgliteThread: 'worker' });
      const [row] = await db.query('SELECT 41 + 1 AS n');
      console.log(row.n);`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 120_000 });
    rmSync(folder, { recursive: true, force: true });
    expect(run.error).toBeUndefined();
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('42');
    expect(run.status).toBe(0);
  }, 150_000);
});
