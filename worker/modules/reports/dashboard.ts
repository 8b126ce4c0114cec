// The figures of /app/reports/dashboard (issue 8), each one indexed aggregate query.
import { and, count, eq, gte, isNotNull, lt, sql, sum } from 'drizzle-orm';
import { cicloBonificacionUser, ciclosBonificacion, compras, perfiles, suscripciones, users, validacionesIdentidad } from '../../db/schema';
import type { Db } from '../../platform/db';
import { cycleKeyAt, cycleWindow } from '../../shared/cycles';
import { downline } from '../bonuses/referrals';
import { memberCycles } from '../bonuses/cycles-data';

const DAY = 86_400_000;
/** The twelve cycle keys ending with the current month, oldest first. */
export function lastMonths(now: number, n = 12): string[] {
  const keys = [cycleKeyAt(now)];
  while (keys.length < n) keys.unshift(cycleKeyAt(cycleWindow(keys[0]!).start - 1));
  return keys;
}

/** One figure per month, each from its own indexed range. */
function perMonth(keys: string[], query: (w: { start: number; end: number }) => Promise<{ valor: number | string | null } | undefined>) {
  return Promise.all(keys.map(async (mes) => ({ mes, valor: Number((await query(cycleWindow(mes)))?.valor ?? 0) })));
}

export async function adminFigures(db: Db, now: number) {
  const months = lastMonths(now);
  const month = cycleWindow(months.at(-1)!);
  const [registered, identity, pending, active, expiring, unpaid, paidMonth, sales, bonuses] = await Promise.all([
    // One covering range per month: cheaper than grouping a year of rows by an expression.
    perMonth(months, (w) => db.select({ valor: count() }).from(users).where(and(gte(users.createdAt, w.start), lt(users.createdAt, w.end))).get()),
    db.select({ estado: validacionesIdentidad.estado, total: count() }).from(validacionesIdentidad).where(isNotNull(validacionesIdentidad.enviadoAt)).groupBy(validacionesIdentidad.estado),
    db.select({ total: count(), desde: sql<number | null>`min(${perfiles.enviadoAt})` }).from(perfiles).where(and(eq(perfiles.estado, 'PENDIENTE'), isNotNull(perfiles.enviadoAt))).get(),
    db.select({ total: count() }).from(suscripciones).where(and(eq(suscripciones.estado, 'APROBADO'), gte(suscripciones.fechaFin, now), sql`${suscripciones.fechaInicio} <= ${now}`)).get(),
    db.select({ total: count() }).from(suscripciones).where(and(eq(suscripciones.estado, 'APROBADO'), gte(suscripciones.fechaFin, now), lt(suscripciones.fechaFin, now + 30 * DAY), sql`${suscripciones.fechaInicio} <= ${now}`)).get(),
    db.select({ total: count(), valor: sum(compras.total) }).from(compras).where(and(eq(compras.estado, 'NO_PAGADO'), gte(compras.createdAt, month.start), lt(compras.createdAt, month.end))).get(),
    db.select({ total: count(), valor: sum(compras.total) }).from(compras).where(and(gte(compras.pagadoAt, month.start), lt(compras.pagadoAt, month.end), eq(compras.estado, 'PAGADO'))).get(),
    perMonth(months, (w) => db.select({ valor: sum(compras.total) }).from(compras).where(and(eq(compras.estado, 'PAGADO'), gte(compras.pagadoAt, w.start), lt(compras.pagadoAt, w.end))).get()),
    db
      .select({ clave: ciclosBonificacion.clave, cicloId: ciclosBonificacion.id, estado: cicloBonificacionUser.estado, valor: sum(cicloBonificacionUser.total) })
      .from(cicloBonificacionUser)
      .innerJoin(ciclosBonificacion, eq(ciclosBonificacion.id, cicloBonificacionUser.cicloId))
      .groupBy(ciclosBonificacion.id, cicloBonificacionUser.estado),
  ]);
  const cycles = [...new Set(bonuses.map((b) => b.clave))].sort().slice(-12);
  return {
    miembros_por_mes: registered,
    validacion_identidad: ['PENDIENTE', 'APROBADO', 'NO_APROBADO'].map((estado) => ({ estado, total: identity.find((r) => r.estado === estado)?.total ?? 0 })),
    perfiles_pendientes: { total: pending?.total ?? 0, dias_mas_antiguo: pending?.desde ? Math.floor((now - pending.desde) / DAY) : null },
    suscripciones: { activas: active?.total ?? 0, vencen_30_dias: expiring?.total ?? 0 },
    compras_mes: { mes: months.at(-1), no_pagado: { total: unpaid?.total ?? 0, valor: Number(unpaid?.valor ?? 0) }, pagado: { total: paidMonth?.total ?? 0, valor: Number(paidMonth?.valor ?? 0) } },
    ventas_por_mes: sales,
    bonos_por_ciclo: cycles.map((clave) => ({
      clave,
      ciclo_id: bonuses.find((b) => b.clave === clave)!.cicloId,
      pagado: Number(bonuses.find((b) => b.clave === clave && b.estado === 'PAGADO')?.valor ?? 0),
      pendiente: Number(bonuses.find((b) => b.clave === clave && b.estado !== 'PAGADO')?.valor ?? 0),
    })),
  };
}

export async function memberFigures(db: Db, userId: number, now: number) {
  const [subscription, purchases, bonuses, referrals] = await Promise.all([
    db
      .select({ estado: suscripciones.estado, fecha_inicio: suscripciones.fechaInicio, fecha_fin: suscripciones.fechaFin })
      .from(suscripciones)
      .where(eq(suscripciones.userId, userId))
      .orderBy(sql`${suscripciones.fechaFin} desc nulls first`, sql`${suscripciones.id} desc`)
      .limit(1)
      .get(),
    db.select({ estado: compras.estado, total: count(), valor: sum(compras.total) }).from(compras).where(eq(compras.userId, userId)).groupBy(compras.estado),
    memberCycles(db, userId),
    downline(db, userId, now),
  ]);
  const by = (estado: string) => purchases.find((p) => p.estado === estado);
  return {
    suscripcion: subscription ? { ...subscription, estado: subscription.estado === 'APROBADO' && (subscription.fecha_fin ?? 0) < now ? 'VENCIDA' : subscription.estado } : null,
    compras: {
      no_pagado: { total: by('NO_PAGADO')?.total ?? 0, valor: Number(by('NO_PAGADO')?.valor ?? 0) },
      pagado: { total: by('PAGADO')?.total ?? 0, valor: Number(by('PAGADO')?.valor ?? 0) },
    },
    bonos: { ...bonuses.totales, por_ciclo: bonuses.data.slice(0, 12).reverse().map((c) => ({ clave: c.clave, total: c.total, estado: c.estado })) },
    referidos: [1, 2, 3].map((nivel) => ({ nivel, total: referrals.filter((r) => r.nivel === nivel).length })),
  };
}
