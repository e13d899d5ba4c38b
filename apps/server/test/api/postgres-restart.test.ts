import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createDb, type Db } from '../../src/platform/db/db.js';
import { migrate } from '../../src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../../src/platform/db/paths.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

// Issue 14: a PostgreSQL restart is survived without restarting the server. Runs only on PostgreSQL (DATABASE_URL
// set, e.g. `scripts/with-postgres.sh npx vitest run <this file>`); it starts a cluster of its own with pg_ctl, so
// restarting it disturbs no other test file.
const enabled = Boolean(process.env.DATABASE_URL);

function pgBin(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

const asRoot = process.getuid?.() === 0;
/** Runs a server binary as the cluster's owner (PostgreSQL refuses to run as root). */
function asOwner(binary: string, args: string[]) {
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  // No pipes: the server started by pg_ctl would keep them open.
  execFileSync(command, argv, { stdio: 'ignore' });
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe.runIf(enabled)('PostgreSQL restart (issue 14)', () => {
  let base = '';
  let dataDir = '';
  let port = 0;
  let db: Db;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let url = '';
  let username = '';
  const pgCtl = (...args: string[]) => asOwner(join(pgBin(), 'pg_ctl'), ['-D', dataDir, '-w', '-t', '60', ...args]);
  const start = () =>
    pgCtl('-l', join(base, 'postgres.log'), '-o', `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start');

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'portal-pg-restart-'));
    dataDir = join(base, 'data');
    if (asRoot) execFileSync('chown', ['postgres', base]);
    writeFileSync(join(base, 'pw'), 'restart-test\n');
    if (asRoot) chownSync(join(base, 'pw'), Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
    asOwner(join(pgBin(), 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'portal',
      `--pwfile=${join(base, 'pw')}`,
      '--auth-host=scram-sha-256',
      '--auth-local=trust',
      '-E',
      'UTF8',
      '--no-locale',
    ]);
    port = await freePort();
    start();
    db = await createDb({ databaseUrl: `postgres://portal:restart-test@127.0.0.1:${port}/postgres`, dataDir: '' });
    await migrate(db, MIGRATIONS_DIR);
    app = await buildApp({ db, webDist: null, backgroundJobs: false, outgoingAllow: ['loopback'] });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const provider = await makeAccount(db, { type: 'Provider', parentId: null });
    const company = await makeAccount(db, { type: 'Company', parentId: provider });
    ({ username } = await makeUser(db, { parentId: company, capabilities: READ_ALL }));
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    try {
      pgCtl('-m', 'immediate', 'stop');
    } catch {
      // already stopped
    }
    rmSync(base, { recursive: true, force: true });
  });

  it('the next requests after a restart of the cluster succeed, reads and writes, with the same session', async () => {
    const client = await new ApiClient(url).signIn(username);
    expect((await client.op('GetCurrentUser')).status).toBe(200);

    pgCtl('-m', 'fast', '-l', join(base, 'postgres.log'), 'restart');

    const ready = await fetch(`${url}/readyz`);
    const read = await client.op('GetCurrentUser');
    const write = await new ApiClient(url).op('Authenticate', { Username: username, Password: 'Test-password-1' });
    expect(ready.status).toBe(200);
    expect(read.status).toBe(200);
    expect(write.status).toBe(200);
  }, 120_000);

  it('a request that arrives while the cluster is down is answered once it is back', async () => {
    const client = await new ApiClient(url).signIn(username);
    pgCtl('-m', 'fast', 'stop');

    const during = client.op('GetCurrentUser');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    start();

    expect((await during).status).toBe(200);
    expect((await client.op('GetCurrentUser')).status).toBe(200);
  }, 120_000);

  it('a request while the cluster stays down past the reconnect wait answers 503 DATABASE_UNAVAILABLE with Retry-After', async () => {
    // A second app on the same cluster whose queries wait only a second for PostgreSQL to come back.
    const shortDb = await createDb({
      databaseUrl: `postgres://portal:restart-test@127.0.0.1:${port}/postgres`,
      dataDir: '',
      reconnectMs: 1000,
    });
    const shortApp = await buildApp({ db: shortDb, webDist: null, backgroundJobs: false, outgoingAllow: ['loopback'] });
    await shortApp.listen({ port: 0, host: '127.0.0.1' });
    const shortUrl = `http://127.0.0.1:${(shortApp.server.address() as { port: number }).port}`;
    pgCtl('-m', 'fast', 'stop');
    try {
      const res = await new ApiClient(shortUrl).op('Authenticate', { Username: username, Password: 'Test-password-1' });
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    } finally {
      start();
      await shortApp.close();
      await shortDb.close();
    }
  }, 120_000);
});
