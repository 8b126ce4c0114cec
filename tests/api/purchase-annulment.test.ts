// Issue 24 item 3: annulling a paid purchase is its own action — `POST …/admin/compras/{id}/anular`
// with a required reason and its own permission — and the only way back from PAGADO. The reason is
// in the purchase's history and the member's notification, the write is audited, the purchase's
// subscription ends, and the next settlement turns the bonuses it paid into REEMBOLSO lines at
// each original line's level and rate; annulled before its cycle is settled, it pays nothing.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { settleCycle } from '../../worker/modules/bonuses/settlement';
import { remindUnpaidPurchases } from '../../worker/modules/shop';
import { cycleWindow } from '../../worker/shared/cycles';
import { P } from '../../worker/shared/permissions';
import { ADMIN, makeApp, ORIGIN, type TestApp } from '../setup/app';
import { baseCatalogue, DAY, member, paid, snapshot, subscribed } from '../setup/bonus-data';
import { api, buy, markPaid, shopApp } from './shop-fixtures';

const annulPath = (id: number) => `/api/v1/miscompras/admin/compras/${id}/anular`;

describe('annulling a paid purchase (the API contract)', () => {
  it('needs a reason and its own permission, and annuls only a PAGADO purchase', async () => {
    const shop = await shopApp();
    const { t } = shop;
    const buyer = await shop.member();
    const compra = await buy(shop, buyer.cookie, [{ tipo_suscripcion_id: shop.planId }]);
    const annul = (id: number, body: unknown, cookie = shop.admin) =>
      t.request('POST', annulPath(id), { cookie, body });

    // Not paid yet: nothing to annul.
    const unpaid = await annul(compra.id, { motivo: 'Reembolso solicitado' });
    expect(unpaid.status).toBe(409);
    expect(unpaid.json.message).toBe('Solo se puede anular una compra pagada');
    expect((await markPaid(shop, compra.id)).status).toBe(200);

    // The reason is required, in Spanish.
    for (const body of [{}, { motivo: '   ' }]) {
      const res = await annul(compra.id, body);
      expect(res.status).toBe(422);
      expect(res.json.errors.motivo[0]).toBe('Este campo es requerido');
    }
    // Its own permission: the purchases screen's alone is not enough.
    const clerk = await shop.member([P.controlCompras]);
    expect((await annul(compra.id, { motivo: 'Reembolso solicitado' }, clerk.cookie)).status).toBe(403);
    const refunder = await shop.member([P.anularCompras]);
    expect((await annul(999_999, { motivo: 'Reembolso solicitado' }, refunder.cookie)).status).toBe(404);

    const paidAt = (await t.client.execute(`select pagado_at from compras where id = ${compra.id}`)).rows[0]!
      .pagado_at;
    t.clock.advance(60_000);
    const res = await annul(compra.id, { motivo: '  Cliente desistió de la compra ' }, refunder.cookie);
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toBe('Compra anulada; el miembro fue notificado');
    // ANULADA (decision 0316), keeping the date it was paid (the settlement's refunds read it).
    expect(res.json.data).toMatchObject({ estado: 'ANULADA', pagado_at: paidAt });

    const history = await t.client.execute(
      `select from_state, to_state, comentario, user_id from state_history where entity = 'compra' and entity_id = ${compra.id} order by id desc limit 1`,
    );
    expect(history.rows.map((r) => [r.from_state, r.to_state, r.comentario, r.user_id])).toEqual([
      ['PAGADO', 'ANULADA', 'Compra anulada: Cliente desistió de la compra', refunder.id],
    ]);
    const notice = await t.client.execute(
      `select titulo, mensaje from notificaciones where user_id = ${buyer.id} and entity = 'compra' order by id desc limit 1`,
    );
    expect(notice.rows.map((r) => [r.titulo, r.mensaje])).toEqual([
      [
        `Compra #${compra.id} anulada`,
        `Tu compra #${compra.id} fue anulada. Motivo: Cliente desistió de la compra`,
      ],
    ]);
    const audit = await t.client.execute(
      `select a.action, a.user_id, json_extract(r.snapshot, '$.estado') estado from activity a join revisions r on r.activity_id = a.id where a.entity = 'compra' and a.entity_id = ${compra.id} order by a.id desc limit 1`,
    );
    expect(audit.rows.map((r) => [r.action, r.user_id, r.estado])).toEqual([
      ['estado', refunder.id, 'ANULADA'],
    ]);
    // The purchase's subscription ends.
    const subs = (await api(t, buyer.cookie).get('/suscripciones')).json.data;
    expect(subs.map((s: { estado: string }) => s.estado)).toEqual(['NO_APROBADO']);

    // It is not awaiting payment: out of the reconciliation queue, never reminded.
    const queue = await t.request(
      'GET',
      `/api/v1/miscompras/admin/conciliacion?filters=${encodeURIComponent(JSON.stringify({ user_name: buyer.userName }))}`,
      { cookie: shop.admin },
    );
    expect(queue.json.data).toEqual([]);
    expect(
      (await t.request('GET', `/api/v1/miscompras/admin/conciliacion/${compra.id}`, { cookie: shop.admin }))
        .status,
    ).toBe(404);
    expect(await remindUnpaidPurchases(t.db, t.clock.now() + 30 * DAY)).toBe(0);

    // Once: annulled, it is not annulled again, nor paid again (it is final).
    expect((await annul(compra.id, { motivo: 'Otra vez' })).status).toBe(409);
    const again = await markPaid(shop, compra.id);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('La compra fue anulada: no se puede volver a pagar');
  });

  it('is the only way back: the state change refuses PAGADO → NO_PAGADO and points at «Anular»', async () => {
    const shop = await shopApp();
    const buyer = await shop.member();
    const compra = await buy(shop, buyer.cookie, [{ producto_id: shop.kitId }]);
    expect((await markPaid(shop, compra.id)).status).toBe(200);
    const flip = await shop.t.request('PUT', `/api/v1/miscompras/admin/compras/estado/${compra.id}`, {
      cookie: shop.admin,
      body: { estado: 'NO_PAGADO', comentario: 'Reembolso' },
    });
    expect(flip.status).toBe(409);
    expect(flip.json.message).toBe(
      'Una compra pagada no vuelve a NO PAGADO con un cambio de estado: usa «Anular» e indica el motivo',
    );
    const row = await shop.t.client.execute(`select estado from compras where id = ${compra.id}`);
    expect(row.rows[0]!.estado).toBe('PAGADO');
  });
});

describe('ANULADA, the annulled purchase’s own state (decision 0316)', () => {
  it('is filtered, exported and never paid again; the other states stay as they were', async () => {
    const shop = await shopApp();
    const { t } = shop;
    const buyer = await shop.member();
    const annulled = await buy(shop, buyer.cookie, [{ producto_id: shop.kitId }]);
    const paidOne = await buy(shop, buyer.cookie, [{ producto_id: shop.kitId }]);
    const unpaid = await buy(shop, buyer.cookie, [{ producto_id: shop.kitId }]);
    for (const c of [annulled, paidOne]) expect((await markPaid(shop, c.id)).status).toBe(200);
    const res = await t.request('POST', annulPath(annulled.id), {
      cookie: shop.admin,
      body: { motivo: 'Pago devuelto' },
    });
    expect(res.json.data.estado).toBe('ANULADA');

    // The Estado filter of Administración → Compras and of Mis compras.
    const filtered = (estado: string) =>
      encodeURIComponent(JSON.stringify({ estado, user_name: buyer.userName }));
    const adminIds = async (estado: string) =>
      (
        await t.request('GET', `/api/v1/miscompras/admin/compras?filters=${filtered(estado)}`, {
          cookie: shop.admin,
        })
      ).json.data.map((r: { id: number }) => r.id);
    expect(await adminIds('ANULADA')).toEqual([annulled.id]);
    expect(await adminIds('NO_PAGADO')).toEqual([unpaid.id]);
    expect(await adminIds('PAGADO')).toEqual([paidOne.id]);
    const mine = await api(t, buyer.cookie).get(
      `/compras?filters=${encodeURIComponent(JSON.stringify({ estado: 'ANULADA' }))}`,
    );
    expect(mine.json.data.map((r: { id: number; estado: string }) => [r.id, r.estado])).toEqual([
      [annulled.id, 'ANULADA'],
    ]);

    // The Excel export writes the state as the screen shows it.
    const xlsx = await t.fetch(
      `${ORIGIN}/api/v1/miscompras/admin/compras/excel?filters=${filtered('ANULADA')}`,
      {
        headers: { Cookie: shop.admin },
      },
    );
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsx.arrayBuffer());
    const ws = wb.worksheets[0]!;
    const estadoCol = (ws.getRow(1).values as unknown[]).indexOf('Estado');
    expect([ws.rowCount, ws.getRow(2).getCell(estadoCol).value]).toEqual([2, 'ANULADA']);

    // Paid again: refused by the state change, the bulk payment and the gateway's checkout.
    const again = await markPaid(shop, annulled.id);
    expect([again.status, again.json.message]).toEqual([
      409,
      'La compra fue anulada: no se puede volver a pagar',
    ]);
    const bulk = await t.request('POST', '/api/v1/miscompras/admin/compras/lote/estado', {
      cookie: shop.admin,
      body: { ids: [annulled.id], estado: 'PAGADO' },
    });
    expect(bulk.status, bulk.text).toBeLessThan(300);
    expect((await api(t, buyer.cookie).get(`/compras/${annulled.id}`)).json.data.estado).toBe('ANULADA');
  });

  it('the migration moved the purchases annulled before it (NO_PAGADO with a paid date) to ANULADA', async () => {
    const t = await makeApp();
    await baseCatalogue(t.db);
    const m = await member(t.db, `legado${Math.random().toString(36).slice(2, 7)}`);
    const legacy = await paid(t.db, m, 1_000_000, NOV.start, 'NO_PAGADO'); // annulled the old way
    const unpaid = await paid(t.db, m, 1_000_000, NOV.start, 'NO_PAGADO');
    await t.db.run(sql`update compras set pagado_at = null where id = ${unpaid}`);
    const kept = await paid(t.db, m, 1_000_000, NOV.start);
    const migration = readFileSync(
      new URL('../../migrations/0033_purchases_anulada.sql', import.meta.url),
      'utf8',
    );
    await t.client.execute(migration);
    const rows = await t.client.execute(
      `select id, estado from compras where id in (${legacy}, ${unpaid}, ${kept}) order by id`,
    );
    expect(rows.rows.map((r) => [r.id, r.estado])).toEqual([
      [legacy, 'ANULADA'],
      [unpaid, 'NO_PAGADO'],
      [kept, 'PAGADO'],
    ]);
  });
});

/**
 *   ana ── beto ── carla ── dario (buys)
 *   ana, beto and carla subscribed through November and December.
 */
const NOV = cycleWindow('2026-11');
const DEC = cycleWindow('2026-12');
const JAN = cycleWindow('2027-01');

async function tree(t: TestApp) {
  await baseCatalogue(t.db);
  const tag = Math.random().toString(36).slice(2, 7);
  const ana = await member(t.db, `ana${tag}`);
  const beto = await member(t.db, `beto${tag}`, ana);
  const carla = await member(t.db, `carla${tag}`, beto);
  const dario = await member(t.db, `dario${tag}`, carla);
  for (const u of [ana, beto, carla]) await subscribed(t.db, u, NOV.start - 10 * DAY, JAN.start + 20 * DAY);
  return { ana, beto, carla, dario };
}

async function annulAt(t: TestApp, at: number, compra: number, motivo: string) {
  t.clock.set(at);
  const cookie = await t.login(ADMIN.email, ADMIN.password);
  return t.request('POST', annulPath(compra), { cookie, body: { motivo } });
}

const linesOf = async (t: TestApp, compra: number) =>
  ((await snapshot(t.db)).lines as any[])
    .filter((l) => l.compra_id === compra)
    .map((l) => [l.clave, l.beneficiario_id, l.nivel, l.base, l.porcentaje, l.monto, l.motivo]);

describe('annulment and the bonus settlement', () => {
  it('after its cycle is settled: the exact negative lines, at each line’s level and rate, in the next cycle', async () => {
    const t = await makeApp();
    const { ana, beto, carla, dario } = await tree(t);
    const compra = await paid(t.db, dario, 12_345_600, NOV.start + 14 * DAY);
    await settleCycle(t.db, '2026-11', { now: DEC.start + DAY, origen: 'prueba' });
    // The rates change before December: the clawback keeps November's.
    await t.db.run(sql`update detalle_bonos set porcentaje = porcentaje * 2`);

    const res = await annulAt(t, DEC.start + 3 * DAY, compra, 'Contracargo del banco');
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.estado).toBe('ANULADA');
    await settleCycle(t.db, '2026-12', { now: JAN.start + DAY, origen: 'prueba' });

    expect(await linesOf(t, compra)).toEqual([
      ['2026-11', ana, 3, 12_345_600, 200, 246_912, null],
      ['2026-11', beto, 2, 12_345_600, 500, 617_280, null],
      ['2026-11', carla, 1, 12_345_600, 1000, 1_234_560, null],
      ['2026-12', ana, 3, -12_345_600, 200, -246_912, 'REEMBOLSO'],
      ['2026-12', beto, 2, -12_345_600, 500, -617_280, 'REEMBOLSO'],
      ['2026-12', carla, 1, -12_345_600, 1000, -1_234_560, 'REEMBOLSO'],
    ]);
    // Once: January has nothing more for it.
    await settleCycle(t.db, '2027-01', { now: cycleWindow('2027-02').start + DAY, origen: 'prueba' });
    expect((await linesOf(t, compra)).filter((l) => l[0] === '2027-01')).toEqual([]);
  });

  it('before its cycle is settled: the purchase is simply left out, then and later', async () => {
    const t = await makeApp();
    const { dario } = await tree(t);
    const compra = await paid(t.db, dario, 10_000_000, NOV.start + 14 * DAY);
    const res = await annulAt(t, NOV.start + 20 * DAY, compra, 'Pago devuelto por el banco');
    expect(res.status, res.text).toBe(200);
    await settleCycle(t.db, '2026-11', { now: DEC.start + DAY, origen: 'prueba' });
    await settleCycle(t.db, '2026-12', { now: JAN.start + DAY, origen: 'prueba' });
    expect(await linesOf(t, compra)).toEqual([]);
  });
});
