import { describe, expect, it } from 'vitest';
import { useScratchDb } from '../../../../test/scratch-db.js';

/**
 * PostgreSQL (and PGlite) obey plan_cache_mode for every statement sent with parameters, the unnamed ones of node-pg
 * and PGlite included: a connection left in force_generic_plan plans a search page without its LIMIT and its values
 * (issue 12: 10 to 30 times slower). Only prepared statements may run under it.
 */
describe('plan_cache_mode per statement (QueryOptions.prepare)', () => {
  const db = useScratchDb('plan_mode');

  const mode = async (prepare: boolean) =>
    (await db().query<{ m: string }>(`SELECT current_setting('plan_cache_mode') AS m WHERE $1::int = 1`, [1], { prepare }))[0]?.m;

  it('runs a prepared statement under a generic plan and every other statement with parameters under auto', async () => {
    expect(await mode(false)).toBe('auto');
    expect(await mode(true)).toBe('force_generic_plan');
    expect(await mode(false)).toBe('auto');
    expect(await mode(true)).toBe('force_generic_plan');
    expect(await mode(true)).toBe('force_generic_plan');
  });

  it('runs a transaction under auto, even after a prepared statement', async () => {
    expect(await mode(true)).toBe('force_generic_plan');
    const inside = await db().transaction((tx) =>
      tx.query<{ m: string }>(`SELECT current_setting('plan_cache_mode') AS m WHERE $1::int = 1`, [1]),
    );
    expect(inside[0]?.m).toBe('auto');
    expect(await mode(false)).toBe('auto');
  });
});
