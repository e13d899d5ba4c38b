import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { createDb, type Db } from '../src/platform/db/db.js';
import { createDatabase, dropDatabase } from './postgres-databases.js';

/**
 * An empty database for the tests of the describe block (or file) that calls it: a new database on the PostgreSQL
 * server of DATABASE_URL, dropped afterwards, or an in-memory PGlite. Answers a getter, usable once beforeAll ran.
 */
export function useScratchDb(prefix: string): () => Db {
  const serverUrl = process.env.DATABASE_URL ?? null;
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  let db: Db | undefined;
  beforeAll(async () => {
    const url = serverUrl ? await createDatabase(serverUrl, name) : null;
    db = await createDb({ databaseUrl: url, dataDir: 'memory://' });
  });
  afterAll(async () => {
    await db?.close();
    if (serverUrl) await dropDatabase(serverUrl, name);
  });
  return () => {
    if (!db) throw new Error('the scratch database is opened in beforeAll');
    return db;
  };
}
