import type { QueryStats } from './query-stats.js';

/**
 * What the rest of the server sees of a database: the types every backend implements (db.ts creates one; pglite.ts
 * and pglite-worker.ts are the embedded database's, in the calling thread or a worker). db.ts re-exports them.
 */

/** Something that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
}

export interface QueryOptions {
  /**
   * Run as a prepared statement: each connection parses and plans the text once and reuses the plan (PGlite: a named
   * statement of its wire protocol, the values bound as parameters, any type, outside transactions; decision 0065).
   * It runs
   * under plan_cache_mode = force_generic_plan (one generic plan); every other statement with parameters runs under
   * `auto` and is planned for its values each time. The mode is a setting of the connection that PostgreSQL obeys for
   * every statement sent with parameters, named or not (node-pg's and PGlite's unnamed statements are cached plans
   * too): on PostgreSQL prepared statements run on a second pool whose connections are in force_generic_plan (no
   * connection ever switches), on PGlite's one connection the mode is switched only when the next statement needs the
   * other one (`planMode`). A transaction runs under `auto`: a prepared statement there gets `auto`'s choice. For a hot statement with
   * a fixed text whose planning costs more than running it (the account page's, decision 0041); never for a text
   * built from values, since every distinct text stays prepared on every connection.
   */
  prepare?: boolean;
}

/** What a `Db.listen` subscriber is told. */
export interface NotificationHandler {
  /** The payload of a NOTIFY (pg_notify) on the channel, after the notifying transaction committed. */
  message(payload: string): void;
  /** Delivery stopped (the listening connection was lost): notifications may be missed until `restored`. */
  lost(): void;
  /** Delivery works again after a loss (reconnected and listening). */
  restored(): void;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Statements run and round trips made through this Db since it opened (see query-stats.ts). */
  readonly stats: QueryStats;
  /**
   * Subscribes to NOTIFY on a channel, from this process and every other one on the same database. Resolves once
   * listening. On PostgreSQL a dedicated connection listens (reconnecting when lost, with `lost`/`restored`), and
   * the pool's connections listen too, so that a process hears its own notifications before its COMMIT returns.
   * PGlite delivers them in-process, also before the COMMIT returns.
   */
  listen(channel: string, handler: NotificationHandler): Promise<void>;
  /** Runs fn in one transaction: commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, for `DbOptions.snapshot` (tests start from a migrated one). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}
