/**
 * What the benchmarks measured in a browser share (web.ts, embed.ts, bi-reports.ts): the demo tenant on a fresh
 * PGlite, the real server on a loopback port, and Debian's full Chromium (the browser a user has, not the headless
 * shell the browser tests run in), closed again together.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Browser, chromium } from 'playwright-core';
import { type AppOptions, buildApp } from '../apps/server/src/app.js';
import { createDb, type Db } from '../apps/server/src/platform/db/db.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { seedDemo } from '../apps/server/src/seed/demo-seed.js';
import { benchSecrets } from './fixture.js';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const WEB_DIST = join(root, 'apps/web/dist');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface BrowserBench {
  db: Db;
  app: FastifyInstance;
  /** The server's address, http://127.0.0.1:port. */
  base: string;
  browser: Browser;
  close(): Promise<void>;
}

/** The demo tenant served on a loopback port (`app`: the options of this bench's server), and Chromium started. */
export async function openBrowserBench(
  name: string,
  app: Omit<AppOptions, 'db' | 'secrets' | 'filesDir'> = {},
): Promise<BrowserBench> {
  const dataDir = mkdtempSync(join(tmpdir(), `portal-bench-${name}-`));
  const db = await createDb({ databaseUrl: null, dataDir });
  await migrate(db, join(root, 'apps/server/migrations'));
  await seedDemo(db);
  const server = await buildApp({ secrets: benchSecrets, db, filesDir: join(dataDir, 'files'), ...app });
  server.log.level = 'warn';
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as { port: number };
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    db,
    app: server,
    base: `http://127.0.0.1:${port}`,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The value below which nine in ten of `values` lie. */
export function p90(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))] ?? Number.NaN;
}
