/**
 * A `Db` whose PGlite runs in a worker thread (bench only, issue 13's "measure the options"): the server's thread posts
 * each statement to the worker and awaits its rows, so it can parse, check and serialise other requests while PGlite
 * executes. The worker runs the product's own PGlite Db (thread.ts), so the rules are the same as in the server's thread.
 */
import { Worker } from 'node:worker_threads';
import type { Db, NotificationHandler, Queryable } from '../../apps/server/src/platform/db/db.js';
import { countCall, emptyStats } from '../../apps/server/src/platform/db/query-stats.js';

interface Pending {
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

export async function createWorkerPglite(dataDir: string): Promise<Db> {
  // The worker runs TypeScript (the product's Db): thread-entry.mjs registers the loader first.
  const worker = new Worker(new URL('./thread-entry.mjs', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, Pending>();
  const handlers = new Map<string, NotificationHandler[]>();
  let next = 0;
  let txSeq = 0;
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on(
      'message',
      (m: { type?: string; id?: number; rows?: unknown[]; error?: Record<string, unknown> } & Record<string, unknown>) => {
        if (m.type === 'ready') return resolve();
        if (m.type === 'notify') {
          for (const h of handlers.get(m.channel as string) ?? []) h.message(m.payload as string);
          return;
        }
        const waiting = pending.get(m.id as number);
        if (!waiting) return;
        pending.delete(m.id as number);
        if (m.error) waiting.reject(Object.assign(new Error(String(m.error.message)), m.error));
        else waiting.resolve(m.rows ?? []);
      },
    );
  });
  await ready;
  const call = <T>(message: Record<string, unknown>): Promise<T[]> =>
    new Promise<T[]>((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      worker.postMessage({ ...message, id });
    });
  const stats = emptyStats();
  return {
    kind: 'pglite',
    stats,
    query: (sql, params, options) => {
      countCall(stats, 1, 1);
      return call({ type: 'query', sql, params, prepare: options?.prepare === true });
    },
    transaction: async (fn) => {
      countCall(stats, 0, 2);
      const tx = ++txSeq;
      await call({ type: 'begin', tx });
      const scoped: Queryable = {
        query: (sql, params) => {
          countCall(stats, 1, 1);
          return call({ type: 'query', tx, sql, params });
        },
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
      countCall(stats, 1, 1);
      await call({ type: 'exec', sql });
    },
    listen: async (channel, handler) => {
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
      await call({ type: 'listen', channel });
    },
    close: async () => {
      await call({ type: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}
