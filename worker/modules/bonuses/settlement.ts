// The monthly settlement (BONUS-RULES.md): set-based SQL in chunks of a few hundred beneficiaries
// with a saved cursor, claimed by the cycle's unique key and a lease, idempotent end to end.
import { and, eq, sql } from 'drizzle-orm';
import { cicloBonificacionUser, cicloBonificacionUserReferido, ciclosBonificacion, compras, detalleBonos, suscripciones, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { historyInsert } from '../../platform/audit';
import { cycleWindow, NOT_QUALIFIED, REFUND } from '../../shared/cycles';

export const CHUNK_USERS = 500;
const LEASE_MS = 5 * 60_000;

export type SettleResult = { clave: string; estado: 'LIQUIDADO' | 'EN_CURSO' | 'YA_LIQUIDADO'; total: number; lineas: number; usuarios: number };
export type SettleOptions = { now: number; origen: string; actorId?: number | null; chunk?: number; afterChunk?: (cursor: number) => void | Promise<void> };

/** An active subscription at the cycle's end (looked up by the member's index). */
const qualified = (userId: ReturnType<typeof sql>, end: number) =>
  sql`exists (select 1 from ${suscripciones} s where s.user_id = ${userId} and s.fecha_fin >= ${end} and s.estado = 'APROBADO' and s.fecha_inicio < ${end})`;

/**
 * Lines for the beneficiaries with ids in (from, to]: walking down their tree, level 1 are the
 * members they sponsored, level 2 those members' referrals, level 3 the next; every purchase of
 * those referrals paid inside the window gives one line. An unqualified beneficiary (no active
 * subscription at the cycle's end) gets amount 0 with the reason. A chunk's beneficiaries all sit
 * past the previous chunk's in the lines' unique index, so the index grows at its end without an
 * ORDER BY (sorting the merged levels cost a third of the run).
 */
export type Rates = Record<1 | 2 | 3, number>;

/** The rates in force, read once per run and written on every line (BONUS-RULES: history keeps its rate). */
export async function currentRates(db: Db): Promise<Rates> {
  const rows = await db.select({ nivel: detalleBonos.nivel, porcentaje: detalleBonos.porcentaje }).from(detalleBonos);
  const rate = (n: number) => rows.find((r) => r.nivel === n)?.porcentaje ?? 0;
  return { 1: rate(1), 2: rate(2), 3: rate(3) };
}

function linesSql(cicloId: number, start: number, end: number, from: number, to: number, now: number, rates: Rates) {
  return sql`
    insert into ${cicloBonificacionUserReferido} (ciclo_id, beneficiario_id, compra_id, referido_id, nivel, base, porcentaje, monto, motivo, created_at)
    with l1 as (select u.id as referido, u.sponsor_id as b from ${users} u where u.sponsor_id > ${from} and u.sponsor_id <= ${to}),
    l2 as (select u.id as referido, l1.b from l1 join ${users} u on u.sponsor_id = l1.referido),
    l3 as (select u.id as referido, l2.b from l2 join ${users} u on u.sponsor_id = l2.referido),
    d as (select referido, b, 1 as nivel, ${rates[1]} as pct from l1 union all select referido, b, 2, ${rates[2]} from l2 union all select referido, b, 3, ${rates[3]} from l3),
    q as materialized (select b, ${qualified(sql`b`, end)} as ok from (select distinct b from l1))
    select ${cicloId}, d.b, c.id, d.referido, d.nivel, c.total, d.pct,
      case when q.ok then c.total * d.pct / 10000 else 0 end,
      case when q.ok then null else ${NOT_QUALIFIED} end,
      ${now}
    from d
    join ${compras} c indexed by compras_user_pagado_idx on c.user_id = d.referido and c.pagado_at >= ${start} and c.pagado_at < ${end} and +c.estado = 'PAGADO'
    join q on q.b = d.b
    where true
    on conflict do nothing`;
}

/**
 * Refunds: for the beneficiaries in (from, to], a purchase that is no longer PAGADO but still
 * has a positive balance of settled lines gets a negative line per level in this cycle.
 */
function refundsSql(cicloId: number, from: number, to: number, now: number) {
  // The reversed purchases are few: their ids are gathered once, and each line is checked against
  // them on the unique index alone, so lines of untouched purchases are never read.
  return sql`
    insert into ${cicloBonificacionUserReferido} (ciclo_id, beneficiario_id, compra_id, referido_id, nivel, base, porcentaje, monto, motivo, created_at)
    select ${cicloId}, l.beneficiario_id, l.compra_id, l.referido_id, l.nivel, -max(l.base), max(l.porcentaje), -sum(l.monto), ${REFUND}, ${now}
    from ${cicloBonificacionUserReferido} l
    where l.beneficiario_id > ${from} and l.beneficiario_id <= ${to} and l.ciclo_id <> ${cicloId}
      and l.compra_id in (select id from ${compras} where estado = 'NO_PAGADO' and pagado_at is not null)
    group by l.beneficiario_id, l.compra_id, l.nivel, l.referido_id
    having sum(l.monto) > 0
    order by l.beneficiario_id, l.compra_id, l.nivel
    on conflict do nothing`;
}

async function claim(db: Db, clave: string, opts: SettleOptions) {
  const { start, end } = cycleWindow(clave);
  await db.insert(ciclosBonificacion).values({ clave, inicio: start, fin: end, iniciadoAt: opts.now, origen: opts.origen }).onConflictDoNothing();
  const cycle = await db.select().from(ciclosBonificacion).where(eq(ciclosBonificacion.clave, clave)).get();
  if (!cycle || cycle.estado === 'LIQUIDADO') return { cycle, leased: false };
  const leased = await db
    .update(ciclosBonificacion)
    .set({ leaseUntil: opts.now + LEASE_MS })
    .where(and(eq(ciclosBonificacion.id, cycle.id), eq(ciclosBonificacion.estado, 'EN_PROCESO'), sql`(${ciclosBonificacion.leaseUntil} is null or ${ciclosBonificacion.leaseUntil} < ${opts.now})`))
    .returning()
    .get();
  return { cycle: leased ?? cycle, leased: !!leased };
}

export async function settleCycle(db: Db, clave: string, opts: SettleOptions): Promise<SettleResult> {
  const { cycle, leased } = await claim(db, clave, opts);
  if (!cycle) throw new Error('cycle not created');
  if (cycle.estado === 'LIQUIDADO') return { clave, estado: 'YA_LIQUIDADO', total: cycle.total, lineas: cycle.lineas, usuarios: cycle.usuarios };
  if (!leased) return { clave, estado: 'EN_CURSO', total: 0, lineas: 0, usuarios: 0 };
  try {
    const chunk = opts.chunk ?? CHUNK_USERS;
    const rates = await currentRates(db);
    const maxId = (await db.get<{ m: number | null }>(sql`select max(id) as m from ${users}`))?.m ?? 0;
    let cursor = cycle.cursor;
    while (cursor < maxId) {
      const to = Math.min(cursor + chunk, maxId);
      // Lines, refunds and the saved cursor in one batch: a run killed between chunks resumes.
      await db.batch([
        db.run(linesSql(cycle.id, cycle.inicio, cycle.fin, cursor, to, opts.now, rates)),
        db.run(refundsSql(cycle.id, cursor, to, opts.now)),
        db.update(ciclosBonificacion).set({ cursor: to, leaseUntil: opts.now + LEASE_MS }).where(eq(ciclosBonificacion.id, cycle.id)),
      ]);
      cursor = to;
      await opts.afterChunk?.(cursor);
    }
    return await finalise(db, cycle.id, clave, opts);
  } catch (err) {
    await db.update(ciclosBonificacion).set({ leaseUntil: null }).where(eq(ciclosBonificacion.id, cycle.id));
    throw err;
  }
}

/** Per-user rows from the lines, checked against them, then the cycle is closed. */
async function finalise(db: Db, cicloId: number, clave: string, opts: SettleOptions): Promise<SettleResult> {
  await db.run(sql`
    insert into ${cicloBonificacionUser} (ciclo_id, user_id, total, lineas, estado, created_at)
    select ciclo_id, beneficiario_id, sum(monto), count(*), 'NO_PAGADO', ${opts.now}
    from ${cicloBonificacionUserReferido} where ciclo_id = ${cicloId} group by beneficiario_id
    on conflict do nothing`);
  const lines = await db.get<{ total: number | null; n: number }>(sql`select sum(monto) as total, count(*) as n from ${cicloBonificacionUserReferido} where ciclo_id = ${cicloId}`);
  const rows = await db.get<{ total: number | null; n: number; lineas: number | null }>(sql`select sum(total) as total, count(*) as n, sum(lineas) as lineas from ${cicloBonificacionUser} where ciclo_id = ${cicloId}`);
  if ((lines?.total ?? 0) !== (rows?.total ?? 0) || (lines?.n ?? 0) !== (rows?.lineas ?? 0)) throw new Error(`cycle ${clave}: line totals differ from user totals`);
  const total = lines?.total ?? 0;
  const closed = await db
    .update(ciclosBonificacion)
    .set({ estado: 'LIQUIDADO', total, lineas: lines?.n ?? 0, usuarios: rows?.n ?? 0, liquidadoAt: opts.now, leaseUntil: null })
    .where(and(eq(ciclosBonificacion.id, cicloId), eq(ciclosBonificacion.estado, 'EN_PROCESO')))
    .returning()
    .get();
  if (closed) await historyInsert(db, { entity: 'ciclo_bonificacion', entityId: cicloId, from: 'EN_PROCESO', to: 'LIQUIDADO', comentario: `${clave} (${opts.origen})`, userId: opts.actorId ?? null, at: opts.now });
  return { clave, estado: 'LIQUIDADO', total, lineas: lines?.n ?? 0, usuarios: rows?.n ?? 0 };
}

/** Dry run: the per-user totals a settlement would produce now, written nowhere. */
export async function previewCycle(db: Db, clave: string) {
  const { start, end } = cycleWindow(clave);
  const rates = await currentRates(db);
  return db.all<{ user_id: number; user_name: string; total: number; lineas: number }>(sql`
    with paid as (select c.id, c.user_id, c.total from ${compras} c where c.estado = 'PAGADO' and c.pagado_at >= ${start} and c.pagado_at < ${end}),
    up as (select p.total as base, u1.sponsor_id as b1, u2.sponsor_id as b2, u3.sponsor_id as b3 from paid p join ${users} u1 on u1.id = p.user_id left join ${users} u2 on u2.id = u1.sponsor_id left join ${users} u3 on u3.id = u2.sponsor_id),
    anc as (select base, b1 as b, ${rates[1]} as pct from up where b1 is not null union all select base, b2, ${rates[2]} from up where b2 is not null union all select base, b3, ${rates[3]} from up where b3 is not null),
    per as (select a.b, sum(a.base * a.pct / 10000) as bruto, count(*) as lineas from anc a group by a.b)
    select p.b as user_id, u.user_name, case when ${qualified(sql`p.b`, end)} then p.bruto else 0 end as total, p.lineas
    from per p join ${users} u on u.id = p.b
    order by total desc, p.b`);
}
