// Backup and restore of a portal installation (issue 14): the database (the embedded PGlite one in DATA_DIR/pglite,
// or PostgreSQL at DATABASE_URL), the stored files (DATA_DIR/files) and the secrets key file (DATA_DIR/secrets.key).
// Used by scripts/backup.mjs and scripts/restore.mjs; see docs/operations.md "Backups and restore".
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FORMAT = 'portal-backup';
export const FORMAT_VERSION = 1;
const here = dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = join(here, '..', 'apps', 'server', 'migrations');
const MIGRATION_NAME = /^\d{4}_[a-z0-9_]+\.sql$/;

/** A refusal the operator can act on: printed without a stack, exit code 2. */
export class BackupError extends Error {}

/** DATABASE_URL, DATA_DIR as the server reads them (apps/server/src/platform/config/config.ts). */
export function settingsFromEnv(env = process.env) {
  return {
    databaseUrl: env.DATABASE_URL?.trim() || null,
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    secretsKeySet: Boolean(env.SECRETS_KEY?.trim()),
  };
}

function appVersion() {
  return JSON.parse(readFileSync(join(here, '..', 'apps', 'server', 'package.json'), 'utf8')).version;
}

/** The newest migration this checkout knows. */
export function latestMigration() {
  const names = readdirSync(MIGRATIONS_DIR)
    .filter((f) => MIGRATION_NAME.test(f))
    .sort();
  return names.at(-1) ?? null;
}

function sha256(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** 2026-11-26T01:02:03.456Z -> 20261126T010203Z */
function stamp(date) {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

const isEmptyDir = (dir) => !existsSync(dir) || readdirSync(dir).length === 0;

/** The server binaries' folder holding pg_dump and pg_restore: PG_BIN, the newest /usr/lib/postgresql/N/bin, or PATH. */
export function postgresTool(name) {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(join(process.env.PG_BIN, name));
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) candidates.push(join('/usr/lib/postgresql', v, 'bin', name));
  }
  for (const dir of (process.env.PATH ?? '').split(':').filter(Boolean)) candidates.push(join(dir, name));
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new BackupError(`${name} was not found (install the PostgreSQL client tools, or set PG_BIN to their folder)`);
  return found;
}

/** libpq's connection settings for a URL: the password goes into the environment, never onto the command line. */
function libpqTarget(databaseUrl) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function runTool(tool, args, env) {
  const result = spawnSync(tool, args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new BackupError(`${tool} failed (exit ${result.status}): ${result.stderr.trim()}`);
  return result;
}

async function openPglite(dataDir, loadDataDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const location = join(dataDir, 'pglite');
  mkdirSync(location, { recursive: true });
  return PGlite.create(location, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

async function withPostgres(databaseUrl, work) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const MIGRATION_LEVEL_SQL = `SELECT (SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1) AS latest,
  (SELECT count(*)::int FROM schema_migrations) AS count`;

/** Tables, sequences and views in the database outside the system schemas. */
const USER_RELATIONS_SQL = `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
    AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'`;

/**
 * Writes one backup folder, `portal-backup-<UTC time>`, under `destination`, and returns its path. The folder is
 * written as `<name>.partial` and renamed when complete, so an interrupted backup never looks like one.
 */
export async function backup({
  databaseUrl,
  dataDir,
  secretsKeySet,
  destination,
  withoutKey = false,
  force = false,
  log = () => {},
}) {
  const createdAt = new Date();
  const name = `portal-backup-${stamp(createdAt)}`;
  const finalDir = join(resolve(destination), name);
  const work = `${finalDir}.partial`;
  if (existsSync(finalDir)) throw new BackupError(`${finalDir} already exists`);
  const kind = databaseUrl ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    if (!existsSync(join(dataDir, 'pglite', 'PG_VERSION')))
      throw new BackupError(`no embedded database in ${join(dataDir, 'pglite')} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
    if (existsSync(join(dataDir, 'pglite', 'postmaster.pid')) && !force)
      throw new BackupError(
        `the embedded database in ${join(dataDir, 'pglite')} is open: stop the server (and any npm run db:* command) first. ` +
          'If nothing runs, it was not shut down cleanly: start and stop the server once, or pass --force',
      );
  }
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true, mode: 0o700 });
  chmodSync(work, 0o700);
  try {
    const manifest = await writeBackup({ kind, databaseUrl, dataDir, secretsKeySet, withoutKey, createdAt, work, log });
    renameSync(work, finalDir);
    return { dir: finalDir, manifest };
  } catch (error) {
    // Nothing half-written is left behind.
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

async function writeBackup({ kind, databaseUrl, dataDir, secretsKeySet, withoutKey, createdAt, work, log }) {
  let database;
  let migrations;
  if (kind === 'pglite') {
    log(`dumping the embedded database in ${join(dataDir, 'pglite')}`);
    const db = await openPglite(dataDir);
    try {
      [migrations] = (await db.query(MIGRATION_LEVEL_SQL)).rows;
      const dump = await db.dumpDataDir('gzip');
      writeFileSync(join(work, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    } finally {
      await db.close();
    }
    database = 'database.tar.gz';
  } else {
    log('dumping the PostgreSQL database with pg_dump (custom format)');
    migrations = await withPostgres(databaseUrl, async (c) => (await c.query(MIGRATION_LEVEL_SQL)).rows[0]);
    const target = libpqTarget(databaseUrl);
    const file = join(work, 'database.dump');
    runTool(
      postgresTool('pg_dump'),
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${target.dbname}`],
      target.env,
    );
    chmodSync(file, 0o600);
    database = 'database.dump';
  }

  // Files after the database: every file a dumped record names was written before that record was committed.
  const filesDir = join(dataDir, 'files');
  let fileCount = 0;
  let fileBytes = 0;
  mkdirSync(join(work, 'files'), { mode: 0o700 });
  if (existsSync(filesDir)) {
    for (const entry of readdirSync(filesDir, { withFileTypes: true })) {
      if (!entry.isFile()) continue;
      copyFileSync(join(filesDir, entry.name), join(work, 'files', entry.name));
      fileCount += 1;
      fileBytes += statSync(join(filesDir, entry.name)).size;
    }
  }
  log(`copied ${fileCount} stored files (${fileBytes} bytes)`);

  const keyFile = join(dataDir, 'secrets.key');
  let secretsKey;
  if (secretsKeySet) secretsKey = 'SECRETS_KEY';
  else if (!existsSync(keyFile)) secretsKey = 'none';
  else if (withoutKey) secretsKey = 'left-out';
  else {
    copyFileSync(keyFile, join(work, 'secrets.key'));
    chmodSync(join(work, 'secrets.key'), 0o600);
    secretsKey = 'included';
  }

  const manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    appVersion: appVersion(),
    database: kind,
    schemaMigration: migrations?.latest ?? null,
    migrationsApplied: migrations?.count ?? 0,
    createdAt: createdAt.toISOString(),
    contents: {
      database: { file: database, bytes: statSync(join(work, database)).size, sha256: sha256(join(work, database)) },
      files: { folder: 'files', count: fileCount, bytes: fileBytes },
      secretsKey,
      ...(secretsKey === 'included' ? { secretsKeySha256: sha256(join(work, 'secrets.key')) } : {}),
    },
  };
  writeFileSync(join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** Reads and checks a backup's manifest and contents; throws BackupError naming what is wrong. */
export function readManifest(backupDir) {
  const file = join(backupDir, 'manifest.json');
  if (!existsSync(file)) throw new BackupError(`${backupDir} is not a portal backup: it has no manifest.json`);
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new BackupError(`${file} is not valid JSON`);
  }
  if (manifest.format !== FORMAT) throw new BackupError(`${file} is not a portal backup manifest (format ${manifest.format})`);
  if (manifest.formatVersion !== FORMAT_VERSION)
    throw new BackupError(`${file} has backup format version ${manifest.formatVersion}; this version reads ${FORMAT_VERSION}`);
  if (manifest.database !== 'pglite' && manifest.database !== 'postgres')
    throw new BackupError(`${file} names an unknown database kind: ${manifest.database}`);
  const latest = latestMigration();
  if (manifest.schemaMigration && latest && manifest.schemaMigration > latest)
    throw new BackupError(
      `the backup's database is at migration ${manifest.schemaMigration}, newer than this version knows (${latest}): ` +
        `restore it with portal version ${manifest.appVersion} or later`,
    );
  const db = manifest.contents?.database;
  const dbFile = db ? join(backupDir, db.file) : '';
  if (!db || !existsSync(dbFile)) throw new BackupError(`the backup's database dump ${db?.file ?? ''} is missing`);
  if (sha256(dbFile) !== db.sha256) throw new BackupError(`the backup's database dump ${db.file} is damaged (checksum differs)`);
  const files = existsSync(join(backupDir, 'files')) ? readdirSync(join(backupDir, 'files')).length : 0;
  if (files !== manifest.contents.files?.count)
    throw new BackupError(`the backup holds ${files} stored files, its manifest says ${manifest.contents.files?.count}`);
  if (manifest.contents.secretsKey === 'included') {
    const key = join(backupDir, 'secrets.key');
    if (!existsSync(key) || sha256(key) !== manifest.contents.secretsKeySha256)
      throw new BackupError("the backup's secrets.key is missing or damaged");
  }
  return manifest;
}

/**
 * Restores a backup into the configured DATA_DIR and database. Both must be empty unless `force`: then the old
 * embedded database, files and key file are moved aside (`<name>.before-restore-<time>`), and a PostgreSQL
 * database's public schema is dropped.
 */
export async function restore({ databaseUrl, dataDir, secretsKeySet, backupDir, force = false, log = () => {} }) {
  const source = resolve(backupDir);
  const manifest = readManifest(source);
  const kind = databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== kind)
    throw new BackupError(
      manifest.database === 'pglite'
        ? 'this is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR'
        : 'this is a backup of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into',
    );

  const pgliteDir = join(dataDir, 'pglite');
  const filesDir = join(dataDir, 'files');
  const keyFile = join(dataDir, 'secrets.key');
  const restoresKey = manifest.contents.secretsKey === 'included';
  const occupied = [];
  if (kind === 'pglite' && !isEmptyDir(pgliteDir)) occupied.push(pgliteDir);
  if (!isEmptyDir(filesDir)) occupied.push(filesDir);
  if (restoresKey && existsSync(keyFile)) occupied.push(keyFile);
  let relations = 0;
  if (kind === 'postgres') {
    relations = await withPostgres(databaseUrl, async (c) => (await c.query(USER_RELATIONS_SQL)).rows[0].n);
    if (relations > 0) occupied.push(`the PostgreSQL database (${relations} tables, sequences and views)`);
  }
  if (occupied.length > 0 && !force)
    throw new BackupError(
      `refusing to overwrite what is there: ${occupied.join(', ')} (restore into an empty target, or pass --force)`,
    );
  if (kind === 'pglite' && existsSync(join(pgliteDir, 'postmaster.pid')))
    throw new BackupError(`the embedded database in ${pgliteDir} is open: stop the server first`);

  const aside = `before-restore-${stamp(new Date())}`;
  const moveAside = (path) => {
    if (!existsSync(path)) return;
    renameSync(path, `${path}.${aside}`);
    log(`moved ${path} aside to ${path}.${aside}`);
  };
  if (kind === 'pglite' && !isEmptyDir(pgliteDir)) moveAside(pgliteDir);
  if (!isEmptyDir(filesDir)) moveAside(filesDir);
  if (restoresKey) moveAside(keyFile);

  const dump = join(source, manifest.contents.database.file);
  if (kind === 'pglite') {
    log(`loading the embedded database into ${pgliteDir}`);
    rmSync(pgliteDir, { recursive: true, force: true });
    try {
      const db = await openPglite(dataDir, new Blob([readFileSync(dump)]));
      try {
        const [level] = (await db.query(MIGRATION_LEVEL_SQL)).rows;
        if (level.latest !== manifest.schemaMigration)
          throw new BackupError(
            `the restored database is at migration ${level.latest}, the manifest says ${manifest.schemaMigration}`,
          );
      } finally {
        await db.close();
      }
    } catch (error) {
      // A database that did not load is removed, so the target is empty again for the next try.
      rmSync(pgliteDir, { recursive: true, force: true });
      throw error;
    }
  } else {
    if (relations > 0) {
      log('dropping the public schema of the PostgreSQL database (--force)');
      await withPostgres(databaseUrl, (c) => c.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public'));
    }
    log('restoring the PostgreSQL database with pg_restore');
    const target = libpqTarget(databaseUrl);
    runTool(
      postgresTool('pg_restore'),
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${target.dbname}`, dump],
      target.env,
    );
    const level = await withPostgres(databaseUrl, async (c) => (await c.query(MIGRATION_LEVEL_SQL)).rows[0]);
    if (level.latest !== manifest.schemaMigration)
      throw new BackupError(
        `the restored database is at migration ${level.latest}, the manifest says ${manifest.schemaMigration}`,
      );
  }

  mkdirSync(filesDir, { recursive: true });
  let copied = 0;
  for (const entry of readdirSync(join(source, 'files'), { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    copyFileSync(join(source, 'files', entry.name), join(filesDir, entry.name));
    copied += 1;
  }
  log(`restored ${copied} stored files into ${filesDir}`);

  const notes = [];
  if (restoresKey) {
    copyFileSync(join(source, 'secrets.key'), keyFile);
    chmodSync(keyFile, 0o600);
    log(`restored the secrets key file ${keyFile}`);
    if (secretsKeySet) notes.push('SECRETS_KEY is set, so the server uses it and not the restored key file');
  } else if (manifest.contents.secretsKey === 'SECRETS_KEY' || manifest.contents.secretsKey === 'left-out') {
    notes.push(
      manifest.contents.secretsKey === 'SECRETS_KEY'
        ? 'the backed-up server used SECRETS_KEY: start the restored server with the same SECRETS_KEY'
        : 'the key file was left out of this backup: put the saved DATA_DIR/secrets.key back (or set SECRETS_KEY) before starting',
    );
  }
  return { manifest, files: copied, notes };
}

/** The command-line flags both commands share. */
export function parseArgs(argv, allowed) {
  const flags = new Set();
  const positional = [];
  for (const arg of argv) {
    if (arg.startsWith('--')) {
      if (!allowed.includes(arg)) throw new BackupError(`unknown option ${arg} (known: ${allowed.join(', ')})`);
      flags.add(arg);
    } else positional.push(arg);
  }
  return { flags, positional };
}
