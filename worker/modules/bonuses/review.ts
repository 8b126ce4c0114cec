// Money-out settings, manual adjustments (two-person rule) and close with review
// (decisions 0220–0223). Every write goes through the accountability layer in one batch:
// the change, its activity row and revision, and its history row.
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  ajustesBonificacion,
  cicloBonificacionUser,
  ciclosBonificacion,
  notificaciones,
  parametrosBonificacion,
  stateHistory,
  users,
} from '../../db/schema';
import {
  bumpVersion,
  runAudited,
  versionWhere,
  type Actor,
  type Audited,
  versionedEdit,
} from '../../platform/audit';
import type { Db } from '../../platform/db';
import { inHandsOf, sameHands } from '../../platform/two-person';
import { conflict, HttpError, invalidField, notFound } from '../../platform/errors';
import {
  adjustmentBlock,
  DEFAULT_MIN_PAYOUT,
  MONEY_OUT_MESSAGES,
  payoutsAllowed,
} from '../../shared/money-out';
import { pesos } from '../../shared/money-out';
import { STATE } from '../../shared/workflow';

export const SETTINGS_AUDITED: Audited = { entity: 'parametros_bonificacion', table: parametrosBonificacion };
export const ADJUSTMENT_AUDITED: Audited = { entity: 'ajuste_bonificacion', table: ajustesBonificacion };
export const ROW_AUDITED: Audited = { entity: 'ciclo_bonificacion_user', table: cicloBonificacionUser };
export const CYCLE_AUDITED: Audited = { entity: 'ciclo_bonificacion', table: ciclosBonificacion };

const refuse = (key: keyof typeof MONEY_OUT_MESSAGES) => conflict(MONEY_OUT_MESSAGES[key]);
const sameAuthor = () => new HttpError(403, MONEY_OUT_MESSAGES.mismoAutor);
/** An account the author created or administers counts as the author (decision 0345). */
const authorsAccount = () => new HttpError(403, MONEY_OUT_MESSAGES.cuentaDelAutor);
/** Nobody registers, approves or rejects an adjustment to his own bonuses (four eyes on money to oneself). */
const ownBonuses = () => new HttpError(403, MONEY_OUT_MESSAGES.propio);

/** "Nombres Apellidos (usuario)": how a history comment names a person. */
const nameOf = (u: { nombres: string | null; apellidos: string | null; userName: string } | undefined) =>
  u ? `${`${u.nombres ?? ''} ${u.apellidos ?? ''}`.trim() || u.userName} (${u.userName})` : 'desconocido';

// ── settings ──

/** The settings row (id 1, seeded by the migration; its defaults if it were ever missing). */
export async function readSettings(db: Db) {
  const row = await db.select().from(parametrosBonificacion).where(eq(parametrosBonificacion.id, 1)).get();
  return {
    minimo_pago: row?.minimoPago ?? DEFAULT_MIN_PAYOUT,
    aprobacion_cierre: row?.aprobacionCierre ?? false,
    version: row?.version ?? 1,
    updated_at: row?.updatedAt ?? null,
  };
}

export async function saveSettings(
  db: Db,
  body: { minimo_pago: number; aprobacion_cierre: boolean; version?: number },
  actor: Actor,
) {
  await runAudited(
    db,
    versionedEdit(
      db,
      SETTINGS_AUDITED,
      1,
      {
        minimoPago: body.minimo_pago,
        aprobacionCierre: body.aprobacion_cierre,
        updatedAt: actor.at,
        updatedBy: actor.userId,
      },
      { version: body.version, actor },
    ),
  );
  return readSettings(db);
}

// ── adjustments ──

const autor = alias(users, 'autor');
const decisor = alias(users, 'decisor');
const miembro = alias(users, 'miembro');
type Person = { nombres: SQLiteColumn; apellidos: SQLiteColumn; userName: SQLiteColumn };
const fullName = (u: Person) =>
  sql<string>`trim(${u.nombres} || ' ' || ${u.apellidos}) || ' (' || ${u.userName} || ')'`;

/** A cycle's adjustments, newest first, with the member, both names and the row's state. */
export async function cycleAdjustments(db: Db, cicloId: number, viewerId: number) {
  const rows = await db
    .select({
      id: ajustesBonificacion.id,
      ciclo_user_id: ajustesBonificacion.cicloUserId,
      user_id: ajustesBonificacion.userId,
      user_name: miembro.userName,
      monto: ajustesBonificacion.monto,
      motivo: ajustesBonificacion.motivo,
      estado: ajustesBonificacion.estado,
      creado_por: ajustesBonificacion.creadoPor,
      creado_por_nombre: fullName(autor),
      creado_at: ajustesBonificacion.creadoAt,
      decidido_por_nombre: sql<
        string | null
      >`case when ${decisor.id} is null then null else ${fullName(decisor)} end`,
      decidido_at: ajustesBonificacion.decididoAt,
      comentario: ajustesBonificacion.comentario,
      version: ajustesBonificacion.version,
      fila_estado: cicloBonificacionUser.estado,
      fila_arrastrada: sql<number>`${cicloBonificacionUser.arrastradoA} is not null`,
      fila_en_lote: sql<number>`${cicloBonificacionUser.loteId} is not null`,
      fila_total: cicloBonificacionUser.total,
      // The viewer is the author or an account in his hands (decision 0345): no «Aprobar».
      del_autor: sql<number>`${inHandsOf(ajustesBonificacion.creadoPor, viewerId)}`,
    })
    .from(ajustesBonificacion)
    .innerJoin(miembro, eq(miembro.id, ajustesBonificacion.userId))
    .innerJoin(autor, eq(autor.id, ajustesBonificacion.creadoPor))
    .leftJoin(decisor, eq(decisor.id, ajustesBonificacion.decididoPor))
    .innerJoin(cicloBonificacionUser, eq(cicloBonificacionUser.id, ajustesBonificacion.cicloUserId))
    .where(eq(ajustesBonificacion.cicloId, cicloId))
    .orderBy(desc(ajustesBonificacion.id))
    .limit(500);
  return rows.map(({ fila_estado, fila_arrastrada, fila_en_lote, del_autor, ...r }) => {
    const block = adjustmentBlock({
      estado: fila_estado,
      arrastradoA: fila_arrastrada ? 1 : null,
      loteId: fila_en_lote ? 1 : null,
    });
    return {
      ...r,
      propio: Boolean(del_autor),
      /** The viewer is the member credited or debited: he decides neither way. */
      beneficiario: r.user_id === viewerId,
      // Why this pending adjustment cannot be approved now (its row was paid, carried or batched).
      bloqueo: r.estado === STATE.PENDIENTE && block ? MONEY_OUT_MESSAGES[block] : null,
    };
  });
}

async function cycleOf(db: Db, cicloId: number) {
  const cycle = await db.select().from(ciclosBonificacion).where(eq(ciclosBonificacion.id, cicloId)).get();
  if (!cycle) throw notFound();
  return cycle;
}

/**
 * Records a PENDIENTE adjustment on the member's row of a settled cycle (decision 0221: only an
 * existing row; a member without one in the cycle is refused, no row is created). Nothing moves
 * until a second administrator approves it.
 */
export async function createAdjustment(
  db: Db,
  cicloId: number,
  body: { usuario: string; monto: number; motivo: string },
  actor: Actor & { userId: number },
) {
  const cycle = await cycleOf(db, cicloId);
  if (cycle.estado !== STATE.LIQUIDADO) throw refuse('cicloNoLiquidado');
  const member = await db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${body.usuario})`)
    .get();
  if (!member) throw invalidField('usuario', 'No existe un usuario con ese nombre de usuario');
  if (member.id === actor.userId) throw ownBonuses();
  const row = await db
    .select()
    .from(cicloBonificacionUser)
    .where(and(eq(cicloBonificacionUser.cicloId, cicloId), eq(cicloBonificacionUser.userId, member.id)))
    .get();
  if (!row) throw invalidField('usuario', MONEY_OUT_MESSAGES.sinFila);
  const block = adjustmentBlock(row);
  if (block) throw refuse(block);
  const [inserted] = await runAudited<[{ id: number }[]]>(db, {
    audited: ADJUSTMENT_AUDITED,
    id: 'new',
    action: 'crear',
    actor,
    write: db
      .insert(ajustesBonificacion)
      .values({
        cicloUserId: row.id,
        cicloId,
        userId: member.id,
        monto: body.monto,
        motivo: body.motivo,
        estado: STATE.PENDIENTE,
        creadoPor: actor.userId,
        creadoAt: actor.at,
      })
      .returning({ id: ajustesBonificacion.id }),
    history: {
      entity: 'ajuste_bonificacion',
      from: null,
      to: STATE.PENDIENTE,
      comentario: `${pesos(body.monto)} en el ciclo ${cycle.clave} de ${member.userName}: ${body.motivo}`,
    },
  });
  return inserted[0]!.id;
}

async function adjustmentOf(db: Db, id: number) {
  const a = await db
    .select({
      adj: ajustesBonificacion,
      clave: ciclosBonificacion.clave,
      row: {
        estado: cicloBonificacionUser.estado,
        arrastradoA: cicloBonificacionUser.arrastradoA,
        loteId: cicloBonificacionUser.loteId,
      },
      member: users.userName,
    })
    .from(ajustesBonificacion)
    .innerJoin(ciclosBonificacion, eq(ciclosBonificacion.id, ajustesBonificacion.cicloId))
    .innerJoin(cicloBonificacionUser, eq(cicloBonificacionUser.id, ajustesBonificacion.cicloUserId))
    .innerJoin(users, eq(users.id, ajustesBonificacion.userId))
    .where(eq(ajustesBonificacion.id, id))
    .get();
  if (!a) throw notFound();
  return a;
}

/** Why an adjustment cannot be decided by this person now (checked again inside the batch). */
async function decisionRefusal(db: Db, id: number, deciderId: number, approving: boolean) {
  const a = await adjustmentOf(db, id);
  if (a.adj.estado !== STATE.PENDIENTE) return refuse('ajusteDecidido');
  if (a.adj.userId === deciderId) return ownBonuses();
  if (approving && a.adj.creadoPor === deciderId) return sameAuthor();
  if (approving && (await sameHands(db, a.adj.creadoPor, deciderId))) return authorsAccount();
  const block = approving ? adjustmentBlock(a.row) : null;
  return block ? refuse(block) : null;
}

/** The row can still take the adjustment: unpaid, not carried, not in a batch. */
const rowOpen = sql`estado = 'NO_PAGADO' and arrastrado_a is null and lote_id is null`;

/** `retencion` and `neto` of a row after an approved adjustment of `monto` cents (decision 0448's rounding). */
function adjustedWithholding(monto: number) {
  const r = cicloBonificacionUser;
  const after = sql`case when ${r.bonos} + ${r.ajustes} + ${monto} > 0 then ((${r.bonos} + ${r.ajustes} + ${monto}) * ${r.retencionTasa} + 500000) / 1000000 * 100 else 0 end`;
  return { retencion: after, neto: sql`${r.neto} + ${monto} + ${r.retencion} - ${after}` };
}

/**
 * Approves a PENDIENTE adjustment: its state, the row's `ajustes` and `total`, both activity rows
 * and revisions, the history entry naming author and approver, and the member's notification, in
 * one batch. Every condition (pending, another person, the row still open, the version) sits in
 * the updates' WHERE, so a race loses the whole batch, never half of it.
 */
export async function approveAdjustment(
  db: Db,
  id: number,
  body: { comentario: string | null; version?: number },
  actor: Actor & { userId: number },
) {
  const refusal = await decisionRefusal(db, id, actor.userId, true);
  if (refusal) throw refusal;
  const { adj, clave, member } = await adjustmentOf(db, id);
  const [author, approver] = await Promise.all(
    [adj.creadoPor, actor.userId].map((uid) =>
      db
        .select({ nombres: users.nombres, apellidos: users.apellidos, userName: users.userName })
        .from(users)
        .where(eq(users.id, uid))
        .get(),
    ),
  );
  const comentario = `${pesos(adj.monto)} en el ciclo ${clave} de ${member}. Registró: ${nameOf(author)}. Aprobó: ${nameOf(approver)}.${body.comentario ? ` ${body.comentario}` : ''}`;
  try {
    // Two writes in one batch (decision 0310): the adjustment's decision, with its history row, and
    // the member's row it moves, with the member's notification.
    await runAudited(db, [
      {
        audited: ADJUSTMENT_AUDITED,
        id,
        action: 'estado',
        actor,
        write: db
          .update(ajustesBonificacion)
          .set({
            estado: STATE.APROBADO,
            decididoPor: actor.userId,
            decididoAt: actor.at,
            comentario: body.comentario,
            version: bumpVersion,
          })
          .where(
            sql`${versionWhere(ADJUSTMENT_AUDITED, id, body.version)} and estado = 'PENDIENTE' and not ${inHandsOf(ajustesBonificacion.creadoPor, actor.userId)} and user_id <> ${actor.userId}
            and exists (select 1 from ${cicloBonificacionUser} r where r.id = ${adj.cicloUserId}
              and r.estado = 'NO_PAGADO' and r.arrastrado_a is null and r.lote_id is null)`,
          ),
        history: { entity: 'ajuste_bonificacion', from: STATE.PENDIENTE, to: STATE.APROBADO, comentario },
      },
      {
        audited: ROW_AUDITED,
        id: adj.cicloUserId,
        action: 'editar',
        actor,
        // The row's earlier revisions are its only history here: no baseline (as before 0310).
        baseline: false,
        write: db
          .update(cicloBonificacionUser)
          .set({
            ajustes: sql`${cicloBonificacionUser.ajustes} + ${adj.monto}`,
            total: sql`${cicloBonificacionUser.total} + ${adj.monto}`,
            // The row's withholding on its new income moves with it, at the rate the row was settled
            // with (decision 0447); the net moves by the adjustment less the change in withholding.
            ...adjustedWithholding(adj.monto),
            version: bumpVersion,
          })
          .where(sql`${cicloBonificacionUser.id} = ${adj.cicloUserId} and ${rowOpen}`),
        then: [
          db.insert(notificaciones).values({
            userId: adj.userId,
            titulo: 'Ajuste en tus bonos',
            mensaje: `Se aplicó un ajuste de ${pesos(adj.monto)} a tus bonos del ciclo ${clave}: ${adj.motivo}`,
            entity: 'ciclo_bonificacion_user',
            entityId: adj.cicloUserId,
            createdAt: actor.at,
          }),
        ],
      },
    ]);
  } catch (err) {
    // Lost a race: say what changed (decided meanwhile, the row paid, carried or batched).
    if (err instanceof HttpError && err.status === 409)
      throw (await decisionRefusal(db, id, actor.userId, true)) ?? err;
    throw err;
  }
}

/** Rejects a PENDIENTE adjustment with a reason (its author may withdraw his own: nothing moves). */
export async function rejectAdjustment(
  db: Db,
  id: number,
  body: { comentario: string; version?: number },
  actor: Actor & { userId: number },
) {
  const refusal = await decisionRefusal(db, id, actor.userId, false);
  if (refusal) throw refusal;
  const { adj, clave, member } = await adjustmentOf(db, id);
  try {
    await runAudited(db, {
      audited: ADJUSTMENT_AUDITED,
      id: id,
      action: 'estado',
      actor,
      write: db
        .update(ajustesBonificacion)
        .set({
          estado: STATE.RECHAZADO,
          decididoPor: actor.userId,
          decididoAt: actor.at,
          comentario: body.comentario,
          version: bumpVersion,
        })
        .where(
          sql`${versionWhere(ADJUSTMENT_AUDITED, id, body.version)} and estado = 'PENDIENTE' and user_id <> ${actor.userId}`,
        ),
      history: {
        entity: 'ajuste_bonificacion',
        from: STATE.PENDIENTE,
        to: STATE.RECHAZADO,
        comentario: `${pesos(adj.monto)} en el ciclo ${clave} de ${member}: ${body.comentario}`,
        userId: actor.userId,
        at: actor.at,
      },
    });
  } catch (err) {
    if (err instanceof HttpError && err.status === 409)
      throw (await decisionRefusal(db, id, actor.userId, false)) ?? err;
    throw err;
  }
}

// ── close with review ──

/** Who ran the settlement that closed the cycle (its LIQUIDADO history row), when known. */
async function settledBy(db: Db, cicloId: number): Promise<number | null> {
  const h = await db
    .select({ userId: stateHistory.userId })
    .from(stateHistory)
    .where(
      and(
        eq(stateHistory.entity, 'ciclo_bonificacion'),
        eq(stateHistory.entityId, cicloId),
        eq(stateHistory.toState, STATE.LIQUIDADO),
      ),
    )
    .orderBy(desc(stateHistory.id))
    .get();
  return h?.userId ?? null;
}

const aprobador = alias(users, 'aprobador');

/** The cycle's review state: whether approval is needed, who approved, whether payouts may go. */
export async function cycleReview(db: Db, cicloId: number) {
  const [cycle, settings, runner, pending] = await Promise.all([
    db
      .select({
        id: ciclosBonificacion.id,
        clave: ciclosBonificacion.clave,
        estado: ciclosBonificacion.estado,
        aprobadoAt: ciclosBonificacion.aprobadoAt,
        aprobado_por_nombre: sql<
          string | null
        >`case when ${aprobador.id} is null then null else ${fullName(aprobador)} end`,
      })
      .from(ciclosBonificacion)
      .leftJoin(aprobador, eq(aprobador.id, ciclosBonificacion.aprobadoPor))
      .where(eq(ciclosBonificacion.id, cicloId))
      .get(),
    readSettings(db),
    settledBy(db, cicloId),
    db
      .select({ n: sql<number>`count(*)` })
      .from(ajustesBonificacion)
      .where(and(eq(ajustesBonificacion.cicloId, cicloId), eq(ajustesBonificacion.estado, STATE.PENDIENTE)))
      .get(),
  ]);
  if (!cycle) throw notFound();
  return {
    ciclo_id: cycle.id,
    clave: cycle.clave,
    estado: cycle.estado,
    aprobacion_requerida: settings.aprobacion_cierre,
    aprobado_por_nombre: cycle.aprobado_por_nombre,
    aprobado_at: cycle.aprobadoAt,
    liquidado_por: runner,
    pagos_habilitados: payoutsAllowed(cycle, settings.aprobacion_cierre),
    ajustes_pendientes: pending?.n ?? 0,
  };
}

/** A second administrator approves a settled cycle (not the one who ran its settlement, when known). */
export async function approveCycle(
  db: Db,
  cicloId: number,
  comentario: string | null,
  actor: Actor & { userId: number },
) {
  const cycle = await cycleOf(db, cicloId);
  if (cycle.estado !== STATE.LIQUIDADO) throw refuse('cicloNoLiquidado');
  if (cycle.aprobadoAt != null) throw refuse('cicloAprobado');
  const runner = await settledBy(db, cicloId);
  if (runner === actor.userId) throw new HttpError(403, MONEY_OUT_MESSAGES.mismoLiquidador);
  if (runner !== null && (await sameHands(db, runner, actor.userId)))
    throw new HttpError(403, MONEY_OUT_MESSAGES.cuentaDelLiquidador);
  try {
    await runAudited(db, {
      audited: CYCLE_AUDITED,
      id: cicloId,
      action: 'estado',
      actor,
      write: db
        .update(ciclosBonificacion)
        .set({ aprobadoPor: actor.userId, aprobadoAt: actor.at })
        .where(
          and(
            eq(ciclosBonificacion.id, cicloId),
            eq(ciclosBonificacion.estado, STATE.LIQUIDADO),
            sql`${ciclosBonificacion.aprobadoAt} is null`,
          ),
        ),
      history: {
        entity: 'ciclo_bonificacion',
        from: STATE.LIQUIDADO,
        to: STATE.APROBADO,
        comentario: `${cycle.clave}${comentario ? `: ${comentario}` : ''}`,
        userId: actor.userId,
        at: actor.at,
      },
    });
  } catch (err) {
    if (err instanceof HttpError && err.status === 409) throw refuse('cicloAprobado');
    throw err;
  }
}

// ── comparison with the previous cycle ──

/**
 * This settled cycle against the previous settled one: members and totals of both, members new
 * and gone, and the `top` largest changes per member by absolute change of `total`. Set-based
 * SQL driven by the (cycle, user) unique index; the sorter keeps only `top` rows.
 */
export async function cycleComparison(db: Db, cicloId: number, top: number) {
  const cycle = await cycleOf(db, cicloId);
  const prev = await db
    .select({ id: ciclosBonificacion.id, clave: ciclosBonificacion.clave })
    .from(ciclosBonificacion)
    .where(
      and(eq(ciclosBonificacion.estado, STATE.LIQUIDADO), sql`${ciclosBonificacion.clave} < ${cycle.clave}`),
    )
    .orderBy(desc(ciclosBonificacion.clave))
    .get();
  const a = cycle.id;
  const b = prev?.id ?? -1;
  const cbu = cicloBonificacionUser;
  // One pass: every member of either cycle (this cycle's rows joined to the previous one's by the
  // unique index, then the previous cycle's members gone from this one), the sums over all of them
  // as window aggregates, and only the `top` largest changes kept by the sorter.
  const rows = await db.all<{
    user_id: number;
    user_name: string;
    nombres: string;
    apellidos: string;
    actual: number | null;
    anterior: number | null;
    miembros_a: number;
    miembros_b: number;
    total_a: number | null;
    total_b: number | null;
    nuevos: number;
    salientes: number;
  }>(sql`
    with d as (
      select x.user_id, x.total actual, y.total anterior from ${cbu} x
        left join ${cbu} y on y.ciclo_id = ${b} and y.user_id = x.user_id
        where x.ciclo_id = ${a}
      union all
      select y.user_id, null, y.total from ${cbu} y
        where y.ciclo_id = ${b} and not exists (select 1 from ${cbu} x where x.ciclo_id = ${a} and x.user_id = y.user_id)
    ),
    top as (
      select user_id, actual, anterior,
        count(actual) over w miembros_a, count(anterior) over w miembros_b,
        sum(actual) over w total_a, sum(anterior) over w total_b,
        sum(anterior is null) over w nuevos, sum(actual is null) over w salientes
      from d window w as ()
      order by abs(coalesce(actual, 0) - coalesce(anterior, 0)) desc, user_id limit ${top}
    )
    select top.*, u.user_name, u.nombres, u.apellidos from top join ${users} u on u.id = top.user_id
    order by abs(coalesce(top.actual, 0) - coalesce(top.anterior, 0)) desc, top.user_id`);
  const head = rows[0];
  // With no previous cycle there is nothing to compare a member with.
  const changes = prev ? rows.filter((r) => r.actual !== r.anterior) : [];
  return {
    ciclo: { id: cycle.id, clave: cycle.clave, miembros: head?.miembros_a ?? 0, total: head?.total_a ?? 0 },
    anterior: prev
      ? { id: prev.id, clave: prev.clave, miembros: head?.miembros_b ?? 0, total: head?.total_b ?? 0 }
      : null,
    // Members with a row in this cycle and none in the previous one, and the other way round.
    nuevos: head?.nuevos ?? 0,
    salientes: head?.salientes ?? 0,
    cambios: changes.map((r) => ({
      user_id: r.user_id,
      user_name: r.user_name,
      nombre: `${r.nombres} ${r.apellidos}`.trim(),
      actual: r.actual ?? 0,
      anterior: r.anterior ?? 0,
      cambio: (r.actual ?? 0) - (r.anterior ?? 0),
      nuevo: r.anterior === null,
      saliente: r.actual === null,
    })),
  };
}
