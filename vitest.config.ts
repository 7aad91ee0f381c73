import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
