// The monthly settlement (BONUS-RULES.md): bounded steps (settle-step.ts) run to the end in one
// process, and the dry-run preview, one page at a time.
import { sql } from 'drizzle-orm';
import {
  cicloBonificacionUser,
  ciclosBonificacion,
  compras,
  detalleBonos,
  parametrosBonificacion,
  users,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import { cycleKeyAt, cycleWindow, REFUND } from '../../shared/cycles';
import { DEFAULT_MIN_PAYOUT } from '../../shared/money-out';
import { DEFAULT_BUDGET, settleStep, type Budget, type StepResult } from './settle-step';
import { bp, carriedSql, linesSelect, qualified, refundsSelect, type Rates } from './settlement-sql';
import { STATE } from '../../shared/workflow';

export { CHUNK_USERS, DEFAULT_BUDGET, settleStep, type Budget, type StepResult } from './settle-step';
export type { Rates } from './settlement-sql';

export type SettleResult = {
  clave: string;
  estado: 'LIQUIDADO' | 'EN_CURSO' | 'YA_LIQUIDADO';
  total: number;
  lineas: number;
  usuarios: number;
};
export type SettleOptions = {
  now: number;
  origen: string;
  actorId?: number | null;
  chunk?: number;
  budget?: Budget;
  /** The run's lease holder; a fresh one per call unless given (a Workflow passes its instance id). */
  owner?: string;
  afterChunk?: (cursor: number) => void | Promise<void>;
  /** Called after every bounded step (the bench records the largest). */
  onStep?: (step: StepResult) => void;
};

/** The rates in force (detallebonos). */
export async function currentRates(db: Db): Promise<Rates> {
  const rows = await db
    .select({ nivel: detalleBonos.nivel, porcentaje: detalleBonos.porcentaje })
    .from(detalleBonos);
  const rate = (n: number) => rows.find((r) => r.nivel === n)?.porcentaje ?? 0;
  return { 1: rate(1), 2: rate(2), 3: rate(3) };
}

/** Runs bounded steps until the cycle is settled or another run holds it: the Node path, and tests. */
export async function settleCycle(db: Db, clave: string, opts: SettleOptions): Promise<SettleResult> {
  const owner = opts.owner ?? `local-${crypto.randomUUID()}`;
  for (;;) {
    const step = await settleStep(db, clave, { ...opts, owner, budget: opts.budget ?? DEFAULT_BUDGET });
    opts.onStep?.(step);
    if (step.estado === STATE.PENDIENTE) continue;
    const { estado, total, lineas, usuarios } = step;
    // Waiting for an earlier month another run is settling reads, to the caller, as "in progress".
    if (estado === 'EN_ESPERA') return { clave, estado: STATE.EN_CURSO, total: 0, lineas: 0, usuarios: 0 };
    return estado === STATE.EN_CURSO
      ? { clave, estado, total: 0, lineas: 0, usuarios: 0 }
      : { clave, estado, total, lineas, usuarios };
  }
}

export type PreviewRow = {
  user_id: number;
  user_name: string;
  /** The month's own bonus lines (REEMBOLSO lines apart). */
  bonos: number;
  /** The REEMBOLSO lines: the reversal of annulled purchases settled in earlier months (≤ 0). */
  reembolsos: number;
  /** The earlier balances that carry into this month (docs/settlement.md § What carries). */
  saldo_anterior: number;
  total: number;
  lineas: number;
};
export type PreviewPage = {
  data: PreviewRow[];
  total: number;
  suma: number;
  lineas: number;
  bonos: number;
  reembolsos: number;
  saldo_anterior: number;
};

/** No cycle has this id: the dry run's lines belong to none, so every earlier line counts for refunds. */
const NO_CYCLE = -1;
const EVERYONE = Number.MAX_SAFE_INTEGER;

/**
 * The dry run (decision 0460): the very SELECTs the settlement writes (its lines, its REEMBOLSO lines
 * and the earlier rows that carry, at the minimum the run would fix), grouped per member as its rows
 * would be, written nowhere. So the preview's figures are the cycle's figures once it is booked.
 */
function previewSql(clave: string, rates: Rates) {
  const { start, end } = cycleWindow(clave);
  const c = ciclosBonificacion;
  const minimo = sql`coalesce((select ${c.minimoPago} from ${c} where ${c.clave} = ${clave}), (select minimo_pago from ${parametrosBonificacion} where id = 1), ${DEFAULT_MIN_PAYOUT})`;
  return sql`
    with lns(ciclo_id, beneficiario_id, compra_id, referido_id, nivel, base, porcentaje, monto, motivo, created_at) as (
      ${linesSelect(NO_CYCLE, start, end, 0, EVERYONE, 0, rates)}
      union all
      ${refundsSelect(NO_CYCLE, 0, EVERYONE, 0)}
    ),
    per as (
      select beneficiario_id as b, sum(case when motivo = ${REFUND} then 0 else monto end) as bonos,
        sum(case when motivo = ${REFUND} then monto else 0 end) as reembolsos, 0 as saldo, count(*) as lineas
      from lns group by beneficiario_id
      union all
      select o.user_id, 0, 0, sum(o.total), 0
      from ${cicloBonificacionUser} o indexed by cbu_abierto_idx
      where ${carriedSql(start, 0, EVERYONE, minimo)}
      group by o.user_id
    )
    select p.b as user_id, u.user_name, sum(p.bonos) as bonos, sum(p.reembolsos) as reembolsos,
      sum(p.saldo) as saldo_anterior, sum(p.bonos) + sum(p.reembolsos) + sum(p.saldo) as total, sum(p.lineas) as lineas
    from per p join ${users} u on u.id = p.b
    group by p.b`;
}

/** Dry run: every per-user total a settlement would produce now, written nowhere (the bench's floor). */
export async function previewCycle(db: Db, clave: string) {
  return db.all<PreviewRow>(sql`${previewSql(clave, await currentRates(db))} order by total desc, user_id`);
}

/**
 * One page of the dry run (grid contract): the database aggregates and sorts, the API holds one
 * page; the cycle's count and sums come back on the same rows (window functions), one request.
 */
export async function previewPage(
  db: Db,
  clave: string,
  page: number,
  perPage: number,
): Promise<PreviewPage> {
  const rows = await db.all<
    PreviewRow & { n: number; suma: number; todas: number; sb: number; sr: number; ss: number }
  >(sql`
    with r as (${previewSql(clave, await currentRates(db))})
    select r.*, count(*) over () as n, sum(total) over () as suma, sum(lineas) over () as todas,
      sum(bonos) over () as sb, sum(reembolsos) over () as sr, sum(saldo_anterior) over () as ss from r
    order by total desc, user_id limit ${perPage} offset ${(page - 1) * perPage}`);
  if (!rows.length && page > 1) {
    const head = await previewPage(db, clave, 1, 1);
    return { ...head, data: [] };
  }
  const n = (x: unknown) => Number(x ?? 0);
  return {
    data: rows.map((r) => ({
      user_id: r.user_id,
      user_name: r.user_name,
      bonos: n(r.bonos),
      reembolsos: n(r.reembolsos),
      saldo_anterior: n(r.saldo_anterior),
      total: n(r.total),
      lineas: n(r.lineas),
    })),
    total: n(rows[0]?.n),
    suma: n(rows[0]?.suma),
    lineas: n(rows[0]?.todas),
    bonos: n(rows[0]?.sb),
    reembolsos: n(rows[0]?.sr),
    saldo_anterior: n(rows[0]?.ss),
  };
}

/**
 * A member's bonus for the month in course, as the settlement would compute it now (the same rates,
 * levels, per-line rounding and qualification), written nowhere: per level, the referrals' paid
 * purchases, their base and the amount. An estimate until the month closes (BONUS-RULES.md).
 */
export async function memberEstimate(db: Db, userId: number, now: number) {
  const clave = cycleKeyAt(now);
  const { start, end } = cycleWindow(clave);
  const rates = await currentRates(db);
  const [levels, [q]] = await Promise.all([
    db.all<{ nivel: number; compras: number; base: number; monto: number }>(sql`
      with l1 as (select id from ${users} where sponsor_id = ${userId}),
      l2 as (select u.id from ${users} u join l1 on u.sponsor_id = l1.id),
      l3 as (select u.id from ${users} u join l2 on u.sponsor_id = l2.id),
      d as (select id, 1 as nivel, ${bp(rates[1])} as pct from l1 union all select id, 2, ${bp(rates[2])} from l2
        union all select id, 3, ${bp(rates[3])} from l3)
      select d.nivel, count(*) as compras, sum(c.total) as base, sum(c.total * d.pct / 10000) as monto
      from d join ${compras} c on c.user_id = d.id and c.estado = 'PAGADO' and c.pagado_at >= ${start} and c.pagado_at < ${end}
      group by d.nivel order by d.nivel`),
    db.all<{ ok: number }>(sql`select ${qualified(sql`${userId}`, end)} as ok`),
  ]);
  const niveles = [1, 2, 3].map((nivel) => {
    const l = levels.find((x) => Number(x.nivel) === nivel);
    return {
      nivel,
      porcentaje: rates[nivel as 1 | 2 | 3],
      compras: Number(l?.compras ?? 0),
      base: Number(l?.base ?? 0),
      monto: Number(l?.monto ?? 0),
    };
  });
  const bruto = niveles.reduce((s, l) => s + l.monto, 0);
  const califica = !!q?.ok;
  return { clave, cierre: end, niveles, bruto, califica, total: califica ? bruto : 0 };
}
