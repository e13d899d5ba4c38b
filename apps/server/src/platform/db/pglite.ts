import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db } from './db-types.js';
import { countCall, emptyStats } from './query-stats.js';
import { nameOf } from './statement-name.js';

/**
 * The embedded database (PGlite) in the calling thread. The server runs it in a worker thread (pglite-worker.ts, which
 * runs this same Db there) unless PGLITE_THREAD=server.
 */
export async function createPglite(dataDir: string, snapshot?: Blob): Promise<Db & { dumpDataDir(): Promise<Blob> }> {
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, { extensions: { pg_trgm }, ...(snapshot ? { loadDataDir: snapshot } : {}) });
  // As on PostgreSQL: prepared statements keep one generic plan, every other statement is planned for its values.
  await client.exec('SET plan_cache_mode = auto');
  const stats = emptyStats();
  // The mode of the last SET issued. PGlite runs calls in the order they are made, so a statement issued after a SET
  // runs under it; two requests interleaving can only make one statement run under the other mode (its plan, never
  // its answer, differs).
  let generic = false;
  const planMode = async (wanted: boolean) => {
    if (generic === wanted) return;
    generic = wanted;
    countCall(stats, 0, 1);
    await client.exec(`SET plan_cache_mode = ${wanted ? 'force_generic_plan' : 'auto'}`);
  };
  const run = async <T>(q: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) => {
    countCall(stats, 1, 1);
    return (await q.query<T>(sql, params as unknown[] | undefined)).rows;
  };
  const runPlanned = async <T>(sql: string, params?: readonly unknown[]) => {
    if (params && params.length > 0) await planMode(false);
    return run<T>(client, sql, params);
  };
  // PGlite's API has no named statements: a prepared statement is SQL PREPARE once, then EXECUTE with the
  // parameters written into the text, which is done only when every parameter is an integer, an integer array or an
  // account path (digits and slashes, e.g. the caller's scope root for `inScopeSql`): nothing in them needs quoting.
  const prepared = new Set<string>();
  const literal = (value: unknown): string | null => {
    if (Number.isSafeInteger(value)) return String(value);
    if (Array.isArray(value) && value.every((v) => Number.isSafeInteger(v))) return `'{${value.join(',')}}'`;
    if (typeof value === 'string' && /^[0-9/]{1,200}$/.test(value)) return `'${value}'`;
    return null;
  };
  const runPrepared = async <T>(sql: string, params: readonly unknown[] = []) => {
    const literals = params.map(literal);
    if (literals.some((l) => l === null)) return runPlanned<T>(sql, params);
    const name = nameOf(sql);
    if (!prepared.has(name)) {
      countCall(stats, 1, 1);
      await client.query(`PREPARE ${name} AS ${sql}`);
      prepared.add(name);
    }
    if (literals.length > 0) await planMode(true);
    return run<T>(client, literals.length > 0 ? `EXECUTE ${name}(${literals.join(', ')})` : `EXECUTE ${name}`);
  };
  return {
    kind: 'pglite',
    stats,
    // Inside a transaction statements are never prepared: a PREPARE there would be undone by a rollback.
    query: (sql, params, options) => (options?.prepare ? runPrepared(sql, params) : runPlanned(sql, params)),
    transaction: async (fn) => {
      await planMode(false);
      countCall(stats, 0, 2);
      return client.transaction((tx) => fn({ query: (sql, params) => run(tx, sql, params) }));
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    exec: async (sql) => {
      countCall(stats, 1, 1);
      await client.exec(sql);
    },
    listen: async (channel, handler) => {
      await client.listen(channel, (payload) => handler.message(payload));
    },
    close: () => client.close(),
  };
}
