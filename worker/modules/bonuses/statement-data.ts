// The member statement of one member-cycle row (docs/decisions/0230): its head
// (member, document, cycle, state, the row's sums, paid date and reference), the cycles its saldo
// anterior came from, its approved adjustments, and its lines a page at a time. The screen (JSON),
// the PDF and the Excel all read through here, so they print the same numbers.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import {
  ajustesBonificacion,
  cicloBonificacionUser,
  cicloBonificacionUserReferido,
  ciclosBonificacion,
  tiposidentificacion,
  users,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { readPersonalField, type PersonalDataReader } from '../../platform/personal-data';
import { referenceFor } from '../../shared/payment-reference';
import { STATE } from '../../shared/workflow';
import { MEMBER_OF_ROW_COLUMNS } from '../../platform/member-columns';

/** Who asks: the row's member sees his own only; a holder of the bonus permission sees any. */
export type StatementViewer = PersonalDataReader & { userId: number; admin: boolean };

const referido = alias(users, 'referido');
const autor = alias(users, 'autor');
const aprobador = alias(users, 'aprobador');
const origen = alias(cicloBonificacionUser, 'origen');
const origenCiclo = alias(ciclosBonificacion, 'origen_ciclo');

const fullName = (nombres: string, apellidos: string, userName: string) =>
  `${nombres} ${apellidos}`.trim() || userName;

/**
 * The statement's head, or 404 when the row does not exist or belongs to another member and the
 * viewer is not an administrator (the same answer: another member learns nothing).
 */
export async function statementHead(db: Db, rowId: number, viewer: StatementViewer) {
  const row = await db
    .select({
      id: cicloBonificacionUser.id,
      ciclo_id: cicloBonificacionUser.cicloId,
      clave: ciclosBonificacion.clave,
      ciclo_estado: ciclosBonificacion.estado,
      ...MEMBER_OF_ROW_COLUMNS,
      tipo_documento: tiposidentificacion.codigo,
      documento: users.numeroIdentificacion,
      estado: cicloBonificacionUser.estado,
      bonos: cicloBonificacionUser.bonos,
      saldo_anterior: cicloBonificacionUser.saldoAnterior,
      ajustes: cicloBonificacionUser.ajustes,
      total: cicloBonificacionUser.total,
      retencion: cicloBonificacionUser.retencion,
      retencion_tasa: cicloBonificacionUser.retencionTasa,
      neto: cicloBonificacionUser.neto,
      lineas: cicloBonificacionUser.lineas,
      arrastrado_a: cicloBonificacionUser.arrastradoA,
      pagado_at: cicloBonificacionUser.pagadoAt,
      referencia_pago: cicloBonificacionUser.referenciaPago,
    })
    .from(cicloBonificacionUser)
    .innerJoin(ciclosBonificacion, eq(ciclosBonificacion.id, cicloBonificacionUser.cicloId))
    .innerJoin(users, eq(users.id, cicloBonificacionUser.userId))
    .leftJoin(tiposidentificacion, eq(tiposidentificacion.id, users.tipoIdentificacionId))
    .where(
      and(
        eq(cicloBonificacionUser.id, rowId),
        viewer.admin ? undefined : eq(cicloBonificacionUser.userId, viewer.userId),
      ),
    )
    .get();
  if (!row) throw notFound();
  const [sources, adjustments, sums, carriedTo] = await Promise.all([
    // Where the saldo anterior came from: the earlier rows carried into this one.
    db
      .select({ id: origen.id, clave: origenCiclo.clave, total: origen.total, estado: origen.estado })
      .from(origen)
      .innerJoin(origenCiclo, eq(origenCiclo.id, origen.cicloId))
      .where(eq(origen.arrastradoA, row.id))
      .orderBy(asc(origenCiclo.clave), asc(origen.id)),
    // Only approved adjustments count (a pending or rejected one never moves the total).
    db
      .select({
        id: ajustesBonificacion.id,
        monto: ajustesBonificacion.monto,
        motivo: ajustesBonificacion.motivo,
        creado_at: ajustesBonificacion.creadoAt,
        decidido_at: ajustesBonificacion.decididoAt,
        autor_nombres: autor.nombres,
        autor_apellidos: autor.apellidos,
        autor_user_name: autor.userName,
        aprobador_nombres: aprobador.nombres,
        aprobador_apellidos: aprobador.apellidos,
        aprobador_user_name: aprobador.userName,
      })
      .from(ajustesBonificacion)
      .innerJoin(autor, eq(autor.id, ajustesBonificacion.creadoPor))
      .leftJoin(aprobador, eq(aprobador.id, ajustesBonificacion.decididoPor))
      .where(and(eq(ajustesBonificacion.cicloUserId, row.id), eq(ajustesBonificacion.estado, STATE.APROBADO)))
      .orderBy(asc(ajustesBonificacion.decididoAt), asc(ajustesBonificacion.id)),
    db
      .select({ n: count(), suma: sql<number>`coalesce(sum(${cicloBonificacionUserReferido.monto}), 0)` })
      .from(cicloBonificacionUserReferido)
      .where(linesOf(row))
      .get(),
    row.arrastrado_a == null
      ? Promise.resolve(undefined)
      : db
          .select({ clave: ciclosBonificacion.clave })
          .from(cicloBonificacionUser)
          .innerJoin(ciclosBonificacion, eq(ciclosBonificacion.id, cicloBonificacionUser.cicloId))
          .where(eq(cicloBonificacionUser.id, row.arrastrado_a))
          .get(),
  ]);
  return {
    id: row.id,
    ciclo_id: row.ciclo_id,
    clave: row.clave,
    ciclo_estado: row.ciclo_estado,
    estado: row.estado,
    miembro: {
      id: row.user_id,
      user_name: row.user_name,
      nombre: fullName(row.nombres, row.apellidos, row.user_name),
      tipo_documento: row.tipo_documento,
      // The member sees his own document; an administrator without "datos completos" its last four.
      documento: readPersonalField(viewer, 'numero_identificacion', row.documento, row.user_id),
    },
    bonos: row.bonos,
    saldo_anterior: row.saldo_anterior,
    ajustes: row.ajustes,
    total: row.total,
    /** Withholding at source on the cycle's new income, its rate, and what the row pays (decision 0447). */
    retencion: row.retencion,
    retencion_tasa: row.retencion_tasa,
    neto: row.neto,
    /**
     * Lines in the cycle and the sum of their amounts: what the statement prints as "Bonos del
     * ciclo" (it equals `bonos` for rows settled since the money-out model; rows settled before it
     * hold bonos = 0 and total = this sum).
     */
    lineas: sums?.n ?? 0,
    suma_lineas: Number(sums?.suma ?? 0),
    /** The later cycle this row's balance was carried into, if any (then it is never paid here). */
    arrastrado_a: row.arrastrado_a == null ? null : { id: row.arrastrado_a, clave: carriedTo?.clave ?? null },
    pagado_at: row.pagado_at,
    referencia_pago: row.referencia_pago,
    saldo_anterior_origen: sources,
    ajustes_detalle: adjustments.map((a) => ({
      id: a.id,
      monto: a.monto,
      motivo: a.motivo,
      creado_at: a.creado_at,
      aprobado_at: a.decidido_at,
      autor: fullName(a.autor_nombres, a.autor_apellidos, a.autor_user_name),
      aprobador: a.aprobador_user_name
        ? fullName(a.aprobador_nombres ?? '', a.aprobador_apellidos ?? '', a.aprobador_user_name)
        : null,
    })),
  };
}
export type StatementHead = Awaited<ReturnType<typeof statementHead>>;

const linesOf = (row: { user_id: number; ciclo_id: number }) =>
  and(
    eq(cicloBonificacionUserReferido.beneficiarioId, row.user_id),
    eq(cicloBonificacionUserReferido.cicloId, row.ciclo_id),
  );

/** A line's place in the statement's order (purchase, then level): the keyset to resume after. */
export type LineCursor = { compraId: number; nivel: number };

const LINE = {
  id: cicloBonificacionUserReferido.id,
  nivel: cicloBonificacionUserReferido.nivel,
  compra_id: cicloBonificacionUserReferido.compraId,
  referido_id: cicloBonificacionUserReferido.referidoId,
  referido_user_name: referido.userName,
  referido_nombres: referido.nombres,
  referido_apellidos: referido.apellidos,
  base: cicloBonificacionUserReferido.base,
  porcentaje: cicloBonificacionUserReferido.porcentaje,
  monto: cicloBonificacionUserReferido.monto,
  motivo: cicloBonificacionUserReferido.motivo,
};

function shape(l: {
  id: number;
  nivel: number;
  compra_id: number;
  referido_user_name: string;
  referido_nombres: string;
  referido_apellidos: string;
  base: number;
  porcentaje: number;
  monto: number;
  motivo: string | null;
}) {
  return {
    id: l.id,
    nivel: l.nivel,
    referido: fullName(l.referido_nombres, l.referido_apellidos, l.referido_user_name),
    referido_user_name: l.referido_user_name,
    compra_id: l.compra_id,
    compra_referencia: referenceFor(l.compra_id),
    base: l.base,
    porcentaje: l.porcentaje,
    monto: l.monto,
    motivo: l.motivo,
  };
}
export type StatementLine = ReturnType<typeof shape>;

/**
 * Up to `limit` lines after `after` in (purchase, level) order. The unique index on the lines
 * leads with (beneficiary, purchase, level), so each page is an index range, not a sort.
 */
export async function statementLines(
  db: Db,
  head: { miembro: { id: number }; ciclo_id: number },
  after: LineCursor | null,
  limit: number,
) {
  const rows = await db
    .select(LINE)
    .from(cicloBonificacionUserReferido)
    .innerJoin(referido, eq(referido.id, cicloBonificacionUserReferido.referidoId))
    .where(
      and(
        linesOf({ user_id: head.miembro.id, ciclo_id: head.ciclo_id }),
        after
          ? sql`(${cicloBonificacionUserReferido.compraId}, ${cicloBonificacionUserReferido.nivel}) > (${after.compraId}, ${after.nivel})`
          : undefined,
      ),
    )
    .orderBy(asc(cicloBonificacionUserReferido.compraId), asc(cicloBonificacionUserReferido.nivel))
    .limit(limit);
  return rows.map(shape);
}

/** A page of lines for the screen (page numbers, as every grid). */
export async function statementLinesPage(
  db: Db,
  head: { miembro: { id: number }; ciclo_id: number },
  page: number,
  perPage: number,
) {
  const rows = await db
    .select(LINE)
    .from(cicloBonificacionUserReferido)
    .innerJoin(referido, eq(referido.id, cicloBonificacionUserReferido.referidoId))
    .where(linesOf({ user_id: head.miembro.id, ciclo_id: head.ciclo_id }))
    .orderBy(asc(cicloBonificacionUserReferido.compraId), asc(cicloBonificacionUserReferido.nivel))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return rows.map(shape);
}

/** Every line, `size` at a time (the PDF and the Excel): only one page is held at once. */
export async function* statementLinePages(
  db: Db,
  head: { miembro: { id: number }; ciclo_id: number },
  size = 500,
): AsyncGenerator<StatementLine[]> {
  let after: LineCursor | null = null;
  for (;;) {
    const rows = await statementLines(db, head, after, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { compraId: last.compra_id, nivel: last.nivel };
  }
}
