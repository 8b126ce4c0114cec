// Plans never run in parallel (decision 0465): a plan bought while another, of any type, is active
// starts when that one ends, and the cart says when before the member pays.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { suscripciones } from '../../worker/db/schema';
import { addMonths } from '../../worker/modules/shop/dates';
import { ADMIN } from '../setup/app';
import { api, buy, markPaid, type Shop, shopApp } from './shop-fixtures';

let shop: Shop;
let monthly: number;
beforeAll(async () => {
  shop = await shopApp();
  const admin = await shop.t.login(ADMIN.email, ADMIN.password);
  const plan = await shop.t.request('POST', '/api/v1/miscompras/tipossuscripciones', {
    cookie: admin,
    body: { nombre: 'Plan mensual', precio: 1_000_000, duracion_meses: 1 },
  });
  monthly = plan.json.data.id;
});

describe('overlapping plans', () => {
  it('starts a monthly plan bought during a quarterly one when the quarterly ends, and the cart says so', async () => {
    await shop.travel(Date.UTC(2027, 5, 1, 15));
    const m = await shop.member();
    const first = await buy(shop, m.cookie, [{ tipo_suscripcion_id: shop.planId }]);
    await markPaid(shop, first.id);
    const [running] = await shop.t.db.select().from(suscripciones).where(eq(suscripciones.userId, m.id));
    await shop.travel(shop.t.clock.now() + 10 * 86_400_000);
    const cookie = await m.session();
    const a = api(shop.t, cookie);
    // Nothing to say with only a product in the cart.
    await a.post('/cart', { producto_id: shop.kitId });
    expect((await a.get('/cart')).json.inicio_suscripcion).toBeNull();
    await a.post('/cart', { tipo_suscripcion_id: monthly });
    const cart = await a.get('/cart');
    expect(cart.json.inicio_suscripcion).toBe(running!.fechaFin);
    const res = await a.post('/compras', { total_items: cart.json.total_items, total: cart.json.total });
    expect(res.status, res.text).toBe(201);
    await markPaid(shop, res.json.data.id);
    const subs = await shop.t.db
      .select()
      .from(suscripciones)
      .where(eq(suscripciones.userId, m.id))
      .orderBy(suscripciones.id);
    expect(subs[1]).toMatchObject({
      estado: 'APROBADO',
      tipoSuscripcionId: monthly,
      fechaInicio: running!.fechaFin,
      fechaFin: addMonths(running!.fechaFin!, 1),
    });
  });
});
