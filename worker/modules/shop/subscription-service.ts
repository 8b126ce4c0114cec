// Subscriptions (decision 0010): PENDIENTE until their purchase is PAGADO, then APROBADO from the
// payment date for the type's months (times the line's quantity); a renewal of a type whose
// current subscription is still running starts where that one ends. An APROBADO subscription
// past its end reads VENCIDA (computed, never stored, so it needs no job).
import { and, count, eq, gt, max, sql } from 'drizzle-orm';
import { compraLineas, suscripciones, tipossuscripciones, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { type Actor } from '../../platform/audit';
import { offsetOf, orderOf, whereOf, type ListSpec } from '../../platform/list-query';
import { changeState } from '../../platform/state-change';
import type { ListQuery } from '../../shared/list-query';
import { EXPIRED } from '../../shared/schemas/shop';
import { addMonths } from './dates';
import { paginate } from '../../platform/paginate';
import { STATE } from '../../shared/workflow';

/** The state as read: VENCIDA for an APROBADO one whose end has passed. */
export const subscriptionState = (now: number) =>
  sql<string>`case when ${suscripciones.estado} = 'APROBADO' and ${suscripciones.fechaFin} < ${now} then ${EXPIRED} else ${suscripciones.estado} end`;

function stateFilter(now: number) {
  return (value: unknown) => {
    if (value === EXPIRED)
      return sql`(${suscripciones.estado} = 'APROBADO' and ${suscripciones.fechaFin} < ${now})`;
    if (value === STATE.APROBADO)
      return sql`(${suscripciones.estado} = 'APROBADO' and (${suscripciones.fechaFin} is null or ${suscripciones.fechaFin} >= ${now}))`;
    return sql`${suscripciones.estado} = ${String(value)}`;
  };
}

export function subscriptionSpec(now: number): ListSpec {
  return {
    sorts: {
      id: suscripciones.id,
      created_at: suscripciones.createdAt,
      fecha_inicio: suscripciones.fechaInicio,
      fecha_fin: suscripciones.fechaFin,
      estado: subscriptionState(now),
      tipo: tipossuscripciones.nombre,
      user_name: users.userName,
      compra_id: suscripciones.compraId,
    },
    filters: {
      id: { kind: 'int', column: suscripciones.id },
      estado: { kind: 'eq', column: suscripciones.estado, build: stateFilter(now) },
      tipo_suscripcion_id: { kind: 'int', column: suscripciones.tipoSuscripcionId },
      compra_id: { kind: 'int', column: suscripciones.compraId },
      user_name: { kind: 'text', column: users.userName },
      fecha_inicio: { kind: 'daterange', column: suscripciones.fechaInicio },
      fecha_fin: { kind: 'daterange', column: suscripciones.fechaFin },
      created_at: { kind: 'daterange', column: suscripciones.createdAt },
    },
    defaultSort: { key: 'created_at', dir: 'desc' },
  };
}

export async function listSubscriptions(db: Db, query: ListQuery, now: number, ownerId?: number) {
  const spec = subscriptionSpec(now);
  const where = whereOf(query, spec, [ownerId ? eq(suscripciones.userId, ownerId) : undefined]);
  const { data, total } = await paginate(
    db,
    db
      .select({
        id: suscripciones.id,
        user_id: suscripciones.userId,
        user_name: users.userName,
        email: users.email,
        tipo_suscripcion_id: suscripciones.tipoSuscripcionId,
        tipo: tipossuscripciones.nombre,
        duracion_meses: tipossuscripciones.duracionMeses,
        compra_id: suscripciones.compraId,
        estado: subscriptionState(now),
        fecha_inicio: suscripciones.fechaInicio,
        fecha_fin: suscripciones.fechaFin,
        created_at: suscripciones.createdAt,
      })
      .from(suscripciones)
      .innerJoin(tipossuscripciones, eq(tipossuscripciones.id, suscripciones.tipoSuscripcionId))
      .innerJoin(users, eq(users.id, suscripciones.userId))
      .where(where)
      .orderBy(...orderOf(query, spec, suscripciones.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(suscripciones)
      .innerJoin(tipossuscripciones, eq(tipossuscripciones.id, suscripciones.tipoSuscripcionId))
      .innerJoin(users, eq(users.id, suscripciones.userId))
      .where(where),
  );
  return { data, total };
}

/** Start and end of a subscription approved at `at`: from `at`, or from the end of the running one. */
export async function periodOf(
  db: Db,
  sub: { userId: number; tipoSuscripcionId: number; compraId: number },
  at: number,
) {
  const [type, line, running] = await Promise.all([
    db
      .select({ meses: tipossuscripciones.duracionMeses })
      .from(tipossuscripciones)
      .where(eq(tipossuscripciones.id, sub.tipoSuscripcionId))
      .get(),
    db
      .select({ cantidad: compraLineas.cantidad })
      .from(compraLineas)
      .where(
        and(
          eq(compraLineas.compraId, sub.compraId),
          eq(compraLineas.tipoSuscripcionId, sub.tipoSuscripcionId),
        ),
      )
      .get(),
    db
      .select({ fin: max(suscripciones.fechaFin) })
      .from(suscripciones)
      .where(
        and(
          // Any plan still running, of any type (decision 0465): plans never run in parallel.
          eq(suscripciones.userId, sub.userId),
          eq(suscripciones.estado, STATE.APROBADO),
          gt(suscripciones.fechaFin, at),
        ),
      )
      .get(),
  ]);
  const start = Math.max(at, running?.fin ?? 0);
  return { fechaInicio: start, fechaFin: addMonths(start, (type?.meses ?? 1) * (line?.cantidad ?? 1)) };
}

/** Called when a purchase becomes PAGADO: each of its PENDIENTE subscriptions becomes APROBADO. */
export async function activateSubscriptions(
  db: Db,
  compraId: number,
  paidAt: number,
  actorId: number | null,
  /** The bulk action that paid the purchase: the subscriptions' history rows carry it too. */
  lote?: string,
  /** Who paid it, from where (the activity rows' IP and browser, as the purchase's own). */
  actor?: Actor,
) {
  const pending = await db
    .select()
    .from(suscripciones)
    .where(and(eq(suscripciones.compraId, compraId), eq(suscripciones.estado, STATE.PENDIENTE)))
    .orderBy(suscripciones.id);
  for (const sub of pending) {
    const period = await periodOf(db, sub, paidAt);
    try {
      await changeState(db, {
        entity: 'suscripcion',
        table: suscripciones,
        idColumn: suscripciones.id,
        stateColumn: suscripciones.estado,
        id: sub.id,
        to: STATE.APROBADO,
        comentario: `Compra #${compraId} pagada`,
        actorId,
        actor,
        at: paidAt,
        set: { ...period, updatedAt: paidAt },
        notify: { userId: sub.userId, titulo: 'Suscripción activada' },
        lote,
      });
    } catch (err) {
      // Changed by someone else meanwhile (e.g. refused by an administrator): leave it be.
      if (!(err instanceof Error && 'status' in err && (err as { status: number }).status === 409)) throw err;
    }
  }
  return pending.length;
}

/** Called when a paid purchase is annulled (refund): its approved subscriptions end. */
export async function revokeSubscriptions(
  db: Db,
  compraId: number,
  at: number,
  actorId: number | null,
  actor?: Actor,
) {
  const active = await db
    .select()
    .from(suscripciones)
    .where(and(eq(suscripciones.compraId, compraId), eq(suscripciones.estado, STATE.APROBADO)));
  for (const sub of active) {
    await changeState(db, {
      entity: 'suscripcion',
      table: suscripciones,
      idColumn: suscripciones.id,
      stateColumn: suscripciones.estado,
      id: sub.id,
      to: STATE.NO_APROBADO,
      comentario: `Pago de la compra #${compraId} reversado`,
      actorId,
      actor,
      at,
      set: { updatedAt: at },
      notify: { userId: sub.userId, titulo: 'Suscripción cancelada' },
    });
  }
  return active.length;
}

/**
 * When a plan bought now would start (decision 0465): the end of the member's latest running plan,
 * or null when none runs (it starts on payment). What periodOf applies once the purchase is paid.
 */
export async function runningPlanEnd(db: Db, userId: number, at: number): Promise<number | null> {
  const row = await db
    .select({ fin: max(suscripciones.fechaFin) })
    .from(suscripciones)
    .where(
      and(
        eq(suscripciones.userId, userId),
        eq(suscripciones.estado, STATE.APROBADO),
        gt(suscripciones.fechaFin, at),
      ),
    )
    .get();
  return row?.fin ?? null;
}
