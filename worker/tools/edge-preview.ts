// The production shape on this machine, as a function: the SPA (web/dist) and the Worker bundle in
// workerd through `wrangler dev`, on one origin — `/api/*` to the Worker, every other path to the
// static assets with their `_headers` and the single-page fallback, R2 simulated locally — and a
// libSQL file migrated and seeded with the project's code, served over Hrana (the protocol Turso
// speaks). `npm run preview:edge` and the browser test on the Worker (tests/e2e/worker-browser)
// both start it.
import { createClient } from '@libsql/client';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { startHranaServer } from './hrana-server';
import { createDb } from '../platform/db';
import { migrateDb } from '../platform/migrate';
import { PBKDF2_ITERATIONS, SESSION_HOURS } from '../platform/ports';
import { seedReferenceData } from '../modules/resources';
import { seed } from '../platform/seed';

export type EdgePreviewOptions = {
  /** Folder for the database, the generated wrangler config and wrangler's local state. */
  dir: string;
  port: number;
  admin: { email: string; password: string };
  secrets: { jwtSecret: string; pepper: string };
  /** Where wrangler's output goes (the CLI shows it; a test keeps it for a failure message). */
  output?: 'inherit' | 'collect';
};

export type EdgePreview = { origin: string; dbFile: string; log: () => string; close(): Promise<void> };

export async function startEdgePreview(opts: EdgePreviewOptions): Promise<EdgePreview> {
  const origin = `http://localhost:${opts.port}`;
  mkdirSync(opts.dir, { recursive: true });
  const dbFile = resolve(opts.dir, 'edge.db');
  const client = createClient({ url: `file:${dbFile}` });
  await client.execute('PRAGMA journal_mode = WAL');
  const db = createDb(client);
  await migrateDb(db);
  const config = {
    appOrigin: origin,
    jwtSecret: new TextEncoder().encode(opts.secrets.jwtSecret),
    pepper: opts.secrets.pepper,
    supportEmail: 'soporte@360web.local',
    sessionHours: SESSION_HOURS,
    pbkdf2Iterations: PBKDF2_ITERATIONS,
  };
  await seed({ db, clock: { now: () => Date.now() }, config }, opts.admin);
  await seedReferenceData(db, Date.now());
  client.close();
  const hrana = await startHranaServer(dbFile);

  // A wrangler configuration for this preview only: the real entry, plus the SPA as assets.
  const root = resolve('.');
  const configFile = join(opts.dir, 'wrangler.preview.json');
  const rel = (p: string) => relative(resolve(opts.dir), resolve(root, p));
  writeFileSync(
    configFile,
    JSON.stringify(
      {
        name: 'members-backoffice-preview',
        main: rel('worker/index.ts'),
        compatibility_date: '2026-04-01',
        assets: {
          directory: rel('web/dist'),
          not_found_handling: 'single-page-application',
          run_worker_first: ['/api/*'],
        },
        vars: { APP_ORIGIN: origin, SUPPORT_EMAIL: 'soporte@360web.local' },
        r2_buckets: [{ binding: 'BLOBS', bucket_name: 'members-backoffice-blobs' }],
        ratelimits: [{ name: 'IP_LIMITER', namespace_id: '1001', simple: { limit: 600, period: 60 } }],
      },
      null,
      2,
    ),
  );
  // Secrets go in .dev.vars beside the configuration, as `wrangler dev` expects them: it prints the
  // values of plain vars, but not of these.
  const devVar = (name: string, value: string) => `${name}=${JSON.stringify(value)}`;
  writeFileSync(
    join(opts.dir, '.dev.vars'),
    [
      devVar('LIBSQL_URL', hrana.url),
      devVar('JWT_SECRET', opts.secrets.jwtSecret),
      devVar('PASSWORD_PEPPER', opts.secrets.pepper),
    ].join('\n') + '\n',
    { mode: 0o600 },
  );
  let output = '';
  const wrangler = spawn(
    process.execPath,
    [
      join(root, 'node_modules/wrangler/bin/wrangler.js'),
      'dev',
      '--config',
      configFile,
      '--port',
      String(opts.port),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      join(opts.dir, 'wrangler-state'),
      '--show-interactive-dev-session=false',
    ],
    {
      stdio: [
        'ignore',
        opts.output === 'collect' ? 'pipe' : 'inherit',
        opts.output === 'collect' ? 'pipe' : 'inherit',
      ],
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' },
    },
  );
  wrangler.stdout?.on('data', (d) => (output += d));
  wrangler.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((done) => wrangler.on('exit', () => done()));
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    wrangler.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    if (wrangler.exitCode === null) wrangler.kill('SIGKILL');
    await hrana.close();
  };
  // Ready when the Worker answers its health check through wrangler's server.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (wrangler.exitCode !== null) {
      await hrana.close();
      throw new Error(`wrangler dev exited (${wrangler.exitCode}):\n${output}`);
    }
    const ok = await fetch(`${origin}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await close();
      throw new Error(`wrangler dev did not answer in 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { origin, dbFile, log: () => output, close };
}
