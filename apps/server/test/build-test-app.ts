import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.js';
import { parsePgliteThread } from '../src/platform/config/config.js';
import { createDb, type Db } from '../src/platform/db/db.js';
import { migrate } from '../src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../src/platform/db/paths.js';
import { generateKey, makeKeyring } from '../src/platform/secrets/index.js';
import { type MailCatcher, startMailCatcher } from './mail-catcher.js';
import { createDatabase, dropDatabase as dropTestDatabase } from './postgres-databases.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  url: string;
  /** Where the app stores uploaded and generated files. */
  filesDir: string;
  /** The loopback mail server the app sends through, with `mail: true`; tests read sent credentials there. */
  mail: MailCatcher | null;
  close(): Promise<void>;
}

/**
 * A file's bytes as a Blob that hands them over at once: Node 20's `Blob.arrayBuffer()` reads a 30 MB blob back in small
 * chunks and joins them (about 0.3 CPU-s), and PGlite reads its data directory with it. Each reader gets its own copy.
 */
class BytesBlob extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;
  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([bytes]);
    this.#bytes = bytes;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    const copy = new ArrayBuffer(this.#bytes.byteLength);
    new Uint8Array(copy).set(this.#bytes);
    return copy;
  }
}

let kept: { file: string; blob: Blob } | undefined;

/**
 * The migrated PGlite data directory of the global setup (test/global-setup.ts), read once per worker: test files share
 * a worker's modules (vitest.config.ts, `isolate: false`), so every file's database starts from the same bytes. Reading
 * the 30 MB file and copying it through a Blob for each start was half of a database's start (decision 0031).
 */
export function migratedSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  if (!file) return undefined;
  if (kept?.file !== file) kept = { file, blob: new BytesBlob(readFileSync(file)) };
  return kept.blob;
}

/**
 * Starts the real app on a fresh database with migrations applied: in-memory PGlite, or a new
 * database on the PostgreSQL server of DATABASE_URL when it is set (CI runs both).
 */
export async function buildTestApp(
  options: { webDist?: string | null; mail?: boolean; app?: Partial<Omit<AppOptions, 'db'>> } = {},
): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | null = null;
  let db: Db;
  if (serverUrl) {
    const name = `portal_test_${randomUUID().replace(/-/g, '')}`;
    // A copy of the migrated template of the global setup (test/global-setup.ts).
    db = await createDb({ databaseUrl: await createDatabase(serverUrl, name, inject('postgresTemplate')), dataDir: '' });
    dropDatabase = () => dropTestDatabase(serverUrl, name);
  } else {
    // Start from the migrated database the global setup dumped (test/global-setup.ts).
    const snapshot = migratedSnapshot();
    // PGLITE_THREAD chooses the thread as for the server (the test's own thread by default).
    db = await createDb({
      databaseUrl: null,
      dataDir: 'memory://',
      snapshot,
      pgliteThread: parsePgliteThread(process.env.PGLITE_THREAD),
    });
  }
  await migrate(db, MIGRATIONS_DIR);
  const filesDir = mkdtempSync(join(tmpdir(), 'portal-files-'));
  const mail = options.mail ? await startMailCatcher() : null;
  // Tests reach their stand-in vendors and identity providers on loopback only, allowed explicitly.
  const app = await buildApp({
    db,
    webDist: options.webDist ?? null,
    filesDir,
    backgroundJobs: false,
    outgoingAllow: ['loopback'],
    // Every answer must be exactly what its output contract makes of it (decision 0063).
    strictOutput: true,
    // A key of the test's own: nothing is written to the data directory.
    secrets: makeKeyring(generateKey()),
    ...(mail ? { smtpUrl: mail.url } : {}),
    ...options.app,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    app,
    db,
    url: `http://127.0.0.1:${port}`,
    filesDir,
    mail,
    close: async () => {
      // The test is over, so a connection still busy is one a test left behind: a response whose body it never read
      // keeps its connection busy until garbage collection happens to cancel it, and the server's close would wait
      // for it (the 60 s hook timeouts of 2026-11-27, decision 0064). Closing begins (no new connections), then every
      // connection left is closed.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await mail?.close();
      await db.close();
      await dropDatabase?.();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
