import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { mailCatcherPorts } from './fixtures/mail';

const port = Number(process.env.E2E_PORT ?? 8091);
// A fresh embedded database for every run: the server seeds the demo tenant into it.
const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
// The portal sends e-mail to a loopback catcher the tests read (fixtures/mail-catcher.mjs, decision 0035).
const mail = mailCatcherPorts(port);
// The portal's log of the whole run, at info: fixtures/log-check.ts looks for secrets in it when the run ends.
const serverLog = join(dataDir, 'server.log');
process.env.E2E_SERVER_LOG = serverLog;
process.env.E2E_MAIL_HTTP = String(mail.http);

export default defineConfig({
  testDir: './specs',
  globalTeardown: './fixtures/log-check.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: `./test-results/${port}`,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    // The portal honours prefers-reduced-motion (no transitions): less rendering work per test.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // Recording a trace costs about a fifth of each test's time: only the retry of a failed test records one
    // (CI retries once); a failure always leaves its screenshot and error context.
    trace: 'on-first-retry',
    launchOptions: {
      // Debian's headless build of Chromium (chromium-headless-shell), as npm test installs it (decision 0031).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node fixtures/mail-catcher.mjs',
      url: `http://127.0.0.1:${mail.http}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { SMTP_PORT: String(mail.smtp), HTTP_PORT: String(mail.http) },
    },
    {
      command: 'node ../apps/server/dist/server.js --seed-demo',
      url: `http://127.0.0.1:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      // The stand-in identity provider and vendor servers of the tests listen on loopback, allowed explicitly.
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        LOG_FILE: serverLog,
        DATABASE_URL: '',
        OUTGOING_ALLOW: 'loopback',
        SMTP_URL: `smtp://127.0.0.1:${mail.smtp}`,
        // The embed tests' host page runs on the portal's address: an embedding site the operator allows.
        EMBED_FRAME_ANCESTORS: `http://127.0.0.1:${port}`,
        // Real orders of 2023 beyond the report export row cap [M5.14]: 'Orders by Date' over 2023 lists them (decision 0056).
        DEMO_ORDER_HISTORY: '100050',
      },
      stdout: 'pipe',
    },
  ],
});
