import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The SPA's aliases, so unit tests can import pure web modules (e.g. the menu).
  resolve: { alias: { '@shared': fileURLToPath(new URL('./worker/shared', import.meta.url)), '@': fileURLToPath(new URL('./web', import.meta.url)) } },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Browser and Worker suites start servers; they run after the fast layers.
    sequence: { groupOrder: 0 },
  },
});
