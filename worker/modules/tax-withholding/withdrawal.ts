// The right of withdrawal (Ley 1480 de 2011, art. 47; decision 0449): within 5 business days of a
// purchase's payment (the Colombian calendar of worker/shared/business-days.ts) its owner asks for
// it with a reason; the request waits in the administrators' queue; approving it annuls the
// purchase through the one annulment path (worker/modules/shop: history, notification, the
// subscriptions ended, the next settlement's REEMBOLSO lines, and the credit note of the invoice
// once invoicing joins that path) and records the refund. After the 5 days: 422.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { compras, retractos, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { conflict, HttpError, notFound } from '../../platform/errors';
import { offsetOf, orderOf, parseListQuery, whereOf, type ListSpec } from '../../platform/list-query';
import { paginate } from '../../platform/paginate';
import { runAudited, type Actor, type Audited } from '../../platform/audit';
import { changeState } from '../../platform/state-change';
import { dueDate, withinBusinessDays } from '../../shared/business-days';
import type { State } from '../../shared/workflow';
import { STATE, WITHDRAWAL } from '../../shared/workflow';
import { RETRACTO_MSG, WITHDRAWAL_DAYS } from '../../shared/withholding';
import { annulPurchase } from '../shop';

export const WITHDRAWAL_AUDITED: Audited = { entity: 'retracto', table: retractos };

/** `2026-12-09` → `09/12/2026`, as the refusal names the last day. */
const dayLabel = (d: string) => d.split('-').reverse().join('/');

/** The purchase's withdrawal window: the last Bogotá day, and whether `now` is still inside it. */
export function withdrawalWindow(pagadoAt: number | null, now: number) {
  if (pagadoAt == null) return { limite: null, disponible: false };
  return {
    limite: dueDate(pagadoAt, WITHDRAWAL_DAYS),
    disponible: withinBusinessDays(pagadoAt, WITHDRAWAL_DAYS, now),
  };
}

const ownPurchase = (db: Db, compraId: number, userId: number) =>
  db
    .select({ id: compras.id, estado: compras.estado, pagadoAt: compras.pagadoAt, total: compras.total })
    .from(compras)
    .where(and(eq(compras.id, compraId), eq(compras.userId, userId)))
    .get();

const latestOf = (db: Db, compraId: number) =>
  db
    .select()
    .from(retractos)
    .where(eq(retractos.compraId, compraId))
    .orderBy(desc(retractos.id))
    .limit(1)
    .get();

const shapeRequest = (r: typeof retractos.$inferSelect) => ({
  id: r.id,
  compra_id: r.compraId,
  motivo: r.motivo,
  estado: r.estado,
  limite: r.limite,
  reembolso: r.reembolso,
  reembolso_at: r.reembolsoAt,
  comentario: r.comentario,
  created_at: r.createdAt,
  decidido_at: r.decididoAt,
});

/** What the member's purchase screen shows: the window and the latest request, if any. */
export async function withdrawalOf(db: Db, compraId: number, userId: number, now: number) {
  const compra = await ownPurchase(db, compraId, userId);
  if (!compra) throw notFound();
  const last = await latestOf(db, compraId);
  const window = withdrawalWindow(compra.estado === STATE.PAGADO ? compra.pagadoAt : null, now);
  return {
    ...window,
    disponible: window.disponible && last?.estado !== STATE.PENDIENTE,
    solicitud: last ? shapeRequest(last) : null,
  };
}

/** The member's request: 201, or 422 after the 5 business days, 409 when not paid or already asked. */
export async function requestWithdrawal(
  db: Db,
  compraId: number,
  motivo: string,
  actor: Actor & { userId: number },
) {
  const compra = await ownPurchase(db, compraId, actor.userId);
  if (!compra) throw notFound();
  if (compra.estado !== STATE.PAGADO || compra.pagadoAt == null) throw conflict(RETRACTO_MSG.notPaid);
  const limite = dueDate(compra.pagadoAt, WITHDRAWAL_DAYS);
  if (!withinBusinessDays(compra.pagadoAt, WITHDRAWAL_DAYS, actor.at))
    throw new HttpError(422, RETRACTO_MSG.expired(dayLabel(limite)));
  try {
    await runAudited(db, {
      audited: WITHDRAWAL_AUDITED,
      id: 'new',
      action: 'crear',
      actor,
      write:
        db.run(sql`insert into ${retractos} (compra_id, user_id, motivo, estado, limite, created_at, updated_at)
        select ${compraId}, ${actor.userId}, ${motivo}, 'PENDIENTE', ${limite}, ${actor.at}, ${actor.at}
        where not exists (select 1 from ${retractos} where compra_id = ${compraId} and estado = 'PENDIENTE')`),
    });
  } catch (err) {
    // The guarded insert wrote nothing: a request is already waiting.
    if ((await latestOf(db, compraId))?.estado === STATE.PENDIENTE) throw conflict(RETRACTO_MSG.pending);
    throw err;
  }
  return shapeRequest((await latestOf(db, compraId))!);
}

/**
 * The administrator's decision. APROBADO: the request moves first (conditional on PENDIENTE, so a
 * second approval is a 409 and annuls nothing), with the refund recorded (the purchase's total),
 * then the purchase is annulled through the shop's path, unless it was annulled meanwhile.
 */
export async function decideWithdrawal(
  db: Db,
  id: number,
  body: { estado: State; comentario?: string | null },
  actor: Actor & { userId: number },
) {
  const row = await db
    .select({ r: retractos, total: compras.total, compraEstado: compras.estado })
    .from(retractos)
    .innerJoin(compras, eq(compras.id, retractos.compraId))
    .where(eq(retractos.id, id))
    .get();
  if (!row) throw notFound();
  const { r } = row;
  const approve = body.estado === STATE.APROBADO;
  const comentario = body.comentario?.trim() || null;
  await changeState(db, {
    entity: 'retracto',
    table: retractos,
    idColumn: retractos.id,
    stateColumn: retractos.estado,
    id,
    to: body.estado,
    comentario,
    transitions: WITHDRAWAL,
    actorId: actor.userId,
    actor,
    at: actor.at,
    set: {
      decididoPor: actor.userId,
      decididoAt: actor.at,
      comentario,
      updatedAt: actor.at,
      ...(approve ? { reembolso: row.total, reembolsoAt: actor.at } : {}),
    },
    notify: {
      userId: r.userId,
      titulo: `Retracto de la compra #${r.compraId}`,
      mensaje: approve
        ? `Aprobamos tu solicitud de retracto de la compra #${r.compraId}: la compra fue anulada y se registró el reembolso.`
        : `Tu solicitud de retracto de la compra #${r.compraId} fue rechazada.${comentario ? ` Motivo: ${comentario}` : ''}`,
    },
  });
  if (approve && row.compraEstado === STATE.PAGADO)
    await annulPurchase(
      db,
      { id: r.compraId, userId: r.userId },
      {
        at: actor.at,
        actorId: actor.userId,
        actor,
        motivo: `Derecho de retracto (Ley 1480 de 2011, art. 47): ${r.motivo}`,
      },
    );
  return shapeRequest((await db.select().from(retractos).where(eq(retractos.id, id)).get())!);
}

const queueSpec: ListSpec = {
  sorts: {
    id: retractos.id,
    created_at: retractos.createdAt,
    estado: retractos.estado,
    user_name: users.userName,
  },
  filters: {
    estado: { kind: 'eq', column: retractos.estado },
    user_name: { kind: 'text', column: users.userName },
  },
  defaultSort: { key: 'id', dir: 'asc' },
};

/** The administrators' queue (PENDIENTE first by default on the screen). */
export async function withdrawalQueue(db: Db, q: Record<string, string | undefined>) {
  const query = parseListQuery(q, queueSpec);
  const where = whereOf(query, queueSpec);
  const { data, total } = await paginate(
    db,
    db
      .select({
        id: retractos.id,
        compra_id: retractos.compraId,
        user_id: retractos.userId,
        user_name: users.userName,
        total: compras.total,
        pagado_at: compras.pagadoAt,
        compra_estado: compras.estado,
        motivo: retractos.motivo,
        estado: retractos.estado,
        limite: retractos.limite,
        reembolso: retractos.reembolso,
        comentario: retractos.comentario,
        created_at: retractos.createdAt,
      })
      .from(retractos)
      .innerJoin(users, eq(users.id, retractos.userId))
      .innerJoin(compras, eq(compras.id, retractos.compraId))
      .where(where)
      .orderBy(...orderOf(query, queueSpec, retractos.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(retractos)
      .innerJoin(users, eq(users.id, retractos.userId))
      .where(where),
  );
  return { data, total };
}
