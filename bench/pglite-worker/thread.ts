/**
 * The PGlite side of worker-db.ts: the product's own PGlite Db (platform/db/db.ts: prepared statements, plan modes,
 * transactions, LISTEN) in a worker thread, answering what the server's thread posts to it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDb, type Queryable } from '../../apps/server/src/platform/db/db.js';

const port = parentPort;
if (!port) throw new Error('thread.ts runs as a worker');
const db = await createDb({ databaseUrl: null, dataDir: workerData.dataDir as string });
const transactions = new Map<number, Queryable>();
const endings = new Map<number, (end: { id: number; commit: boolean }) => void>();
const ROLLBACK = Symbol('rollback');

const errorOf = (error: unknown) => {
  const fields: Record<string, unknown> = { message: error instanceof Error ? error.message : String(error) };
  for (const key of ['code', 'detail', 'constraint', 'table', 'column', 'schema', 'severity', 'hint', 'where', 'position']) {
    const value = (error as Record<string, unknown> | null)?.[key];
    if (value !== undefined) fields[key] = value;
  }
  return fields;
};
const reply = (id: number | null, rows: unknown[]) => port.postMessage({ id, rows });
const fail = (id: number | null, error: unknown) => port.postMessage({ id, error: errorOf(error) });

type Message = { id: number; type: string; tx?: number; sql?: string; params?: unknown[]; prepare?: boolean } & Record<
  string,
  unknown
>;

port.on('message', async (m: Message) => {
  try {
    switch (m.type) {
      case 'query': {
        const q = m.tx ? transactions.get(m.tx) : db;
        if (!q) throw new Error(`no transaction ${m.tx}`);
        reply(m.id, await q.query(m.sql as string, m.params, { prepare: m.prepare === true }));
        break;
      }
      case 'exec':
        await db.exec(m.sql as string);
        reply(m.id, []);
        break;
      case 'begin': {
        const tx = m.tx as number;
        let endId: number | null = null;
        db.transaction(async (q) => {
          transactions.set(tx, q);
          reply(m.id, []);
          const end = await new Promise<{ id: number; commit: boolean }>((resolve) => endings.set(tx, resolve));
          endId = end.id;
          if (!end.commit) throw ROLLBACK;
        })
          .then(
            () => reply(endId, []),
            (error) => (error === ROLLBACK ? reply(endId, []) : fail(endId ?? m.id, error)),
          )
          .finally(() => {
            transactions.delete(tx);
            endings.delete(tx);
          });
        break;
      }
      case 'end':
        endings.get(m.tx as number)?.({ id: m.id, commit: m.commit === true });
        break;
      case 'listen':
        await db.listen(m.channel as string, {
          message: (payload) => port.postMessage({ type: 'notify', channel: m.channel, payload }),
          lost: () => undefined,
          restored: () => undefined,
        });
        reply(m.id, []);
        break;
      case 'close':
        await db.close();
        reply(m.id, []);
        break;
      default:
        fail(m.id, new Error(`unknown message ${m.type}`));
    }
  } catch (error) {
    fail(m.id, error);
  }
});
port.postMessage({ type: 'ready' });
