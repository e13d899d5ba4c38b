import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/platform/db/db.js';
import { migrate } from '../src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../src/platform/db/paths.js';
import { createDatabase, dropDatabase } from './postgres-databases.js';

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
    const db = await createDb({ databaseUrl: await createDatabase(serverUrl, name), dataDir: '' });
    await migrate(db, MIGRATIONS_DIR);
    await db.close();
    project.provide('postgresTemplate', name);
    return () => dropDatabase(serverUrl, name);
  }
  project.provide('postgresTemplate', null);
  const db = await createDb({ databaseUrl: null, dataDir: 'memory://' });
  await migrate(db, MIGRATIONS_DIR);
  // A third of each test file's start is unpacking the dump: leave out what no test reads. The two template databases
  // (15 of 45 MB; nothing creates a database on PGlite), and the migrations' WAL to replay (a checkpoint first).
  await db.exec("UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')");
  await db.exec('DROP DATABASE template0');
  await db.exec('DROP DATABASE template1');
  // PGlite zeroes its shared buffers at every start (about half a CPU-second at PostgreSQL's 128 MB): a test file's
  // database is a few MB, and 32 MB made the whole run a fifth cheaper (520 to 427 CPU-s, decision 0031). Written
  // into the snapshot's postgresql.auto.conf, so only the tests' databases start with it.
  await db.exec("ALTER SYSTEM SET shared_buffers = '32MB'");
  await db.exec('CHECKPOINT');
  const dump = await db.dumpDataDir?.();
  await db.close();
  if (!dump) throw new Error('the embedded database could not be dumped');
  const folder = mkdtempSync(join(tmpdir(), 'portal-snapshot-'));
  const file = join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
