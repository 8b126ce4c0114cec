// Every path that pays a member-cycle row applies the one gate of the money-out model
// (worker/shared/money-out.ts, docs/decisions/0340): the close approved while «Requiere aprobación
// del cierre» is on, the member's payment information complete and verified (decision 0201), and
// the blocks of decision 0214. The single and bulk manual payments and the payout batch, on node
// and workerd (SECURITY row 22).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MONEY_OUT_MESSAGES } from '../../worker/shared/money-out';
import { ADMIN, makeApp, type TestApp } from '../setup/app';
import { verifiedPayment } from '../setup/bonus-data';

const START = Date.UTC(2026, 10, 20, 15);
let t: TestApp;
let admin: string;
const u: Record<string, number> = {};

async function cycle(clave: string) {
  const row = await t.db.get<{
    id: number;
  }>(sql`insert into ciclos_bonificacion (clave, inicio, fin, estado, iniciado_at, origen)
    values (${clave}, 0, 1, 'LIQUIDADO', ${START}, 'prueba') returning id`);
  return row.id;
}

async function row(ciclo: number, userId: number, total: number) {
  const r = await t.db.get<{
    id: number;
  }>(sql`insert into ciclo_bonificacion_user (ciclo_id, user_id, total, bonos, neto, lineas, estado, created_at)
    values (${ciclo}, ${userId}, ${total}, ${total}, ${total}, 1, 'NO_PAGADO', ${START}) returning id`);
  return r.id;
}

const states = async (ids: number[]) => {
  const rows = await t.db.all<{ id: number; estado: string }>(
    sql`select id, estado from ciclo_bonificacion_user where id in (${sql.join(ids, sql`, `)})`,
  );
  return ids.map((id) => rows.find((r) => r.id === id)!.estado);
};
const payOne = (id: number) =>
  t.request('PUT', `/api/v1/bonos/ciclobonificacionuser/estado/${id}`, {
    cookie: admin,
    body: { estado: 'PAGADO', comentario: 'Transferencia' },
  });
const payMany = (ids: number[]) =>
  t.request('PUT', '/api/v1/bonos/ciclobonificacionuser/estado', {
    cookie: admin,
    body: { ids, estado: 'PAGADO', comentario: 'Lote' },
  });
const blocks = async (cicloId: number) =>
  Object.fromEntries(
    (await t.request('GET', `/api/v1/bonos/ciclos/${cicloId}/usuarios`, { cookie: admin })).json.data.map(
      (r: { user_id: number; bloqueo: string | null }) => [r.user_id, r.bloqueo],
    ),
  );
const approve = (cicloId: number) =>
  t.request('POST', `/api/v1/bonos/ciclos/${cicloId}/aprobar`, { cookie: admin, body: {} });

beforeAll(async () => {
  t = await makeApp({ start: START });
  admin = await t.login(ADMIN.email, ADMIN.password);
  for (const name of ['verificado1', 'verificado2', 'sininfo', 'sinverificar'])
    u[name] = (await t.makeUser(name)).id;
  await verifiedPayment(t.db, u.verificado1!);
  await verifiedPayment(t.db, u.verificado2!);
  await verifiedPayment(t.db, u.sinverificar!);
  await t.db.run(
    sql`update validaciones_identidad set estado = 'PENDIENTE' where user_id = ${u.sinverificar}`,
  );
  await t.db.run(
    sql`insert into validaciones_identidad (user_id, estado, created_at, updated_at) values (${u.sininfo}, 'APROBADO', 0, 0)`,
  );
  await t.db.run(
    sql`update parametros_bonificacion set aprobacion_cierre = 1, minimo_pago = 2000000 where id = 1`,
  );
});

describe('one gate on every path that pays a bonus row', () => {
  let cicloId: number;
  let ids: Record<string, number>;

  it('with the close not yet approved, neither the single nor the bulk payment pays anyone', async () => {
    cicloId = await cycle('2026-09');
    ids = {
      verificado1: await row(cicloId, u.verificado1!, 5_000_000),
      verificado2: await row(cicloId, u.verificado2!, 3_000_000),
      sininfo: await row(cicloId, u.sininfo!, 4_000_000),
      sinverificar: await row(cicloId, u.sinverificar!, 2_500_000),
    };
    const all = Object.values(ids);
    const one = await payOne(ids.verificado1!);
    expect([one.status, one.json.message]).toEqual([409, MONEY_OUT_MESSAGES.cicloSinAprobar]);
    // What the attacker did: a member without payment information, paid before the review.
    const noInfo = await payOne(ids.sininfo!);
    expect([noInfo.status, noInfo.json.message]).toEqual([409, MONEY_OUT_MESSAGES.cicloSinAprobar]);
    const many = await payMany(all);
    expect(many.json).toMatchObject({ actualizados: 0, fallidos: 4 });
    expect(await states(all)).toEqual(['NO_PAGADO', 'NO_PAGADO', 'NO_PAGADO', 'NO_PAGADO']);
    // The grid says why (the screen offers neither PAGADO nor the row's selection).
    expect(Object.values(await blocks(cicloId))).toEqual([
      'cicloSinAprobar',
      'cicloSinAprobar',
      'cicloSinAprobar',
      'cicloSinAprobar',
    ]);
    const history = await t.db.all(
      sql`select id from state_history where entity = 'ciclo_bonificacion_user' and to_state = 'PAGADO'`,
    );
    expect(history).toEqual([]);
  });

  it('once approved, pays the verified members and refuses the others with the reason', async () => {
    expect((await approve(cicloId)).status).toBe(200);
    expect(await blocks(cicloId)).toEqual({
      [u.verificado1!]: null,
      [u.verificado2!]: null,
      [u.sininfo!]: 'sinInformacion',
      [u.sinverificar!]: 'sinVerificar',
    });
    const noInfo = await payOne(ids.sininfo!);
    expect([noInfo.status, noInfo.json.message]).toEqual([409, MONEY_OUT_MESSAGES.sinInformacion]);
    const unverified = await payOne(ids.sinverificar!);
    expect([unverified.status, unverified.json.message]).toEqual([409, MONEY_OUT_MESSAGES.sinVerificar]);
    expect((await payOne(ids.verificado1!)).status).toBe(200);
    const many = await payMany([ids.verificado2!, ids.sininfo!, ids.sinverificar!]);
    expect(many.json).toMatchObject({ actualizados: 1, fallidos: 2 });
    expect(await states(Object.values(ids))).toEqual(['PAGADO', 'PAGADO', 'NO_PAGADO', 'NO_PAGADO']);
  });

  it('a payout batch generated before the review was required is not marked paid until the close is approved', async () => {
    await t.db.run(sql`update parametros_bonificacion set aprobacion_cierre = 0 where id = 1`);
    const c2 = await cycle('2026-10');
    const rowId = await row(c2, u.verificado1!, 6_000_000);
    const generated = await t.request('POST', `/api/v1/bonos/ciclos/${c2}/pagos`, {
      cookie: admin,
      body: {},
    });
    expect(generated.status, generated.text).toBe(200);
    const lote = generated.json.data[0];
    expect(lote).toMatchObject({ estado: 'GENERADO', miembros: 1 });
    await t.db.run(sql`update parametros_bonificacion set aprobacion_cierre = 1 where id = 1`);
    const refused = await t.request('POST', `/api/v1/bonos/lotespago/${lote.id}/pagar`, {
      cookie: admin,
      body: { referencia: 'BANCO-1' },
    });
    expect([refused.status, refused.json.message]).toEqual([409, MONEY_OUT_MESSAGES.cicloSinAprobar]);
    expect(await states([rowId])).toEqual(['NO_PAGADO']);
    expect((await approve(c2)).status).toBe(200);
    const paid = await t.request('POST', `/api/v1/bonos/lotespago/${lote.id}/pagar`, {
      cookie: admin,
      body: { referencia: 'BANCO-1' },
    });
    expect(paid.status, paid.text).toBe(200);
    expect(await states([rowId])).toEqual(['PAGADO']);
  });
});
