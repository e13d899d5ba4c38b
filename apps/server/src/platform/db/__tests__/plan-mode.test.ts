import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase } from '../../../../test/postgres-databases.js';
import { createDb, type Db } from '../db.js';

/**
 * PostgreSQL (and PGlite) obey plan_cache_mode for every statement sent with parameters, the unnamed ones of node-pg
 * and PGlite included: a connection left in force_generic_plan plans a search page without its LIMIT and its values
 * (issue 12: 10 to 30 times slower). Only prepared statements may run under it.
 */
describe('plan_cache_mode per statement (QueryOptions.prepare)', () => {
  const serverUrl = process.env.DATABASE_URL ?? null;
  const name = `plan_mode_${randomUUID().replaceAll('-', '')}`;
  let db: Db;
  beforeAll(async () => {
    const url = serverUrl ? await createDatabase(serverUrl, name) : null;
    db = await createDb({ databaseUrl: url, dataDir: 'memory://' });
  });
  afterAll(async () => {
    await db?.close();
    if (serverUrl) await dropDatabase(serverUrl, name);
  });

  const mode = async (prepare: boolean) =>
    (await db.query<{ m: string }>(`SELECT current_setting('plan_cache_mode') AS m WHERE $1::int = 1`, [1], { prepare }))[0]?.m;

  it('runs a prepared statement under a generic plan and every other statement with parameters under auto', async () => {
    expect(await mode(false)).toBe('auto');
    expect(await mode(true)).toBe('force_generic_plan');
    expect(await mode(false)).toBe('auto');
    expect(await mode(true)).toBe('force_generic_plan');
    expect(await mode(true)).toBe('force_generic_plan');
  });

  it('runs a transaction under auto, even after a prepared statement', async () => {
    expect(await mode(true)).toBe('force_generic_plan');
    const inside = await db.transaction((tx) =>
      tx.query<{ m: string }>(`SELECT current_setting('plan_cache_mode') AS m WHERE $1::int = 1`, [1]),
    );
    expect(inside[0]?.m).toBe('auto');
    expect(await mode(false)).toBe('auto');
  });
});
