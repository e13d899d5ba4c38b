/**
 * The embedded database in a worker thread (PGLITE_THREAD=worker, on request; decision 0064): the same Db as
 * pglite.ts, run by pglite-thread.ts in a thread of its own, so the server's thread parses, checks and answers other
 * requests while PGlite executes a statement. The server's thread posts each call and awaits its answer:
 * - statements keep their order (one port, and PGlite runs them one at a time as in the server's thread); a
 *   transaction's statements run on its transaction in the worker, in the order they are made;
 * - the statements and round trips each call made are counted here, in the stats and in the request's profile;
 * - errors arrive with every plain field PGlite set (code, constraint, detail, table, column, ...);
 * - NOTIFY reaches the `listen` handlers here, before the answer to the COMMIT that sent it (both come through the
 *   same port, in order);
 * - the thread keeps the process alive only while a call is waiting for it, and `close` ends it.
 */
import { Worker } from 'node:worker_threads';
import type { Db, NotificationHandler, Queryable } from './db-types.js';
import type { ThreadData, ThreadMessage, ThreadRequest } from './pglite-thread.js';
import { countCall, emptyStats } from './query-stats.js';

/** Where a failed call's counts ride on its error to the caller's context. */
const COUNTS = Symbol('counts');

type Call = ThreadRequest extends infer R ? (R extends ThreadRequest ? Omit<R, 'id'> : never) : never;

interface Answer {
  rows: unknown[];
  dump?: ArrayBuffer;
}

interface Pending {
  resolve(answer: Answer): void;
  reject(error: Error): void;
}

/** Where the thread's code is: next to the built server (dist/pglite-thread.js), or the sources through tsx. */
function threadUrl(): URL {
  return process.env.PORTAL_BUNDLED
    ? new URL('./pglite-thread.js', import.meta.url)
    : new URL('./pglite-thread-entry.mjs', import.meta.url);
}

const errorOf = (fields: Record<string, unknown>): Error => {
  const error = new Error(String(fields.message));
  const { message: _, ...rest } = fields;
  return Object.assign(error, rest);
};

/**
 * Values a statement is given are copied to the thread (structured clone). What PGlite would serialise through
 * `toJSON` (a Decimal, say) is turned into that value first, since a copy keeps only an object's own fields.
 */
function cloneable(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) return value.some((v) => v !== null && typeof v === 'object') ? value.map(cloneable) : value;
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cloneable(v)]));
  }
  const toJSON = (value as { toJSON?: () => unknown }).toJSON;
  return typeof toJSON === 'function' ? cloneable(toJSON.call(value)) : value;
}

const cloneableParams = (params?: readonly unknown[]) =>
  params?.some((p) => p !== null && typeof p === 'object') ? params.map(cloneable) : params;

export async function createPgliteWorker(dataDir: string, snapshot?: Blob): Promise<Db> {
  const data: ThreadData = { dataDir, snapshot: snapshot ? await snapshot.arrayBuffer() : null };
  const worker = new Worker(threadUrl(), { workerData: data, transferList: data.snapshot ? [data.snapshot] : [] });
  const pending = new Map<number, Pending>();
  const handlers = new Map<string, NotificationHandler[]>();
  let stopped: Error | null = null;
  let next = 0;
  let transactions = 0;

  const stop = (error: Error) => {
    stopped ??= error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: ThreadMessage) => {
      switch (m.type) {
        case 'ready':
          return resolve();
        case 'failed':
          return reject(errorOf(m.error));
        case 'notify':
          for (const h of handlers.get(m.channel) ?? []) h.message(m.payload);
          return;
        case 'reply': {
          const waiting = pending.get(m.id);
          if (!waiting) return;
          pending.delete(m.id);
          if (pending.size === 0) worker.unref();
          // Counted in the caller's context (its request's profile) when its await resumes: see `call`.
          const answer = { rows: m.rows ?? [], dump: m.dump, statements: m.statements, roundTrips: m.roundTrips };
          if (m.error) waiting.reject(Object.assign(errorOf(m.error), { [COUNTS]: answer }));
          else waiting.resolve(answer);
        }
      }
    });
    worker.on('error', (error) => {
      stop(error);
      reject(error);
    });
    worker.on('exit', (code) => {
      const error = new Error(`the embedded database's thread stopped (exit code ${code})`);
      stop(error);
      reject(error);
    });
  });
  await ready;
  worker.unref();

  const stats = emptyStats();
  const send = (message: Call) =>
    new Promise<Answer & { statements: number; roundTrips: number }>((resolve, reject) => {
      if (stopped) return reject(stopped);
      const id = ++next;
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as Pending['resolve'], reject });
      worker.postMessage({ ...message, id } as ThreadRequest);
    });
  /** Posts a call and counts what it made, in the caller's async context (so into its request's profile). */
  const call = async (message: Call): Promise<Answer> => {
    try {
      const answer = await send(message);
      countCall(stats, answer.statements, answer.roundTrips);
      return answer;
    } catch (error) {
      const counts = (error as Record<symbol, { statements: number; roundTrips: number }> | null)?.[COUNTS];
      if (counts) {
        countCall(stats, counts.statements, counts.roundTrips);
        delete (error as Record<symbol, unknown>)[COUNTS];
      }
      throw error;
    }
  };
  const rows = async <T>(message: Call) => (await call(message)).rows as T[];

  return {
    kind: 'pglite',
    stats,
    query: (sql, params, options) =>
      rows({ type: 'query', tx: null, sql, params: cloneableParams(params), prepare: options?.prepare === true }),
    transaction: async (fn) => {
      const tx = ++transactions;
      await call({ type: 'begin', tx });
      const scoped: Queryable = {
        query: (sql, params) => rows({ type: 'query', tx, sql, params: cloneableParams(params), prepare: false }),
      };
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(scoped);
      } catch (error) {
        await call({ type: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ type: 'end', tx, commit: true });
      return result;
    },
    exec: async (sql) => {
      await call({ type: 'exec', sql });
    },
    listen: async (channel, handler) => {
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
      await call({ type: 'listen', channel });
    },
    dumpDataDir: async () => {
      const { dump } = await call({ type: 'dump' });
      if (!dump) throw new Error('the embedded database sent no dump');
      return new Blob([dump]);
    },
    close: async () => {
      try {
        if (!stopped) await call({ type: 'close' });
      } finally {
        stop(new Error('the embedded database is closed'));
        await worker.terminate();
      }
    },
  };
}
