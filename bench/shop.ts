// Issue 5 figures: checkouts per second with 50 members paying at once on the local server
// (each round: add a product to the cart, then pay it), and one page of the purchases list
// (GET /compras, perPage 100) of a member holding 10,000 purchases, against its raw SQL.
import { createClient } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { roles, userRoles, users } from '../worker/db/schema';
import { openSession } from '../worker/modules/auth/sessions';
import { startServer } from '../worker/server';
import { httpRequest, median, printTable, time, sessionCookie } from './stats';

const MEMBERS = 50;
const ROUNDS = 20;
const PURCHASES = 10_000;
const RUNS = 200;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

export async function benchShop() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-shop-'));
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
  const raw = createClient({ url: `file:${join(dir, 'app.db')}` });
  const base = `http://127.0.0.1:${server.port}`;
  const json = (cookie: string, method: string, path: string, body?: unknown) =>
    httpRequest(`${base}/api/v1${path}`, {
      method,
      headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  try {
    const adminCookie = await sessionCookie(base, admin);
    const cat = JSON.parse(
      (await json(adminCookie, 'POST', '/catalogo/categoriasproductos', { nombre: 'Bench' })).body,
    );
    const prod = JSON.parse(
      (
        await json(adminCookie, 'POST', '/catalogo/productos', {
          codigo: 'B-1',
          nombre: 'Producto bench',
          categoria_id: cat.data.id,
          precio: 1_990_000,
        })
      ).body,
    );

    // 50 members of the USUARIO role, each with a session opened directly.
    const db = server.ports.db;
    const member = await db.select().from(roles).where(eq(roles.nombre, 'USUARIO')).get();
    const now = Date.now();
    const cookies: string[] = [];
    const ids: number[] = [];
    for (let i = 0; i < MEMBERS + 1; i++) {
      const u = await db
        .insert(users)
        .values({
          email: `m${i}@bench.local`,
          userName: `m${i}`,
          nombres: `m${i}`,
          passwordHash: 'x',
          referralCode: `BENCH${i}`,
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .get();
      await db.insert(userRoles).values({ userId: u.id, roleId: member!.id });
      cookies.push(`token=${(await openSession(server.ports, u, 'cookie')).token}`);
      ids.push(u.id);
    }

    // Checkouts: every member adds one product and pays, ROUNDS times, all members at once.
    const latencies: number[] = [];
    let failures = 0;
    const started = performance.now();
    await Promise.all(
      cookies.slice(0, MEMBERS).map(async (cookie) => {
        for (let r = 0; r < ROUNDS; r++) {
          await json(cookie, 'POST', '/miscompras/cart', { producto_id: prod.data.id });
          const t = performance.now();
          const res = await json(cookie, 'POST', '/miscompras/compras', { total_items: 1, total: 1_990_000 });
          latencies.push(performance.now() - t);
          if (res.status !== 201) failures++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const created = Number((await raw.execute('select count(*) as n from compras')).rows[0]!.n);
    if (failures || created !== MEMBERS * ROUNDS)
      throw new Error(`checkouts: ${failures} failed, ${created} purchases`);

    // A member with 10,000 purchases (inserted directly, spread over a year).
    const heavy = ids[MEMBERS]!;
    for (let i = 0; i < PURCHASES; i += 2000) {
      const values = Array.from({ length: Math.min(2000, PURCHASES - i) }, (_, k) => {
        const n = i + k;
        const at = now - n * 3_153_600;
        return `(${heavy}, '${heavy}:${n}', ${1 + (n % 5)}, ${(1 + (n % 5)) * 1_990_000}, '${n % 3 ? 'PAGADO' : 'NO_PAGADO'}', ${at}, ${at})`;
      });
      await raw.execute(
        `insert into compras (user_id, checkout_key, total_items, total, estado, created_at, updated_at) values ${values.join(',')}`,
      );
    }
    await raw.execute('analyze');
    const heavyCookie = cookies[MEMBERS]!;
    const url = `${base}/api/v1/miscompras/compras?page=1&perPage=100`;
    const check = JSON.parse((await httpRequest(url, { headers: { Cookie: heavyCookie } })).body);
    if (check.data.length !== 100 || check.total !== PURCHASES)
      throw new Error(`unexpected page: ${check.data.length} rows, total ${check.total}`);
    const deep = `${base}/api/v1/miscompras/compras?page=50&perPage=100`;
    const api = await time(
      RUNS,
      async () => void (await httpRequest(url, { headers: { Cookie: heavyCookie } })),
    );
    const apiDeep = await time(
      RUNS,
      async () => void (await httpRequest(deep, { headers: { Cookie: heavyCookie } })),
    );
    const sqlPage = await time(RUNS, async () => {
      await Promise.all([
        raw.execute({
          sql: 'select c.*, (select count(*) from compra_adjuntos a where a.compra_id = c.id) from compras c join users u on u.id = c.user_id where c.user_id = ? order by c.created_at desc, c.id asc limit 100',
          args: [heavy],
        }),
        raw.execute({ sql: 'select count(*) from compras where user_id = ?', args: [heavy] }),
      ]);
    });

    const figures = {
      members: MEMBERS,
      checkouts: created,
      checkoutsPerSecond: created / seconds,
      checkoutP50Ms: pct(latencies, 0.5),
      checkoutP95Ms: pct(latencies, 0.95),
      listMedianMs: median(api),
      listDeepMedianMs: median(apiDeep),
      rawSqlMedianMs: median(sqlPage),
    };
    printTable(`Checkouts: ${MEMBERS} members paying at once, ${ROUNDS} rounds each (add to cart + pay)`, [
      ['purchases created', String(created)],
      ['checkouts per second (add + pay rounds)', figures.checkoutsPerSecond.toFixed(1)],
      [
        'checkout request p50 / p95',
        `${figures.checkoutP50Ms.toFixed(1)} ms / ${figures.checkoutP95Ms.toFixed(1)} ms`,
      ],
    ]);
    printTable(
      `Purchases list of a member with ${PURCHASES.toLocaleString('en-US')} purchases (perPage 100)`,
      [
        ['HTTP API page 1, median', `${figures.listMedianMs.toFixed(2)} ms`],
        ['HTTP API page 50, median', `${figures.listDeepMedianMs.toFixed(2)} ms`],
        ['raw SQL (page + count), median', `${figures.rawSqlMedianMs.toFixed(2)} ms`],
        ['ratio API / SQL', (figures.listMedianMs / figures.rawSqlMedianMs).toFixed(2)],
      ],
    );
    return figures;
  } finally {
    raw.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
