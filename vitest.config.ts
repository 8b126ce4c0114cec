import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Four layers. The API suite runs twice: on Node, and against the bundled Worker in workerd
// (tests/setup/targets.ts). Groups run in order: the fast layers first, then workerd, then the
// layers that start servers and browsers.
export default defineConfig({
  // The SPA's aliases, so unit tests can import pure web modules (e.g. the menu).
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./worker/shared', import.meta.url)),
      '@': fileURLToPath(new URL('./web', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
          // Files share a worker's module cache (decision 0293): each builds its own app, database
          // and clock, and nothing in the app keeps per-database state outside them.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          // UI logic below the browser (docs/testing.md): components in happy-dom.
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/setup/components.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'workerd',
          include: ['tests/api/**/*.test.ts'],
          env: { API_TARGET: 'workerd' },
          isolate: false,
          // Each request crosses into workerd and each statement back over HTTP: allow for a busy machine.
          testTimeout: 120_000,
          globalSetup: ['tests/setup/workerd-global.ts'],
          setupFiles: ['tests/setup/workerd-file.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'edge',
          include: ['tests/edge/**/*.test.ts'],
          testTimeout: 120_000,
          // The production bundle, built once for the project's files (tests/setup/edge-bundle.ts).
          globalSetup: ['tests/setup/edge-global.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // A browser test that fails is run once more; the reporter marks it "(retry x1)", so a
          // flaky one stays visible (decision 0294).
          retry: 1,
          // One Chromium for the run; each file connects and opens its own contexts.
          globalSetup: ['tests/setup/e2e-global.ts'],
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
