import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/platform/db/db.js';
import { migrate } from '../src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../src/platform/db/paths.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory with every migration applied (a tarball); null on PostgreSQL. */
    pgliteSnapshot: string | null;
    /** On PostgreSQL: a database with every migration applied, the template of each test file's database. */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one database before the run, so each API test file starts its own database from it instead of
 * initialising and migrating a new one (about 3 s each): a dump of an embedded database, or on PostgreSQL a
 * template database.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    project.provide('pgliteSnapshot', null);
    const name = `portal_template_${randomUUID().replace(/-/g, '')}`;
    await onServer(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = await createDb({ databaseUrl: url.toString(), dataDir: '' });
    await migrate(db, MIGRATIONS_DIR);
    await db.close();
    project.provide('postgresTemplate', name);
    return () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  project.provide('postgresTemplate', null);
  const db = await createDb({ databaseUrl: null, dataDir: 'memory://' });
  await migrate(db, MIGRATIONS_DIR);
  const dump = await db.dumpDataDir?.();
  await db.close();
  if (!dump) throw new Error('the embedded database could not be dumped');
  const folder = mkdtempSync(join(tmpdir(), 'portal-snapshot-'));
  const file = join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(folder, { recursive: true, force: true });
}

async function onServer(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
