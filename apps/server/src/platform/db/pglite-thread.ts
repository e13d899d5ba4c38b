/**
 * The worker thread of pglite-worker.ts: the product's PGlite Db (pglite.ts: prepared statements, plan modes,
 * transactions, LISTEN) answering what the server's thread posts to it. Each answer carries the statements and round
 * trips its call made (counted in a profile of its own here, the server's thread adds them to its request's profile)
 * and, for an error, every field of it that survives a copy across threads (code, constraint, detail, ...).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Queryable } from './db-types.js';
import { createPglite } from './pglite.js';
import { newProfile, runWithProfile } from './query-stats.js';

export type ThreadRequest = { id: number } & (
  | { type: 'query'; tx: number | null; sql: string; params?: readonly unknown[]; prepare: boolean }
  | { type: 'exec'; sql: string }
  | { type: 'begin'; tx: number }
  | { type: 'end'; tx: number; commit: boolean }
  | { type: 'listen'; channel: string }
  | { type: 'dump' }
  | { type: 'close' }
);

export type ThreadMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: Record<string, unknown> }
  | { type: 'notify'; channel: string; payload: string }
  | {
      type: 'reply';
      id: number;
      rows?: unknown[];
      dump?: ArrayBuffer;
      error?: Record<string, unknown>;
      statements: number;
      roundTrips: number;
    };

export interface ThreadData {
  dataDir: string;
  snapshot: ArrayBuffer | null;
}

/** An error as plain fields: its message, name and every own field with a plain value (what the error mapping reads). */
function errorFields(error: unknown): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    message: error instanceof Error ? error.message : String(error),
    name: error instanceof Error ? error.name : 'Error',
  };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof value)) fields[key] = value;
    }
  }
  return fields;
}

const port = parentPort;
if (!port) throw new Error('pglite-thread.ts runs as a worker thread');
const { dataDir, snapshot } = workerData as ThreadData;

const db = await createPglite(dataDir, snapshot ? new Blob([snapshot]) : undefined).catch((error: unknown) => {
  port.postMessage({ type: 'failed', error: errorFields(error) } satisfies ThreadMessage);
  return null;
});

if (db) {
  // The open transactions, by the number the server's thread gave them, and how each one is told to end.
  const transactions = new Map<number, Queryable>();
  const endings = new Map<number, (end: { id: number; commit: boolean }) => void>();
  const ROLLBACK = Symbol('rollback');
  // The id of the `end` call of each transaction being ended (to answer a failed COMMIT).
  const pendingEnd = new Map<number, number>();

  const send = (message: ThreadMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

  /** Runs one call counting into a profile of its own, and answers it with the counts. */
  const answer = (id: number, work: () => Promise<{ rows?: unknown[]; dump?: ArrayBuffer }>) => {
    const profile = newProfile();
    runWithProfile(profile, () => {
      work().then(
        (result) => {
          const { statements, roundTrips } = profile;
          send({ type: 'reply', id, ...result, statements, roundTrips }, result.dump ? [result.dump] : []);
        },
        (error: unknown) => {
          const { statements, roundTrips } = profile;
          send({ type: 'reply', id, error: errorFields(error), statements, roundTrips });
        },
      );
    });
  };

  const begin = (id: number, tx: number) => {
    const profile = newProfile();
    runWithProfile(profile, () => {
      // BEGIN and COMMIT are counted when the transaction opens (as in the server's thread).
      db.transaction(async (q) => {
        transactions.set(tx, q);
        send({ type: 'reply', id, rows: [], statements: profile.statements, roundTrips: profile.roundTrips });
        const end = await new Promise<{ id: number; commit: boolean }>((resolve) => endings.set(tx, resolve));
        if (!end.commit) throw Object.assign(new Error('rolled back'), { [ROLLBACK]: end.id });
        return end.id;
      })
        .then(
          (endId) => send({ type: 'reply', id: endId, rows: [], statements: 0, roundTrips: 0 }),
          (error: unknown) => {
            const rolledBack = (error as Record<symbol, number> | null)?.[ROLLBACK];
            if (rolledBack !== undefined) send({ type: 'reply', id: rolledBack, rows: [], statements: 0, roundTrips: 0 });
            else {
              // BEGIN or COMMIT failed: answer the call waiting for it (the end, or the begin when it never opened).
              const waiting = transactions.has(tx) ? pendingEnd.get(tx) : id;
              if (waiting !== undefined)
                send({ type: 'reply', id: waiting, error: errorFields(error), statements: 0, roundTrips: 0 });
            }
          },
        )
        .finally(() => {
          transactions.delete(tx);
          endings.delete(tx);
          pendingEnd.delete(tx);
        });
    });
  };

  port.on('message', (m: ThreadRequest) => {
    switch (m.type) {
      case 'query':
        return answer(m.id, async () => {
          const q = m.tx === null ? db : transactions.get(m.tx);
          if (!q) throw new Error(`no open transaction ${m.tx}`);
          return { rows: await q.query(m.sql, m.params, { prepare: m.prepare }) };
        });
      case 'exec':
        return answer(m.id, async () => {
          await db.exec(m.sql);
          return { rows: [] };
        });
      case 'begin':
        return begin(m.id, m.tx);
      case 'end': {
        const end = endings.get(m.tx);
        if (!end)
          return send({
            type: 'reply',
            id: m.id,
            error: errorFields(new Error(`no open transaction ${m.tx}`)),
            statements: 0,
            roundTrips: 0,
          });
        pendingEnd.set(m.tx, m.id);
        return end({ id: m.id, commit: m.commit });
      }
      case 'listen':
        return answer(m.id, async () => {
          await db.listen(m.channel, {
            message: (payload) => send({ type: 'notify', channel: m.channel, payload }),
            lost: () => undefined,
            restored: () => undefined,
          });
          return {};
        });
      case 'dump':
        return answer(m.id, async () => ({ dump: await (await db.dumpDataDir()).arrayBuffer() }));
      case 'close':
        return answer(m.id, async () => {
          await db.close();
          return {};
        });
    }
  });
  send({ type: 'ready' });
}
