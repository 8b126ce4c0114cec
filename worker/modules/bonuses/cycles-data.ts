import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  cicloBonificacionUser,
  cicloBonificacionUserReferido,
  ciclosBonificacion,
  users,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { alias } from 'drizzle-orm/sqlite-core';
import { STATE } from '../../shared/workflow';

const referido = alias(users, 'referido');

/** A cycle row with its lines (which referral, level, rate, basis, amount, reason). */
export async function userCycle(db: Db, rowId: number, ownerId?: number) {
  const row = await db
    .select({
      id: cicloBonificacionUser.id,
      ciclo_id: cicloBonificacionUser.cicloId,
      clave: ciclosBonificacion.clave,
      user_id: cicloBonificacionUser.userId,
      user_name: users.userName,
      total: cicloBonificacionUser.total,
      lineas: cicloBonificacionUser.lineas,
      estado: cicloBonificacionUser.estado,
      pagado_at: cicloBonificacionUser.pagadoAt,
    })
    .from(cicloBonificacionUser)
    .innerJoin(ciclosBonificacion, eq(ciclosBonificacion.id, cicloBonificacionUser.cicloId))
    .innerJoin(users, eq(users.id, cicloBonificacionUser.userId))
    .where(
      and(
        eq(cicloBonificacionUser.id, rowId),
        ownerId ? eq(cicloBonificacionUser.userId, ownerId) : undefined,
      ),
    )
    .get();
  if (!row) throw notFound();
  const lines = await db
    .select({
      id: cicloBonificacionUserReferido.id,
      compra_id: cicloBonificacionUserReferido.compraId,
      referido: referido.userName,
      nivel: cicloBonificacionUserReferido.nivel,
      porcentaje: cicloBonificacionUserReferido.porcentaje,
      base: cicloBonificacionUserReferido.base,
      monto: cicloBonificacionUserReferido.monto,
      motivo: cicloBonificacionUserReferido.motivo,
    })
    .from(cicloBonificacionUserReferido)
    .innerJoin(referido, eq(referido.id, cicloBonificacionUserReferido.referidoId))
    .where(
      and(
        eq(cicloBonificacionUserReferido.beneficiarioId, row.user_id),
        eq(cicloBonificacionUserReferido.cicloId, row.ciclo_id),
      ),
    )
    .orderBy(asc(cicloBonificacionUserReferido.nivel), asc(cicloBonificacionUserReferido.compraId));
  return { ...row, lineas_detalle: lines };
}

/** A member's cycles, newest first (a statement, so callers can batch it). */
export function memberCyclesQuery(db: Db, userId: number) {
  return db
    .select({
      id: cicloBonificacionUser.id,
      clave: ciclosBonificacion.clave,
      total: cicloBonificacionUser.total,
      lineas: cicloBonificacionUser.lineas,
      estado: cicloBonificacionUser.estado,
      pagado_at: cicloBonificacionUser.pagadoAt,
    })
    .from(cicloBonificacionUser)
    .innerJoin(ciclosBonificacion, eq(ciclosBonificacion.id, cicloBonificacionUser.cicloId))
    .where(eq(cicloBonificacionUser.userId, userId))
    .orderBy(desc(ciclosBonificacion.clave));
}

export function withTotals<R extends { estado: string; total: number }>(data: R[]) {
  const pagado = data.filter((r) => r.estado === STATE.PAGADO).reduce((a, r) => a + r.total, 0);
  const pendiente = data.filter((r) => r.estado !== STATE.PAGADO).reduce((a, r) => a + r.total, 0);
  return { data, totales: { pagado, pendiente } };
}

/** A member's cycles with totals paid and owed. */
export async function memberCycles(db: Db, userId: number) {
  return withTotals(await memberCyclesQuery(db, userId));
}

export async function cycleList(db: Db, now: number) {
  const cycles = await db.select().from(ciclosBonificacion).orderBy(desc(ciclosBonificacion.clave));
  const paid = await db
    .select({
      cicloId: cicloBonificacionUser.cicloId,
      estado: cicloBonificacionUser.estado,
      n: count(),
      total: sql<number>`sum(${cicloBonificacionUser.total})`,
    })
    .from(cicloBonificacionUser)
    .groupBy(cicloBonificacionUser.cicloId, cicloBonificacionUser.estado);
  return cycles.map((c) => {
    const mine = paid.filter((p) => p.cicloId === c.id);
    const sum = (estado: string) =>
      mine.filter((p) => p.estado === estado).reduce((a, p) => a + (p.total ?? 0), 0);
    return {
      id: c.id,
      clave: c.clave,
      estado: c.estado,
      // The members' rows as they are now: an adjustment approved after the settlement moves a
      // row's total, and the cycle's with it (so Total = Pagado + Pendiente).
      total: mine.reduce((a, p) => a + (p.total ?? 0), 0),
      lineas: c.lineas,
      usuarios: c.usuarios,
      progreso:
        c.estado === STATE.LIQUIDADO
          ? 100
          : c.miembros
            ? Math.min(99, Math.floor((c.miembrosHechos / c.miembros) * 100))
            : 0,
      // A running settlement: members whose chunk is written, bounded steps so far, the last error,
      // and whether a run holds the cycle now (its lease has not expired).
      miembros: c.miembros,
      miembros_hechos: c.miembrosHechos,
      pasos: c.pasos,
      ultimo_error: c.ultimoError,
      en_curso: c.estado !== STATE.LIQUIDADO && c.leaseUntil !== null && c.leaseUntil > now,
      pagado: sum(STATE.PAGADO),
      pendiente: sum(STATE.NO_PAGADO),
      usuarios_pagados: mine.filter((p) => p.estado === STATE.PAGADO).reduce((a, p) => a + p.n, 0),
      iniciado_at: c.iniciadoAt,
      liquidado_at: c.liquidadoAt,
      origen: c.origen,
    };
  });
}
