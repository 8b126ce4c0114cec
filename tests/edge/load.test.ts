// The production Worker bundle under ordinary load: 200 authenticated requests, 40 in flight, from
// an administrator and 20 members (grid pages, detail reads, cart writes and reads). Before the
// database client was built per request, one client shared by the isolate carried one request's
// I/O into another's context and most of these answered 500. Loopback only, bounded in count.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../worker/modules/auth/sessions';
import { P } from '../../worker/shared/permissions';
import { EDGE_CONFIG, pool, startEdgeStack, type EdgeStack } from '../setup/edge-stack';
import { productionBundle } from '../setup/edge-bundle';

const ORIGIN = 'http://localhost';
const MEMBERS = 20;
const PRODUCTS = 5;
let stack: EdgeStack;
let admin = '';
const members: string[] = [];

async function cookieFor(db: EdgeStack['db'], userId: number) {
  const { token } = await openSession(
    { db, clock: { now: () => Date.now() }, config: EDGE_CONFIG },
    { id: userId },
    'cookie',
  );
  return `token=${token}`;
}

beforeAll(async () => {
  stack = await startEdgeStack({
    bundle: await productionBundle(),
    prepare: async (db) => {
      const t = Date.now();
      await db.run(
        sql`insert into categorias_productos (id, nombre, created_at, updated_at) values (1, 'General', ${t}, ${t})`,
      );
      for (let p = 1; p <= PRODUCTS; p++) {
        await db.run(
          sql`insert into productos (id, codigo, nombre, categoria_id, precio, created_at, updated_at) values (${p}, ${`P-${p}`}, ${`Producto ${p}`}, 1, ${p * 100_000}, ${t}, ${t})`,
        );
      }
      await db.run(
        sql`insert into roles (id, nombre, created_at, updated_at) values (900, 'COMPRADOR', ${t}, ${t})`,
      );
      await db.run(
        sql`insert into role_permissions (role_id, permission_id) select 900, id from permissions where code = ${P.misCompras}`,
      );
      for (let m = 1; m <= MEMBERS; m++) {
        const id = 1000 + m;
        await db.run(sql`insert into users (id, email, user_name, password_hash, referral_code, email_verified_at, created_at, updated_at)
          values (${id}, ${`socio${m}@carga.test`}, ${`socio${m}`}, 'x', ${`CARGA${m}`}, ${t}, ${t}, ${t})`);
        await db.run(sql`insert into user_roles (user_id, role_id) values (${id}, 900)`);
      }
    },
  });
  admin = await cookieFor(stack.db, 1);
  for (let m = 1; m <= MEMBERS; m++) members.push(await cookieFor(stack.db, 1000 + m));
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

function requestNo(i: number): { method: string; path: string; cookie: string; body?: unknown } {
  const member = members[i % MEMBERS]!;
  switch (i % 5) {
    case 0:
      return {
        method: 'GET',
        path: `/api/v1/catalogo/productos?page=1&perPage=100&sorts=${encodeURIComponent('{"nombre":"asc"}')}`,
        cookie: admin,
      };
    case 1:
      return { method: 'GET', path: '/api/v1/seguridad/users?page=1&perPage=20', cookie: admin };
    case 2:
      return { method: 'GET', path: `/api/v1/catalogo/productos/${(i % PRODUCTS) + 1}`, cookie: admin };
    case 3:
      return {
        method: 'POST',
        path: '/api/v1/miscompras/cart',
        cookie: member,
        body: { producto_id: (Math.floor(i / MEMBERS) % PRODUCTS) + 1, qty: 1 },
      };
    default:
      return { method: 'GET', path: '/api/v1/miscompras/cart', cookie: member };
  }
}

describe('the bundled Worker under load', () => {
  it('answers 200 requests at 40 in flight without a runtime failure, and stays healthy', async () => {
    const started = Date.now();
    const results = await pool(200, 40, async (i) => {
      const r = requestNo(i);
      const res = await stack.mf.dispatchFetch(`${ORIGIN}${r.path}`, {
        method: r.method,
        headers: {
          Cookie: r.cookie,
          ...(r.body ? { 'Content-Type': 'application/json', Origin: ORIGIN } : {}),
        },
        body: r.body ? JSON.stringify(r.body) : undefined,
        signal: AbortSignal.timeout(60_000),
      });
      const text = await res.text();
      return { i, status: res.status, text: res.status >= 300 ? text.slice(0, 200) : '' };
    });
    const failed = results.filter((r) => r.status < 200 || r.status >= 300);
    expect(failed, JSON.stringify(failed.slice(0, 5))).toEqual([]);
    expect(Date.now() - started).toBeLessThan(120_000);

    const health = await stack.mf.dispatchFetch(`${ORIGIN}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
    const runtime = stack.logs.filter((l) => /different request context|hung|Uncaught/i.test(l.message));
    expect(runtime).toEqual([]);
    // Every cart write landed: 40 additions, two per member.
    const [{ n }] = (await stack.db.all(sql`select coalesce(sum(cantidad), 0) as n from carrito`)) as [
      { n: number },
    ];
    expect(n).toBe(40);
  }, 180_000);
});
