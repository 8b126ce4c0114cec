// Issue 5 §3–4: own purchases, attachments (SECURITY rows 6, 12), the administrators' list,
// the state change with its history (row 15) and the Excel exports.
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compraAdjuntos, compras, notificaciones, stateHistory } from '../../worker/db/schema';
import { referenceFor } from '../../worker/shared/payment-reference';
import { P } from '../../worker/shared/permissions';
import { ORIGIN } from '../setup/app';
import { api, buy, markPaid, PDF, type Shop, shopApp, uploadAttachment } from './shop-fixtures';

let shop: Shop;
beforeAll(async () => {
  shop = await shopApp();
});

const XLSX_HEAD = Buffer.from('504b0304', 'hex');

async function readWorkbook(body: ArrayBuffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: ws.name, rows };
}

describe('own purchases', () => {
  it('lists only the member’s purchases, pages them and shows the detail', async () => {
    const m = await shop.member();
    const other = await shop.member();
    const p1 = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    shop.t.clock.advance(60_000);
    const p2 = await buy(shop, m.cookie, [{ producto_id: shop.tazaId, qty: 2 }]);
    await buy(shop, other.cookie, [{ producto_id: shop.kitId }]);
    const list = await api(shop.t, m.cookie).get('/compras');
    expect(list.json.total).toBe(2);
    expect(list.json.data.map((r: { id: number }) => r.id)).toEqual([p2.id, p1.id]);
    expect(list.json.data[0]).toMatchObject({
      estado: 'NO_PAGADO',
      total: 2_469_134,
      total_items: 2,
      adjuntos: 0,
    });
    const sorted = await api(shop.t, m.cookie).get(
      `/compras?sorts=${encodeURIComponent('{"total":"desc"}')}&perPage=10`,
    );
    expect(sorted.json.data[0].id).toBe(p1.id);
    expect(
      (await api(shop.t, m.cookie).get(`/compras?filters=${encodeURIComponent('{"estado":"PAGADO"}')}`)).json
        .total,
    ).toBe(0);
    expect(
      (
        await api(shop.t, m.cookie).get(
          `/compras?sorts=${encodeURIComponent('{"user_id; drop table compras":"asc"}')}`,
        )
      ).status,
    ).toBe(422);
    const detail = await api(shop.t, m.cookie).get(`/compras/${p2.id}`);
    expect(detail.json.data).toMatchObject({
      id: p2.id,
      estado: 'NO_PAGADO',
      lineas: [{ codigo: 'TAZA-1', cantidad: 2, precio: 1_234_567, subtotal: 2_469_134 }],
    });
  });

  it('answers 404 for another member’s purchase, its history and its attachments, and changes nothing', async () => {
    const owner = await shop.member();
    const intruder = await shop.member();
    const compra = await buy(shop, owner.cookie, [{ producto_id: shop.kitId }]);
    const up = await uploadAttachment(shop.t, owner.cookie, compra.id, new File([PDF], 'comprobante.pdf'));
    expect(up.status).toBe(201);
    const adjId = (await up.json()).data.id;
    const b = api(shop.t, intruder.cookie);
    for (const path of [
      `/compras/${compra.id}`,
      `/compras/${compra.id}/historial`,
      `/compras/${compra.id}/adjuntos`,
      `/compras/${compra.id}/adjuntos/${adjId}`,
    ]) {
      const res = await b.get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain('PDF');
    }
    expect(
      (await uploadAttachment(shop.t, intruder.cookie, compra.id, new File([PDF], 'x.pdf'))).status,
    ).toBe(404);
    expect(
      await shop.t.db.select().from(compraAdjuntos).where(eq(compraAdjuntos.compraId, compra.id)),
    ).toHaveLength(1);
    // A member cannot reach the administrators' routes at all.
    expect((await b.get(`/admin/compras/${compra.id}/adjuntos/${adjId}`)).status).toBe(403);
    expect((await b.put(`/admin/compras/estado/${compra.id}`, { estado: 'PAGADO' })).status).toBe(403);
    const [row] = await shop.t.db.select().from(compras).where(eq(compras.id, compra.id));
    expect(row!.estado).toBe('NO_PAGADO');
  });
});

describe('attachments', () => {
  it('stores a PDF or an XLSX with its type, lists it, and serves it as a download to the owner and an administrator', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const res = await uploadAttachment(
      shop.t,
      m.cookie,
      compra.id,
      new File([PDF], 'comprobante de pago.pdf'),
    );
    expect(res.status).toBe(201);
    expect((await res.json()).message).toBe('Archivo cargado correctamente');
    const xlsx = await shop.t.fetch(`${ORIGIN}/api/v1/miscompras/admin/compras/excel`, {
      headers: { Cookie: shop.admin },
    });
    expect(
      (
        await uploadAttachment(
          shop.t,
          m.cookie,
          compra.id,
          new File([await xlsx.arrayBuffer()], 'soporte.xlsx'),
          'FACTURA',
        )
      ).status,
    ).toBe(201);
    const list = await api(shop.t, m.cookie).get(`/compras/${compra.id}/adjuntos`);
    expect(list.json.data).toHaveLength(2);
    expect(list.json.data[1]).toMatchObject({
      tipo: 'COMPROBANTE_PAGO',
      tipo_label: 'Comprobante de pago',
      file_name: 'comprobante de pago.pdf',
      content_type: 'application/pdf',
    });
    const [row] = await shop.t.db
      .select()
      .from(compraAdjuntos)
      .where(eq(compraAdjuntos.id, list.json.data[1].id));
    expect(row!.blobKey).not.toContain('comprobante');

    for (const [cookie, url] of [
      [m.cookie, list.json.data[1].url],
      [shop.admin, `/api/v1/miscompras/admin/compras/${compra.id}/adjuntos/${list.json.data[1].id}`],
    ]) {
      const file = await shop.t.fetch(`${ORIGIN}${url}`, { headers: { Cookie: cookie } });
      expect(file.status).toBe(200);
      expect(file.headers.get('Content-Type')).toBe('application/pdf');
      expect(file.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(file.headers.get('Content-Disposition')).toMatch(/^attachment;/);
      expect(file.headers.get('Content-Security-Policy')).toMatch(/sandbox/);
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    expect(
      (
        await shop.t.request('GET', `/api/v1/miscompras/admin/compras/${compra.id}/adjuntos`, {
          cookie: shop.admin,
        })
      ).json.data,
    ).toHaveLength(2);
    expect((await api(shop.t, m.cookie).get('/compras')).json.data[0].adjuntos).toBe(2);
  });

  it('requires a known attachment type first (422) and exactly one file', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    expect((await uploadAttachment(shop.t, m.cookie, compra.id, new File([PDF], 'a.pdf'), null)).status).toBe(
      422,
    );
    expect(
      (await uploadAttachment(shop.t, m.cookie, compra.id, new File([PDF], 'a.pdf'), 'CUALQUIERA')).status,
    ).toBe(422);
    expect((await uploadAttachment(shop.t, m.cookie, compra.id, null)).status).toBe(422);
    const form = new FormData();
    form.append('tipo', 'OTRO');
    form.append('file', new File([PDF], 'a.pdf'));
    form.append('file', new File([PDF], 'b.pdf'));
    const two = await shop.t.fetch(`${ORIGIN}/api/v1/miscompras/compras/${compra.id}/adjuntos`, {
      method: 'POST',
      body: form,
      headers: { Cookie: m.cookie, Origin: ORIGIN },
    });
    expect(two.status).toBe(422);
    expect((await two.json()).message).toBe('Solo puede adjuntar un archivo');
    expect(
      await shop.t.db.select().from(compraAdjuntos).where(eq(compraAdjuntos.compraId, compra.id)),
    ).toHaveLength(0);
  });

  it('refuses HTML named .pdf, an image as an invoice and a zip that is not a workbook (415), and 48 MB + 1 (413)', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const html = await uploadAttachment(
      shop.t,
      m.cookie,
      compra.id,
      new File(['<html><script>alert(1)</script></html>'], 'comprobante.pdf', { type: 'application/pdf' }),
    );
    expect(html.status).toBe(415);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    // A payment receipt may be a photo (issue 23 §3, tests/api/money-in.test.ts); an invoice may not.
    expect(
      (await uploadAttachment(shop.t, m.cookie, compra.id, new File([png], 'foto.pdf'), 'FACTURA')).status,
    ).toBe(415);
    expect(
      (
        await uploadAttachment(
          shop.t,
          m.cookie,
          compra.id,
          new File([Buffer.concat([XLSX_HEAD, Buffer.alloc(100)])], 'x.xlsx'),
        )
      ).status,
    ).toBe(415);
    const big = new Uint8Array(48 * 1024 * 1024 + 1);
    big.set(PDF);
    const tooBig = await uploadAttachment(shop.t, m.cookie, compra.id, new File([big], 'grande.pdf'));
    expect(tooBig.status).toBe(413);
    const exact = new Uint8Array(48 * 1024 * 1024);
    exact.set(PDF);
    expect((await uploadAttachment(shop.t, m.cookie, compra.id, new File([exact], 'justo.pdf'))).status).toBe(
      201,
    );
    expect(
      await shop.t.db.select().from(compraAdjuntos).where(eq(compraAdjuntos.compraId, compra.id)),
    ).toHaveLength(1);
  }, 60_000);
});

describe('administration of purchases', () => {
  it('lists every purchase with filters by state and date range, and sorts', async () => {
    await shop.travel(Date.UTC(2027, 0, 10, 15));
    const m = await shop.member();
    const old = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    await shop.travel(Date.UTC(2027, 0, 10, 20));
    const recent = await buy(shop, m.cookie, [{ producto_id: shop.tazaId }]);
    const q = (filters: object, sorts: object = {}) =>
      shop.t.request(
        'GET',
        `/api/v1/miscompras/admin/compras?filters=${encodeURIComponent(JSON.stringify(filters))}&sorts=${encodeURIComponent(JSON.stringify(sorts))}`,
        { cookie: shop.admin },
      );
    // 2027-01-10 20:00 UTC is 15:00 in Bogotá, still 10 January; 2027-01-11 00:00 Bogotá is 05:00 UTC.
    await shop.travel(Date.UTC(2027, 0, 11, 6));
    const later = await buy(shop, await m.session(), [{ producto_id: shop.tazaId }]);
    const range = await q({ created_at: { from: '2027-01-09', to: '2027-01-10' } });
    expect(range.json.data.map((r: { id: number }) => r.id)).toEqual([recent.id, old.id]);
    expect(range.json.data[0]).toMatchObject({ user_name: m.userName, email: m.email });
    expect(
      (await q({ created_at: { from: '2027-01-11' }, user_name: m.userName })).json.data.map(
        (r: { id: number }) => r.id,
      ),
    ).toEqual([later.id]);
    expect(
      (await q({ user_name: m.userName }, { total: 'asc' })).json.data.map((r: { id: number }) => r.id),
    ).toEqual([recent.id, later.id, old.id]);
    await markPaid(shop, old.id);
    expect(
      (await q({ estado: 'PAGADO', user_name: m.userName })).json.data.map((r: { id: number }) => r.id),
    ).toEqual([old.id]);
    expect(
      (await q({ estado: 'NO_PAGADO', user_name: m.userName })).json.data.map((r: { id: number }) => r.id),
    ).toEqual([later.id, recent.id]);
    expect((await q({ created_at: { from: 'ayer' } })).status).toBe(422);
  });

  it('changes NO_PAGADO → PAGADO once, with the comentario in one history row and a notification', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const res = await markPaid(shop, compra.id, 'Pago confirmado en Bancolombia');
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Registro actualizado correctamente');
    expect(res.json.data).toMatchObject({ estado: 'PAGADO', pagado_at: shop.t.clock.now() });
    const history = await api(shop.t, m.cookie).get(`/compras/${compra.id}/historial`);
    expect(history.json.data).toMatchObject([
      { from_state: null, to_state: 'NO_PAGADO', user_name: m.userName },
      {
        from_state: 'NO_PAGADO',
        to_state: 'PAGADO',
        comentario: 'Pago confirmado en Bancolombia',
        user_name: 'admin',
      },
    ]);
    const rows = await shop.t.db
      .select()
      .from(stateHistory)
      .where(and(eq(stateHistory.entity, 'compra'), eq(stateHistory.entityId, compra.id)));
    expect(rows).toHaveLength(2);
    expect(
      await shop.t.db
        .select()
        .from(notificaciones)
        .where(and(eq(notificaciones.userId, m.id), eq(notificaciones.entityId, compra.id))),
    ).toHaveLength(1);
    // PAGADO offers no further change; nor does any other target from NO_PAGADO.
    expect((await markPaid(shop, compra.id)).status).toBe(409);
    const other = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    for (const estado of ['APROBADO', 'NO_APROBADO', 'PENDIENTE']) {
      expect(
        (
          await shop.t.request('PUT', `/api/v1/miscompras/admin/compras/estado/${other.id}`, {
            cookie: shop.admin,
            body: { estado },
          })
        ).status,
      ).toBe(409);
    }
    expect(
      (
        await shop.t.request('PUT', `/api/v1/miscompras/admin/compras/estado/${other.id}`, {
          cookie: shop.admin,
          body: { estado: 'PAGADISIMO' },
        })
      ).status,
    ).toBe(422);
    expect(
      await shop.t.db
        .select()
        .from(stateHistory)
        .where(and(eq(stateHistory.entity, 'compra'), eq(stateHistory.entityId, other.id))),
    ).toHaveLength(1);
    // Two administrators confirming at once: one change, one history row.
    const third = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const both = await Promise.all([markPaid(shop, third.id), markPaid(shop, third.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(
      await shop.t.db
        .select()
        .from(stateHistory)
        .where(and(eq(stateHistory.entity, 'compra'), eq(stateHistory.entityId, third.id))),
    ).toHaveLength(2);
  });

  it('finds a purchase by its payment reference as typed from a receipt, in the purchases and the reconciliation queue', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const ref = referenceFor(compra.id);
    // One character changed: the check character catches it, and nothing is found.
    const typo = ref.slice(0, -2) + (ref.at(-2) === '2' ? '3' : '2') + ref.at(-1);
    const found = async (list: string, text: string) => {
      const filters = encodeURIComponent(JSON.stringify({ referencia: text, user_name: m.userName }));
      const res = await shop.t.request('GET', `/api/v1/miscompras/admin/${list}?filters=${filters}`, {
        cookie: shop.admin,
      });
      expect(res.status).toBe(200);
      return res.json.data.map((r: { id: number; referencia: string }) => [r.id, r.referencia]);
    };
    for (const list of ['compras', 'conciliacion']) {
      expect(await found(list, ` ref ${ref.toLowerCase()} `)).toEqual([[compra.id, ref]]);
      expect(await found(list, typo)).toEqual([]);
      expect(await found(list, 'PAGO')).toEqual([]);
    }
  });

  it('exports purchases and purchased products as real workbooks with Spanish headers', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [
      { producto_id: shop.kitId, qty: 2 },
      { tipo_suscripcion_id: shop.planId },
    ]);
    const filters = encodeURIComponent(JSON.stringify({ user_name: m.userName }));
    const res = await shop.t.fetch(`${ORIGIN}/api/v1/miscompras/admin/compras/excel?filters=${filters}`, {
      headers: { Cookie: shop.admin },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers.get('Content-Disposition')).toMatch(
      /attachment; filename="compras-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const book = await readWorkbook(await res.arrayBuffer());
    expect(book.name).toBe('Compras');
    expect(book.rows[0]).toEqual([
      'N.º compra',
      'Referencia de pago',
      'Fecha',
      'Usuario',
      'Correo',
      'Cantidad de artículos',
      'Total',
      'Estado',
      'Fecha de pago',
      'Adjuntos',
    ]);
    expect(book.rows.slice(1)).toEqual([
      [
        compra.id,
        referenceFor(compra.id),
        expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        m.userName,
        m.email,
        3,
        130_000,
        'NO PAGADO',
        undefined,
        0,
      ],
    ]);

    const prods = await shop.t.fetch(
      `${ORIGIN}/api/v1/miscompras/admin/compras/productos/excel?filters=${filters}`,
      { headers: { Cookie: shop.admin } },
    );
    const lines = await readWorkbook(await prods.arrayBuffer());
    expect(lines.name).toBe('Productos comprados');
    expect(lines.rows[0]).toEqual([
      'N.º compra',
      'Fecha',
      'Usuario',
      'Estado',
      'Código',
      'Producto',
      'Tipo',
      'Cantidad',
      'Precio',
      'Subtotal',
    ]);
    expect(lines.rows.slice(1).map((r) => r.slice(4))).toEqual([
      ['KIT-1', 'Kit de bienvenida', 'Producto', 2, 50_000, 100_000],
      [`SUS-${shop.planId}`, 'Plan trimestral', 'Suscripción', 1, 30_000, 30_000],
    ]);
    const audit = await shop.t.db
      .select()
      .from(stateHistory)
      .where(eq(stateHistory.entity, 'exportacion:compras'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('needs the control permission (403 for a member, 200 for a holder of it alone)', async () => {
    const m = await shop.member();
    const boss = await shop.member([P.controlCompras]);
    expect(
      (await shop.t.request('GET', '/api/v1/miscompras/admin/compras', { cookie: m.cookie })).status,
    ).toBe(403);
    expect(
      (await shop.t.request('GET', '/api/v1/miscompras/admin/compras', { cookie: boss.cookie })).status,
    ).toBe(200);
    expect((await shop.t.request('GET', '/api/v1/miscompras/compras', { cookie: boss.cookie })).status).toBe(
      403,
    );
  });
});
