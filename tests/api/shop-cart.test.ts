// Issue 5 §1–2: the catalogue, the cart and paying it (SECURITY rows 7, 16, 17).
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { carrito, compraLineas, compras, suscripciones } from '../../worker/db/schema';
import { api, buy, type Shop, shopApp } from './shop-fixtures';

let shop: Shop;
beforeAll(async () => {
  shop = await shopApp();
});

const purchasesOf = async (userId: number) =>
  (await shop.t.db.select().from(compras).where(eq(compras.userId, userId))).length;

describe('catalogue', () => {
  it('lists active products with price in cents, filters by category and search, and the subscription types', async () => {
    const m = await shop.member();
    const a = api(shop.t, m.cookie);
    const all = await a.get('/catalogo');
    expect(all.status).toBe(200);
    expect(all.json.total).toBe(2);
    expect(all.json.data.map((p: { codigo: string }) => p.codigo)).toEqual(['KIT-1', 'TAZA-1']);
    expect(all.json.data[0]).toMatchObject({
      nombre: 'Kit de bienvenida',
      precio: 5_000_000,
      categoria: 'Membresías',
      thumbnail: null,
    });
    expect((await a.get('/catalogo?q=taza')).json.data.map((p: { codigo: string }) => p.codigo)).toEqual([
      'TAZA-1',
    ]);
    expect((await a.get(`/catalogo?categoria_id=${shop.categoriaId}`)).json.total).toBe(2);
    expect((await a.get('/catalogo?categoria_id=999')).json.total).toBe(0);
    expect((await a.get('/catalogo?q=%25')).json.total).toBe(0);
    const subs = await a.get('/catalogo/suscripciones');
    expect(subs.json.data).toEqual([
      expect.objectContaining({
        id: shop.planId,
        nombre: 'Plan trimestral',
        precio: 3_000_000,
        duracion_meses: 3,
      }),
    ]);
    expect((await a.get('/catalogo/categorias')).json.data).toEqual([
      { id: shop.categoriaId, nombre: 'Membresías' },
    ]);
  });
});

describe('cart', () => {
  it('adds, increments, sets quantities and removes lines; totals are the server’s', async () => {
    const m = await shop.member();
    const a = api(shop.t, m.cookie);
    expect((await a.get('/cart')).json).toEqual({
      data: [],
      total_items: 0,
      total: 0,
      inicio_suscripcion: null,
    });
    expect((await a.post('/cart', { producto_id: shop.kitId })).status).toBe(201);
    const twice = await a.post('/cart', { producto_id: shop.kitId, qty: 2 });
    expect(twice.json.data).toHaveLength(1);
    expect(twice.json.data[0]).toMatchObject({
      codigo: 'KIT-1',
      nombre: 'Kit de bienvenida',
      quantity: 3,
      precio: 5_000_000,
      tipo: 'producto',
      thumbnail: null,
    });
    await a.post('/cart', { tipo_suscripcion_id: shop.planId });
    const cart = await a.get('/cart');
    expect(cart.json.total_items).toBe(4);
    expect(cart.json.total).toBe(3 * 5_000_000 + 3_000_000);
    expect(cart.json.data[1]).toMatchObject({
      codigo: `SUS-${shop.planId}`,
      nombre: 'Plan trimestral',
      quantity: 1,
      tipo: 'suscripcion',
    });

    const line = cart.json.data[0].id;
    const put = await a.put(`/cart/${line}`, { qty: 1 });
    expect(put.status).toBe(200);
    expect(put.json.total).toBe(5_000_000 + 3_000_000);
    expect((await a.del(`/cart/${line}`)).status).toBe(204);
    expect((await a.get('/cart')).json.total_items).toBe(1);
  });

  it('refuses quantities of 0, negative, huge, fractional or non-numeric (422) and leaves the line as it was', async () => {
    const m = await shop.member();
    const a = api(shop.t, m.cookie);
    const line = (await a.post('/cart', { producto_id: shop.tazaId, qty: 2 })).json.data[0].id;
    for (const qty of [0, -1, -100, 1000, 1e9, 1.5, 'abc', '', null, [], {}]) {
      const res = await a.put(`/cart/${line}`, { qty });
      expect(res.status, JSON.stringify(qty)).toBe(422);
    }
    expect((await a.put(`/cart/${line}`, {})).status).toBe(422);
    for (const qty of [0, -3, 5000, 'x'])
      expect((await a.post('/cart', { producto_id: shop.tazaId, qty })).status).toBe(422);
    // Incrementing past the maximum is refused too.
    expect((await a.put(`/cart/${line}`, { qty: 999 })).status).toBe(200);
    const over = await a.post('/cart', { producto_id: shop.tazaId });
    expect(over.status).toBe(422);
    expect(over.json.message).toBe('La cantidad debe ser menor o igual a 999');
    const [row] = await shop.t.db.select().from(carrito).where(eq(carrito.id, line));
    expect(row!.cantidad).toBe(999);
  });

  it('needs exactly one of producto_id and tipo_suscripcion_id, and a product for sale', async () => {
    const m = await shop.member();
    const a = api(shop.t, m.cookie);
    expect((await a.post('/cart', {})).status).toBe(422);
    expect(
      (await a.post('/cart', { producto_id: shop.kitId, tipo_suscripcion_id: shop.planId })).status,
    ).toBe(422);
    expect((await a.post('/cart', { producto_id: 99999 })).status).toBe(404);
    await shop.t.request('PUT', '/api/v1/catalogo/productos/toggle', {
      cookie: shop.admin,
      body: { id: shop.tazaId, value: false },
    });
    expect((await a.post('/cart', { producto_id: shop.tazaId })).json.message).toBe(
      'El producto no existe o no está disponible',
    );
    await shop.t.request('PUT', '/api/v1/catalogo/productos/toggle', {
      cookie: shop.admin,
      body: { id: shop.tazaId, value: true },
    });
  });

  it('ignores prices, owners and states sent in cart bodies (mass assignment)', async () => {
    const m = await shop.member();
    const other = await shop.member();
    const a = api(shop.t, m.cookie);
    await a.post('/cart', {
      producto_id: shop.kitId,
      precio: 1,
      total: 1,
      user_id: other.id,
      estado: 'PAGADO',
    });
    const cart = await a.get('/cart');
    expect(cart.json.data[0].precio).toBe(5_000_000);
    expect((await api(shop.t, other.cookie).get('/cart')).json.data).toEqual([]);
    await a.put(`/cart/${cart.json.data[0].id}`, { qty: 2, precio: 1, user_id: other.id });
    expect((await a.get('/cart')).json.total).toBe(10_000_000);
  });

  it('answers 404 for another member’s cart line and leaves it unchanged', async () => {
    const owner = await shop.member();
    const intruder = await shop.member();
    const line = (await api(shop.t, owner.cookie).post('/cart', { producto_id: shop.kitId, qty: 2 })).json
      .data[0].id;
    const b = api(shop.t, intruder.cookie);
    expect((await b.put(`/cart/${line}`, { qty: 5 })).status).toBe(404);
    expect((await b.del(`/cart/${line}`)).status).toBe(404);
    const [row] = await shop.t.db.select().from(carrito).where(eq(carrito.id, line));
    expect(row).toMatchObject({ cantidad: 2, userId: owner.id });
  });
});

describe('checkout', () => {
  it('creates the purchase NO_PAGADO with its lines and a PENDIENTE subscription, and empties the cart', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [
      { producto_id: shop.kitId, qty: 2 },
      { producto_id: shop.tazaId },
      { tipo_suscripcion_id: shop.planId },
    ]);
    expect(compra).toMatchObject({
      estado: 'NO_PAGADO',
      total_items: 4,
      total: 2 * 5_000_000 + 1_234_567 + 3_000_000,
    });
    expect(compra.lineas).toHaveLength(3);
    expect(compra.lineas[0]).toMatchObject({
      codigo: 'KIT-1',
      cantidad: 2,
      precio: 5_000_000,
      subtotal: 10_000_000,
    });
    const subs = await shop.t.db.select().from(suscripciones).where(eq(suscripciones.compraId, compra.id));
    expect(subs).toMatchObject([{ estado: 'PENDIENTE', fechaInicio: null, fechaFin: null, userId: m.id }]);
    expect((await api(shop.t, m.cookie).get('/cart')).json).toEqual({
      data: [],
      total_items: 0,
      total: 0,
      inicio_suscripcion: null,
    });
  });

  it('refuses a tampered total or item count (409) and creates nothing', async () => {
    const m = await shop.member();
    const a = api(shop.t, m.cookie);
    await a.post('/cart', { producto_id: shop.kitId, qty: 2 });
    for (const body of [
      { total_items: 2, total: 1 },
      { total_items: 2, total: 9_999_999 },
      { total_items: 1, total: 10_000_000 },
      { total_items: 2, total: 0 },
    ]) {
      const res = await a.post('/compras', body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.json.message).toMatch(/Revisa el carrito/);
    }
    expect(await purchasesOf(m.id)).toBe(0);
    expect((await a.get('/cart')).json.total_items).toBe(2);
  });

  it('refuses totals from before a price change (409), then accepts the current ones', async () => {
    const m = await shop.member();
    const a = api(shop.t, m.cookie);
    await a.post('/cart', { producto_id: shop.tazaId, qty: 3 });
    const seen = (await a.get('/cart')).json;
    const prod = (
      await shop.t.request('GET', `/api/v1/catalogo/productos/${shop.tazaId}`, { cookie: shop.admin })
    ).json.data;
    await shop.t.request('PUT', `/api/v1/catalogo/productos/${shop.tazaId}`, {
      cookie: shop.admin,
      body: { ...prod, precio: 2_000_000 },
    });
    const stale = await a.post('/compras', { total_items: seen.total_items, total: seen.total });
    expect(stale.status).toBe(409);
    expect(await purchasesOf(m.id)).toBe(0);
    const ok = await a.post('/compras', { total_items: 3, total: 6_000_000 });
    expect(ok.status).toBe(201);
    expect(ok.json.data.total).toBe(6_000_000);
    await shop.t.request('PUT', `/api/v1/catalogo/productos/${shop.tazaId}`, {
      cookie: shop.admin,
      body: { ...prod, precio: 1_234_567 },
    });
  });

  it('refuses an empty cart (409) and bad payloads (422), and ignores estado/user_id in the body', async () => {
    const m = await shop.member();
    const other = await shop.member();
    const a = api(shop.t, m.cookie);
    expect((await a.post('/compras', { total_items: 1, total: 100 })).status).toBe(409);
    for (const body of [
      {},
      { total_items: 'x', total: 1 },
      { total_items: 1, total: -5 },
      { total_items: 1, total: 1.5 },
      { total_items: 0, total: 0 },
    ]) {
      expect((await a.post('/compras', body)).status, JSON.stringify(body)).toBe(422);
    }
    await a.post('/cart', { producto_id: shop.kitId });
    const res = await a.post('/compras', {
      total_items: 1,
      total: 5_000_000,
      estado: 'PAGADO',
      user_id: other.id,
      pagado_at: 1,
    });
    expect(res.status).toBe(201);
    const [row] = await shop.t.db.select().from(compras).where(eq(compras.id, res.json.data.id));
    expect(row).toMatchObject({ estado: 'NO_PAGADO', userId: m.id, pagadoAt: null });
  });

  it('refuses a cart holding a product no longer for sale (409)', async () => {
    const m = await shop.member();
    const a = api(shop.t, m.cookie);
    await a.post('/cart', { producto_id: shop.tazaId });
    await shop.t.request('PUT', '/api/v1/catalogo/productos/toggle', {
      cookie: shop.admin,
      body: { id: shop.tazaId, value: false },
    });
    const cart = (await a.get('/cart')).json;
    expect(cart.data[0].disponible).toBe(false);
    expect(cart.total).toBe(0);
    const res = await a.post('/compras', { total_items: 1, total: 1_234_567 });
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/ya no están disponibles/);
    await shop.t.request('PUT', '/api/v1/catalogo/productos/toggle', {
      cookie: shop.admin,
      body: { id: shop.tazaId, value: true },
    });
  });

  it('creates one purchase from 20 concurrent checkouts of one cart, all answering with it', async () => {
    const m = await shop.member();
    const a = api(shop.t, m.cookie);
    await a.post('/cart', { producto_id: shop.kitId, qty: 2 });
    await a.post('/cart', { tipo_suscripcion_id: shop.planId });
    const body = { total_items: 3, total: 13_000_000 };
    const results = await Promise.all(Array.from({ length: 20 }, () => a.post('/compras', body)));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(19).fill(200), 201]);
    expect(new Set(results.map((r) => r.json.data.id)).size).toBe(1);
    const mine = await shop.t.db.select().from(compras).where(eq(compras.userId, m.id));
    expect(mine).toHaveLength(1);
    const [{ n }] = (await shop.t.db
      .select({ n: count() })
      .from(compraLineas)
      .where(eq(compraLineas.compraId, mine[0]!.id))) as [{ n: number }];
    expect(n).toBe(2);
    expect(
      await shop.t.db.select().from(suscripciones).where(eq(suscripciones.compraId, mine[0]!.id)),
    ).toHaveLength(1);
    // The cart is empty afterwards; a new cart is a new checkout.
    expect((await a.get('/cart')).json.total_items).toBe(0);
    await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    expect(await purchasesOf(m.id)).toBe(2);
  });

  it('does not mix a cart changed between two payments: the second pays the new cart', async () => {
    const m = await shop.member();
    const a = api(shop.t, m.cookie);
    await a.post('/cart', { producto_id: shop.kitId });
    const [first, addition] = await Promise.all([
      a.post('/compras', { total_items: 1, total: 5_000_000 }),
      a.post('/cart', { producto_id: shop.tazaId }),
    ]);
    expect(addition.status).toBe(201);
    // Either the payment read the cart first (and bought the kit alone), or the addition came first
    // and the totals the client sent no longer match (409, nothing bought).
    expect([201, 409]).toContain(first.status);
    const lines =
      first.status === 201
        ? await shop.t.db.select().from(compraLineas).where(eq(compraLineas.compraId, first.json.data.id))
        : [];
    const cart = (await a.get('/cart')).json;
    // Every line is either in the purchase or still in the cart, never both, never lost.
    const bought = lines.map((l) => l.codigo).sort();
    const left = cart.data.map((l: { codigo: string }) => l.codigo).sort();
    expect([...bought, ...left].sort()).toEqual(['KIT-1', 'TAZA-1']);
  });
});
