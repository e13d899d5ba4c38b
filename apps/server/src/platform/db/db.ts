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

/**
 * Errors that mean the connection, not the statement, failed: the server restarting or unreachable (SQLSTATE class 08,
 * 57P01-57P03 admin/crash shutdown, cannot connect now) and sockets that broke.
 */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (/^08/.test(code) || /^57P0[1-3]$/.test(code))) return true;
  if (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN'].includes(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|not queryable|terminating connection/i.test(message);
}

/** Errors after which nothing of the statement can have run, so running it again on a new connection is safe. */
function isSafeToRetry(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && ['ECONNREFUSED', '57P01', '57P02', '57P03'].includes(code)) return true;
  return error instanceof Error && /not queryable/i.test(error.message);
}

/** How long a query waits for PostgreSQL to come back (a restart) before it fails. */
const RECONNECT_MS = 15_000;

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

  /**
   * Runs work on a pooled connection. While PostgreSQL restarts, connecting is retried with a growing pause (up to
   * RECONNECT_MS); a connection found dead before the work ran is thrown away and the work tried on a new one.
   */
  async function withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const deadline = Date.now() + RECONNECT_MS;
    for (let attempt = 0; ; attempt++) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        if (!isConnectionError(error) || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, 1000)));
        continue;
      }
      try {
        const result = await work(client);
        client.release();
        return result;
      } catch (error) {
        const broken = isConnectionError(error);
        // A broken connection is destroyed rather than handed to the next request.
        client.release(broken ? (error as Error) : undefined);
        if (!broken || !isSafeToRetry(error) || Date.now() > deadline) throw error;
      }
    }
  }

  return {
    kind: 'postgres',
    query: (sql, params) => withClient((client) => run(client, sql, params)),
    transaction: (fn) =>
      withClient(async (client) => {
        await client.query('BEGIN');
        try {
          const result = await fn({
            query: (sql, params) => run(client, sql, params),
          });
          await client.query('COMMIT');
          return result;
        } catch (error) {
          if (!isConnectionError(error)) await client.query('ROLLBACK').catch(() => undefined);
          throw isConnectionError(error) ? withNoRetry(error) : error;
        }
      }),
    exec: async (sql) => {
      await withClient((client) => client.query(sql));
    },
    close: () => pool.end(),
  };
}

/** A connection error inside a transaction's work: the work may have partly run, so it must not be retried. */
function withNoRetry(error: unknown): unknown {
  if (isSafeToRetry(error)) {
    return Object.assign(new Error(error instanceof Error ? error.message : String(error)), { code: '08006', cause: error });
  }
  return error;
}
