// Issue 23 item 5: a bank statement (.csv/.xlsx) matched to unpaid purchases by payment reference
// and amount — matched / ambiguous / unmatched with reasons — and "Confirmar todas las
// conciliadas": each purchase through its own state change (history, notification, subscription),
// in bounded steps with a saved cursor, never confirming a purchase twice.
import ExcelJS from 'exceljs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  compras,
  extractoMovimientos,
  extractos,
  notificaciones,
  stateHistory,
  suscripciones,
} from '../../worker/db/schema';
import { statementStep } from '../../worker/modules/statement';
import { referenceFor } from '../../worker/shared/payment-reference';
import { P } from '../../worker/shared/permissions';
import { buy, markPaid, type Shop, shopApp } from './shop-fixtures';

let shop: Shop;
let clerk: string;
beforeAll(async () => {
  shop = await shopApp();
  clerk = await (await shop.t.makeUser('tesorera', [P.extractos])).session();
});

const BASE = '/api/v1/conciliacion/extractos';
const csv = (text: string, name = 'extracto.csv') => new File([text], name, { type: 'text/csv' });
const upload = (file: File, cookie = clerk) => {
  const form = new FormData();
  form.append('file', file);
  return shop.t.request('POST', BASE, { cookie, raw: form });
};
const group = async (id: number, grupo: string) =>
  (await shop.t.request('GET', `${BASE}/${id}/movimientos?grupo=${grupo}&perPage=100`, { cookie: clerk }))
    .json as { data: Record<string, any>[]; total: number };
const confirmAll = (id: number) => shop.t.request('POST', `${BASE}/${id}/confirmar`, { cookie: clerk });
const stateOf = async (id: number) =>
  (await shop.t.db.select({ estado: compras.estado }).from(compras).where(eq(compras.id, id)).get())!.estado;
const paymentHistory = (id: number) =>
  shop.t.db
    .select()
    .from(stateHistory)
    .where(
      and(
        eq(stateHistory.entity, 'compra'),
        eq(stateHistory.entityId, id),
        eq(stateHistory.toState, 'PAGADO'),
      ),
    );

describe('bank statement import', () => {
  it('sorts every movement into matched, ambiguous or unmatched with its reason', async () => {
    const m = await Promise.all([1, 2, 3, 4].map(() => shop.member()));
    const plan = await buy(shop, m[0]!.cookie, [{ tipo_suscripcion_id: shop.planId }]); // $30.000
    const kitA = await buy(shop, m[1]!.cookie, [{ producto_id: shop.kitId }]); // $50.000
    const kitB = await buy(shop, m[2]!.cookie, [{ producto_id: shop.kitId }]);
    const taza = await buy(shop, m[3]!.cookie, [{ producto_id: shop.tazaId }]); // $12.345,67
    expect((await markPaid(shop, taza.id)).status).toBe(200);

    const res = await upload(
      csv(
        [
          'Fecha;Descripción;Valor',
          `25/11/2026;TRANSF JUAN PEREZ REF ${referenceFor(plan.id)};$ 30.000,00`,
          `2026-11-25;pago ${referenceFor(kitA.id).toLowerCase()};50000`,
          `25/11/2026;ABONO ${referenceFor(kitB.id)};"40.000"`,
          `25/11/2026;${referenceFor(taza.id)};12.345,67`,
          `26/11/2026;REF${referenceFor(kitA.id)} otra vez;$50.000`,
          `26/11/2026;REF ${referenceFor(999_999)};50.000,00`,
          `26/11/2026;CONSIGNACION SUCURSAL;50.000`,
          `26/11/2026;CONSIGNACION SUCURSAL;77.777`,
          `26/11/2026;COMISION MANEJO;-12.000`,
          // A reference named that is no purchase's (decision 0466), even with a pending purchase by that value.
          `27/11/2026;PAGO REF ZZZZZZ;50.000`,
          '',
        ].join('\n'),
      ),
    );
    expect(res.status).toBe(201);
    const id = res.json.data.id as number;
    expect(res.json.data).toMatchObject({
      estado: 'LISTO',
      movimientos: 10,
      conciliados: 2,
      ambiguos: 1,
      sin_conciliar: 7,
      pendientes: 0,
    });

    const matched = await group(id, 'CONCILIADO');
    expect(matched.data.map((r) => [r.fila, r.compra_id, r.valor, r.fecha])).toEqual([
      [2, plan.id, 3_000_000, '2026-11-25'],
      [3, kitA.id, 5_000_000, '2026-11-25'],
    ]);
    expect(matched.data[0]!.referencia).toBe(referenceFor(plan.id));

    const ambiguous = await group(id, 'AMBIGUO');
    expect(ambiguous.data.map((r) => [r.fila, r.motivo, r.candidatos])).toEqual([
      [8, 'Sin referencia: 2 compras pendientes por el mismo valor', [kitA.id, kitB.id]],
    ]);

    const unmatched = await group(id, 'SIN_CONCILIAR');
    expect(unmatched.data.map((r) => [r.fila, r.motivo, r.compra_id])).toEqual([
      [4, 'Valor distinto: la compra es por $ 50.000,00', kitB.id],
      [5, 'Compra ya pagada', taza.id],
      [6, 'Movimiento repetido: la compra ya está en la fila 3', kitA.id],
      [7, 'Referencia no encontrada', null],
      [9, 'Sin referencia y ninguna compra pendiente por ese valor', null],
      [10, 'No es un ingreso (valor cero o negativo)', null],
      [11, 'Referencia no encontrada', null],
    ]);
    // Matching wrote nothing on the purchases.
    expect(await stateOf(plan.id)).toBe('NO_PAGADO');
    expect(await stateOf(kitA.id)).toBe('NO_PAGADO');
  });

  it('confirms all matched purchases, each with its history, notification and subscription; a second confirmation or import does nothing', async () => {
    const a = await shop.member();
    const b = await shop.member();
    const plan = await buy(shop, a.cookie, [{ tipo_suscripcion_id: shop.planId }]);
    const taza = await buy(shop, b.cookie, [{ producto_id: shop.tazaId }]);
    const file = () =>
      csv(
        `Fecha,Referencia,Monto\n2026-11-26,${referenceFor(plan.id)},"$ 30.000"\n2026-11-26,${referenceFor(taza.id)},"1.234.567,00"\n`,
      );
    const first = await upload(file());
    expect(first.json.data).toMatchObject({ conciliados: 1, sin_conciliar: 1 }); // the taza is $12.345,67
    const fix = await upload(
      csv(`Fecha,Referencia,Monto\n2026-11-26,${referenceFor(taza.id)},"12.345,67"\n`, 'segundo.csv'),
    );
    expect(fix.json.data.conciliados).toBe(1);

    const done = await confirmAll(first.json.data.id);
    expect(done.status).toBe(200);
    expect(done.json.data).toMatchObject({ estado: 'CONFIRMADO', confirmadas: 1 });
    expect(done.json.message).toBe('Se confirmó 1 compra conciliada');
    expect(await stateOf(plan.id)).toBe('PAGADO');
    expect(await stateOf(taza.id)).toBe('NO_PAGADO');
    const history = await paymentHistory(plan.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      fromState: 'NO_PAGADO',
      toState: 'PAGADO',
      comentario: `Conciliada con el extracto #${first.json.data.id}, fila 2`,
    });
    const notes = await shop.t.db.select().from(notificaciones).where(eq(notificaciones.userId, a.id));
    expect(notes.map((n) => n.titulo).sort()).toEqual([`Compra #${plan.id}`, 'Suscripción activada']);
    const sub = await shop.t.db.select().from(suscripciones).where(eq(suscripciones.compraId, plan.id)).get();
    expect(sub!.estado).toBe('APROBADO');

    // Again: nothing more.
    const again = await confirmAll(first.json.data.id);
    expect(again.json.data).toMatchObject({ estado: 'CONFIRMADO', confirmadas: 1 });
    expect(await paymentHistory(plan.id)).toHaveLength(1);
    // The same statement imported again: the purchase is already paid.
    const reimport = await upload(file());
    expect(reimport.json.data.conciliados).toBe(0);
    const reasons = (await group(reimport.json.data.id, 'SIN_CONCILIAR')).data.map((r) => r.motivo);
    expect(reasons).toContain('Compra ya pagada');
    const confirmedAgain = await confirmAll(reimport.json.data.id);
    expect(confirmedAgain.json.data.confirmadas).toBe(0);
    expect(await paymentHistory(plan.id)).toHaveLength(1);
  });

  it('never confirms a purchase twice when two statements matched it before either was confirmed', async () => {
    const m = await shop.member();
    const kit = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const line = `Fecha;Descripción;Valor\n27/11/2026;${referenceFor(kit.id)};50.000\n`;
    const one = await upload(csv(line));
    const two = await upload(csv(line, 'duplicado.csv'));
    expect([one.json.data.conciliados, two.json.data.conciliados]).toEqual([1, 1]);
    expect([one.json.data.por_confirmar, two.json.data.por_confirmar]).toEqual([1, 1]);
    expect((await confirmAll(one.json.data.id)).json.data.confirmadas).toBe(1);
    // The other statement now says so before anyone confirms it: matched, but nothing to confirm.
    const stale = await shop.t.request('GET', `${BASE}/${two.json.data.id}`, { cookie: clerk });
    expect(stale.json.data).toMatchObject({ conciliados: 1, por_confirmar: 0 });
    expect((await group(two.json.data.id, 'CONCILIADO')).data[0]).toMatchObject({
      confirmacion: null,
      compra_estado: 'PAGADO',
    });
    // Each statement's history: started with what it would confirm, closed with what it did.
    const history = await shop.t.db
      .select({ from: stateHistory.fromState, to: stateHistory.toState, comentario: stateHistory.comentario })
      .from(stateHistory)
      .where(and(eq(stateHistory.entity, 'extracto'), eq(stateHistory.entityId, one.json.data.id)));
    expect(history).toEqual([
      { from: 'LISTO', to: 'CONFIRMANDO', comentario: '1 compra por confirmar' },
      { from: 'CONFIRMANDO', to: 'CONFIRMADO', comentario: '1 compra confirmada' },
    ]);
    const second = await confirmAll(two.json.data.id);
    expect(second.json.data).toMatchObject({ estado: 'CONFIRMADO', confirmadas: 0 });
    expect((await group(two.json.data.id, 'CONCILIADO')).data[0]!.confirmacion).toBe('YA_PAGADA');
    expect(await paymentHistory(kit.id)).toHaveLength(1);
    const notes = await shop.t.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, m.id), eq(notificaciones.titulo, `Compra #${kit.id}`)));
    expect(notes).toHaveLength(1);
  });

  it('matches in bounded steps that resume from the saved cursor', async () => {
    const m = await shop.member();
    const purchases: { id: number }[] = [];
    for (let i = 0; i < 3; i++) purchases.push(await buy(shop, m.cookie, [{ producto_id: shop.tazaId }]));
    const lines = (suffix: string) =>
      purchases.map((p) => `28/11/2026;${referenceFor(p.id)}${suffix};12.345,67`);
    const res = await upload(csv(['Fecha;Descripción;Valor', ...lines(''), ...lines(' bis')].join('\n')));
    const id = res.json.data.id as number;
    expect(res.json.data).toMatchObject({ conciliados: 3, sin_conciliar: 3 });
    // Undo the match and run it again, two movements per chunk, 5 requests per step.
    await shop.t.db.update(extractos).set({ estado: 'CONCILIANDO', cursor: 0 }).where(eq(extractos.id, id));
    await shop.t.db
      .update(extractoMovimientos)
      .set({ resultado: null, motivo: null, compraId: null })
      .where(eq(extractoMovimientos.extractoId, id));
    const budget = { requests: 5, ms: 60_000 };
    const step = await statementStep(shop.t.db, id, {
      now: shop.t.clock.now(),
      actorId: null,
      budget,
      chunk: 2,
    });
    expect(step).toMatchObject({ estado: 'CONCILIANDO', chunks: 1 });
    expect(step.requests).toBeLessThanOrEqual(budget.requests);
    const left = await shop.t.db
      .select({ n: sql<number>`count(*)` })
      .from(extractoMovimientos)
      .where(and(eq(extractoMovimientos.extractoId, id), isNull(extractoMovimientos.resultado)))
      .get();
    expect(left!.n).toBe(4);
    // The screen's "continue" goes on from the cursor to the end.
    const next = await shop.t.request('POST', `${BASE}/${id}/avanzar`, { cookie: clerk });
    expect(next.status).toBe(200);
    expect(next.json.data).toMatchObject({
      estado: 'LISTO',
      conciliados: 3,
      sin_conciliar: 3,
      pendientes: 0,
    });
  });

  it('reads an .xlsx statement with numeric amounts and Excel dates', async () => {
    const m = await shop.member();
    const kit = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Movimientos');
    ws.addRow(['FECHA', 'CONCEPTO', 'VALOR']);
    ws.addRow([new Date(Date.UTC(2026, 10, 29)), `Transferencia ${referenceFor(kit.id)}`, 50_000]);
    const file = new File([await wb.xlsx.writeBuffer()], 'extracto.xlsx');
    const res = await upload(file);
    expect(res.status).toBe(201);
    const matched = await group(res.json.data.id, 'CONCILIADO');
    expect(matched.data.map((r) => [r.compra_id, r.valor, r.fecha])).toEqual([
      [kit.id, 5_000_000, '2026-11-29'],
    ]);
  });

  it('refuses a file without the columns or with an unreadable amount, in Spanish, saving nothing', async () => {
    const before = (await shop.t.db
      .select({ n: sql<number>`count(*)` })
      .from(extractos)
      .get())!.n;
    const noColumns = await upload(csv('Nombre;Ciudad\nAna;Cali\n'));
    expect(noColumns.status).toBe(422);
    expect(noColumns.json.errors.file[0]).toMatch(/columnas Fecha, Valor/);
    const badAmount = await upload(
      csv('Fecha;Descripción;Valor\n25/11/2026;x;1.000\n25/11/2026;y;mil pesos\n'),
    );
    expect(badAmount.status).toBe(422);
    expect(badAmount.json.errors.file).toEqual(['Fila 3: el valor no es un número']);
    const empty = await upload(csv('Fecha;Descripción;Valor\n'));
    expect(empty.status).toBe(422);
    expect(
      (await shop.t.db
        .select({ n: sql<number>`count(*)` })
        .from(extractos)
        .get())!.n,
    ).toBe(before);
  });

  it('is only for holders of the statement permission', async () => {
    const member = await shop.member();
    expect((await upload(csv('Fecha;Descripción;Valor\n1/1/2026;x;1\n'), member.cookie)).status).toBe(403);
    expect((await shop.t.request('GET', BASE, { cookie: member.cookie })).status).toBe(403);
    expect((await shop.t.request('GET', BASE, { cookie: clerk })).status).toBe(200);
  });
});
