import { describe, expect, it } from 'vitest';
import { useScratchDb } from '../../../../test/scratch-db.js';

/**
 * Statements a caller starts together inside a transaction (Promise.all over `tx.query`, as the order's credit check
 * does) run one after the other on the transaction's connection, in the order they were made, without node-pg's
 * deprecated queue (its warning: "Calling client.query() when the client is already executing a query").
 */
describe('statements started together inside a transaction', () => {
  const db = useScratchDb('tx_order');

  it('run in the order they were made, each seeing the ones before, with no deprecation warning', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      await db().exec('CREATE TABLE tx_order_steps (n int PRIMARY KEY)');
      const counts = await db().transaction((tx) =>
        Promise.all(
          [1, 2, 3, 4].map(async (n) => {
            await tx.query('INSERT INTO tx_order_steps (n) VALUES ($1)', [n]);
            return 0;
          }),
        ).then(() =>
          Promise.all(
            [1, 2, 3].map((n) => tx.query<{ c: number }>('SELECT count(*)::int AS c FROM tx_order_steps WHERE n <= $1', [n])),
          ),
        ),
      );
      expect(counts.map((rows) => rows[0]?.c)).toEqual([1, 2, 3]);
      // A failed statement ends the work (Promise.all fails at once): the statement still waiting is refused, not run
      // beside the ROLLBACK, and the transaction is rolled back.
      let third: Promise<unknown> | null = null;
      await expect(
        db().transaction((tx) => {
          const failing = tx.query('SELECT * FROM no_such_table');
          third = tx.query('INSERT INTO tx_order_steps (n) VALUES (99)');
          return Promise.all([failing, third]);
        }),
      ).rejects.toThrow(/no_such_table/);
      // Refused (PostgreSQL: by the Db, before it runs; PGlite: the transaction is aborted or closed).
      await expect(third).rejects.toThrow();
      expect(await db().query('SELECT n FROM tx_order_steps WHERE n = 99')).toEqual([]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
