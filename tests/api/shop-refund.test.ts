// A confirmed payment can be reversed (a refund): the purchase is NO_PAGADO again, its
// subscription ends, and the next settlement turns the bonuses already settled into negative lines.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../worker/db/schema';
import { settleCycle } from '../../worker/modules/bonuses/settlement';
import { cycleKeyAt, cycleWindow } from '../../worker/shared/cycles';
import { api, buy, markPaid, shopApp } from './shop-fixtures';

describe('payment reversal', () => {
  it('ends the subscription, records history, and yields negative bonus lines next cycle', async () => {
    const shop = await shopApp();
    const { t } = shop;
    const sponsor = await shop.member();
    const buyer = await shop.member();
    await t.db.update(users).set({ sponsorId: sponsor.id }).where(eq(users.id, buyer.id));
    await buy(shop, sponsor.cookie, [{ tipo_suscripcion_id: shop.planId }]).then((p) => markPaid(shop, p.id));
    const compra = await buy(shop, buyer.cookie, [
      { producto_id: shop.kitId },
      { tipo_suscripcion_id: shop.planId },
    ]);
    expect((await markPaid(shop, compra.id)).status).toBe(200);
    const month = cycleKeyAt(t.clock.now());
    await settleCycle(t.db, month, { now: cycleWindow(month).end + 1000, origen: 'prueba' });

    const admin = (path: string, body: unknown) =>
      t.request('PUT', `/api/v1/miscompras/admin/compras${path}`, { cookie: shop.admin, body });
    const reversed = await admin(`/estado/${compra.id}`, {
      estado: 'NO_PAGADO',
      comentario: 'Reembolso solicitado',
    });
    expect(reversed.status, reversed.text).toBe(200);
    const subs = (await api(t, buyer.cookie).get('/suscripciones')).json.data;
    expect(subs.map((s: any) => s.estado)).toEqual(['NO_APROBADO']);

    const next = cycleKeyAt(cycleWindow(month).end + 1000);
    await settleCycle(t.db, next, { now: cycleWindow(next).end + 1000, origen: 'prueba' });
    const lines = await t.client.execute(
      `select c.clave, l.monto, l.motivo from ciclo_bonificacion_user_referido l join ciclos_bonificacion c on c.id = l.ciclo_id where l.compra_id = ${compra.id} order by c.clave`,
    );
    expect(lines.rows.map((r) => [r.clave, r.monto, r.motivo])).toEqual([
      [month, compra.total / 10, null],
      [next, -compra.total / 10, 'REEMBOLSO'],
    ]);
  });
});
