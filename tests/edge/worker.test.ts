// The Cloudflare entry (worker/index.ts) as deployed: bundled by wrangler, run by workerd under
// Miniflare, talking Hrana over HTTP (@libsql/client/web) to a database. Case A: the database is
// unreachable. Case B: a real SQLite file, migrated and seeded with the project's code, served by
// a minimal Hrana server (worker/tools/hrana-server.ts).
import { createClient } from '@libsql/client';
import { Miniflare } from 'miniflare';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../worker/platform/db';
import { migrateDb } from '../../worker/platform/migrate';
import { seed } from '../../worker/platform/seed';
import { startHranaServer, type HranaServer } from '../../worker/tools/hrana-server';
import { productionBundle } from '../setup/edge-bundle';
import { type WorkerBundle, workerModules } from '../setup/worker-bundle';

const ADMIN = { email: 'admin@worker.test', password: 'Admin-Worker-12345' };
const PEPPER = 'worker-test-pepper';
const JWT_SECRET = 'a-worker-test-secret-that-is-at-least-32-bytes';
const ORIGIN = 'http://localhost';

let bundle: WorkerBundle;
const logs: { level: string; message: string }[] = [];

beforeAll(async () => {
  bundle = await productionBundle();
}, 60_000);

afterAll(() => {
  bundle?.dispose();
  const odd = logs.filter((l) => l.level !== 'log' && l.level !== 'info');
  if (odd.length) console.warn(`workerd said:\n${odd.map((l) => `[${l.level}] ${l.message}`).join('\n')}`);
});

function boot(libsqlUrl: string) {
  return new Miniflare({
    ...workerModules(bundle), // one module, named (the bundle is in the OS temp dir: no '..' above its root)
    compatibilityDate: '2026-04-01',
    bindings: {
      LIBSQL_URL: libsqlUrl,
      JWT_SECRET,
      PASSWORD_PEPPER: PEPPER,
      FILES_KEY: 'a-worker-test-files-key-that-is-at-least-32-bytes',
      APP_ORIGIN: 'https://app.example.co',
      SUPPORT_EMAIL: 'soporte@example.co',
    },
    r2Buckets: ['BLOBS'],
    ratelimits: { IP_LIMITER: { simple: { limit: 1000, period: 60 } } },
    handleStructuredLogs: (l: { level: string; message: string }) => {
      logs.push({ level: l.level, message: l.message });
    },
  });
}

/** A port nothing listens on: bind an ephemeral one and let it go. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((ok) => srv.listen(0, '127.0.0.1', ok));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((ok) => srv.close(() => ok()));
  return port;
}

async function json(res: { status: number; text(): Promise<string> }) {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`not JSON (${res.status}): ${text}`);
  }
}

describe('worker: database unreachable', () => {
  let mf: Miniflare;
  beforeAll(async () => {
    mf = boot(`http://127.0.0.1:${await closedPort()}`);
    await mf.ready;
  }, 30_000);
  afterAll(async () => {
    await mf?.dispose();
  });

  it('answers health with 503 and says the database is unreachable', async () => {
    const res = await mf.dispatchFetch(`${ORIGIN}/api/v1/health`);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await json(res)).toEqual({ status: 'error', database: 'unreachable' });
  });

  it('reports a failed cron run as an exception (so outcome "ok" below means something)', async () => {
    const worker = await mf.getWorker();
    const result = await worker.scheduled({
      cron: '0 5 1 * *',
      scheduledTime: new Date('2026-12-01T05:00:00Z'),
    });
    expect(result.outcome).toBe('exception');
  });
});

describe('worker: real database over Hrana', () => {
  let mf: Miniflare;
  let hrana: HranaServer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'worker-db-'));
    const file = join(dir, 'app.db');
    const client = createClient({ url: `file:${file}` });
    await client.execute('PRAGMA journal_mode = WAL');
    const db = createDb(client);
    await migrateDb(db);
    await seed(
      {
        db,
        clock: { now: () => Date.now() },
        config: {
          appOrigin: 'https://app.example.co',
          jwtSecret: new TextEncoder().encode(JWT_SECRET),
          pepper: PEPPER,
          supportEmail: 'soporte@example.co',
          sessionHours: 8,
          pbkdf2Iterations: 100_000,
        },
      },
      ADMIN,
    );
    // A sponsor with an active subscription and a referral who paid in November 2026 (Bogotá).
    const nov15 = Date.UTC(2026, 10, 15, 15);
    await client.executeMultiple(`
      insert into users (id, email, user_name, password_hash, referral_code, created_at, updated_at) values (100, 's@w.t', 'padrino', 'x', 'PADRINO1', 0, 0);
      insert into users (id, email, user_name, password_hash, referral_code, sponsor_id, created_at, updated_at) values (101, 'r@w.t', 'referido', 'x', 'REFERID1', 100, 0, 0);
      insert into categorias_productos (id, nombre, created_at, updated_at) values (1, 'General', 0, 0);
      insert into tipos_suscripcion (id, nombre, precio, duracion_meses, created_at, updated_at) values (1, 'Mensual', 5000000, 1, 0, 0);
      insert into compras (id, user_id, checkout_key, total_items, total, estado, pagado_at, created_at, updated_at) values (1, 100, '100:1', 1, 5000000, 'PAGADO', ${nov15 - 86400000 * 10}, 0, 0);
      insert into suscripciones (user_id, tipo_suscripcion_id, compra_id, estado, fecha_inicio, fecha_fin, created_at, updated_at) values (100, 1, 1, 'APROBADO', ${nov15 - 86400000 * 10}, ${nov15 + 86400000 * 40}, 0, 0);
      insert into compras (id, user_id, checkout_key, total_items, total, estado, pagado_at, created_at, updated_at) values (2, 101, '101:1', 1, 10000000, 'PAGADO', ${nov15}, 0, 0);
    `);
    client.close();
    hrana = await startHranaServer(file);
    mf = boot(hrana.url);
    await mf.ready;
  }, 30_000);

  afterAll(async () => {
    try {
      await mf?.dispose();
    } finally {
      await hrana?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers health with 200 and the database ok', async () => {
    const res = await mf.dispatchFetch(`${ORIGIN}/api/v1/health`);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ status: 'ok', database: 'ok' });
    expect(hrana.requests).toContain('POST /v2/pipeline');
  });

  let cookie = '';
  it('signs the seeded administrator in (PBKDF2 at 100,000 iterations inside workerd)', async () => {
    const res = await mf.dispatchFetch(`${ORIGIN}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify(ADMIN),
    });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.infosession.user_name).toBe('admin');
    const setCookies = res.headers.getSetCookie();
    const token = setCookies.find((c) => c.startsWith('token='));
    expect(token).toMatch(/^token=[^;]+;.*HttpOnly/);
    cookie = setCookies
      .map((c) => c.split(';')[0]!)
      .filter((c) => !c.endsWith('='))
      .join('; ');
  });

  it('gives the session back for that cookie', async () => {
    expect(cookie).toMatch(/token=/);
    const res = await mf.dispatchFetch(`${ORIGIN}/api/v1/auth/session`, { headers: { Cookie: cookie } });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.user.email).toBe(ADMIN.email);
  });

  it('refuses a wrong password with 401 JSON', async () => {
    const res = await mf.dispatchFetch(`${ORIGIN}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({ email: ADMIN.email, password: 'not-the-password' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect((await json(res)).message).toBe('Correo o contraseña incorrectos');
  });

  it('runs the monthly cron trigger against the database', async () => {
    const worker = await mf.getWorker();
    const before = hrana.log.length;
    const result = await worker.scheduled({
      cron: '0 5 1 * *',
      scheduledTime: new Date('2026-12-01T05:00:00Z'),
    });
    expect(result.outcome).toBe('ok');
    expect(hrana.log.length).toBeGreaterThan(before);
    const line = logs.find((l) => l.message.startsWith('scheduled {'));
    // The cycle comes from the event's scheduled time: the 1st of December settles November.
    expect(line && JSON.parse(line.message.slice('scheduled '.length))).toEqual({
      cron: '0 5 1 * *',
      scheduledTime: '2026-12-01T05:00:00.000Z',
      settled: [{ clave: '2026-11', estado: 'LIQUIDADO', total: 1_000_000 }],
      pruned: 0,
      prunedActivity: 0,
      purgedFiles: 0,
      reminded: 0,
      resumed: 0,
    });
    const check = createClient({ url: `file:${join(dir, 'app.db')}` });
    const rows = await check.execute(
      'select u.user_name, b.total, b.estado from ciclo_bonificacion_user b join users u on u.id = b.user_id',
    );
    check.close();
    expect(rows.rows.map((r) => [r.user_name, r.total, r.estado])).toEqual([
      ['padrino', 1_000_000, 'NO_PAGADO'],
    ]);
  });
});
