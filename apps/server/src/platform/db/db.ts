import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/** Something that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, for `DbOptions.snapshot` (tests start from a migrated one). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseUrl: string | null;
  /** Folder of the PGlite database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** PGlite only: a data directory dumped by `Db.dumpDataDir` to start from instead of an empty database. */
  snapshot?: Blob;
}

export async function createDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl ? createPostgres(options.databaseUrl) : createPglite(options.dataDir, options.snapshot);
}

async function createPglite(dataDir: string, snapshot?: Blob): Promise<Db> {
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, { extensions: { pg_trgm }, ...(snapshot ? { loadDataDir: snapshot } : {}) });
  const run = async <T>(q: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) =>
    (await q.query<T>(sql, params as unknown[] | undefined)).rows;
  return {
    kind: 'pglite',
    query: (sql, params) => run(client, sql, params),
    transaction: (fn) => client.transaction((tx) => fn({ query: (sql, params) => run(tx, sql, params) })),
    dumpDataDir: () => client.dumpDataDir('none'),
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
  };
}

// node-pg returns int8 and numeric as strings; ids are int4 here and money stays a decimal string.
pg.types.setTypeParser(20, (v) => Number(v));

async function createPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closes (a restart, an administrator, a dropped test database) is
  // reported here; without a listener it would end the process. The pool drops that connection and
  // the next query opens a new one.
  pool.on('error', (error) => {
    process.stderr.write(`PostgreSQL closed an idle connection: ${error.message}\n`);
  });
  await pool.query('SELECT 1');
  const run = async <T>(q: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) =>
    (await q.query(sql, params as unknown[] | undefined)).rows as T[];
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: (sql, params) => run(client, sql, params),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
