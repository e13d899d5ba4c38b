import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/__tests__/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 20000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
