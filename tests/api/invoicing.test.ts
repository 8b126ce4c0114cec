// Electronic invoicing through the API (docs/invoicing.md, decisions 0430–0437), on node and on
// workerd: VAT rates on products and subscription types, the numbering resolutions, one invoice per
// paid purchase numbered without gaps or repeats (50 payments at once), the end and the expiry of a
// resolution, the VAT inside the price, the member's invoice, the credit note of an annulment, the
// warnings and the accountant's export. No provider here: the documents wait as PENDIENTE.
import { describe, expect, it } from 'vitest';
import { P } from '../../worker/shared/permissions';
import { readXlsx } from '../../worker/platform/xlsx-read';
import { buy, markPaid, shopApp, type Shop } from './shop-fixtures';

const TRIB = '/api/v1/configuracion/tributario';
const RESOLUTION = {
  numero: '18764000000001',
  prefijo: 'FE',
  desde: 1,
  hasta: 1000,
  vigente_desde: '2026-01-01',
  vigente_hasta: '2027-12-31',
};

const addResolution = (shop: Shop, body: Record<string, unknown>) =>
  shop.t.request('POST', `${TRIB}/resoluciones`, { cookie: shop.admin, body });
const invoiceOf = (shop: Shop, id: number, cookie = shop.admin) =>
  shop.t.request('GET', `/api/v1/miscompras/compras/${id}/factura`, { cookie });

async function paidPurchase(
  shop: Shop,
  cookie: string,
  items: { producto_id?: number; tipo_suscripcion_id?: number }[] = [{ producto_id: shop.kitId }],
) {
  const compra = await buy(shop, cookie, items);
  const res = await markPaid(shop, compra.id);
  return { compra, res };
}

describe('VAT rate of products and subscription types (tarifa_iva)', () => {
  it('defaults to 19, takes 5 and 0, refuses anything else in Spanish', async () => {
    const shop = await shopApp();
    const { t } = shop;
    const kit = await t.request('GET', `/api/v1/catalogo/productos/${shop.kitId}`, { cookie: shop.admin });
    expect(kit.json.data.tarifa_iva).toBe(19);
    const plan = await t.request('GET', `/api/v1/miscompras/tipossuscripciones/${shop.planId}`, {
      cookie: shop.admin,
    });
    expect(plan.json.data.tarifa_iva).toBe(19);
    const bad = await t.request('POST', '/api/v1/catalogo/productos', {
      cookie: shop.admin,
      body: { codigo: 'X-1', nombre: 'X', categoria_id: shop.categoriaId, precio: 100, tarifa_iva: 7 },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.tarifa_iva).toEqual(['Tarifa de IVA debe ser 0, 5 o 19']);
    const five = await t.request('POST', '/api/v1/catalogo/productos', {
      cookie: shop.admin,
      body: { codigo: 'X-2', nombre: 'Libro', categoria_id: shop.categoriaId, precio: 100, tarifa_iva: 5 },
    });
    expect(five.status, five.text).toBe(201);
    expect(five.json.data.tarifa_iva).toBe(5);
    const zero = await t.request('POST', '/api/v1/miscompras/tipossuscripciones', {
      cookie: shop.admin,
      body: { nombre: 'Plan exento', precio: 100, duracion_meses: 1, tarifa_iva: 0 },
    });
    expect(zero.status, zero.text).toBe(201);
    expect(zero.json.data.tarifa_iva).toBe(0);
  });
});

describe('numbering resolutions (POST /configuracion/tributario/resoluciones)', () => {
  it('creates one (201), checks its range and dates, refuses a crossing range, needs its permission', async () => {
    const shop = await shopApp();
    const created = await addResolution(shop, RESOLUTION);
    expect(created.status, created.text).toBe(201);
    expect(created.json.data).toMatchObject({
      numero: RESOLUTION.numero,
      prefijo: 'FE',
      usados: 0,
      vigente: true,
    });
    const backwards = await addResolution(shop, {
      ...RESOLUTION,
      numero: '18764000000002',
      desde: 10,
      hasta: 5,
    });
    expect(backwards.status).toBe(422);
    expect(backwards.json.errors.hasta).toEqual(['El número final debe ser mayor o igual al inicial']);
    const dates = await addResolution(shop, {
      ...RESOLUTION,
      numero: '18764000000002',
      vigente_desde: '2027-01-01',
      vigente_hasta: '2026-01-01',
    });
    expect(dates.json.errors.vigente_hasta).toEqual([
      'La fecha final de vigencia debe ser igual o posterior a la inicial',
    ]);
    const crossing = await addResolution(shop, {
      ...RESOLUTION,
      numero: '18764000000002',
      desde: 900,
      hasta: 2000,
    });
    expect(crossing.status).toBe(409);
    expect(crossing.json.message).toBe(
      'Ya existe una resolución con ese prefijo cuyo rango se cruza con este',
    );
    const member = await shop.member();
    const denied = await shop.t.request('POST', `${TRIB}/resoluciones`, {
      cookie: member.cookie,
      body: RESOLUTION,
    });
    expect(denied.status).toBe(403);
    const clerk = await shop.member([P.tributario]);
    const list = await shop.t.request('GET', `${TRIB}/resoluciones`, { cookie: clerk.cookie });
    expect(list.json.data).toHaveLength(1);
  });
});

describe('one invoice per paid purchase', () => {
  it('numbers it from the resolution with the VAT inside each line rounded to the peso', async () => {
    const shop = await shopApp();
    const { t } = shop;
    expect((await addResolution(shop, { ...RESOLUTION, desde: 990 })).status).toBe(201);
    // The cup at 5 %, the plan exempt.
    await t.request('PUT', `/api/v1/catalogo/productos/${shop.tazaId}`, {
      cookie: shop.admin,
      body: {
        codigo: 'TAZA-1',
        nombre: 'Taza',
        categoria_id: shop.categoriaId,
        precio: 1_234_567,
        tarifa_iva: 5,
      },
    });
    await t.request('PUT', `/api/v1/miscompras/tipossuscripciones/${shop.planId}`, {
      cookie: shop.admin,
      body: { nombre: 'Plan trimestral', precio: 3_000_000, duracion_meses: 3, tarifa_iva: 0 },
    });
    const buyer = await shop.member();
    const unpaid = await buy(shop, buyer.cookie, [{ producto_id: shop.kitId }]);
    expect((await invoiceOf(shop, unpaid.id, buyer.cookie)).status).toBe(404);
    const { compra, res } = await paidPurchase(shop, buyer.cookie, [
      { producto_id: shop.kitId },
      { producto_id: shop.tazaId },
      { tipo_suscripcion_id: shop.planId },
    ]);
    expect(res.status, res.text).toBe(200);
    const inv = await invoiceOf(shop, compra.id, buyer.cookie);
    expect(inv.status, inv.text).toBe(200);
    // Kit 50.000,00 at 19 %: base 42.017 (50.000 / 1,19 = 42.016,81 → 42.017), VAT 7.983.
    // Cup 12.345,67 at 5 %: base 11.758 (11.757,78 → 11.758), VAT 587,67. Plan 30.000 exempt.
    expect(inv.json.data).toMatchObject({
      estado: 'PENDIENTE',
      prefijo: 'FE',
      numero: 990,
      total: 9_234_567,
      base: 4_201_700 + 1_175_800 + 3_000_000,
      iva: 798_300 + 58_767,
      cufe: null,
      nota_credito: null,
    });
    expect(inv.json.data.fecha).toMatch(/^2026-11-15 /);
    expect(
      inv.json.data.lineas.map((l: { tarifa: number; base: number; iva: number }) => [
        l.tarifa,
        l.base,
        l.iva,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [19, 4_201_700, 798_300],
        [5, 1_175_800, 58_767],
        [0, 3_000_000, 0],
      ]),
    );
    // Another member: 404; the purchases staff: 200.
    const other = await shop.member();
    expect((await invoiceOf(shop, compra.id, other.cookie)).status).toBe(404);
    const clerk = await shop.member([P.controlCompras]);
    expect((await invoiceOf(shop, compra.id, clerk.cookie)).status).toBe(200);
    // Paying the next one takes the next number; a second confirmation writes nothing.
    const second = await paidPurchase(shop, buyer.cookie);
    expect((await invoiceOf(shop, second.compra.id)).json.data.numero).toBe(991);
    expect((await markPaid(shop, second.compra.id)).status).toBe(409);
    const count = await t.client.execute(
      `select count(*) as n from facturas where compra_id = ${second.compra.id}`,
    );
    expect(count.rows[0]!.n).toBe(1);
    // Without a provider the dashboard says the documents wait.
    const warnings = await t.request('GET', `${TRIB}/avisos`, { cookie: shop.admin });
    expect(warnings.json.data.map((w: { clave: string }) => w.clave)).toContain('sin-proveedor');
    expect(warnings.json.data[0].mensaje).toBe(
      '2 documentos electrónicos esperan en PENDIENTE: no hay proveedor de facturación configurado (variables FACTUS_*).',
    );
  });

  it('gives 50 payments at once 50 consecutive numbers', async () => {
    const shop = await shopApp();
    expect((await addResolution(shop, { ...RESOLUTION, desde: 101 })).status).toBe(201);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => shop.member()));
    const purchases = [];
    for (let i = 0; i < 50; i++)
      purchases.push(await buy(shop, buyers[i % 5]!.cookie, [{ producto_id: shop.kitId }]));
    const results = await Promise.all(purchases.map((p) => markPaid(shop, p.id)));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const rows = await shop.t.client.execute(
      `select numero from facturas where tipo = 'FACTURA' order by numero`,
    );
    expect(rows.rows.map((r) => r.numero)).toEqual(Array.from({ length: 50 }, (_, i) => 101 + i));
  });

  it('uses a resolution to its last number, then refuses the screen and never skips', async () => {
    const shop = await shopApp();
    const { t } = shop;
    expect((await addResolution(shop, { ...RESOLUTION, desde: 8, hasta: 9 })).status).toBe(201);
    const buyer = await shop.member();
    const a = await paidPurchase(shop, buyer.cookie);
    const b = await paidPurchase(shop, buyer.cookie);
    expect([
      (await invoiceOf(shop, a.compra.id)).json.data.numero,
      (await invoiceOf(shop, b.compra.id)).json.data.numero,
    ]).toEqual([8, 9]);
    // The range is used up: the screen refuses, clearly.
    const c = await paidPurchase(shop, buyer.cookie);
    expect(c.res.status).toBe(409);
    expect(c.res.json.message).toBe(
      'La resolución de numeración 18764000000001 (FE) llegó a su último número, 9. Registre una nueva resolución en Configuración → Tributario antes de confirmar pagos.',
    );
    // A bulk confirmation still pays (the money is in); its invoice waits for a number.
    const bulk = await t.request('POST', '/api/v1/miscompras/admin/compras/lote/estado', {
      cookie: shop.admin,
      body: { ids: [c.compra.id], estado: 'PAGADO', comentario: 'Lote' },
    });
    expect(bulk.status, bulk.text).toBe(201);
    expect(bulk.json.data).toMatchObject({ hechos: 1, terminado: true });
    const waiting = await invoiceOf(shop, c.compra.id);
    expect(waiting.json.data).toMatchObject({ estado: 'PENDIENTE', numero: null, prefijo: null });
    const warnings = await t.request('GET', `${TRIB}/avisos`, { cookie: shop.admin });
    expect(warnings.json.data.map((w: { clave: string }) => w.clave)).toEqual(
      expect.arrayContaining(['sin-numero', 'resolucion-agotada']),
    );
    // The next resolution numbers it first: no number of the old range reused, none skipped.
    expect(
      (await addResolution(shop, { ...RESOLUTION, numero: '18764000000002', desde: 10, hasta: 20 })).status,
    ).toBe(201);
    expect((await invoiceOf(shop, c.compra.id)).json.data).toMatchObject({ prefijo: 'FE', numero: 10 });
    const d = await paidPurchase(shop, buyer.cookie);
    expect(d.res.status).toBe(200);
    expect((await invoiceOf(shop, d.compra.id)).json.data.numero).toBe(11);
  });

  it('refuses after the resolution expires, and warns 30 days before', async () => {
    const shop = await shopApp();
    expect((await addResolution(shop, { ...RESOLUTION, vigente_hasta: '2026-12-10' })).status).toBe(201);
    const warnings = await shop.t.request('GET', `${TRIB}/avisos`, { cookie: shop.admin });
    expect(warnings.json.data.map((w: { mensaje: string }) => w.mensaje)).toContain(
      'La resolución 18764000000001 (FE) vence el 2026-12-10 (en 25 días)',
    );
    const buyer = await shop.member();
    const ok = await paidPurchase(shop, buyer.cookie);
    expect(ok.res.status).toBe(200);
    const unpaid = await buy(shop, buyer.cookie, [{ producto_id: shop.kitId }]);
    // 2026-12-11 in Bogotá: expired.
    await shop.travel(Date.UTC(2026, 11, 11, 15));
    const late = { res: await markPaid(shop, unpaid.id) };
    expect(late.res.status).toBe(409);
    expect(late.res.json.message).toBe(
      'La resolución de numeración 18764000000001 (FE) venció el 2026-12-10. Registre una nueva resolución en Configuración → Tributario antes de confirmar pagos.',
    );
  });

  it('warns at 90 % of the range used', async () => {
    const shop = await shopApp();
    expect((await addResolution(shop, { ...RESOLUTION, desde: 1, hasta: 10 })).status).toBe(201);
    const buyer = await shop.member();
    for (let i = 0; i < 9; i++) expect((await paidPurchase(shop, buyer.cookie)).res.status).toBe(200);
    const warnings = await shop.t.request('GET', `${TRIB}/avisos`, { cookie: shop.admin });
    expect(warnings.json.data.map((w: { mensaje: string }) => w.mensaje)).toContain(
      'La resolución 18764000000001 (FE) lleva usado el 90 % de su rango (9 de 10)',
    );
  });
});

describe('credit note of an annulment', () => {
  it('«Anular» issues a credit note against the invoice, under its own consecutive', async () => {
    const shop = await shopApp();
    expect((await addResolution(shop, RESOLUTION)).status).toBe(201);
    const buyer = await shop.member();
    const { compra } = await paidPurchase(shop, buyer.cookie);
    const annul = await shop.t.request('POST', `/api/v1/miscompras/admin/compras/${compra.id}/anular`, {
      cookie: shop.admin,
      body: { motivo: 'Cliente desistió' },
    });
    expect(annul.status, annul.text).toBe(200);
    const inv = await invoiceOf(shop, compra.id, buyer.cookie);
    expect(inv.json.data.nota_credito).toMatchObject({
      prefijo: 'NC',
      numero: 1,
      total: compra.total,
      estado: 'PENDIENTE',
      cude: null,
    });
    expect(inv.json.data.estado).toBe('PENDIENTE');
  });
});

describe("the accountant's export", () => {
  it('lists the invoices and credit notes of a period with base, VAT, total and state', async () => {
    const shop = await shopApp();
    expect((await addResolution(shop, RESOLUTION)).status).toBe(201);
    const buyer = await shop.member();
    const { compra } = await paidPurchase(shop, buyer.cookie);
    await shop.t.request('POST', `/api/v1/miscompras/admin/compras/${compra.id}/anular`, {
      cookie: shop.admin,
      body: { motivo: 'Devolución' },
    });
    const accountant = await shop.member([P.facturas]);
    const res = await shop.t.fetch(
      `http://localhost${TRIB}/documentos/excel?desde=2026-11-01&hasta=2026-11-30`,
      {
        headers: { Cookie: accountant.cookie },
      },
    );
    expect(res.status).toBe(200);
    const rows = await readXlsx(new Uint8Array(await res.arrayBuffer()));
    expect(rows[0]).toEqual([
      'Tipo',
      'Prefijo',
      'Número',
      'Fecha',
      'Comprador',
      'Identificación',
      'Correo',
      'Base',
      'IVA',
      'Total',
      'CUFE / CUDE',
      'Estado',
      'N.º compra',
      'Factura referenciada',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[7], r[8], r[9], r[11], r[13]])).toEqual([
      ['Factura', 'FE', 1, 42017, 7983, 50000, 'Pendiente', null],
      ['Nota crédito', 'NC', 1, 42017, 7983, 50000, 'Pendiente', 'FE1'],
    ]);
    const empty = await shop.t.fetch(
      `http://localhost${TRIB}/documentos/excel?desde=2026-12-01&hasta=2026-12-31`,
      {
        headers: { Cookie: accountant.cookie },
      },
    );
    expect(await readXlsx(new Uint8Array(await empty.arrayBuffer()))).toHaveLength(1);
  });
});
