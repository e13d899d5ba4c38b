import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '../src/app.js';
import { createDb, type Db } from '../src/platform/db/db.js';
import { migrate } from '../src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../src/platform/db/paths.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  url: string;
  /** Where the app stores uploaded and generated files. */
  filesDir: string;
  close(): Promise<void>;
}

/**
 * Starts the real app on a fresh database with migrations applied: in-memory PGlite, or a new
 * database on the PostgreSQL server of DATABASE_URL when it is set (CI runs both).
 */
export async function buildTestApp(
  options: { webDist?: string | null; app?: Partial<Omit<AppOptions, 'db'>> } = {},
): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | null = null;
  let db: Db;
  if (serverUrl) {
    const name = `portal_test_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    db = await createDb({ databaseUrl: url.toString(), dataDir: '' });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    db = await createDb({ databaseUrl: null, dataDir: 'memory://' });
  }
  await migrate(db, MIGRATIONS_DIR);
  const filesDir = mkdtempSync(join(tmpdir(), 'portal-files-'));
  const app = await buildApp({ db, webDist: options.webDist ?? null, filesDir, backgroundJobs: false, ...options.app });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    app,
    db,
    url: `http://127.0.0.1:${port}`,
    filesDir,
    close: async () => {
      await app.close();
      await db.close();
      await dropDatabase?.();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
