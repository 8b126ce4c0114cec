// `npm run preview:edge`: the production shape on this machine. Builds the SPA, migrates and
// seeds a local database (data/edge.db), serves it over Hrana (the protocol Turso speaks), and
// runs `wrangler dev`: the Worker bundle in workerd with the SPA as static assets on the same
// origin — `/api/*` to the Worker, every other path to web/dist with its `_headers` and the
// single-page fallback, R2 simulated locally. Ctrl+C stops everything.
import { createClient } from '@libsql/client';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startHranaServer } from '../../tests/setup/hrana-server';
import { localSecrets } from '../platform/config-node';
import { createDb } from '../platform/db';
import { migrateDb } from '../platform/migrate';
import { PBKDF2_ITERATIONS, SESSION_HOURS } from '../platform/ports';
import { seedReferenceData } from '../modules/resources';
import { seed } from '../platform/seed';

const port = Number(process.env.PORT ?? 8788);
const admin = { email: process.env.ADMIN_EMAIL ?? 'admin@360web.local', password: process.env.ADMIN_PASSWORD ?? 'Admin360web!' };
const secrets = localSecrets(process.env.SECRETS_FILE ?? 'data/secrets.json');
const origin = `http://localhost:${port}`;

execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });

mkdirSync('data', { recursive: true });
const file = resolve('data/edge.db');
const client = createClient({ url: `file:${file}` });
await client.execute('PRAGMA journal_mode = WAL');
const db = createDb(client);
await migrateDb(db);
await seed(
  { db, clock: { now: () => Date.now() }, config: { appOrigin: origin, jwtSecret: new TextEncoder().encode(secrets.jwtSecret), pepper: secrets.pepper, supportEmail: 'soporte@360web.local', sessionHours: SESSION_HOURS, pbkdf2Iterations: PBKDF2_ITERATIONS } },
  admin,
);
await seedReferenceData(db, Date.now());
client.close();
const hrana = await startHranaServer(file);

// A wrangler configuration for this preview only: the real entry, plus the SPA as assets.
const config = {
  name: 'members-backoffice-preview',
  main: '../worker/index.ts',
  compatibility_date: '2026-04-01',
  assets: { directory: '../web/dist', not_found_handling: 'single-page-application', run_worker_first: ['/api/*'] },
  vars: { APP_ORIGIN: origin, SUPPORT_EMAIL: 'soporte@360web.local', LIBSQL_URL: hrana.url, JWT_SECRET: secrets.jwtSecret, PASSWORD_PEPPER: secrets.pepper },
  r2_buckets: [{ binding: 'BLOBS', bucket_name: 'members-backoffice-blobs' }],
  ratelimits: [{ name: 'IP_LIMITER', namespace_id: '1001', simple: { limit: 60, period: 60 } }],
};
writeFileSync('data/wrangler.preview.json', JSON.stringify(config, null, 2));

const wrangler = spawn(
  process.execPath,
  ['node_modules/wrangler/bin/wrangler.js', 'dev', '--config', 'data/wrangler.preview.json', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', 'data/wrangler-state', '--show-interactive-dev-session=false'],
  { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
);
console.log(`\nVista previa del Worker (workerd) en ${origin} — administrador: ${admin.email}\n`);
const stop = async () => {
  wrangler.kill('SIGTERM');
  await hrana.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
wrangler.on('exit', async (code) => {
  await hrana.close();
  process.exit(code ?? 0);
});
