// The PGlite side of bench/pglite-worker/worker-db.ts: the embedded database in its own thread, answering the
// queries, transactions and LISTENs the server's thread posts to it. Plain JavaScript: a worker is started without
// the TypeScript loader.

import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const client = await PGlite.create(workerData.location, { extensions: { pg_trgm } });
await client.exec('SET plan_cache_mode = force_generic_plan');

const port = parentPort;
const transactions = new Map();
const endings = new Map();
const prepared = new Set();
const ROLLBACK = Symbol('rollback');

const errorOf = (error) => {
  const fields = { message: error instanceof Error ? error.message : String(error) };
  for (const key of ['code', 'detail', 'constraint', 'table', 'column', 'schema', 'severity', 'hint', 'where', 'position']) {
    if (error && error[key] !== undefined) fields[key] = error[key];
  }
  return fields;
};
const reply = (id, rows) => port.postMessage({ id, rows });
const fail = (id, error) => port.postMessage({ id, error: errorOf(error) });

// The same rule as the in-thread Db: PREPARE once, EXECUTE with integer literals, outside transactions only.
const literal = (value) => {
  if (Number.isSafeInteger(value)) return String(value);
  if (Array.isArray(value) && value.every((v) => Number.isSafeInteger(v))) return `'{${value.join(',')}}'`;
  return null;
};
async function runPrepared(sql, params = []) {
  const literals = params.map(literal);
  if (literals.some((l) => l === null)) return (await client.query(sql, params)).rows;
  const name = `p_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
  if (!prepared.has(name)) {
    await client.query(`PREPARE ${name} AS ${sql}`);
    prepared.add(name);
  }
  return (await client.query(literals.length > 0 ? `EXECUTE ${name}(${literals.join(', ')})` : `EXECUTE ${name}`)).rows;
}

port.on('message', async (m) => {
  try {
    switch (m.type) {
      case 'query': {
        if (m.tx) reply(m.id, (await transactions.get(m.tx).query(m.sql, m.params)).rows);
        else if (m.prepare) reply(m.id, await runPrepared(m.sql, m.params));
        else reply(m.id, (await client.query(m.sql, m.params)).rows);
        break;
      }
      case 'exec':
        await client.exec(m.sql);
        reply(m.id, []);
        break;
      case 'begin': {
        let endId = null;
        client
          .transaction(async (tx) => {
            transactions.set(m.tx, tx);
            reply(m.id, []);
            const end = await new Promise((resolve) => endings.set(m.tx, resolve));
            endId = end.id;
            if (!end.commit) throw ROLLBACK;
          })
          .then(
            () => reply(endId, []),
            (error) => (error === ROLLBACK ? reply(endId, []) : endId === null ? fail(m.id, error) : fail(endId, error)),
          )
          .finally(() => {
            transactions.delete(m.tx);
            endings.delete(m.tx);
          });
        break;
      }
      case 'end':
        endings.get(m.tx)({ id: m.id, commit: m.commit });
        break;
      case 'listen':
        await client.listen(m.channel, (payload) => port.postMessage({ type: 'notify', channel: m.channel, payload }));
        reply(m.id, []);
        break;
      case 'close':
        await client.close();
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
