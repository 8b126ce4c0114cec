// Issue 5 §5: a subscription bought is PENDIENTE until its purchase is PAGADO, then APROBADO from
// the payment date for the type's months; a renewal extends it; past its end it reads VENCIDA.
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { stateHistory, suscripciones } from '../../worker/db/schema';
import { addMonths } from '../../worker/modules/shop/dates';
import { P } from '../../worker/shared/permissions';
import { ORIGIN } from '../setup/app';
import { api, buy, markPaid, type Shop, shopApp } from './shop-fixtures';

let shop: Shop;
beforeAll(async () => {
  shop = await shopApp();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const subsOf = async (userId: number) =>
  shop.t.db.select().from(suscripciones).where(eq(suscripciones.userId, userId)).orderBy(suscripciones.id);

describe('calendar months (Bogotá)', () => {
  it('adds months and clamps to the end of shorter months', () => {
    const at = (s: string) => Date.parse(`${s}-05:00`);
    expect(addMonths(at('2026-01-15T10:00:00'), 3)).toBe(at('2026-04-15T10:00:00'));
    expect(addMonths(at('2026-01-31T08:00:00'), 1)).toBe(at('2026-02-28T08:00:00'));
    expect(addMonths(at('2026-11-30T23:30:00'), 3)).toBe(at('2027-02-28T23:30:00'));
    expect(addMonths(at('2028-02-29T00:00:00'), 12)).toBe(at('2029-02-28T00:00:00'));
  });
});

describe('activation', () => {
  it('activates exactly when the purchase becomes PAGADO, from the payment date for the type’s months', async () => {
    await shop.travel(Date.UTC(2027, 2, 1, 15));
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [
      { producto_id: shop.kitId },
      { tipo_suscripcion_id: shop.planId },
    ]);
    let [sub] = await subsOf(m.id);
    expect(sub).toMatchObject({
      estado: 'PENDIENTE',
      compraId: compra.id,
      fechaInicio: null,
      fechaFin: null,
    });
    // Attaching proof or time passing changes nothing; only the payment does.
    shop.t.clock.advance(2 * HOUR);
    [sub] = await subsOf(m.id);
    expect(sub!.estado).toBe('PENDIENTE');
    const paidAt = shop.t.clock.now();
    expect((await markPaid(shop, compra.id)).status).toBe(200);
    [sub] = await subsOf(m.id);
    expect(sub).toMatchObject({ estado: 'APROBADO', fechaInicio: paidAt, fechaFin: addMonths(paidAt, 3) });
    expect(new Date(sub!.fechaFin!).toISOString()).toBe('2027-06-01T17:00:00.000Z');
    const history = await shop.t.db
      .select()
      .from(stateHistory)
      .where(and(eq(stateHistory.entity, 'suscripcion'), eq(stateHistory.entityId, sub!.id)));
    expect(history).toMatchObject([{ fromState: 'PENDIENTE', toState: 'APROBADO' }]);

    const own = await api(shop.t, await m.session()).get('/suscripciones');
    expect(own.json.data).toEqual([
      expect.objectContaining({
        id: sub!.id,
        tipo: 'Plan trimestral',
        estado: 'APROBADO',
        compra_id: compra.id,
        fecha_inicio: paidAt,
        fecha_fin: addMonths(paidAt, 3),
      }),
    ]);
    const detail = await api(shop.t, await m.session()).get(`/compras/${compra.id}`);
    expect(detail.json.data.suscripciones).toEqual([
      expect.objectContaining({ estado: 'APROBADO', fecha_inicio: paidAt }),
    ]);
  });

  it('counts the months of a subscription line bought with quantity 2 twice', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ tipo_suscripcion_id: shop.planId, qty: 2 }]);
    await markPaid(shop, compra.id);
    const [sub] = await subsOf(m.id);
    expect(sub!.fechaFin).toBe(addMonths(sub!.fechaInicio!, 6));
  });

  it('extends a renewal of the same type from the end of the running subscription', async () => {
    await shop.travel(Date.UTC(2027, 4, 1, 15));
    const m = await shop.member();
    const first = await buy(shop, m.cookie, [{ tipo_suscripcion_id: shop.planId }]);
    await markPaid(shop, first.id);
    const [running] = await subsOf(m.id);
    await shop.travel(shop.t.clock.now() + 30 * DAY);
    const second = await buy(shop, await m.session(), [{ tipo_suscripcion_id: shop.planId }]);
    await markPaid(shop, second.id);
    const [, renewal] = await subsOf(m.id);
    expect(renewal).toMatchObject({
      estado: 'APROBADO',
      fechaInicio: running!.fechaFin,
      fechaFin: addMonths(running!.fechaFin!, 3),
    });
    // Once the running ones have ended, a new purchase starts from its own payment date.
    await shop.travel(renewal!.fechaFin! + DAY);
    const third = await buy(shop, await m.session(), [{ tipo_suscripcion_id: shop.planId }]);
    await markPaid(shop, third.id);
    const [, , fresh] = await subsOf(m.id);
    expect(fresh!.fechaInicio).toBe(shop.t.clock.now());
  });

  it('reads VENCIDA once the end has passed, in the member’s list and in the filters', async () => {
    await shop.travel(Date.UTC(2028, 0, 10, 15));
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ tipo_suscripcion_id: shop.planId }]);
    await markPaid(shop, compra.id);
    const [sub] = await subsOf(m.id);
    const read = async () => (await api(shop.t, await m.session()).get('/suscripciones')).json.data[0].estado;
    await shop.travel(sub!.fechaFin! - 1000);
    expect(await read()).toBe('APROBADO');
    await shop.travel(sub!.fechaFin! + 1000);
    expect(await read()).toBe('VENCIDA');
    const f = (estado: string) =>
      shop.t.request(
        'GET',
        `/api/v1/miscompras/admin/suscripciones?filters=${encodeURIComponent(JSON.stringify({ estado, user_name: m.userName }))}`,
        { cookie: shop.admin },
      );
    expect((await f('VENCIDA')).json.data.map((r: { id: number }) => r.id)).toEqual([sub!.id]);
    expect((await f('APROBADO')).json.total).toBe(0);
    // Stored state is untouched: VENCIDA is how an ended APROBADO one reads.
    expect((await subsOf(m.id))[0]!.estado).toBe('APROBADO');
  });
});

describe('administration of subscriptions', () => {
  it('changes states with comentario and history, dating one approved by hand', async () => {
    const m = await shop.member();
    const controller = await shop.member([P.controlSuscripciones]);
    const compra = await buy(shop, m.cookie, [{ tipo_suscripcion_id: shop.planId }]);
    const [sub] = await subsOf(m.id);
    const put = (body: object, cookie = controller.cookie) =>
      shop.t.request('PUT', `/api/v1/miscompras/admin/suscripciones/estado/${sub!.id}`, { cookie, body });
    expect((await put({ estado: 'APROBADO' }, m.cookie)).status).toBe(403);
    const approved = await put({
      estado: 'APROBADO',
      comentario: 'Cortesía',
      estado_extra: 'x',
      fecha_fin: 1,
    });
    expect(approved.status).toBe(200);
    expect(approved.json.message).toBe('Registro actualizado correctamente');
    expect(approved.json.data).toMatchObject({
      id: sub!.id,
      estado: 'APROBADO',
      fecha_inicio: shop.t.clock.now(),
      fecha_fin: addMonths(shop.t.clock.now(), 3),
    });
    expect((await put({ estado: 'NO_APROBADO', comentario: 'Revertido' })).status).toBe(200);
    expect((await put({ estado: 'PENDIENTE' })).status).toBe(409);
    // A refused subscription stays refused when its purchase is paid later.
    await markPaid(shop, compra.id);
    expect((await subsOf(m.id))[0]!.estado).toBe('NO_APROBADO');
    const history = await shop.t.request(
      'GET',
      `/api/v1/miscompras/admin/suscripciones/${sub!.id}/historial`,
      { cookie: controller.cookie },
    );
    expect(history.json.data).toMatchObject([
      { from_state: 'PENDIENTE', to_state: 'APROBADO', comentario: 'Cortesía' },
      { from_state: 'APROBADO', to_state: 'NO_APROBADO', comentario: 'Revertido' },
    ]);
  });

  it('lists every subscription for the query permission and exports a workbook', async () => {
    const viewer = await shop.member([P.consultaSuscripciones]);
    const list = await shop.t.request('GET', '/api/v1/miscompras/admin/suscripciones?perPage=10', {
      cookie: viewer.cookie,
    });
    expect(list.status).toBe(200);
    expect(list.json.total).toBeGreaterThan(3);
    expect(list.json.data[0]).toHaveProperty('user_name');
    expect(
      (
        await shop.t.request('PUT', `/api/v1/miscompras/admin/suscripciones/estado/${list.json.data[0].id}`, {
          cookie: viewer.cookie,
          body: { estado: 'NO_APROBADO' },
        })
      ).status,
    ).toBe(403);
    const res = await shop.t.fetch(`${ORIGIN}/api/v1/miscompras/admin/suscripciones/excel`, {
      headers: { Cookie: viewer.cookie },
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Suscripciones');
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'ID',
      'Usuario',
      'Correo',
      'Tipo de suscripción',
      'N.º compra',
      'Estado',
      'Fecha de inicio',
      'Fecha de fin',
      'Fecha de registro',
    ]);
    expect(ws.rowCount).toBe(list.json.total + 1);
  });

  it('shows a member only its own subscriptions', async () => {
    const a = await shop.member();
    const b = await shop.member();
    await buy(shop, a.cookie, [{ tipo_suscripcion_id: shop.planId }]);
    expect((await api(shop.t, b.cookie).get('/suscripciones')).json).toEqual({ data: [], total: 0 });
    expect((await api(shop.t, a.cookie).get('/suscripciones')).json.total).toBe(1);
  });
});
