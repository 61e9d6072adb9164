import { defineConfig } from 'vitest/config';

// One runner, four projects: contracts and web units are fast and pure; server tests use
// real databases; e2e drives the built app in Chromium and runs alone.
export default defineConfig({
  test: {
    // Two files at once whatever the core count: Vitest's default, one fewer than the cores, is one
    // file at a time on CI's two cores, while a server test file mostly waits on PostgreSQL, child
    // processes and timers (docs/decisions/0075-server-tests-two-files-at-once.md). Set for the whole
    // run, since projects run together only when they share it; e2e still runs one file at a time.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Real argon2id at its cheapest cost: the product's cost was about half this project's CPU time.
          setupFiles: ['apps/server/test/setup-password-cost.ts'],
          // PostgreSQL test databases are copied from one template migrated for the whole run; the
          // tests that start Argus as `npm start` does share one build of it.
          globalSetup: ['apps/server/test/postgres-template.global.ts', 'apps/server/test/built-server.global.ts'],
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          pool: 'forks',
          // On CI's shared two cores a browser test may be starved once; a second failure fails
          // the run. Locally it runs once, so a flaky test shows itself at once.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
