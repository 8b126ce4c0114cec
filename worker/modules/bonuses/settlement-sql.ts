// The settlement's set-based statements (docs/decisions/0011): per chunk of beneficiaries by id,
// the lines, the refund lines and the per-user rows made from them.
import { sql, type SQL } from 'drizzle-orm';
import {
  cicloBonificacionUser,
  ciclosBonificacion,
  cicloBonificacionUserReferido,
  compras,
  informacionPago,
  suscripciones,
  users,
} from '../../db/schema';
import { NOT_QUALIFIED, REFUND } from '../../shared/cycles';
import type { WithholdingRates } from '../../shared/withholding';

export type Rates = Record<1 | 2 | 3, number>;

/**
 * A rate in basis points as an integer SQL literal. A bound JS number reaches SQLite as a REAL, so
 * `total * rate / 10000` was a fraction of a cent whenever the product was not a multiple of
 * 10,000; as an integer the division truncates to whole cents (never more than the rate).
 */
export function bp(rate: number) {
  if (!Number.isSafeInteger(rate)) throw new Error(`rate ${rate} is not whole basis points`);
  return sql.raw(String(rate));
}

/** An active subscription at the cycle's end (looked up by the member's index). */
export const qualified = (userId: ReturnType<typeof sql>, end: number) =>
  sql`exists (select 1 from ${suscripciones} s where s.user_id = ${userId} and s.fecha_fin >= ${end} and s.estado = 'APROBADO' and s.fecha_inicio < ${end})`;

/**
 * Lines for the beneficiaries with ids in (from, to]: walking down their tree, level 1 are the
 * members they sponsored, level 2 those members' referrals, level 3 the next; every purchase of
 * those referrals paid inside the window gives one line. An unqualified beneficiary (no active
 * subscription at the cycle's end) gets amount 0 with the reason. A chunk's beneficiaries all sit
 * past the previous chunk's in the lines' unique index, so the index grows at its end without an
 * ORDER BY (sorting the merged levels cost a third of the run).
 */
export function linesSql(
  cicloId: number,
  start: number,
  end: number,
  from: number,
  to: number,
  now: number,
  rates: Rates,
  guard: SQL = sql`true`,
) {
  return sql`
    insert into ${cicloBonificacionUserReferido} (${LINE_COLUMNS})
    ${linesSelect(cicloId, start, end, from, to, now, rates, guard)}
    on conflict do nothing`;
}

/** The line columns, in the order the two SELECTs below give them. */
export const LINE_COLUMNS = sql.raw(
  'ciclo_id, beneficiario_id, compra_id, referido_id, nivel, base, porcentaje, monto, motivo, created_at',
);

/**
 * The lines' SELECT (linesSql writes it; the preview reads it, decision 0460): the one statement
 * that decides what a beneficiary earns.
 */
export function linesSelect(
  cicloId: number,
  start: number,
  end: number,
  from: number,
  to: number,
  now: number,
  rates: Rates,
  guard: SQL = sql`true`,
) {
  return sql`
    with l1 as (select u.id as referido, u.sponsor_id as b from ${users} u where u.sponsor_id > ${from} and u.sponsor_id <= ${to}),
    l2 as (select u.id as referido, l1.b from l1 join ${users} u on u.sponsor_id = l1.referido),
    l3 as (select u.id as referido, l2.b from l2 join ${users} u on u.sponsor_id = l2.referido),
    d as (select referido, b, 1 as nivel, ${bp(rates[1])} as pct from l1 union all select referido, b, 2, ${bp(rates[2])} from l2 union all select referido, b, 3, ${bp(rates[3])} from l3),
    q as materialized (select b, ${qualified(sql`b`, end)} as ok from (select distinct b from l1))
    select ${cicloId}, d.b, c.id, d.referido, d.nivel, c.total, d.pct,
      case when q.ok then c.total * d.pct / 10000 else 0 end,
      case when q.ok then null else ${NOT_QUALIFIED} end,
      ${now}
    from d
    join ${compras} c indexed by compras_user_pagado_idx on c.user_id = d.referido and c.pagado_at >= ${start} and c.pagado_at < ${end} and +c.estado = 'PAGADO'
    join q on q.b = d.b
    where ${guard}`;
}

/**
 * Refunds: for the beneficiaries in (from, to], an annulled purchase (ANULADA, decision 0316) that
 * still has a positive balance of settled lines gets a negative line per level in this cycle.
 */
export function refundsSql(cicloId: number, from: number, to: number, now: number, guard: SQL = sql`true`) {
  // The reversed purchases are few: their ids are gathered once, and each line is checked against
  // them on the unique index alone, so lines of untouched purchases are never read.
  return sql`
    insert into ${cicloBonificacionUserReferido} (${LINE_COLUMNS})
    ${refundsSelect(cicloId, from, to, now, guard)}
    order by l.beneficiario_id, l.compra_id, l.nivel
    on conflict do nothing`;
}

/** The REEMBOLSO lines' SELECT (refundsSql writes it; the preview reads it, decision 0460). */
export function refundsSelect(
  cicloId: number,
  from: number,
  to: number,
  now: number,
  guard: SQL = sql`true`,
) {
  return sql`
    select ${cicloId}, l.beneficiario_id, l.compra_id, l.referido_id, l.nivel, -max(l.base), max(l.porcentaje), -sum(l.monto), ${REFUND}, ${now}
    from ${cicloBonificacionUserReferido} l
    where l.beneficiario_id > ${from} and l.beneficiario_id <= ${to} and l.ciclo_id <> ${cicloId}
      and l.compra_id in (select id from ${compras} where estado = 'ANULADA')
      and ${guard}
    group by l.beneficiario_id, l.compra_id, l.nivel, l.referido_id
    having sum(l.monto) > 0`;
}

/**
 * Carry-over (docs/decisions/0210): the earlier rows of the members in (from, to] whose balance
 * carries into this cycle (`carries` of worker/shared/money-out.ts: unpaid, not carried, in no
 * batch, below this cycle's minimum; a zero balance has nothing to carry), read on the open-rows
 * index alone. "Earlier" is a cycle that starts before this one, so a month settled out of order
 * never carries a later month back.
 */
export function carriedSql(inicio: number, from: number, to: number, minimo: number | SQL, alias = sql`o`) {
  return sql`${alias}.user_id > ${from} and ${alias}.user_id <= ${to}
    and ${alias}.estado = 'NO_PAGADO' and ${alias}.arrastrado_a is null and ${alias}.lote_id is null
    and ${alias}.total < ${minimo} and ${alias}.total <> 0
    and ${alias}.ciclo_id in (select id from ${ciclosBonificacion} where inicio < ${inicio})`;
}

/** The chunk's statements run only while its run still holds the cycle at this cursor (a stale retry writes nothing). */
export const holds = (cicloId: number, from: number, owner: string) =>
  sql`exists (select 1 from ${ciclosBonificacion} where id = ${cicloId} and cursor = ${from} and lease_owner = ${owner})`;

export type ChunkCycle = { id: number; inicio: number; minimo: number; owner: string };

/**
 * The per-member rows, chunked like the lines: one row per member in (from, to] with lines in this
 * cycle (bonos: their sum, from the lines just written in the same batch, on the lines' index) or
 * with an earlier balance that carries (saldo anterior: the sum of those rows' totals), even with
 * no lines; total = bonos + saldo anterior (+ ajustes, 0 until an adjustment is approved).
 */
export function usersSql(k: ChunkCycle, from: number, to: number, now: number) {
  return sql`
    insert into ${cicloBonificacionUser} (ciclo_id, user_id, bonos, saldo_anterior, ajustes, total, lineas, estado, created_at)
    select ${k.id}, u, sum(b), sum(s), 0, sum(b) + sum(s), sum(n), 'NO_PAGADO', ${now}
    from (
      select beneficiario_id as u, sum(monto) as b, 0 as s, count(*) as n
      from ${cicloBonificacionUserReferido}
      where beneficiario_id > ${from} and beneficiario_id <= ${to} and ciclo_id = ${k.id}
      group by beneficiario_id
      union all
      select o.user_id, 0, sum(o.total), 0
      from ${cicloBonificacionUser} o indexed by cbu_abierto_idx
      where ${carriedSql(k.inicio, from, to, k.minimo)}
      group by o.user_id
    )
    where ${holds(k.id, from, k.owner)}
    group by u
    order by u
    on conflict do nothing`;
}

/** Marks the rows just carried with the id of the row they were carried into (same batch, same condition). */
export function carrySql(k: ChunkCycle, from: number, to: number) {
  const o = cicloBonificacionUser;
  return sql`
    update ${o} indexed by cbu_abierto_idx
    set arrastrado_a = (select n.id from ${o} n where n.ciclo_id = ${k.id} and n.user_id = ${o}.user_id),
      version = version + 1
    where ${carriedSql(k.inicio, from, to, k.minimo, sql`${o}`)} and ${holds(k.id, from, k.owner)}`;
}

/**
 * What a chunk adds to the cycle's running totals, read once from the rows it just wrote (the
 * `from` of the cycle row's update, so the rows are scanned once), and whether it checks out.
 */
export function chunkTotals(cicloId: number, from: number, to: number) {
  const r = cicloBonificacionUser;
  const mine = sql`ciclo_id = ${cicloId} and user_id > ${from} and user_id <= ${to}`;
  return {
    // The cursor moves only if the chunk's lines and its users' rows agree (BONUS-RULES: line totals
    // equal user totals: the lines' count and sum against the rows' lineas and bonos), every saldo
    // anterior is the sum of the rows carried into it, and every total is bonos + saldo anterior +
    // ajustes; otherwise the NOT NULL cursor fails the whole batch, which rolls back.
    from: sql`(select coalesce(sum(total), 0) as chunk_total, coalesce(sum(lineas), 0) as chunk_lineas, count(*) as chunk_usuarios,
      (coalesce(sum(lineas), 0), coalesce(sum(bonos), 0))
          = (select count(*), coalesce(sum(monto), 0) from ${cicloBonificacionUserReferido} where beneficiario_id > ${from} and beneficiario_id <= ${to} and ciclo_id = ${cicloId})
        and coalesce(sum(saldo_anterior), 0)
          = (select coalesce(sum(o.total), 0) from ${r} o where o.arrastrado_a in (select id from ${r} where ${mine}))
        and coalesce(sum(total <> bonos + saldo_anterior + ajustes), 0) = 0 as chunk_ok
      from ${r} where ${mine}) as chunk`,
    set: {
      total: sql`total + chunk.chunk_total`,
      lineas: sql`lineas + chunk.chunk_lineas`,
      usuarios: sql`usuarios + chunk.chunk_usuarios`,
      cursor: sql`case when chunk.chunk_ok then ${to} else null end`,
      miembrosHechos: sql`miembros_hechos + (select count(*) from ${users} where id > ${from} and id <= ${to})`,
    },
  };
}

/**
 * Withholding at source (decision 0447), in the chunk's own batch after its rows are written and
 * the balances carried: every row of the chunk gets the rate of its member's person type and the
 * year's cumulative (the member's earlier rows of the calendar year plus this one's own new
 * income, bonos + ajustes: a clawback lowers it), the withholding on that new income when positive
 * (rounded to the peso, decision 0448: never negative), and the net it pays: its new income less
 * the withholding, plus the nets of the rows carried into it (their withholding already taken).
 */
export function withholdingSql(
  k: ChunkCycle & { anioInicio: number },
  from: number,
  to: number,
  r: WithholdingRates,
) {
  const cbu = cicloBonificacionUser;
  const w = sql`case when x.base > 0 then (x.base * x.tasa + 500000) / 1000000 * 100 else 0 end`;
  return sql`
    update ${cbu} set retencion_tasa = x.tasa, retencion = ${w}, neto = x.base - ${w} + x.arrastrado
    from (
      select r.id, r.bonos + r.ajustes as base,
        case when ip.tipo_persona = 'JURIDICA' then ${bp(r.juridica)}
          when r.bonos + r.ajustes + coalesce((select sum(o.bonos + o.ajustes) from ${cbu} o
            where o.user_id = r.user_id and o.ciclo_id in (select id from ${ciclosBonificacion} where inicio >= ${k.anioInicio} and inicio < ${k.inicio})), 0) > ${sql.raw(String(Math.trunc(r.umbral)))}
          then ${bp(r.juridica)} else ${bp(r.natural)} end as tasa,
        coalesce((select sum(o.neto) from ${cbu} o where o.arrastrado_a = r.id), 0) as arrastrado
      from ${cbu} r left join ${informacionPago} ip on ip.user_id = r.user_id
      where r.ciclo_id = ${k.id} and r.user_id > ${from} and r.user_id <= ${to}
    ) as x
    where ${cbu}.id = x.id and ${holds(k.id, from, k.owner)}`;
}
