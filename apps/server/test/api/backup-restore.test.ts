import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createDb, type Db } from '../../src/platform/db/db.js';
import { migrate } from '../../src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../../src/platform/db/paths.js';
import { type Keyring, loadKeyring, open, seal } from '../../src/platform/secrets/index.js';
import { migratedSnapshot } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createDatabase, dropDatabase } from '../postgres-databases.js';

// Issue 14: `npm run backup` and `npm run restore`, tested by a round trip through the real commands: data written
// through the server, backed up, restored into a fresh DATA_DIR (and, on PostgreSQL, a fresh database), then read
// back through a server started on the restored data. The embedded database is covered in a plain `npm test`; the
// PostgreSQL round trip runs when DATABASE_URL is set (scripts/with-postgres.sh), the embedded one only without it.
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const serverUrl = process.env.DATABASE_URL?.trim() || null;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function command(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(root, 'scripts', `${script}.mjs`), ...args],
      { cwd: root, env: { ...process.env, SECRETS_KEY: '', BACKUP_DIR: '', ...env }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A database of this test's own: on PostgreSQL a new one (migrated from the run's template, or empty); else ''. */
async function newDatabase(created: string[], migrated: boolean): Promise<string> {
  if (!serverUrl) return '';
  const name = `portal_backup_${randomUUID().replace(/-/g, '')}`;
  const template = migrated ? inject('postgresTemplate') : null;
  const url = await createDatabase(serverUrl, name, template);
  created.push(name);
  return url;
}

async function openDb(databaseUrl: string, dataDir: string, snapshot = false): Promise<Db> {
  const blob = snapshot && !databaseUrl ? migratedSnapshot() : undefined;
  const db = await createDb({ databaseUrl: databaseUrl || null, dataDir, ...(blob ? { snapshot: blob } : {}) });
  await migrate(db, MIGRATIONS_DIR);
  return db;
}

/** The server as `node dist/server.js` builds it on DATA_DIR: files in DATA_DIR/files, the key file DATA_DIR/secrets.key. */
async function startServer(db: Db, dataDir: string): Promise<{ app: FastifyInstance; url: string; keyring: Keyring }> {
  const keyring = loadKeyring({ secretsKey: null, secretsOldKeys: [], keyFile: join(dataDir, 'secrets.key') });
  const app = await buildApp({
    db,
    webDist: null,
    filesDir: join(dataDir, 'files'),
    backgroundJobs: false,
    outgoingAllow: ['loopback'],
    secrets: keyring,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, keyring };
}

const kinds = [
  { kind: 'embedded (PGlite)', enabled: !serverUrl },
  { kind: 'PostgreSQL', enabled: Boolean(serverUrl) },
];

for (const { kind, enabled } of kinds) {
  describe.runIf(enabled)(`backup and restore round trip, ${kind} (issue 14)`, () => {
    const databases: string[] = [];
    let base = '';
    let sourceDir = '';
    let sourceUrl = '';
    let targetDir = '';
    let targetUrl = '';
    let backupRoot = '';
    let backupDir = '';
    let username = '';
    let companyId = 0;
    let filePath = '';
    let sealed = '';
    let openRefusal: Run | null = null;
    let backupRun: Run;
    const fileText = `Signed order form ${randomUUID()}`;

    beforeAll(async () => {
      base = mkdtempSync(join(tmpdir(), 'portal-backup-test-'));
      sourceDir = join(base, 'source');
      targetDir = join(base, 'target');
      backupRoot = join(base, 'backups');
      sourceUrl = await newDatabase(databases, true);

      // Data written through the real server on its own DATA_DIR.
      const db = await openDb(sourceUrl, sourceDir, true);
      const server = await startServer(db, sourceDir);
      const provider = await makeAccount(db, { type: 'Provider', parentId: null });
      companyId = await makeAccount(db, { type: 'Company', parentId: provider, displayName: 'Harbour Freight Ltd' });
      ({ username } = await makeUser(db, { parentId: companyId, capabilities: READ_ALL }));
      const client = await new ApiClient(server.url).signIn(username);
      const form = new FormData();
      form.append('file', new Blob([fileText], { type: 'text/plain' }), 'order-form.txt');
      const upload = await fetch(`${server.url}/keeper/upload`, {
        method: 'POST',
        body: form,
        headers: { cookie: client.cookie ?? '' },
      });
      expect(upload.status).toBe(201);
      filePath = ((await upload.json()) as { data: { path: string } }).data.path;
      sealed = seal(server.keyring, 'backup-test', 'client secret 4711');

      if (!serverUrl) openRefusal = await command('backup', [backupRoot], { DATA_DIR: sourceDir, DATABASE_URL: '' });
      await server.app.close();
      await db.close();

      backupRun = await command('backup', [backupRoot], { DATA_DIR: sourceDir, DATABASE_URL: sourceUrl });
      backupDir = join(backupRoot, readdirSync(backupRoot).find((n) => n.startsWith('portal-backup-')) ?? 'missing');
    }, 180_000);

    afterAll(async () => {
      for (const name of databases) await dropDatabase(serverUrl ?? '', name);
      if (base) rmSync(base, { recursive: true, force: true });
    });

    it('npm run backup writes one timestamped folder with the database dump, the stored files, the key file and a manifest', () => {
      expect(backupRun.stderr).toBe('');
      expect(backupRun.code).toBe(0);
      expect(backupDir).toMatch(/portal-backup-\d{8}T\d{6}Z$/);
      const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'));
      const migrations = readdirSync(MIGRATIONS_DIR)
        .filter((f) => f.endsWith('.sql'))
        .sort();
      expect(manifest).toMatchObject({
        format: 'portal-backup',
        formatVersion: 1,
        appVersion: expect.any(String),
        database: serverUrl ? 'postgres' : 'pglite',
        schemaMigration: migrations.at(-1),
        migrationsApplied: migrations.length,
        contents: { files: { count: 1 }, secretsKey: 'included' },
      });
      expect(Date.now() - Date.parse(manifest.createdAt)).toBeLessThan(10 * 60_000);
      expect(existsSync(join(backupDir, manifest.contents.database.file))).toBe(true);
      expect(readFileSync(join(backupDir, 'files', filePath), 'utf8')).toBe(fileText);
      expect(readFileSync(join(backupDir, 'secrets.key'), 'utf8')).toBe(readFileSync(join(sourceDir, 'secrets.key'), 'utf8'));
      expect(statSync(join(backupDir, 'secrets.key')).mode & 0o077).toBe(0);
      expect(backupRun.stdout).toContain('it holds the secrets key');
    });

    it.runIf(!serverUrl)('refuses to back up the embedded database while the server has it open', () => {
      expect(openRefusal?.code).toBe(2);
      expect(openRefusal?.stderr).toContain('is open: stop the server');
    });

    it.runIf(Boolean(serverUrl))('a backup that fails half-way leaves nothing behind and says why', async () => {
      const bin = join(base, 'failing-bin');
      const destination = join(base, 'failed-backups');
      mkdirSync(bin);
      writeFileSync(join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump: error: connection refused" >&2\nexit 3\n', { mode: 0o755 });

      const failed = await command('backup', [destination], { DATA_DIR: sourceDir, DATABASE_URL: sourceUrl, PG_BIN: bin });

      expect(failed.code).toBe(2);
      expect(failed.stderr).toContain('pg_dump failed (exit 3): pg_dump: error: connection refused');
      expect(readdirSync(destination)).toEqual([]);
    });

    it('npm run restore puts it into an empty location, and a server started there reads the same accounts, files and secrets', async () => {
      targetUrl = await newDatabase(databases, false);
      const restored = await command('restore', [backupDir], { DATA_DIR: targetDir, DATABASE_URL: targetUrl });
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);

      const db = await openDb(targetUrl, targetDir);
      const server = await startServer(db, targetDir);
      try {
        const client = await new ApiClient(server.url).signIn(username);
        const company = await client.op('LoadAccountById', { id: companyId });
        expect(company.status).toBe(200);
        expect(company.body.Views.Default?.Values.DisplayName).toBe('Harbour Freight Ltd');
        const download = await fetch(`${server.url}/keeper/download/${filePath}`, { headers: { cookie: client.cookie ?? '' } });
        expect(download.status).toBe(200);
        expect(await download.text()).toBe(fileText);
        expect(open(server.keyring, 'backup-test', sealed)).toBe('client secret 4711');
      } finally {
        await server.app.close();
        await db.close();
      }
    }, 120_000);

    it('npm run restore refuses a location that is not empty, naming it, unless --force', async () => {
      const again = await command('restore', [backupDir], { DATA_DIR: targetDir, DATABASE_URL: targetUrl });
      expect(again.code).toBe(2);
      expect(again.stderr).toContain('refusing to overwrite');
      expect(again.stderr).toContain(join(targetDir, 'files'));
      if (serverUrl) expect(again.stderr).toContain('the PostgreSQL database');
      else expect(again.stderr).toContain(join(targetDir, 'pglite'));

      const forced = await command('restore', [backupDir, '--force'], { DATA_DIR: targetDir, DATABASE_URL: targetUrl });
      expect(forced.stderr).toBe('');
      expect(forced.code).toBe(0);
      expect(readdirSync(targetDir).some((n) => n.startsWith('files.before-restore-'))).toBe(true);
      expect(readFileSync(join(targetDir, 'files', filePath), 'utf8')).toBe(fileText);
    }, 120_000);

    it('npm run restore checks the manifest: a damaged dump, a newer schema or the other database kind is refused', async () => {
      const copy = join(base, 'copy');
      cpSync(backupDir, copy, { recursive: true });
      const manifestFile = join(copy, 'manifest.json');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
      const empty = join(base, 'empty');

      writeFileSync(manifestFile, JSON.stringify({ ...manifest, schemaMigration: '9999_from_the_future.sql' }));
      const newer = await command('restore', [copy], { DATA_DIR: empty, DATABASE_URL: targetUrl });
      expect(newer.code).toBe(2);
      expect(newer.stderr).toContain('newer than this version knows');

      writeFileSync(manifestFile, JSON.stringify(manifest));
      writeFileSync(join(copy, manifest.contents.database.file), 'damaged');
      const damaged = await command('restore', [copy], { DATA_DIR: empty, DATABASE_URL: targetUrl });
      expect(damaged.code).toBe(2);
      expect(damaged.stderr).toContain('is damaged');

      const otherKind = await command('restore', [backupDir], {
        DATA_DIR: empty,
        DATABASE_URL: serverUrl ? '' : 'postgres://nobody@127.0.0.1:1/none',
      });
      expect(otherKind.code).toBe(2);
      expect(otherKind.stderr).toContain(serverUrl ? 'set DATABASE_URL to the (empty) database' : 'unset DATABASE_URL');
      expect(existsSync(empty)).toBe(false);
    }, 120_000);
  });
}
