// Issue 23 §4: the reconciliation queue — unpaid purchases oldest first, filters, the receipt
// beside the purchase, next / previous, confirm (PAGADO as from the purchases screen: history,
// notification, subscription) and reject with a reason the member is notified of.
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificaciones, pasarelaTransacciones, stateHistory, suscripciones } from '../../worker/db/schema';
import { referenceFor } from '../../worker/shared/payment-reference';
import { P } from '../../worker/shared/permissions';
import { PNG } from '../setup/files';
import { api, buy, markPaid, PDF, type Shop, shopApp, uploadAttachment } from './shop-fixtures';

const QUEUE = '/api/v1/miscompras/admin/conciliacion';
const DAY = 86_400_000;
let shop: Shop;
beforeAll(async () => {
  shop = await shopApp();
});

const get = (path: string, cookie = shop.admin) => shop.t.request('GET', `${QUEUE}${path}`, { cookie });
const put = (path: string, body: unknown, cookie = shop.admin) =>
  shop.t.request('PUT', `${QUEUE}${path}`, { cookie, body });
const q = (filters: Record<string, unknown>, extra: Record<string, string> = {}) =>
  `?${new URLSearchParams({ filters: JSON.stringify(filters), ...extra })}`;
const lastNotice = (userId: number) =>
  shop.t.db
    .select()
    .from(notificaciones)
    .where(eq(notificaciones.userId, userId))
    .orderBy(desc(notificaciones.id))
    .get();

describe('reconciliation queue', () => {
  it('needs its own permission', async () => {
    const clerk = await shop.member([P.controlCompras]);
    expect((await get('', clerk.cookie)).status).toBe(403);
    const reconciler = await shop.member([P.conciliacionPagos]);
    expect((await get('', reconciler.cookie)).status).toBe(200);
  });

  it('lists unpaid purchases oldest first, filtered by receipt, age and buyer, with the reference', async () => {
    const m = await shop.member();
    const old = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    await shop.travel(shop.t.clock.now() + 3 * DAY);
    m.cookie = await m.session();
    const mid = await buy(shop, m.cookie, [{ producto_id: shop.tazaId }]);
    await shop.travel(shop.t.clock.now() + 2 * DAY);
    m.cookie = await m.session();
    const recent = await buy(shop, m.cookie, [{ producto_id: shop.kitId, qty: 2 }]);
    const paid = await buy(shop, m.cookie, [{ producto_id: shop.tazaId }]);
    expect((await markPaid(shop, paid.id)).status).toBe(200);
    expect((await uploadAttachment(shop.t, m.cookie, mid.id, new File([PNG], 'captura.png'))).status).toBe(
      201,
    );
    // An invoice is not a receipt.
    expect(
      (await uploadAttachment(shop.t, m.cookie, recent.id, new File([PDF], 'factura.pdf'), 'FACTURA')).status,
    ).toBe(201);

    const mine = { user_name: m.userName };
    const all = await get(q(mine));
    expect(all.status, all.text).toBe(200);
    expect(all.json.data.map((r: { id: number }) => r.id)).toEqual([old.id, mid.id, recent.id]);
    expect(all.json.data[0]).toMatchObject({
      referencia: referenceFor(old.id),
      total: 5_000_000,
      comprobantes: 0,
      dias: 5,
      user_name: m.userName,
    });
    expect(all.json.data[1]).toMatchObject({ comprobantes: 1, dias: 2 });
    const ids = async (filters: Record<string, unknown>) =>
      (await get(q({ ...mine, ...filters }))).json.data.map((r: { id: number }) => r.id);
    expect(await ids({ con_comprobante: true })).toEqual([mid.id]);
    expect(await ids({ con_comprobante: false })).toEqual([old.id, recent.id]);
    expect(await ids({ antiguedad: 2 })).toEqual([old.id, mid.id]);
    expect(await ids({ antiguedad: 4 })).toEqual([old.id]);
    expect((await get(q({ antiguedad: 'x' }))).status).toBe(422);
  });

  it('shows one purchase with its receipt (served inline) and next / previous through the filtered queue', async () => {
    const m = await shop.member();
    const a = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const b = await buy(shop, m.cookie, [{ producto_id: shop.tazaId }]);
    const c = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    expect((await uploadAttachment(shop.t, m.cookie, b.id, new File([PNG], 'captura.png'))).status).toBe(201);
    const filter = q({ user_name: m.userName });
    const item = await get(`/${b.id}${filter}`);
    expect(item.status, item.text).toBe(200);
    expect(item.json.data).toMatchObject({
      id: b.id,
      referencia: referenceFor(b.id),
      estado: 'NO_PAGADO',
      lineas: [expect.objectContaining({ codigo: 'TAZA-1' })],
      queue: { position: 2, total: 3, prev_id: a.id, next_id: c.id },
    });
    const [receipt] = item.json.data.archivos;
    expect(receipt).toMatchObject({ tipo: 'COMPROBANTE_PAGO', content_type: 'image/png' });
    expect(receipt.url).toBe(`${QUEUE}/${b.id}/adjuntos/${receipt.id}`);
    const reconciler = await shop.member([P.conciliacionPagos]);
    const img = await shop.t.request('GET', receipt.url, { cookie: reconciler.cookie });
    expect(img.status).toBe(200);
    expect(img.headers.get('Content-Disposition')).toMatch(/^inline/);
    expect((await get(`/${c.id}${filter}`)).json.data.queue).toMatchObject({ prev_id: b.id, next_id: null });
    // A paid purchase is not in the queue.
    expect((await markPaid(shop, a.id)).status).toBe(200);
    expect((await get(`/${a.id}`)).status).toBe(404);
  });

  it('confirms a payment exactly as the purchases screen does: PAGADO, history, notification, subscription', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ tipo_suscripcion_id: shop.planId }]);
    const now = shop.t.clock.now();
    const res = await shop.t.request('PUT', `${QUEUE}/${compra.id}/confirmar`, {
      cookie: shop.admin,
      body: {},
      headers: { 'X-Test-Ip': '10.9.8.7' },
    });
    expect(res.status, res.text).toBe(200);
    // Every activity row of the confirmation (the purchase's and its subscription's) says from where.
    const ips = await shop.t.client.execute({
      sql: `select entity, ip from activity where (entity = 'compra' and entity_id = ?)
        or (entity = 'suscripcion' and entity_id in (select id from suscripciones where compra_id = ?))
        order by id desc limit 2`,
      args: [compra.id, compra.id],
    });
    expect(ips.rows.map((r) => [r.entity, r.ip]).sort()).toEqual([
      ['compra', '10.9.8.7'],
      ['suscripcion', '10.9.8.7'],
    ]);
    expect(res.json.message).toBe('Pago confirmado');
    expect(res.json.data).toMatchObject({ estado: 'PAGADO', pagado_at: now });
    const sub = await shop.t.db
      .select()
      .from(suscripciones)
      .where(eq(suscripciones.compraId, compra.id))
      .get();
    expect(sub).toMatchObject({ estado: 'APROBADO', fechaInicio: now });
    const notices = await shop.t.db
      .select()
      .from(notificaciones)
      .where(eq(notificaciones.userId, m.id))
      .orderBy(notificaciones.id);
    expect(notices).toEqual([
      expect.objectContaining({
        titulo: `Compra #${compra.id}`,
        mensaje: `Nuevo estado: PAGADO. Comentario: Pago confirmado en la conciliación (${referenceFor(compra.id)})`,
        entity: 'compra',
        entityId: compra.id,
      }),
      expect.objectContaining({ titulo: 'Suscripción activada', entity: 'suscripcion' }),
    ]);
    const history = await shop.t.db
      .select()
      .from(stateHistory)
      .where(and(eq(stateHistory.entity, 'compra'), eq(stateHistory.entityId, compra.id)))
      .orderBy(stateHistory.id);
    expect(history.map((h) => h.toState)).toEqual(['NO_PAGADO', 'PAGADO']);
    // Confirmed twice: refused, nothing written again.
    expect((await put(`/${compra.id}/confirmar`, {})).status).toBe(409);
    expect((await get(q({ user_name: m.userName }))).json.total).toBe(0);
  });

  it('rejects a receipt only with a reason, tells the member why, and keeps the purchase in the queue', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    expect((await uploadAttachment(shop.t, m.cookie, compra.id, new File([PNG], 'captura.png'))).status).toBe(
      201,
    );
    const missing = await put(`/${compra.id}/rechazar`, {});
    expect(missing.status).toBe(422);
    expect(missing.json.errors.motivo).toEqual(['Este campo es requerido']);
    expect((await put(`/${compra.id}/rechazar`, { motivo: '   ' })).status).toBe(422);
    const motivo = 'El valor transferido no coincide con el total';
    const res = await put(`/${compra.id}/rechazar`, { motivo });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ estado: 'NO_PAGADO', rechazo_motivo: motivo });
    expect(await lastNotice(m.id)).toMatchObject({
      titulo: `Compra #${compra.id}: pago no confirmado`,
      mensaje: `No pudimos confirmar el pago de tu compra #${compra.id}: ${motivo}. Revisa las instrucciones de pago y adjunta un comprobante válido.`,
    });
    // A reason typed with its own period does not end in «..».
    expect((await put(`/${compra.id}/rechazar`, { motivo: 'Falta la fecha.' })).status).toBe(200);
    expect((await lastNotice(m.id))?.mensaje).toBe(
      `No pudimos confirmar el pago de tu compra #${compra.id}: Falta la fecha. Revisa las instrucciones de pago y adjunta un comprobante válido.`,
    );
    expect((await put(`/${compra.id}/rechazar`, { motivo })).status).toBe(200);
    const last = await shop.t.db
      .select()
      .from(stateHistory)
      .where(and(eq(stateHistory.entity, 'compra'), eq(stateHistory.entityId, compra.id)))
      .orderBy(desc(stateHistory.id))
      .get();
    expect(last).toMatchObject({
      fromState: 'NO_PAGADO',
      toState: 'NO_PAGADO',
      comentario: `Comprobante rechazado: ${motivo}`,
    });
    // Accountability (issue 22): the rejection is an activity row with its revision, like a confirmation.
    const audit = await shop.t.client.execute({
      sql: `select a.action, a.user_id, json_extract(r.snapshot, '$.rechazo_motivo') motivo
        from activity a join revisions r on r.activity_id = a.id
        where a.entity = 'compra' and a.entity_id = ? order by a.id desc limit 1`,
      args: [compra.id],
    });
    expect(audit.rows.map((r) => [r.action, r.user_id, r.motivo])).toEqual([['editar', 1, motivo]]);
    // The member sees why on his payment instructions, until he sends a new receipt.
    const pago = await api(shop.t, m.cookie).get(`/compras/${compra.id}/pago`);
    expect(pago.json.rechazo).toMatchObject({ motivo });
    const queued = await get(q({ user_name: m.userName }));
    expect(queued.json.data).toEqual([expect.objectContaining({ id: compra.id, rechazo_motivo: motivo })]);
    expect((await uploadAttachment(shop.t, m.cookie, compra.id, new File([PNG], 'otra.png'))).status).toBe(
      201,
    );
    expect((await api(shop.t, m.cookie).get(`/compras/${compra.id}/pago`)).json.rechazo).toBeNull();
    // A paid purchase has no receipt left to reject.
    expect((await put(`/${compra.id}/confirmar`, { comentario: 'Verificado' })).status).toBe(200);
    expect((await put(`/${compra.id}/rechazar`, { motivo })).status).toBe(409);
  });
});

// Decision 0245: the member may say which collection account he paid into; the queue filters by
// that account's payment method, by the gateway, or by neither ("Sin indicar").
describe('payment method', () => {
  let methods: { banco: number; billetera: number; cripto: number };
  let accounts: { bank: number; nequi: number; old: number };
  const admin = (path: string, body: unknown) =>
    shop.t.request('POST', path, { cookie: shop.admin, body }).then((r) => {
      if (r.status !== 201) throw new Error(`${path}: ${r.status} ${r.text}`);
      return r.json.data.id as number;
    });
  beforeAll(async () => {
    const m = (nombre: string, tipo: string) => admin('/api/v1/general/metodosdepago', { nombre, tipo });
    methods = {
      banco: await m('Transferencia bancaria', 'CUENTA_BANCARIA'),
      billetera: await m('Nequi', 'BILLETERA'),
      cripto: await m('Cripto', 'CRIPTOMONEDA'),
    };
    const bancoId = await admin('/api/v1/general/bancos', { codigo: '007', nombre: 'Bancolombia' });
    const bank = (nombre: string, activo = true) =>
      admin('/api/v1/miscompras/cuentasrecaudo', {
        nombre,
        metodo_pago_id: methods.banco,
        banco_id: bancoId,
        tipo_cuenta: 'AH',
        numero: '12345678901',
        titular: 'Membresías 360 S.A.S.',
        tipo_documento: 'NIT',
        documento: '800197268-4',
        activo,
      });
    accounts = {
      bank: await bank('Bancolombia ahorros'),
      nequi: await admin('/api/v1/miscompras/cuentasrecaudo', {
        nombre: 'Nequi',
        metodo_pago_id: methods.billetera,
        numero: '3001234567',
        titular: 'Ana Gómez',
      }),
      old: await bank('Cuenta vieja', false),
    };
  });
  const receipt = (cookie: string, purchaseId: number, cuenta: string | number, tipo = 'COMPROBANTE_PAGO') =>
    uploadAttachment(shop.t, cookie, purchaseId, new File([PNG], 'captura.png'), tipo, {
      cuenta_recaudo_id: String(cuenta),
    });

  it('is declared with the receipt, and the administrator and the member see it as declared', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const res = await receipt(m.cookie, compra.id, accounts.nequi);
    expect(res.status, await res.text()).toBe(201);
    const declared = {
      cuenta_id: accounts.nequi,
      cuenta: 'Nequi',
      metodo_pago_id: methods.billetera,
      metodo: 'Nequi',
    };
    const item = await get(`/${compra.id}`);
    expect(item.json.data).toMatchObject({ pago_declarado: declared, pasarela: null });
    expect((await api(shop.t, m.cookie).get(`/compras/${compra.id}`)).json.data.pago_declarado).toEqual(
      declared,
    );
    // Accountability (decision 0250): the member's declaration is an edit of the purchase.
    const audit = await shop.t.client.execute({
      sql: `select a.action, a.user_id, json_extract(r.snapshot, '$.cuenta_recaudo_id') cuenta
        from activity a join revisions r on r.activity_id = a.id
        where a.entity = 'compra' and a.entity_id = ? order by a.id desc limit 1`,
      args: [compra.id],
    });
    expect(audit.rows.map((r) => [r.action, r.user_id, r.cuenta])).toEqual([
      ['editar', m.id, accounts.nequi],
    ]);
    // A later receipt naming another account: the last one said counts; one naming none keeps it.
    // (Even after a rejection, which the receipt naming none clears.)
    expect((await receipt(m.cookie, compra.id, accounts.bank)).status).toBe(201);
    expect((await put(`/${compra.id}/rechazar`, { motivo: 'No se lee el valor' })).status).toBe(200);
    expect((await receipt(m.cookie, compra.id, '')).status).toBe(201);
    expect((await get(`/${compra.id}`)).json.data).toMatchObject({
      rechazo_motivo: null,
      pago_declarado: { cuenta: 'Bancolombia ahorros', metodo: 'Transferencia bancaria' },
    });
    // An account a purchase names is kept (it can be deactivated instead).
    const del = await shop.t.request('DELETE', `/api/v1/miscompras/cuentasrecaudo/${accounts.bank}`, {
      cookie: shop.admin,
    });
    expect(del.status, del.text).toBe(409);
  });

  it('refuses an inactive, unknown or malformed account, or one named by a non-receipt, storing nothing', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.tazaId }]);
    const refused = async (cuenta: string | number, tipo?: string) => {
      const res = await receipt(m.cookie, compra.id, cuenta, tipo);
      expect(res.status).toBe(422);
      return ((await res.json()) as { errors: Record<string, string[]> }).errors.cuenta_recaudo_id;
    };
    expect(await refused(accounts.old)).toEqual(['Elige una de las cuentas de recaudo activas']);
    expect(await refused(999_999)).toEqual(['Elige una de las cuentas de recaudo activas']);
    expect(await refused('abc')).toEqual(['La cuenta de recaudo debe ser numerico']);
    expect(await refused(accounts.bank, 'FACTURA')).toEqual([
      'Solo un comprobante de pago indica a qué cuenta pagaste',
    ]);
    const item = await get(`/${compra.id}`);
    expect(item.json.data).toMatchObject({ adjuntos: 0, pago_declarado: null });
  });

  it('a paid purchase takes no more receipts and keeps the account it was paid into; an invoice still goes in', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    expect((await receipt(m.cookie, compra.id, accounts.nequi)).status).toBe(201);
    expect((await put(`/${compra.id}/confirmar`, {})).status).toBe(200);
    const late = await receipt(m.cookie, compra.id, accounts.bank);
    expect([late.status, ((await late.json()) as { message: string }).message]).toEqual([
      409,
      'Esta compra ya está pagada: no necesita comprobante de pago. Puedes adjuntar una factura u otro documento.',
    ]);
    const invoice = await uploadAttachment(
      shop.t,
      m.cookie,
      compra.id,
      new File([PDF], 'factura.pdf'),
      'FACTURA',
    );
    expect(invoice.status).toBe(201);
    const view = (await api(shop.t, m.cookie).get(`/compras/${compra.id}`)).json.data;
    expect(view).toMatchObject({ estado: 'PAGADO', adjuntos: 2, pago_declarado: { cuenta: 'Nequi' } });
  });

  it('cannot be set by another member', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const other = await shop.member();
    expect((await receipt(other.cookie, compra.id, accounts.bank)).status).toBe(404);
    expect((await get(`/${compra.id}`)).json.data).toMatchObject({ adjuntos: 0, pago_declarado: null });
  });

  it('filters the queue by the declared account’s method, by the gateway and by none, and offers those options', async () => {
    const m = await shop.member();
    const bank = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const nequi = await buy(shop, m.cookie, [{ producto_id: shop.tazaId }]);
    const bare = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const unsaid = await buy(shop, m.cookie, [{ producto_id: shop.tazaId }]);
    const online = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    expect((await receipt(m.cookie, bank.id, accounts.bank)).status).toBe(201);
    expect((await receipt(m.cookie, nequi.id, accounts.nequi)).status).toBe(201);
    expect((await receipt(m.cookie, unsaid.id, '')).status).toBe(201);
    // A gateway attempt (the webhook's row; the gateway suite delivers real events).
    await shop.t.db.insert(pasarelaTransacciones).values({
      proveedor: 'wompi',
      transaccionId: `tx-${online.id}`,
      referencia: referenceFor(online.id),
      compraId: online.id,
      estado: 'DECLINED',
      valor: online.total,
      moneda: 'COP',
      resultado: 'RECHAZADA',
      metodo: 'CARD',
      createdAt: shop.t.clock.now(),
    });
    const ids = async (metodo: unknown) => {
      const res = await get(q({ user_name: m.userName, metodo }));
      expect(res.status, res.text).toBe(200);
      return res.json.data.map((r: { id: number }) => r.id);
    };
    expect(await ids(String(methods.banco))).toEqual([bank.id]);
    expect(await ids(methods.billetera)).toEqual([nequi.id]);
    expect(await ids(String(methods.cripto))).toEqual([]);
    expect(await ids('pasarela')).toEqual([online.id]);
    expect(await ids('sin_indicar')).toEqual([bare.id, unsaid.id]);
    const rows = (await get(q({ user_name: m.userName }))).json.data as Record<string, unknown>[];
    expect(rows.map((r) => [r.id, r.metodo_pago, r.cuenta_recaudo, r.pasarela_metodo])).toEqual([
      [bank.id, 'Transferencia bancaria', 'Bancolombia ahorros', null],
      [nequi.id, 'Nequi', 'Nequi', null],
      [bare.id, null, null, null],
      [unsaid.id, null, null, null],
      [online.id, null, null, 'CARD'],
    ]);
    // Next / previous walk the queue as filtered by method too.
    const item = await get(`/${unsaid.id}${q({ user_name: m.userName, metodo: 'sin_indicar' })}`);
    expect(item.json.data.queue).toMatchObject({ position: 2, total: 2, prev_id: bare.id, next_id: null });
    expect((await get(`/${online.id}`)).json.data.pasarela).toMatchObject({
      proveedor: 'wompi',
      metodo: 'CARD',
      resultado: 'RECHAZADA',
    });
    for (const bad of ['x', '0', -3, 'pasarela2']) {
      const res = await get(q({ metodo: bad }));
      expect(res.status, String(bad)).toBe(422);
      expect(res.json.errors.filters).toEqual(['Filtro inválido: metodo']);
    }
    // The options: the methods of the collection accounts (not one without an account), the
    // gateway (configured here) and none.
    const options = await get('/metodos');
    expect(options.status).toBe(200);
    expect(options.json.data).toEqual([
      { value: String(methods.billetera), label: 'Nequi' },
      { value: String(methods.banco), label: 'Transferencia bancaria' },
      { value: 'pasarela', label: 'Pasarela de pagos' },
      { value: 'sin_indicar', label: 'Sin indicar' },
    ]);
  });
});
