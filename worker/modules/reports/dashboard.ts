// The figures of /app/reports/dashboard, each one indexed aggregate query.
import { and, count, eq, gte, isNotNull, lt, not, sql, sum } from 'drizzle-orm';
import {
  cicloBonificacionUser,
  ciclosBonificacion,
  compras,
  perfiles,
  suscripciones,
  users,
  validacionesIdentidad,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import { isStaff } from '../../platform/roles';
import { cycleKeyAt, cycleWindow } from '../../shared/cycles';
import type { BatchResults } from '../../platform/batch';
import { downlineQuery, memberCyclesQuery, type Referral, withTotals } from '../bonuses';
import { STATE } from '../../shared/workflow';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The twelve cycle keys ending with the current month, oldest first. */
export function lastMonths(now: number, n = 12): string[] {
  const keys = [cycleKeyAt(now)];
  while (keys.length < n) keys.unshift(cycleKeyAt(cycleWindow(keys[0]!).start - 1));
  return keys;
}

/**
 * The statements of the platform figures. They run in the caller's batch together with the
 * member's own (one round trip for the whole dashboard, decision 0014); months are one covering
 * range each, which is cheaper than grouping a year of rows by an expression.
 */
export function adminQueries(db: Db, now: number) {
  const months = lastMonths(now);
  const month = cycleWindow(months.at(-1)!);
  const active = and(
    eq(suscripciones.estado, STATE.APROBADO),
    gte(suscripciones.fechaFin, now),
    sql`${suscripciones.fechaInicio} <= ${now}`,
  );
  return {
    // Members who joined each month: staff accounts (administrators, clerks) are not members.
    registered: months.map((m) => {
      const w = cycleWindow(m);
      return db
        .select({ valor: count() })
        .from(users)
        .where(and(gte(users.createdAt, w.start), lt(users.createdAt, w.end), not(isStaff(users.id))));
    }),
    identity: db
      .select({ estado: validacionesIdentidad.estado, total: count() })
      .from(validacionesIdentidad)
      .where(isNotNull(validacionesIdentidad.enviadoAt))
      .groupBy(validacionesIdentidad.estado),
    pending: db
      .select({ total: count(), desde: sql<number | null>`min(${perfiles.enviadoAt})` })
      .from(perfiles)
      .where(and(eq(perfiles.estado, STATE.PENDIENTE), isNotNull(perfiles.enviadoAt))),
    active: db.select({ total: count() }).from(suscripciones).where(active),
    expiring: db
      .select({ total: count() })
      .from(suscripciones)
      .where(and(active, lt(suscripciones.fechaFin, now + 30 * DAY))),
    unpaid: db
      .select({ total: count(), valor: sum(compras.total) })
      .from(compras)
      .where(
        and(
          eq(compras.estado, STATE.NO_PAGADO),
          gte(compras.createdAt, month.start),
          lt(compras.createdAt, month.end),
        ),
      ),
    paidMonth: db
      .select({ total: count(), valor: sum(compras.total) })
      .from(compras)
      .where(
        and(
          gte(compras.pagadoAt, month.start),
          lt(compras.pagadoAt, month.end),
          eq(compras.estado, STATE.PAGADO),
        ),
      ),
    sales: months.map((m) => {
      const w = cycleWindow(m);
      return db
        .select({ valor: sum(compras.total) })
        .from(compras)
        .where(
          and(eq(compras.estado, STATE.PAGADO), gte(compras.pagadoAt, w.start), lt(compras.pagadoAt, w.end)),
        );
    }),
    bonuses: db
      .select({
        clave: ciclosBonificacion.clave,
        cicloId: ciclosBonificacion.id,
        estado: cicloBonificacionUser.estado,
        valor: sum(cicloBonificacionUser.total),
      })
      .from(cicloBonificacionUser)
      .innerJoin(ciclosBonificacion, eq(ciclosBonificacion.id, cicloBonificacionUser.cicloId))
      .groupBy(ciclosBonificacion.id, cicloBonificacionUser.estado),
  };
}

export function adminFigures(r: BatchResults<ReturnType<typeof adminQueries>>, now: number) {
  const months = lastMonths(now);
  const perMonth = (rows: { valor: number | string | null }[][]) =>
    months.map((mes, i) => ({ mes, valor: Number(rows[i]?.[0]?.valor ?? 0) }));
  const [pending, unpaid, paidMonth] = [r.pending[0], r.unpaid[0], r.paidMonth[0]];
  const cycles = [...new Set(r.bonuses.map((b) => b.clave))].sort().slice(-12);
  return {
    miembros_por_mes: perMonth(r.registered),
    validacion_identidad: [STATE.PENDIENTE, STATE.APROBADO, STATE.NO_APROBADO].map((estado) => ({
      estado,
      total: r.identity.find((x) => x.estado === estado)?.total ?? 0,
    })),
    perfiles_pendientes: {
      total: pending?.total ?? 0,
      dias_mas_antiguo: pending?.desde ? Math.floor((now - pending.desde) / DAY) : null,
      // Under a day the wait reads in hours ('hace 5 horas', not 'hace 0 días').
      horas_mas_antiguo: pending?.desde ? Math.floor((now - pending.desde) / HOUR) : null,
    },
    suscripciones: { activas: r.active[0]?.total ?? 0, vencen_30_dias: r.expiring[0]?.total ?? 0 },
    compras_mes: {
      mes: months.at(-1),
      no_pagado: { total: unpaid?.total ?? 0, valor: Number(unpaid?.valor ?? 0) },
      pagado: { total: paidMonth?.total ?? 0, valor: Number(paidMonth?.valor ?? 0) },
    },
    ventas_por_mes: perMonth(r.sales),
    bonos_por_ciclo: cycles.map((clave) => ({
      clave,
      ciclo_id: r.bonuses.find((b) => b.clave === clave)!.cicloId,
      pagado: Number(r.bonuses.find((b) => b.clave === clave && b.estado === STATE.PAGADO)?.valor ?? 0),
      pendiente: Number(r.bonuses.find((b) => b.clave === clave && b.estado !== STATE.PAGADO)?.valor ?? 0),
    })),
  };
}

/** The statements of a member's own figures (same batch as the platform's). */
export function memberQueries(db: Db, userId: number, now: number) {
  return {
    subscription: db
      .select({
        estado: suscripciones.estado,
        fecha_inicio: suscripciones.fechaInicio,
        fecha_fin: suscripciones.fechaFin,
      })
      .from(suscripciones)
      .where(eq(suscripciones.userId, userId))
      .orderBy(sql`${suscripciones.fechaFin} desc nulls first`, sql`${suscripciones.id} desc`)
      .limit(1),
    purchases: db
      .select({ estado: compras.estado, total: count(), valor: sum(compras.total) })
      .from(compras)
      .where(eq(compras.userId, userId))
      .groupBy(compras.estado),
    cycles: memberCyclesQuery(db, userId),
    referrals: downlineQuery(db, userId, now),
  };
}

export function memberFigures(r: BatchResults<ReturnType<typeof memberQueries>>, now: number) {
  const subscription = r.subscription[0];
  const by = (estado: string) => r.purchases.find((p) => p.estado === estado);
  const bonuses = withTotals(r.cycles);
  return {
    suscripcion: subscription
      ? {
          ...subscription,
          estado:
            subscription.estado === STATE.APROBADO && (subscription.fecha_fin ?? 0) < now
              ? 'VENCIDA'
              : subscription.estado,
        }
      : null,
    compras: {
      no_pagado: { total: by(STATE.NO_PAGADO)?.total ?? 0, valor: Number(by(STATE.NO_PAGADO)?.valor ?? 0) },
      pagado: { total: by(STATE.PAGADO)?.total ?? 0, valor: Number(by(STATE.PAGADO)?.valor ?? 0) },
    },
    bonos: {
      ...bonuses.totales,
      por_ciclo: bonuses.data
        .slice(0, 12)
        .reverse()
        .map((c) => ({ clave: c.clave, total: c.total, estado: c.estado })),
    },
    referidos: [1, 2, 3].map((nivel) => ({
      nivel,
      total: (r.referrals as Referral[]).filter((x) => x.nivel === nivel).length,
    })),
  };
}
