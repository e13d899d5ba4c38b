import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The embed host imports the embed library's sources, so its tests need no prior build.
  resolve: { alias: { '@portal/embed': fileURLToPath(new URL('packages/embed/src/index.ts', import.meta.url)) } },
  test: {
    include: [
      'packages/*/src/**/__tests__/**/*.test.ts',
      'apps/*/src/**/__tests__/**/*.test.{ts,tsx}',
      'apps/server/test/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'e2e/**', 'packages/embed/**'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    // Fails a test file that opens a database without being run again on PostgreSQL (decision 0031).
    setupFiles: ['apps/server/test/database-use-guard.ts'],
    // Beside the two browser shards the lane runs at a quarter of a core per worker: a test of 8 s alone took over
    // 30 s there (stop 31's CI). Like the hooks' limit, this one only catches a hang (decision 0031).
    testTimeout: 90_000,
    // A file's set-up builds its tenant through the API: beside the two browser shards, at lower priority, it took
    // over a minute once (decision 0031). The limit only catches a hang.
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    // Test files share a worker's loaded modules (no module state is kept between requests but the
    // account extensions, registered again by name in every app): the run takes a third of the time.
    isolate: false,
  },
});
