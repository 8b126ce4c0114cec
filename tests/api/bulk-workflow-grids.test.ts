// Bulk state changes on the other workflow grids (issue 25, decision 0260): purchases (payment
// confirmed in bulk, never reversed in bulk), subscriptions, suggestions and questions. Per record
// the same change as the single-row route (workflow, refusals, side effects), each history row
// and activity row carrying one batch id, progress in bounded steps, the row's permission checked.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { P } from '../../worker/shared/permissions';
import { api, buy, markPaid, shopApp, type Shop } from './shop-fixtures';

const SHOP = '/api/v1/miscompras/admin';
const HELP = '/api/v1/centrodeayuda';

let shop: Shop;
const count = async (query: ReturnType<typeof sql>) =>
  Number(((await shop.t.db.get(query)) as { n: number }).n);

/** Drives a started batch to its end, as the grid does; returns every progress answer. */
async function drive(path: string, first: { lote: string; terminado: boolean }) {
  const seen = [first] as { lote: string; terminado: boolean; procesados: number }[];
  let p = first;
  while (!p.terminado) {
    const step = await shop.t.request('POST', `${path}/${first.lote}`, { cookie: shop.admin });
    expect(step.status).toBe(200);
    p = step.json.data;
    seen.push(step.json.data);
  }
  return seen;
}

beforeAll(async () => {
  shop = await shopApp();
}, 120_000);

describe('purchases: payment confirmed in bulk', () => {
  it('confirms each NO_PAGADO purchase as the single-row route does, with its subscriptions, under one batch id', async () => {
    const a = await shop.member();
    const b = await shop.member();
    const p1 = await buy(shop, a.cookie, [{ tipo_suscripcion_id: shop.planId }]);
    const p2 = await buy(shop, b.cookie, [
      { tipo_suscripcion_id: shop.planId },
      { producto_id: shop.tazaId },
    ]);
    const p3 = await buy(shop, b.cookie, [{ producto_id: shop.kitId }]);
    expect((await markPaid(shop, p3.id)).status).toBe(200);

    const res = await shop.t.request('POST', `${SHOP}/compras/lote/estado`, {
      cookie: shop.admin,
      body: { ids: [p1.id, p2.id, p3.id], estado: 'PAGADO', comentario: 'Pagos del lunes' },
    });
    expect(res.status).toBe(201);
    // p3 was already paid: skipped, not changed twice.
    expect(res.json.data).toMatchObject({ total: 3, hechos: 2, omitidos: 1, terminado: true });
    const lote = res.json.data.lote as string;
    expect(
      await count(sql`select count(*) as n from state_history where lote = ${lote} and entity = 'compra'
        and from_state = 'NO_PAGADO' and to_state = 'PAGADO' and comentario = 'Pagos del lunes'`),
    ).toBe(2);
    expect(
      await count(sql`select count(*) as n from activity where batch_id = ${lote} and entity = 'compra'`),
    ).toBe(2);
    // As PUT …/estado/:id: paid date set, subscriptions activated (their history in the batch too).
    const mine = await api(shop.t, a.cookie).get(`/compras/${p1.id}`);
    expect(mine.json.data).toMatchObject({ estado: 'PAGADO' });
    expect(mine.json.data.pagado_at).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) as n from suscripciones where compra_id in (${p1.id}, ${p2.id})
        and estado = 'APROBADO' and fecha_inicio is not null`),
    ).toBe(2);
    expect(
      await count(
        sql`select count(*) as n from state_history where lote = ${lote} and entity = 'suscripcion'`,
      ),
    ).toBe(2);
    // The member is told, as for one purchase.
    expect(
      await count(sql`select count(*) as n from notificaciones where user_id = ${a.id} and entity = 'compra'
        and entity_id = ${p1.id} and mensaje like 'Nuevo estado: PAGADO%'`),
    ).toBe(1);
  }, 120_000);

  it('skips a purchase whose receipt was rejected: overriding a rejection is done one purchase at a time', async () => {
    const m = await shop.member();
    const rejected = await buy(shop, m.cookie, [{ producto_id: shop.tazaId }]);
    const fine = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const no = await shop.t.request('PUT', `${SHOP}/conciliacion/${rejected.id}/rechazar`, {
      cookie: shop.admin,
      body: { motivo: 'El valor no coincide' },
    });
    expect(no.status, no.text).toBe(200);
    const res = await shop.t.request('POST', `${SHOP}/compras/lote/estado`, {
      cookie: shop.admin,
      body: { ids: [rejected.id, fine.id], estado: 'PAGADO' },
    });
    expect(res.json.data).toMatchObject({ total: 2, hechos: 1, omitidos: 1, terminado: true });
    const estados = await shop.t.db.all(
      sql`select id, estado from compras where id in (${rejected.id}, ${fine.id}) order by id`,
    );
    expect(estados).toEqual([
      { id: rejected.id, estado: 'NO_PAGADO' },
      { id: fine.id, estado: 'PAGADO' },
    ]);
    // One at a time, with the receipt in view, the operator may still confirm it.
    expect((await markPaid(shop, rejected.id)).status).toBe(200);
  });

  it('never reverses payments in bulk (422 in Spanish, nothing changed)', async () => {
    const paid = (await shop.t.db.all(sql`select id from compras where estado = 'PAGADO'`)) as {
      id: number;
    }[];
    const before = await count(sql`select count(*) as n from state_history`);
    const res = await shop.t.request('POST', `${SHOP}/compras/lote/estado`, {
      cookie: shop.admin,
      body: { ids: paid.map((r) => r.id), estado: 'NO_PAGADO' },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.json)).toContain('El estado NO PAGADO no se puede aplicar en lote.');
    expect(await count(sql`select count(*) as n from state_history`)).toBe(before);
    expect(await count(sql`select count(*) as n from compras where estado = 'NO_PAGADO'`)).toBe(0);
  });

  it('takes every purchase matching the grid filter, and refuses a user without purchase control', async () => {
    const c = await shop.member();
    const p = await buy(shop, c.cookie, [{ producto_id: shop.tazaId }]);
    const filtros = { filters: JSON.stringify({ estado: 'NO_PAGADO', user_name: c.userName }) };
    const viewer = await (await shop.t.makeUser('mironcompras', [P.misCompras])).session();
    const denied = await shop.t.request('POST', `${SHOP}/compras/lote/estado`, {
      cookie: viewer,
      body: { filtros, estado: 'PAGADO' },
    });
    expect(denied.status).toBe(403);
    expect(await count(sql`select count(*) as n from compras where id = ${p.id} and estado = 'PAGADO'`)).toBe(
      0,
    );
    const res = await shop.t.request('POST', `${SHOP}/compras/lote/estado`, {
      cookie: shop.admin,
      body: { filtros, estado: 'PAGADO' },
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ total: 1, hechos: 1, terminado: true });
  }, 60_000);
});

describe('subscriptions in bulk', () => {
  it("approves a member's two pending subscriptions of one type back to back, as one by one would", async () => {
    const m = await shop.member();
    const p1 = await buy(shop, m.cookie, [{ tipo_suscripcion_id: shop.planId }]);
    const p2 = await buy(shop, m.cookie, [{ tipo_suscripcion_id: shop.planId }]);
    const subs = (await shop.t.db.all(
      sql`select id from suscripciones where compra_id in (${p1.id}, ${p2.id}) order by id`,
    )) as { id: number }[];
    const res = await shop.t.request('POST', `${SHOP}/suscripciones/lote/estado`, {
      cookie: shop.admin,
      body: { ids: subs.map((s) => s.id), estado: 'APROBADO', comentario: 'Cortesía' },
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ total: 2, hechos: 2, omitidos: 0, terminado: true });
    const [first, second] = (await shop.t.db.all(
      sql`select fecha_inicio as i, fecha_fin as f from suscripciones where compra_id in (${p1.id}, ${p2.id}) order by id`,
    )) as { i: number; f: number }[];
    expect(first!.i).toBe(shop.t.clock.now());
    // The second starts where the first ends: it saw the first's approval.
    expect(second!.i).toBe(first!.f);
    expect(second!.f).toBeGreaterThan(second!.i);
  }, 60_000);

  it('runs a large selection in bounded steps with one history row per record', async () => {
    const m = await shop.member();
    const p = await buy(shop, m.cookie, [{ tipo_suscripcion_id: shop.planId }]);
    const at = shop.t.clock.now();
    await shop.t.db.run(sql`
      with recursive seq(i) as (select 1 union all select i + 1 from seq where i < 149)
      insert into suscripciones (user_id, tipo_suscripcion_id, compra_id, estado, created_at, updated_at)
      select ${m.id}, ${shop.planId}, ${p.id}, 'PENDIENTE', ${at}, ${at} from seq`);
    const filtros = { filters: JSON.stringify({ compra_id: p.id, estado: 'PENDIENTE' }) };
    const res = await shop.t.request('POST', `${SHOP}/suscripciones/lote/estado`, {
      cookie: shop.admin,
      body: { filtros, estado: 'NO_APROBADO', comentario: 'Duplicadas' },
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ total: 150, terminado: false });
    const seen = await drive(`${SHOP}/suscripciones/lote/estado`, res.json.data);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toMatchObject({ procesados: 150, hechos: 150, omitidos: 0, terminado: true });
    expect(
      await count(sql`select count(distinct entity_id) as n from state_history where lote = ${res.json.data.lote}
        and entity = 'suscripcion' and to_state = 'NO_APROBADO' and comentario = 'Duplicadas'`),
    ).toBe(150);
    // Subscriptions are never set PAGADO in bulk (not a state of theirs).
    const bad = await shop.t.request('POST', `${SHOP}/suscripciones/lote/estado`, {
      cookie: shop.admin,
      body: { filtros, estado: 'PAGADO' },
    });
    expect(bad.status).toBe(422);
  }, 180_000);
});

describe('help lists in bulk', () => {
  it('changes suggestions and questions per record, skipping a question approved without an answer', async () => {
    const m = await shop.member([P.sugerencias, P.enviarPreguntas]);
    const at = shop.t.clock.now();
    await shop.t.db.run(sql`insert into sugerencias (user_id, correo, descripcion, created_at, updated_at)
      values (${m.id}, 'a@b.co', 'Uno', ${at}, ${at}), (${m.id}, 'a@b.co', 'Dos', ${at}, ${at})`);
    await shop.t.db.run(sql`insert into preguntas (user_id, pregunta, respuesta, created_at, updated_at)
      values (${m.id}, 'Con respuesta', 'Sí', ${at}, ${at}), (${m.id}, 'Sin respuesta', null, ${at}, ${at})`);

    const sug = await shop.t.request('POST', `${HELP}/sugerencias/control/lote/estado`, {
      cookie: shop.admin,
      body: {
        filtros: { filters: JSON.stringify({ estado: 'PENDIENTE' }) },
        estado: 'APROBADO',
        comentario: 'Atendidas',
      },
    });
    expect(sug.status).toBe(201);
    expect(sug.json.data).toMatchObject({ total: 2, hechos: 2, terminado: true });
    const mine = await shop.t.request('GET', `${HELP}/sugerencias`, { cookie: m.cookie });
    expect(
      mine.json.data.map((r: { estado: string; comentario: string }) => [r.estado, r.comentario]),
    ).toEqual([
      ['APROBADO', 'Atendidas'],
      ['APROBADO', 'Atendidas'],
    ]);

    const ids = ((await shop.t.db.all(sql`select id from preguntas order by id`)) as { id: number }[]).map(
      (r) => r.id,
    );
    const q = await shop.t.request('POST', `${HELP}/enviarpreguntas/control/lote/estado`, {
      cookie: shop.admin,
      body: { ids, estado: 'APROBADO' },
    });
    expect(q.status).toBe(201);
    expect(q.json.data).toMatchObject({ total: 2, hechos: 1, omitidos: 1, terminado: true });
    expect(await count(sql`select count(*) as n from preguntas where estado = 'APROBADO'`)).toBe(1);
    expect(
      await count(
        sql`select count(*) as n from activity where batch_id = ${q.json.data.lote} and entity = 'pregunta'`,
      ),
    ).toBe(1);
    // Nor a target outside the workflow's (PAGADO is no state of a question).
    const bad = await shop.t.request('POST', `${HELP}/enviarpreguntas/control/lote/estado`, {
      cookie: shop.admin,
      body: { ids, estado: 'PUBLICADO' },
    });
    expect(bad.status).toBe(422);
    // The help-centre control permission, as for one row.
    const member = await shop.t.request('POST', `${HELP}/sugerencias/control/lote/estado`, {
      cookie: m.cookie,
      body: { ids, estado: 'NO_APROBADO' },
    });
    expect(member.status).toBe(403);
  }, 60_000);
});
