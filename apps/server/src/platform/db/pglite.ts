import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type messages, PGlite, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db } from './db-types.js';
import { countCall, emptyStats } from './query-stats.js';
import { nameOf } from './statement-name.js';

type BackendMessage = messages.BackendMessage;

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
  // PGlite's API has no named statements, but its wire protocol has: a prepared statement is parsed once under its
  // name (Parse, and Describe for its parameter types), then each run binds its values to that name (Bind, Execute,
  // Sync), as node-pg does on PostgreSQL. The values travel as bound parameters, never written into the SQL, so any
  // value may be bound (decision 0065; before it, EXECUTE with the values written in, for integers and paths only).
  const prepared = new Map<string, number[]>();
  const { serialize } = protocol;
  const runPrepared = async <T>(sql: string, params: readonly unknown[] = []) => {
    if (params.length > 0) await planMode(true);
    countCall(stats, 1, 1);
    const name = nameOf(sql);
    return client._runExclusiveQuery(async () => {
      const messages: BackendMessage[] = [];
      try {
        const parseOnce = async () => {
          messages.push(...(await client.execProtocol(serialize.parse({ name, text: sql }))).messages);
          const parsed = parse.parseDescribeStatementResults(
            (await client.execProtocol(serialize.describe({ type: 'S', name }))).messages,
          );
          prepared.set(name, parsed);
          return parsed;
        };
        const types = prepared.get(name) ?? (await parseOnce());
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = client.serializers[types[i] as number];
          return serializer ? serializer(value) : String(value);
        });
        messages.push(
          ...(await client.execProtocol(serialize.bind({ statement: name, values }))).messages,
          ...(await client.execProtocol(serialize.describe({ type: 'P' }))).messages,
          ...(await client.execProtocol(serialize.execute({}))).messages,
        );
      } catch (error) {
        // A statement that failed to parse is not kept: the next call parses it again (and fails the same way).
        if (!prepared.has(name)) await client.execProtocol(serialize.close({ type: 'S', name })).catch(() => undefined);
        throw error;
      } finally {
        await client.execProtocol(serialize.sync());
      }
      return (parse.parseResults(messages, client.parsers)[0]?.rows ?? []) as T[];
    });
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
