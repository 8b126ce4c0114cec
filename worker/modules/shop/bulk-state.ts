// Bulk state changes of the shop's workflow grids (decision 0260), mounted at
// `…/admin/compras/lote/estado` and `…/admin/suscripciones/lote/estado`. Each record goes through
// the same change as its single-row route, one record at a time, because both do more than one
// conditional batch: a paid purchase activates its subscriptions (each a change of its own), and an
// approved subscription's period starts where the member's running one of the same type ends (so a
// record must see the ones approved before it). Every history row written carries the batch id.
import { eq, inArray } from 'drizzle-orm';
import { compras, suscripciones, tipossuscripciones, users } from '../../db/schema';
import { type BulkAction, type BulkContext } from '../../platform/bulk';
import { matchingIds } from '../../platform/bulk-state';
import { HttpError } from '../../platform/errors';
import { actorOf } from '../../platform/audit';
import { changeState, mayChange, type StateRequest } from '../../platform/state-change';
import { P } from '../../shared/permissions';
import { BULK_STATES, bulkStateSchemaFor } from '../../shared/schemas/bulk';
import { STATE, PAYMENT, REVIEW } from '../../shared/workflow';
import { confirmPayment } from './payment';
import { ADMIN_SPEC } from './purchase-service';
import { periodOf, subscriptionSpec } from './subscription-service';

/** One record's change; false when the single-row route would have refused it (409/404). */
async function skipped(change: () => Promise<unknown>) {
  try {
    await change();
    return false;
  } catch (err) {
    if (err instanceof HttpError && (err.status === 409 || err.status === 404)) return true;
    throw err;
  }
}

/** Records per step: each costs several requests (a Worker request has a subrequest budget). */
export const ROW_BY_ROW_BUDGET = { records: 100, ms: 10_000 };

/**
 * "Confirmar pago" on many purchases: NO_PAGADO → PAGADO, then each one's subscriptions. A purchase
 * whose receipt was rejected is skipped: overriding a rejection is a decision taken one purchase at
 * a time, where the receipt and the reason are in view.
 */
export const bulkPayment: BulkAction<StateRequest> = {
  recurso: '/miscompras/admin/compras',
  accion: 'estado',
  permission: P.controlCompras,
  schema: bulkStateSchemaFor(BULK_STATES.compras),
  matching: matchingIds(ADMIN_SPEC, compras.id, (db, where, order, limit) =>
    db
      .select({ id: compras.id })
      .from(compras)
      .innerJoin(users, eq(users.id, compras.userId))
      .where(where)
      .orderBy(...order)
      .limit(limit),
  ),
  chunk: 50,
  apply: async (c: BulkContext, ids, body, lote, at) => {
    const db = c.var.db;
    const rows = await db
      .select({
        id: compras.id,
        userId: compras.userId,
        estado: compras.estado,
        rechazado: compras.rechazoMotivo,
      })
      .from(compras)
      .where(inArray(compras.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const comentario = body.comentario ?? null;
    let hechos = 0;
    for (const rowId of ids) {
      const row = byId.get(rowId);
      if (!row || !mayChange({ to: body.estado, transitions: PAYMENT }, row.estado)) continue;
      if (row.rechazado != null) continue;
      const done = await confirmPayment(db, row, {
        comentario,
        actorId: c.var.user.id,
        at,
        actor: actorOf(c, at),
        lote,
        ifNotPayable: 'skip',
      });
      if (!done.confirmed) continue;
      hechos++;
    }
    return { statements: [], counted: [], hechos };
  },
};

/** "Cambiar estado" on many subscriptions, as `PUT …/admin/suscripciones/estado/:id`. */
export const bulkSubscriptionState: BulkAction<StateRequest> = {
  recurso: '/miscompras/admin/suscripciones',
  accion: 'estado',
  permission: P.controlSuscripciones,
  schema: bulkStateSchemaFor(BULK_STATES.suscripciones),
  matching: (c, filtros) =>
    matchingIds(subscriptionSpec(c.var.clock.now()), suscripciones.id, (db, where, order, limit) =>
      db
        .select({ id: suscripciones.id })
        .from(suscripciones)
        .innerJoin(tipossuscripciones, eq(tipossuscripciones.id, suscripciones.tipoSuscripcionId))
        .innerJoin(users, eq(users.id, suscripciones.userId))
        .where(where)
        .orderBy(...order)
        .limit(limit),
    )(c, filtros),
  chunk: 50,
  apply: async (c: BulkContext, ids, body, lote, at) => {
    const db = c.var.db;
    const rows = await db.select().from(suscripciones).where(inArray(suscripciones.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const comentario = body.comentario ?? null;
    let hechos = 0;
    for (const rowId of ids) {
      const sub = byId.get(rowId);
      if (!sub || !mayChange({ to: body.estado, transitions: REVIEW }, sub.estado)) continue;
      // Approved by hand before its purchase was paid: it runs from now, as a payment would.
      const period =
        body.estado === STATE.APROBADO && sub.fechaInicio === null ? await periodOf(db, sub, at) : {};
      const refused = await skipped(() =>
        changeState(db, {
          entity: 'suscripcion',
          table: suscripciones,
          idColumn: suscripciones.id,
          stateColumn: suscripciones.estado,
          id: sub.id,
          to: body.estado,
          comentario,
          actorId: c.var.user.id,
          at,
          set: { ...period, updatedAt: at },
          notify: { userId: sub.userId, titulo: 'Suscripción' },
          actor: actorOf(c, at),
          lote,
        }),
      );
      if (!refused) hechos++;
    }
    return { statements: [], counted: [], hechos };
  },
};
