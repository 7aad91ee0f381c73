import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // Two suites at a time: a suite mostly waits on its server and browser, so on two cores a second one nearly halves
    // the run; each suite has its own server, database and port.
    maxWorkers: 2,
    testTimeout: 60_000,
    // A page's first render waits for its lazy chunk and its first answer, which a busy machine delays past
    // expect.poll's default second: a poll waits as long as the harness's `eventually`.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 90_000,
  },
});
