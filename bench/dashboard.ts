// Issue 8 figure: the dashboard API for an administrator with 100,000 members and 300,000
// purchases spread over the last twelve months.
import { createClient, type Client } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../worker/server';
import { httpRequest, median, printTable, time } from './stats';

const MEMBERS_ALL = 100_000;
const PURCHASES_ALL = 300_000;
const YEAR = 365 * 86_400_000;

/** Members created over the last year, a quarter with reviews, purchases and subscriptions. */
export async function buildDashboardData(
  raw: Client,
  now: number,
  { members: MEMBERS, purchases: PURCHASES } = { members: MEMBERS_ALL, purchases: PURCHASES_ALL },
) {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  await raw.execute(
    "insert into categorias_productos (id, nombre, created_at, updated_at) values (1, 'General', 0, 0)",
  );
  await raw.execute(
    "insert into tipos_suscripcion (id, nombre, precio, duracion_meses, created_at, updated_at) values (1, 'Mensual', 5000000, 1, 0, 0)",
  );
  for (let i = 10; i < MEMBERS + 10; i += 5000) {
    const rows: string[] = [];
    const ids: string[] = [];
    for (let id = i; id < Math.min(i + 5000, MEMBERS + 10); id++) {
      const created = now - Math.floor(rand() * YEAR);
      rows.push(
        `(${id}, 'm${id}@b.co', 'm${id}', 'x', 'R${id}', ${id > 10 ? 10 + Math.floor(rand() * (id - 10)) : 'null'}, ${created}, ${created})`,
      );
      if (id % 4 === 0)
        ids.push(
          `(${id}, '${['PENDIENTE', 'APROBADO', 'NO_APROBADO'][id % 3]}', ${created}, ${created}, ${created})`,
        );
    }
    await raw.execute(
      `insert into users (id, email, user_name, password_hash, referral_code, sponsor_id, created_at, updated_at) values ${rows.join(',')}`,
    );
    await raw.execute(
      `insert into validaciones_identidad (user_id, estado, enviado_at, created_at, updated_at) values ${ids.join(',')}`,
    );
    await raw.execute(
      `insert into perfiles (user_id, estado, enviado_at, created_at, updated_at) select user_id, estado, enviado_at, created_at, updated_at from validaciones_identidad where user_id >= ${i} and user_id < ${i + 5000}`,
    );
  }
  for (let i = 1; i <= PURCHASES; i += 5000) {
    const rows: string[] = [];
    const subs: string[] = [];
    for (let id = i; id < i + 5000 && id <= PURCHASES; id++) {
      const buyer = 10 + Math.floor(rand() * MEMBERS);
      const created = now - Math.floor(rand() * YEAR);
      const isPaid = rand() < 0.8;
      rows.push(
        `(${id}, ${buyer}, 'c${id}', 1, ${(10 + Math.floor(rand() * 990)) * 100_000}, '${isPaid ? 'PAGADO' : 'NO_PAGADO'}', ${isPaid ? created + 86_400_000 : 'null'}, ${created}, ${created})`,
      );
      if (id % 3 === 0)
        subs.push(
          `(${buyer}, 1, ${id}, 'APROBADO', ${created}, ${created + 60 * 86_400_000}, ${created}, ${created})`,
        );
    }
    await raw.execute(
      `insert into compras (id, user_id, checkout_key, total_items, total, estado, pagado_at, created_at, updated_at) values ${rows.join(',')}`,
    );
    await raw.execute(
      `insert into suscripciones (user_id, tipo_suscripcion_id, compra_id, estado, fecha_inicio, fecha_fin, created_at, updated_at) values ${subs.join(',')}`,
    );
  }
}

export async function benchDashboard() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-dash-'));
  const admin = { email: 'admin@bench.local', password: 'Bench-admin-1' };
  const server = await startServer({
    port: 0,
    databaseUrl: `file:${join(dir, 'app.db')}`,
    blobDir: join(dir, 'blobs'),
    jwtSecret: 'bench-secret-bench-secret-bench-secret!!',
    pepper: 'p',
    admin,
    supportEmail: 's@b.co',
    scheduler: false,
    ipLimitPerMinute: 1_000_000,
  });
  const raw = createClient({ url: `file:${join(dir, 'app.db')}`, concurrency: 1 });
  try {
    const now = Date.now();
    await buildDashboardData(raw, now);
    await raw.execute('analyze');
    const base = `http://127.0.0.1:${server.port}`;
    const login = await httpRequest(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const cookie = (login.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
    const first = await httpRequest(`${base}/api/v1/reports/dashboard`, { headers: { Cookie: cookie } });
    if (first.status !== 200) throw new Error(first.body);
    const runs = await time(30, async () => {
      await httpRequest(`${base}/api/v1/reports/dashboard`, { headers: { Cookie: cookie } });
    });
    const sorted = [...runs].sort((a, b) => a - b);
    printTable(
      `Dashboard API for an administrator: ${MEMBERS_ALL.toLocaleString('en-US')} members, ${PURCHASES_ALL.toLocaleString('en-US')} purchases`,
      [
        ['median', `${median(runs).toFixed(1)} ms`],
        ['p90', `${sorted[Math.floor(sorted.length * 0.9)]!.toFixed(1)} ms`],
      ],
    );
    return { medianMs: median(runs) };
  } finally {
    raw.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
