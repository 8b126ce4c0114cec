// The right of withdrawal (Ley 1480 de 2011, art. 47; decision 0449): a purchase paid on
// Wednesday 2 December 2026 can be withdrawn until the end of its 5th business day, Thursday 10
// December (Tuesday 8 is a holiday, La inmaculada concepción); on Friday 11 the request is refused
// with a Spanish message. Approving it annuls the purchase through the one annulment path and
// records the refund. Runs on node and workerd.
import { describe, expect, it } from 'vitest';
import { holidayName } from '../../worker/shared/business-days';
import { P } from '../../worker/shared/permissions';
import { buy, markPaid, shopApp } from './shop-fixtures';

// 10:00 in Bogotá (UTC−5) on a day of December 2026.
const bogota = (day: number, hour = 10, minute = 0) => Date.UTC(2026, 11, day, hour + 5, minute);
const path = (id: number) => `/api/v1/miscompras/compras/${id}/retracto`;

describe('withdrawing a paid purchase', () => {
  it('is accepted on the 5th business day across a holiday and refused on the 6th', async () => {
    expect(holidayName('2026-12-08')).toBe('La inmaculada concepción');
    const shop = await shopApp();
    const { t } = shop;
    await shop.travel(bogota(2));
    const buyer = await shop.member();
    const first = await buy(shop, buyer.cookie, [{ producto_id: shop.kitId }]);
    const second = await buy(shop, buyer.cookie, [{ producto_id: shop.tazaId }]);
    // Not paid yet: nothing to withdraw.
    const unpaid = await t.request('POST', path(first.id), {
      cookie: buyer.cookie,
      body: { motivo: 'Ya no lo necesito' },
    });
    expect(unpaid.status).toBe(409);
    expect(unpaid.json.message).toBe('Solo se puede solicitar el retracto de una compra pagada');
    expect((await markPaid(shop, first.id)).status).toBe(200);
    expect((await markPaid(shop, second.id)).status).toBe(200);

    // Thursday 10 December, 23:30: the last minutes of the 5th business day.
    await shop.travel(bogota(10, 23, 30));
    let cookie = await buyer.session();
    const window = await t.request('GET', path(first.id), { cookie });
    expect(window.json.data).toMatchObject({ limite: '2026-12-10', disponible: true, solicitud: null });
    // The reason is required.
    const empty = await t.request('POST', path(first.id), { cookie, body: { motivo: '  ' } });
    expect(empty.status).toBe(422);
    expect(empty.json.errors.motivo[0]).toBe('Este campo es requerido');
    const ok = await t.request('POST', path(first.id), {
      cookie,
      body: { motivo: 'El producto no es lo que esperaba' },
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json.message).toBe('Solicitud de retracto registrada: el administrador la revisará');
    expect(ok.json.data).toMatchObject({ estado: 'PENDIENTE', limite: '2026-12-10' });
    // Asked once; a second request waits for the first.
    const again = await t.request('POST', path(first.id), {
      cookie,
      body: { motivo: 'Otra vez el retracto' },
    });
    expect(again.status).toBe(409);

    // Friday 11 December, 00:01: the 6th business day.
    await shop.travel(bogota(11, 0, 1));
    cookie = await buyer.session();
    const late = await t.request('POST', path(second.id), {
      cookie,
      body: { motivo: 'El producto no es lo que esperaba' },
    });
    expect(late.status).toBe(422);
    expect(late.json.message).toBe(
      'El plazo para ejercer el derecho de retracto venció el 10/12/2026: son 5 días hábiles desde el pago de la compra (Ley 1480 de 2011, art. 47).',
    );
    // Another member's purchase is not his: 404.
    const other = await shop.member();
    expect(
      (
        await t.request('POST', path(second.id), {
          cookie: other.cookie,
          body: { motivo: 'No es mía esta compra' },
        })
      ).status,
    ).toBe(404);
  });

  it('waits in the queue; approving annuls the purchase and records the refund', async () => {
    const shop = await shopApp();
    const { t } = shop;
    await shop.travel(bogota(2));
    const buyer = await shop.member();
    const compra = await buy(shop, buyer.cookie, [{ producto_id: shop.kitId }]);
    await markPaid(shop, compra.id);
    const req = await t.request('POST', path(compra.id), {
      cookie: buyer.cookie,
      body: { motivo: 'Compré por error' },
    });
    expect(req.status).toBe(201);

    // Its own permission: the purchases screen alone is not enough.
    const clerk = await shop.member([P.controlCompras]);
    expect(
      (await t.request('GET', '/api/v1/administracion/retractos', { cookie: clerk.cookie })).status,
    ).toBe(403);
    const reviewer = await shop.member([P.retractos]);
    const queue = await t.request('GET', '/api/v1/administracion/retractos?filters={"estado":"PENDIENTE"}', {
      cookie: reviewer.cookie,
    });
    expect(queue.status).toBe(200);
    expect(queue.json.data).toMatchObject([
      { compra_id: compra.id, estado: 'PENDIENTE', motivo: 'Compré por error', total: compra.total },
    ]);
    const id = queue.json.data[0].id;
    const decide = (estado: string) =>
      t.request('PUT', `/api/v1/administracion/retractos/estado/${id}`, {
        cookie: reviewer.cookie,
        body: { estado, comentario: 'Dentro del plazo' },
      });
    const approved = await decide('APROBADO');
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.message).toBe(
      'Retracto aprobado: la compra fue anulada y el reembolso quedó registrado',
    );
    expect(approved.json.data).toMatchObject({ estado: 'APROBADO', reembolso: compra.total });
    // Final: a second decision is refused, and nothing is annulled twice.
    expect((await decide('RECHAZADO')).status).toBe(409);

    const detail = await t.request('GET', `/api/v1/miscompras/compras/${compra.id}`, {
      cookie: buyer.cookie,
    });
    expect(detail.json.data.estado).toBe('ANULADA');
    const history = await t.client.execute(
      `select entity, from_state, to_state, comentario from state_history where (entity = 'compra' and entity_id = ${compra.id}) or entity = 'retracto' order by id`,
    );
    expect(history.rows.slice(-2).map((r) => [r.entity, r.from_state, r.to_state, r.comentario])).toEqual([
      ['retracto', 'PENDIENTE', 'APROBADO', 'Dentro del plazo'],
      [
        'compra',
        'PAGADO',
        'ANULADA',
        'Compra anulada: Derecho de retracto (Ley 1480 de 2011, art. 47): Compré por error',
      ],
    ]);
    const notices = await t.client.execute(
      `select titulo from notificaciones where user_id = ${buyer.id} order by id desc limit 2`,
    );
    expect(notices.rows.map((r) => r.titulo)).toEqual([
      `Compra #${compra.id} anulada`,
      `Retracto de la compra #${compra.id}`,
    ]);
  });
});
