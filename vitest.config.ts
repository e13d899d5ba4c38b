import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/__tests__/**/*.test.ts',
      'apps/*/src/**/__tests__/**/*.test.{ts,tsx}',
      'apps/server/test/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'e2e/**', 'packages/embed/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
