import pg from 'pg';
import type { Db, NotificationHandler, QueryOptions } from './db-types.js';
import { createPglite } from './pglite.js';
import { createPgliteWorker } from './pglite-worker.js';
import { countCall, emptyStats } from './query-stats.js';
import { nameOf } from './statement-name.js';

export type { Db, NotificationHandler, Queryable, QueryOptions } from './db-types.js';

export interface DbOptions {
  databaseUrl: string | null;
  /** Folder of the PGlite database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** PGlite only: a data directory dumped by `Db.dumpDataDir` to start from instead of an empty database. */
  snapshot?: Blob;
  /** PostgreSQL only: how long a query waits for the server to come back before it fails (RECONNECT_MS by default). */
  reconnectMs?: number;
  /**
   * PGlite only (PGLITE_THREAD): where the embedded database runs. `server` (the default): in the calling thread;
   * `worker`: in a worker thread of its own, so the server's thread parses, checks and answers other requests while a
   * statement runs (pglite-worker.ts; decision 0064: not the default while its close can hang under load).
   */
  pgliteThread?: PgliteThread;
}

export type PgliteThread = 'worker' | 'server';
export async function createDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options.reconnectMs ?? RECONNECT_MS);
  return (options.pgliteThread ?? 'server') === 'worker'
    ? createPgliteWorker(options.dataDir, options.snapshot)
    : createPglite(options.dataDir, options.snapshot);
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

/**
 * How long a query waits for PostgreSQL to come back (a restart) before it fails; the request then answers 503
 * DATABASE_UNAVAILABLE with Retry-After (platform/http/error-handler.ts).
 */
const RECONNECT_MS = 15_000;

async function createPostgres(url: string, reconnectMs: number): Promise<Db> {
  // Two pools, so that no connection ever switches its plan mode (a SET is one more round trip): prepared statements
  // (QueryOptions.prepare, outside transactions) run on connections under force_generic_plan, which keep one generic
  // plan per statement; every other statement, and every transaction, on connections under `auto`, which plan a
  // statement for its values. PostgreSQL obeys plan_cache_mode for every statement sent with parameters, node-pg's
  // unnamed ones too, so one pool in force_generic_plan would plan every search without its values.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c plan_cache_mode=auto' });
  const genericPool = new pg.Pool({ connectionString: url, max: 5, options: '-c plan_cache_mode=force_generic_plan' });
  // An idle connection the server closes (a restart, an administrator, a dropped test database) is
  // reported here; without a listener it would end the process. The pool drops that connection and
  // the next query opens a new one.
  for (const p of [pool, genericPool]) {
    p.on('error', (error) => {
      process.stderr.write(`PostgreSQL closed an idle connection: ${error.message}\n`);
    });
  }
  const notifications = createListener(url, pool);
  await pool.query('SELECT 1');
  const stats = emptyStats();
  const run = async <T>(q: pg.PoolClient, sql: string, params?: readonly unknown[], options?: QueryOptions) => {
    countCall(stats, 1, 1);
    const values = params as unknown[] | undefined;
    const result = options?.prepare ? await q.query({ name: nameOf(sql), text: sql, values }) : await q.query(sql, values);
    return result.rows as T[];
  };

  /**
   * Runs work on a pooled connection, its LISTENs brought up to date first. While PostgreSQL restarts, connecting is
   * retried with a growing pause (up to RECONNECT_MS); a connection found dead before the work ran is thrown away and
   * the work tried on a new one.
   */
  async function withClient<T>(work: (client: pg.PoolClient) => Promise<T>, from: pg.Pool = pool): Promise<T> {
    const deadline = Date.now() + reconnectMs;
    for (let attempt = 0; ; attempt++) {
      let client: pg.PoolClient;
      try {
        client = await from.connect();
      } catch (error) {
        if (!isConnectionError(error) || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, 1000)));
        continue;
      }
      try {
        await notifications.prepare(client);
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
    stats,
    query: (sql, params, options) =>
      withClient((client) => run(client, sql, params, options), options?.prepare ? genericPool : pool),
    listen: (channel, handler) => notifications.listen(channel, handler),
    transaction: (fn) => {
      countCall(stats, 0, 2);
      return withClient(async (client) => {
        await client.query('BEGIN');
        // A transaction is one connection, which runs one statement at a time: statements a caller starts together
        // (Promise.all over `tx.query`) wait here for the one before, in the order they were made. node-pg would
        // queue them itself, but that queue is deprecated and goes in pg@9.
        // Once the caller's work has ended (returned, or failed: Promise.all fails at the first failed statement while
        // the others still wait their turn), the statement running is waited for and the ones still waiting are
        // refused, so that COMMIT or ROLLBACK is the connection's only statement and nothing runs after it.
        let last: Promise<unknown> = Promise.resolve();
        let ended = false;
        const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
          const start = () => {
            if (ended) throw new Error('the transaction had ended before this statement could run');
            return work();
          };
          const turn = last.then(start, start);
          last = turn.catch(() => undefined);
          return turn;
        };
        const end = async () => {
          ended = true;
          await last;
        };
        try {
          const result = await fn({
            query: (sql, params, options) => inTurn(() => run(client, sql, params, options)),
          });
          await end();
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await end();
          if (!isConnectionError(error)) await client.query('ROLLBACK').catch(() => undefined);
          throw isConnectionError(error) ? withNoRetry(error) : error;
        }
      });
    },
    exec: async (sql) => {
      countCall(stats, 1, 1);
      await withClient((client) => client.query(sql));
    },
    close: async () => {
      await notifications.close();
      await Promise.all([pool.end(), genericPool.end()]);
    },
  };
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * LISTEN on PostgreSQL: one dedicated connection for the whole process (reconnecting after a second when it is
 * lost; subscribers hear `lost` at once and `restored` once it listens again), plus LISTEN on every pool
 * connection, so that the notifications of this process's own transactions arrive before their COMMIT returns.
 */
function createListener(url: string, pool: pg.Pool) {
  const handlers = new Map<string, NotificationHandler[]>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;
  let live = false;

  const dispatch = (message: pg.Notification) => {
    for (const h of handlers.get(message.channel) ?? []) h.message(message.payload ?? '');
  };
  const everyHandler = () => [...handlers.values()].flat();

  // The channels each pool connection listens on; brought up to date when it is checked out (`prepare`).
  const listeningOn = new WeakMap<pg.PoolClient, Set<string>>();
  // The backends of this pool's open connections (their process ids).
  const ownBackends = new Set<number>();
  const backendOf = (c: pg.PoolClient) => (c as pg.PoolClient & { processID?: number | null }).processID ?? undefined;
  // A pool connection passes on only its own transactions' notifications (the notifying backend is its own): those
  // must be heard before its COMMIT returns. Every other one comes through the dedicated connection; passing it on
  // from each pool connection too would apply every notification once per connection (up to 11 times for the
  // data_changed channel of decision 0069, which announces every write). The dedicated connection, in turn, skips
  // the notifications of this pool's own backends: they were applied already, and applying one again later would
  // forget what was cached after it (a page kept right after a save, dropped again by its own save's late echo).
  pool.on('connect', (c) => {
    listeningOn.set(c, new Set());
    const backend = backendOf(c);
    if (backend !== undefined) ownBackends.add(backend);
    c.on('notification', (message) => {
      if (message.processId === backendOf(c)) dispatch(message);
    });
  });
  pool.on('remove', (c) => {
    const backend = backendOf(c);
    if (backend !== undefined) ownBackends.delete(backend);
  });

  // The channels the dedicated connection listens on; its LISTENs run one after the other.
  let listenedOnDedicated = new Set<string>();
  let dedicatedQueue: Promise<void> = Promise.resolve();
  const syncDedicated = (c: pg.Client) => {
    const run = dedicatedQueue.then(async () => {
      for (const channel of handlers.keys()) {
        if (listenedOnDedicated.has(channel)) continue;
        await c.query(`LISTEN ${quoteIdent(channel)}`);
        listenedOnDedicated.add(channel);
      }
    });
    dedicatedQueue = run.catch(() => undefined);
    return run;
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (message) => {
      if (!ownBackends.has(message.processId)) dispatch(message);
    });
    const onLost = (error?: Error) => {
      if (client !== c) return;
      client = null;
      if (error) process.stderr.write(`the PostgreSQL notification connection was lost: ${error.message}\n`);
      if (live) for (const h of everyHandler()) h.lost();
      live = false;
      c.end().catch(() => undefined);
      scheduleRetry();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    await c.connect();
    listenedOnDedicated = new Set();
    await syncDedicated(c);
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    const wasLost = !live;
    live = true;
    if (wasLost) for (const h of everyHandler()) h.restored();
  };

  const ensureConnected = (): Promise<void> => {
    if (client) return Promise.resolve();
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  function scheduleRetry() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      ensureConnected().catch((error: Error) => {
        process.stderr.write(`listening for PostgreSQL notifications failed: ${error.message}\n`);
        scheduleRetry();
      });
    }, 1000);
    retry.unref();
  }

  return {
    async listen(channel: string, handler: NotificationHandler) {
      const known = handlers.has(channel);
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
      await ensureConnected().catch((error: unknown) => {
        scheduleRetry();
        throw error;
      });
      // Subscribed while the connection was being opened, or after: listen on it now.
      if (!known && client) await syncDedicated(client);
    },
    /** Makes a checked-out pool connection listen on every channel subscribed so far (once per channel). */
    async prepare(c: pg.PoolClient) {
      const listening = listeningOn.get(c);
      if (!listening || listening.size === handlers.size) return;
      for (const channel of handlers.keys()) {
        if (listening.has(channel)) continue;
        await c.query(`LISTEN ${quoteIdent(channel)}`);
        listening.add(channel);
      }
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      live = false;
      await c?.end().catch(() => undefined);
    },
  };
}

/** A connection error inside a transaction's work: the work may have partly run, so it must not be retried. */
function withNoRetry(error: unknown): unknown {
  if (isSafeToRetry(error)) {
    return Object.assign(new Error(error instanceof Error ? error.message : String(error)), { code: '08006', cause: error });
  }
  return error;
}
