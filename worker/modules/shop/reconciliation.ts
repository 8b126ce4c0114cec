// The reconciliation queue (decision 0130, "Conciliación de pagos"): unpaid purchases, oldest first,
// filtered by whether they carry a receipt, by age, by buyer and by payment method (the account
// the member declared, the gateway, or neither: decision 0245); one purchase with its receipts
// beside it and next / previous through the queue as filtered; confirm (PAGADO, through the same
// state change as the purchases screen: history, notification, subscriptions) or reject with a
// reason the member is notified of (the purchase stays NO_PAGADO and keeps the reason to show).
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  compraAdjuntos,
  compras,
  cuentasrecaudo,
  metodosdepago,
  notificaciones,
  pasarelaTransacciones,
  users,
} from '../../db/schema';
import { requires } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { conflict, invalid, notFound } from '../../platform/errors';
import { offsetOf, orderOf, parseListQuery, whereOf, type ListSpec } from '../../platform/list-query';
import { paginate } from '../../platform/paginate';
import { actorOf, runAudited, versionBump } from '../../platform/audit';
import { paymentProvider } from '../../platform/payment-gateway';
import type { AppEnv } from '../../platform/ports';
import { json, params } from '../../platform/validate';
import { referenceFor } from '../../shared/payment-reference';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import {
  confirmPaymentSchema,
  METHOD_GATEWAY,
  METHOD_LABELS,
  METHOD_NONE,
  parseMethodFilter,
  PAYMENT_METHOD_MSG,
  rejectPaymentSchema,
} from '../../shared/schemas/shop';
import { asSentence } from '../../shared/messages';
import { serveAttachment } from './attachments';
import { confirmPayment } from './payment';
import {
  attachmentsOf,
  findPurchase,
  historyOf,
  PURCHASE_AUDITED,
  purchaseDetail,
  referenceFilter,
} from './purchase-service';
import { STATE } from '../../shared/workflow';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const queue = requires(P.conciliacionPagos);
const idParam = params(v.object({ id: id() }));
export const RECONCILIATION_BASE = '/api/v1/miscompras/admin/conciliacion';
/** Awaiting payment: NO_PAGADO and never paid (an annulled purchase keeps its paid date and is final). */
const UNPAID = and(eq(compras.estado, STATE.NO_PAGADO), isNull(compras.pagadoAt))!;

const receipts = sql<number>`(select count(*) from ${compraAdjuntos} where ${compraAdjuntos.compraId} = ${compras.id} and ${compraAdjuntos.tipo} = 'COMPROBANTE_PAGO')`;

/** Tried through the payment gateway: it sent an event about the purchase (decision 0245). */
const viaGateway = sql`exists (select 1 from ${pasarelaTransacciones} where ${pasarelaTransacciones.compraId} = ${compras.id})`;
/** The last gateway transaction's payment method (or its provider when the event said none). */
const gatewayMethod = sql<
  string | null
>`(select coalesce(${pasarelaTransacciones.metodo}, ${pasarelaTransacciones.proveedor}) from ${pasarelaTransacciones} where ${pasarelaTransacciones.compraId} = ${compras.id} order by ${pasarelaTransacciones.id} desc limit 1)`;
/** The payment method of the account the member declared. */
const declaredMethod = sql<
  number | null
>`(select ${cuentasrecaudo.metodoPagoId} from ${cuentasrecaudo} where ${cuentasrecaudo.id} = ${compras.cuentaRecaudoId})`;

/** `metodo`: the declared account's payment method, the gateway, or neither ("Sin indicar"). */
function byMethod(value: unknown) {
  const f = parseMethodFilter(value);
  if (!f) throw invalid({ filters: [PAYMENT_METHOD_MSG.badFilter] });
  if (f.kind === 'gateway') return viaGateway;
  if (f.kind === 'none') return sql`(${compras.cuentaRecaudoId} is null and not ${viaGateway})`;
  return sql`${declaredMethod} = ${f.id}`;
}

/** The queue's sorts and filters; `antiguedad` (whole days since the purchase) needs the clock. */
function specAt(now: number): ListSpec {
  return {
    sorts: {
      id: compras.id,
      created_at: compras.createdAt,
      total: compras.total,
      user_name: users.userName,
      comprobantes: receipts,
    },
    filters: {
      con_comprobante: {
        kind: 'bool',
        column: receipts,
        build: (value) => (value === true || value === 'true' ? sql`${receipts} > 0` : sql`${receipts} = 0`),
      },
      antiguedad: {
        kind: 'int',
        column: compras.createdAt,
        build: (value) => sql`${compras.createdAt} <= ${now - Math.max(0, Number(value)) * DAY}`,
      },
      metodo: { kind: 'eq', column: declaredMethod, build: byMethod },
      referencia: referenceFilter,
      user_name: { kind: 'text', column: users.userName },
      email: { kind: 'text', column: users.email },
      created_at: { kind: 'daterange', column: compras.createdAt },
    },
    defaultSort: { key: 'created_at', dir: 'asc' },
  };
}

const columns = {
  id: compras.id,
  user_id: compras.userId,
  user_name: users.userName,
  email: users.email,
  total: compras.total,
  total_items: compras.totalItems,
  created_at: compras.createdAt,
  comprobantes: receipts,
  rechazo_motivo: compras.rechazoMotivo,
  rechazado_at: compras.rechazadoAt,
  /** Declared by the member with his receipt: the account and its payment method. */
  cuenta_recaudo: cuentasrecaudo.nombre,
  metodo_pago: metodosdepago.nombre,
  pasarela_metodo: gatewayMethod,
};

async function page(db: Db, query: ReturnType<typeof parseListQuery>, spec: ListSpec, limit?: number) {
  const where = whereOf(query, spec, [UNPAID]);
  return paginate(
    db,
    db
      .select(columns)
      .from(compras)
      .innerJoin(users, eq(users.id, compras.userId))
      .leftJoin(cuentasrecaudo, eq(cuentasrecaudo.id, compras.cuentaRecaudoId))
      .leftJoin(metodosdepago, eq(metodosdepago.id, cuentasrecaudo.metodoPagoId))
      .where(where)
      .orderBy(...orderOf(query, spec, compras.id))
      .limit(limit ?? query.perPage)
      .offset(limit ? 0 : offsetOf(query)),
    db.select({ total: count() }).from(compras).innerJoin(users, eq(users.id, compras.userId)).where(where),
  );
}

const withReference = <T extends { id: number; created_at: number }>(row: T, now: number) => ({
  ...row,
  referencia: referenceFor(row.id),
  dias: Math.max(0, Math.floor((now - row.created_at) / DAY)),
  // Under a day the wait reads in hours ('hace 5 horas', not 'hace 0 días').
  horas: Math.max(0, Math.floor((now - row.created_at) / HOUR)),
});

/** An unpaid purchase of the queue, or 404. */
async function unpaid(db: Db, purchaseId: number) {
  const compra = await findPurchase(db, purchaseId);
  if (compra.estado !== STATE.NO_PAGADO || compra.pagado_at !== null) throw notFound();
  return compra;
}

/**
 * The `metodo` filter's options: the payment methods of the collection accounts (inactive ones
 * too: an older purchase may name one), the gateway when one is configured or has been used, and
 * "Sin indicar".
 */
async function methodOptions(db: Db, gatewayOn: boolean) {
  const [methods, used] = await Promise.all([
    db
      .selectDistinct({
        id: metodosdepago.id,
        nombre: metodosdepago.nombre,
        orden: metodosdepago.nombreOrden,
      })
      .from(cuentasrecaudo)
      .innerJoin(metodosdepago, eq(metodosdepago.id, cuentasrecaudo.metodoPagoId))
      .orderBy(asc(metodosdepago.nombreOrden), asc(metodosdepago.id)),
    gatewayOn ? null : db.select({ id: pasarelaTransacciones.id }).from(pasarelaTransacciones).limit(1).get(),
  ]);
  return [
    ...methods.map((m) => ({ value: String(m.id), label: m.nombre })),
    ...(gatewayOn || used ? [{ value: METHOD_GATEWAY, label: METHOD_LABELS[METHOD_GATEWAY] }] : []),
    { value: METHOD_NONE, label: METHOD_LABELS[METHOD_NONE] },
  ];
}

export const reconciliationRoutes = new Hono<AppEnv>()
  .get('/metodos', queue, async (c) =>
    c.json({ data: await methodOptions(c.var.db, !!paymentProvider(c.var.config)) }),
  )
  .get('/', queue, async (c) => {
    const now = c.var.clock.now();
    const spec = specAt(now);
    const { data, total } = await page(c.var.db, parseListQuery(c.req.query(), spec), spec);
    return c.json({ data: data.map((r) => withReference(r, now)), total });
  })
  .get('/:id{[0-9]+}', queue, idParam, async (c) => {
    const { db, clock } = c.var;
    const now = clock.now();
    const compra = await unpaid(db, c.req.valid('param').id);
    const spec = specAt(now);
    // Next / previous through the queue as the operator filtered it (same query string).
    const { data: ids } = await page(
      db,
      parseListQuery({ ...c.req.query(), page: '1', perPage: '100' }, spec),
      spec,
      5000,
    );
    const at = ids.findIndex((r) => r.id === compra.id);
    const [detail, archivos, historial] = await Promise.all([
      purchaseDetail(db, compra.id, now),
      attachmentsOf(db, compra.id, RECONCILIATION_BASE),
      historyOf(db, 'compra', compra.id),
    ]);
    return c.json({
      data: {
        ...detail,
        referencia: referenceFor(compra.id),
        dias: Math.max(0, Math.floor((now - compra.created_at) / DAY)),
        horas: Math.max(0, Math.floor((now - compra.created_at) / HOUR)),
        // The attachments themselves (`adjuntos` is their count, as in every purchase read).
        archivos,
        historial,
        queue: {
          position: at + 1,
          total: ids.length,
          prev_id: at > 0 ? ids[at - 1]!.id : null,
          next_id: at >= 0 && at < ids.length - 1 ? ids[at + 1]!.id : null,
        },
      },
    });
  })
  .get(
    '/:id{[0-9]+}/adjuntos/:adjId{[0-9]+}',
    queue,
    params(v.object({ id: id(), adjId: id() })),
    async (c) => {
      const p = c.req.valid('param');
      const compra = await findPurchase(c.var.db, p.id);
      return serveAttachment(c, compra.id, p.adjId);
    },
  )
  .put('/:id{[0-9]+}/confirmar', queue, idParam, json(confirmPaymentSchema), async (c) => {
    const { db, clock } = c.var;
    const compra = await findPurchase(db, c.req.valid('param').id);
    const now = clock.now();
    const comentario =
      c.req.valid('json').comentario ?? `Pago confirmado en la conciliación (${referenceFor(compra.id)})`;
    await confirmPayment(
      db,
      { id: compra.id, userId: compra.user_id },
      { at: now, actorId: c.var.user.id, actor: actorOf(c, now), comentario },
    );
    return c.json({ data: await purchaseDetail(db, compra.id, now), message: 'Pago confirmado' });
  })
  .put('/:id{[0-9]+}/rechazar', queue, idParam, json(rejectPaymentSchema), async (c) => {
    const { db, clock, user } = c.var;
    const compra = await findPurchase(db, c.req.valid('param').id);
    if (compra.estado !== STATE.NO_PAGADO)
      throw conflict('La compra ya está pagada: no hay comprobante que rechazar');
    const { motivo } = c.req.valid('json');
    const now = clock.now();
    const mensaje = `No pudimos confirmar el pago de tu compra #${compra.id}: ${asSentence(motivo)} Revisa las instrucciones de pago y adjunta un comprobante válido.`;
    // One batch: the reason on the purchase, its history row, the member's notification, the
    // activity row and the revision (decision 0110), each only if the purchase was still unpaid.
    const [updated] = await runAudited(db, {
      audited: PURCHASE_AUDITED,
      id: compra.id,
      action: 'editar',
      actor: actorOf(c, now),
      guard: 'changed',
      // This path kept no baseline before decision 0310; it still does not.
      baseline: false,
      write: db
        .update(compras)
        .set({ rechazoMotivo: motivo, rechazadoAt: now, updatedAt: now, ...versionBump(compras) })
        .where(and(eq(compras.id, compra.id), UNPAID)),
      history: {
        entity: 'compra',
        from: STATE.NO_PAGADO,
        to: STATE.NO_PAGADO,
        comentario: `Comprobante rechazado: ${motivo}`,
        userId: user.id,
      },
      // The member's notification, after the history row, only if that was written.
      then: [
        db.run(sql`insert into ${notificaciones} (user_id, titulo, mensaje, entity, entity_id, created_at)
          select ${compra.user_id}, ${`Compra #${compra.id}: pago no confirmado`}, ${mensaje}, 'compra', ${compra.id}, ${now} where changes() = 1`),
      ],
    });
    if ((updated as { rowsAffected: number }).rowsAffected !== 1)
      throw conflict('La compra ya está pagada: no hay comprobante que rechazar');
    return c.json({
      data: await purchaseDetail(db, compra.id, now),
      message: 'Comprobante rechazado; el miembro fue notificado',
    });
  });
