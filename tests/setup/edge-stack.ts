// The production Worker bundle (wrangler.toml's `main`) booted in workerd under Miniflare against a
// real SQLite file, migrated and seeded with the project's code and served by the test Hrana
// server. Used by the edge suites in tests/edge and by `npm run bench -- edge`.
import { createClient } from '@libsql/client';
import { Miniflare } from 'miniflare';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db } from '../../worker/platform/db';
import { migrateDb } from '../../worker/platform/migrate';
import { PBKDF2_ITERATIONS, SESSION_HOURS, type Config } from '../../worker/platform/ports';
import { seed } from '../../worker/platform/seed';
import { startHranaServer, type HranaServer } from '../../worker/tools/hrana-server';
import { buildWorkerBundle, type WorkerBundle, workerModules } from './worker-bundle';

export const EDGE_ADMIN = { email: 'admin@edge.test', password: 'Admin-Edge-12345' };
export const EDGE_BINDINGS = {
  JWT_SECRET: 'an-edge-test-secret-that-is-at-least-32-bytes',
  PASSWORD_PEPPER: 'edge-test-pepper',
  FILES_KEY: 'an-edge-test-files-key-that-is-at-least-32-bytes',
  APP_ORIGIN: 'https://app.example.co',
  SUPPORT_EMAIL: 'soporte@example.co',
};
export const EDGE_CONFIG: Config = {
  appOrigin: EDGE_BINDINGS.APP_ORIGIN,
  jwtSecret: new TextEncoder().encode(EDGE_BINDINGS.JWT_SECRET),
  pepper: EDGE_BINDINGS.PASSWORD_PEPPER,
  supportEmail: EDGE_BINDINGS.SUPPORT_EMAIL,
  sessionHours: SESSION_HOURS,
  pbkdf2Iterations: PBKDF2_ITERATIONS,
};

export type EdgeStack = {
  mf: Miniflare;
  hrana: HranaServer;
  /** A file client on the same database, for set-up and checks from the test. */
  db: Db;
  logs: { level: string; message: string }[];
  close(): Promise<void>;
};

/** `prepare` runs on the migrated and seeded file before the Worker starts. */
/** `ipLimit`: requests per minute per key the IP_LIMITER binding allows (default: out of the way). */
export async function startEdgeStack(
  opts: {
    bundle?: WorkerBundle;
    latencyMs?: number;
    prepare?: (db: Db) => Promise<void>;
    bindings?: Record<string, string>;
    ipLimit?: number;
    /** A database file to serve (kept on close), e.g. a bench's prebuilt million rows. */
    file?: string;
    /**
     * The Pages project in front (web/functions built by `buildPagesFunctions`, its static files
     * answered by `assets`): then `mf.dispatchFetch` reaches Pages, the Worker is `mf.getWorker('api')`
     * and Pages reaches it through the service binding API, as web/wrangler.toml declares.
     */
    pages?: {
      bundle: { dir: string; scriptPath: string };
      assets: (req: Request) => Promise<Response> | Response;
    };
  } = {},
): Promise<EdgeStack> {
  const bundle = opts.bundle ?? (await buildWorkerBundle());
  const dir = mkdtempSync(join(tmpdir(), 'edge-'));
  const file = opts.file ?? join(dir, 'app.db');
  const client = createClient({ url: `file:${file}` });
  await client.execute('PRAGMA journal_mode = WAL');
  const db = createDb(client);
  await migrateDb(db);
  await seed({ db, clock: { now: () => Date.now() }, config: EDGE_CONFIG }, EDGE_ADMIN);
  await opts.prepare?.(db);
  const hrana = await startHranaServer(file, { latencyMs: opts.latencyMs });
  const logs: EdgeStack['logs'] = [];
  const api = {
    ...workerModules(bundle),
    compatibilityDate: '2026-04-01',
    bindings: { ...EDGE_BINDINGS, LIBSQL_URL: hrana.url, ...opts.bindings },
    r2Buckets: ['BLOBS'],
    ratelimits: { IP_LIMITER: { simple: { limit: opts.ipLimit ?? 100_000, period: 60 } } },
  };
  const handleStructuredLogs = (l: { level: string; message: string }) => {
    logs.push({ level: l.level, message: l.message });
  };
  const mf = opts.pages
    ? new Miniflare({
        handleStructuredLogs,
        workers: [
          {
            name: 'pages',
            ...workerModules(opts.pages.bundle),
            compatibilityDate: '2026-04-01',
            compatibilityFlags: ['nodejs_als'],
            serviceBindings: {
              API: 'api',
              ASSETS: (req) => opts.pages!.assets(req as unknown as Request) as never,
            },
          },
          { name: 'api', ...api },
        ],
      })
    : new Miniflare({ ...api, handleStructuredLogs });
  await mf.ready;
  return {
    mf,
    hrana,
    db,
    logs,
    async close() {
      try {
        await mf.dispose();
      } finally {
        client.close();
        await hrana.close();
        if (!opts.bundle) bundle.dispose();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export { pool } from './pool';
