// Reading purchases: the member's own (scoped by user id, SECURITY row 6) and all of them for
// the administrators, with lines, subscriptions, attachments and history.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  compraAdjuntos,
  facturas,
  compraLineas,
  compras,
  cuentasrecaudo,
  metodosdepago,
  pasarelaTransacciones,
  stateHistory,
  suscripciones,
  tipossuscripciones,
  users,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import { type Audited } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { offsetOf, orderOf, whereOf, type ListSpec } from '../../platform/list-query';
import type { ListQuery } from '../../shared/list-query';
import { parseReference, referenceFor } from '../../shared/payment-reference';
import { attachmentTypeLabel } from '../../shared/schemas/shop';
import { subscriptionState } from './subscription-service';
import { paginate } from '../../platform/paginate';

const attachmentCount = sql<number>`(select count(*) from ${compraAdjuntos} where ${compraAdjuntos.compraId} = ${compras.id})`;
/** The purchase's invoice number as printed (prefix and number), null until it has one (docs/invoicing.md). */
const invoiceNumber = sql<
  string | null
>`(select f.prefijo || f.numero from ${facturas} f where f.compra_id = ${compras.id} and f.tipo = 'FACTURA')`;

const baseSorts = {
  id: compras.id,
  created_at: compras.createdAt,
  total: compras.total,
  total_items: compras.totalItems,
  estado: compras.estado,
  pagado_at: compras.pagadoAt,
};
const baseFilters: ListSpec['filters'] = {
  id: { kind: 'int', column: compras.id },
  estado: { kind: 'eq', column: compras.estado },
  created_at: { kind: 'daterange', column: compras.createdAt },
  pagado_at: { kind: 'daterange', column: compras.pagadoAt },
};

export const OWN_SPEC: ListSpec = {
  sorts: baseSorts,
  filters: baseFilters,
  defaultSort: { key: 'created_at', dir: 'desc' },
};
/** A purchase as its history names it (decision 0110): created at checkout, edited, its state changed. */
export const PURCHASE_AUDITED: Audited = { entity: 'compra', table: compras };

/**
 * The payment reference a member typed into his bank app (decision 0142), as an operator types it back
 * from a statement or a receipt: any case, spaces or "REF" around it. One that does not parse (a
 * wrong check character: a mistyped reference) matches no purchase.
 */
export const referenceFilter: ListSpec['filters'][string] = {
  kind: 'text',
  column: compras.id,
  build: (value) => {
    const id = parseReference(String(value ?? ''));
    return id === null ? sql`0` : eq(compras.id, id);
  },
};

export const ADMIN_SPEC: ListSpec = {
  sorts: { ...baseSorts, user_name: users.userName },
  filters: {
    ...baseFilters,
    referencia: referenceFilter,
    user_name: { kind: 'text', column: users.userName },
    email: { kind: 'text', column: users.email },
  },
  defaultSort: { key: 'created_at', dir: 'desc' },
};

const columns = {
  id: compras.id,
  user_id: compras.userId,
  user_name: users.userName,
  email: users.email,
  total_items: compras.totalItems,
  total: compras.total,
  estado: compras.estado,
  pagado_at: compras.pagadoAt,
  created_at: compras.createdAt,
  adjuntos: attachmentCount,
  factura: invoiceNumber,
  rechazo_motivo: compras.rechazoMotivo,
  rechazado_at: compras.rechazadoAt,
};

/** One page of purchases; `ownerId` scopes to a member's own. */
export async function listPurchases(db: Db, query: ListQuery, spec: ListSpec, ownerId?: number) {
  const where = whereOf(query, spec, [ownerId ? eq(compras.userId, ownerId) : undefined]);
  const { data, total } = await paginate(
    db,
    db
      .select(columns)
      .from(compras)
      .innerJoin(users, eq(users.id, compras.userId))
      .where(where)
      .orderBy(...orderOf(query, spec, compras.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    ownerId && !Object.keys(query.filters).length
      ? db.select({ total: count() }).from(compras).where(eq(compras.userId, ownerId))
      : db
          .select({ total: count() })
          .from(compras)
          .innerJoin(users, eq(users.id, compras.userId))
          .where(where),
  );
  return { data: data.map((row) => ({ ...row, referencia: referenceFor(row.id) })), total };
}

/** The purchase if it exists (and, with `ownerId`, belongs to that member); otherwise 404. */
export async function findPurchase(db: Db, purchaseId: number, ownerId?: number) {
  const row = await db
    .select(columns)
    .from(compras)
    .innerJoin(users, eq(users.id, compras.userId))
    .where(and(eq(compras.id, purchaseId), ownerId ? eq(compras.userId, ownerId) : undefined))
    .get();
  if (!row) throw notFound();
  return row;
}

export async function purchaseDetail(db: Db, purchaseId: number, now: number, ownerId?: number) {
  const compra = await findPurchase(db, purchaseId, ownerId);
  const [lineas, subs, method] = await Promise.all([
    db
      .select({
        id: compraLineas.id,
        producto_id: compraLineas.productoId,
        tipo_suscripcion_id: compraLineas.tipoSuscripcionId,
        codigo: compraLineas.codigo,
        nombre: compraLineas.nombre,
        cantidad: compraLineas.cantidad,
        precio: compraLineas.precio,
        subtotal: compraLineas.subtotal,
      })
      .from(compraLineas)
      .where(eq(compraLineas.compraId, purchaseId))
      .orderBy(asc(compraLineas.id)),
    db
      .select({
        id: suscripciones.id,
        tipo: tipossuscripciones.nombre,
        estado: subscriptionState(now),
        fecha_inicio: suscripciones.fechaInicio,
        fecha_fin: suscripciones.fechaFin,
      })
      .from(suscripciones)
      .innerJoin(tipossuscripciones, eq(tipossuscripciones.id, suscripciones.tipoSuscripcionId))
      .where(eq(suscripciones.compraId, purchaseId))
      .orderBy(asc(suscripciones.id)),
    paymentMethodOf(db, purchaseId),
  ]);
  return {
    ...compra,
    ...method,
    lineas: lineas.map((l) => ({ ...l, tipo: l.producto_id ? 'producto' : 'suscripcion' })),
    suscripciones: subs,
  };
}

/**
 * How a purchase was paid, as far as it is known (decision 0245): the collection account the member
 * declared with his receipt (`pago_declarado`), and the last gateway transaction seen for it
 * (`pasarela`: provider, the gateway's payment method, its status and what the webhook did).
 */
async function paymentMethodOf(db: Db, purchaseId: number) {
  const [declared, gateway] = await Promise.all([
    db
      .select({
        cuenta_id: cuentasrecaudo.id,
        cuenta: cuentasrecaudo.nombre,
        metodo_pago_id: metodosdepago.id,
        metodo: metodosdepago.nombre,
      })
      .from(compras)
      .innerJoin(cuentasrecaudo, eq(cuentasrecaudo.id, compras.cuentaRecaudoId))
      .innerJoin(metodosdepago, eq(metodosdepago.id, cuentasrecaudo.metodoPagoId))
      .where(eq(compras.id, purchaseId))
      .get(),
    db
      .select({
        proveedor: pasarelaTransacciones.proveedor,
        metodo: pasarelaTransacciones.metodo,
        estado: pasarelaTransacciones.estado,
        resultado: pasarelaTransacciones.resultado,
        created_at: pasarelaTransacciones.createdAt,
      })
      .from(pasarelaTransacciones)
      .where(eq(pasarelaTransacciones.compraId, purchaseId))
      .orderBy(desc(pasarelaTransacciones.id))
      .limit(1)
      .get(),
  ]);
  return { pago_declarado: declared ?? null, pasarela: gateway ?? null };
}

/** The state-change history of one record, oldest first, with who made each change. */
export async function historyOf(db: Db, entity: string, entityId: number) {
  return db
    .select({
      id: stateHistory.id,
      from_state: stateHistory.fromState,
      to_state: stateHistory.toState,
      comentario: stateHistory.comentario,
      user_name: users.userName,
      created_at: stateHistory.createdAt,
    })
    .from(stateHistory)
    .leftJoin(users, eq(users.id, stateHistory.userId))
    .where(and(eq(stateHistory.entity, entity), eq(stateHistory.entityId, entityId)))
    .orderBy(asc(stateHistory.createdAt), asc(stateHistory.id));
}

export async function attachmentsOf(db: Db, purchaseId: number, urlBase: string) {
  const rows = await db
    .select({
      id: compraAdjuntos.id,
      tipo: compraAdjuntos.tipo,
      file_name: compraAdjuntos.fileName,
      content_type: compraAdjuntos.contentType,
      size: compraAdjuntos.size,
      created_at: compraAdjuntos.createdAt,
      created_by: users.userName,
    })
    .from(compraAdjuntos)
    .leftJoin(users, eq(users.id, compraAdjuntos.createdBy))
    .where(eq(compraAdjuntos.compraId, purchaseId))
    .orderBy(desc(compraAdjuntos.createdAt), desc(compraAdjuntos.id));
  return rows.map((r) => ({
    ...r,
    tipo_label: attachmentTypeLabel(r.tipo),
    url: `${urlBase}/${purchaseId}/adjuntos/${r.id}`,
  }));
}
