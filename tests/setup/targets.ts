// Where the API tests send their requests. `node`: the app in this process (Hono's app.request)
// over an in-memory libSQL. `workerd`: the bundled Worker (tests/setup/worker-test-entry.ts, built
// by wrangler like a deploy) running in workerd under Miniflare, reaching this test's own SQLite
// file through a Hrana server, as production reaches Turso. vitest.config.ts runs tests/api once
// per target (projects `api-node` and `api-workerd`).
import { inject } from 'vitest';
import { Miniflare } from 'miniflare';
import { workerModules } from './worker-bundle';

export type Target = 'node' | 'workerd';
export const TARGET: Target = process.env.API_TARGET === 'workerd' ? 'workerd' : 'node';

export const WORKER_BINDINGS = {
  // Every request names its own database (x-test-libsql-url); this one is never reached.
  LIBSQL_URL: 'http://127.0.0.1:9',
  JWT_SECRET: 'a-test-secret-that-is-at-least-32-bytes-long',
  PASSWORD_PEPPER: 'test-pepper',
  // Encryption at rest (docs/decisions/0370); the rotation tests switch keys per request.
  FILES_KEY: 'a-test-files-key-that-is-at-least-32-bytes-long',
  APP_ORIGIN: 'https://app.example.co',
  SUPPORT_EMAIL: 'soporte@example.co',
  // The payment gateway's keys (issue 23): Wompi's sandbox shapes, test values.
  WOMPI_PUBLIC_KEY: 'pub_test_Q5yDA9xoKdePzhSGeVe9HAez7HgGORGQ',
  WOMPI_INTEGRITY_SECRET: 'test_integrity_Z5Hp9yEJHjp5iRZAuEDcYhf7rvemB5de',
  WOMPI_EVENTS_SECRET: 'test_events_2tB6pvv7HbWnvWqbLrBTCYPrKbQ3fgKF',
};

type Shared = { mf: Miniflare; logs: { level: string; message: string }[] };
const KEY = Symbol.for('api-tests.miniflare');

/** One workerd per test file (vitest runs each file in its own process), booted on first use. */
export async function sharedWorker(): Promise<Shared> {
  const g = globalThis as unknown as Record<symbol, Promise<Shared> | undefined>;
  g[KEY] ??= (async () => {
    const bundle = inject('workerTestBundle' as never) as unknown as
      { dir: string; scriptPath: string } | undefined;
    if (!bundle) throw new Error('workerd target: the global setup did not build the test Worker bundle');
    const logs: Shared['logs'] = [];
    const mf = new Miniflare({
      ...workerModules(bundle),
      compatibilityDate: '2026-04-01',
      bindings: WORKER_BINDINGS,
      r2Buckets: ['BLOBS'],
      handleStructuredLogs: (l: { level: string; message: string }) => {
        logs.push({ level: l.level, message: l.message });
      },
    });
    await mf.ready;
    return { mf, logs };
  })();
  return g[KEY]!;
}

const disposers: (() => Promise<unknown>)[] = [];
/** Something to close when the file's tests are over (a test app's Hrana server). */
export function onDispose(fn: () => Promise<unknown>) {
  disposers.push(fn);
}

export async function disposeSharedWorker() {
  await Promise.allSettled(disposers.splice(0).map((fn) => fn()));
  const g = globalThis as unknown as Record<symbol, Promise<Shared> | undefined>;
  const shared = await g[KEY]?.catch(() => undefined);
  g[KEY] = undefined;
  if (!shared) return;
  const odd = shared.logs.filter(
    (l) => l.level === 'error' || /different request context|hung|Uncaught/i.test(l.message),
  );
  await shared.mf.dispose();
  if (odd.length)
    console.warn(
      `workerd said:\n${odd
        .map((l) => `[${l.level}] ${l.message}`)
        .join('\n')
        .slice(0, 4000)}`,
    );
}
