// The monthly settlement (BONUS-RULES.md): bounded steps (settle-step.ts) run to the end in one
// process, and the dry-run preview, one page at a time.
import { sql } from 'drizzle-orm';
import { compras, detalleBonos, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { cycleKeyAt, cycleWindow } from '../../shared/cycles';
import { DEFAULT_BUDGET, settleStep, type Budget, type StepResult } from './settle-step';
import { bp, qualified, type Rates } from './settlement-sql';

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
    if (step.estado === 'PENDIENTE') continue;
    const { estado, total, lineas, usuarios } = step;
    // Waiting for an earlier month another run is settling reads, to the caller, as "in progress".
    if (estado === 'EN_ESPERA') return { clave, estado: 'EN_CURSO', total: 0, lineas: 0, usuarios: 0 };
    return estado === 'EN_CURSO'
      ? { clave, estado, total: 0, lineas: 0, usuarios: 0 }
      : { clave, estado, total, lineas, usuarios };
  }
}

export type PreviewRow = { user_id: number; user_name: string; total: number; lineas: number };
export type PreviewPage = { data: PreviewRow[]; total: number; suma: number; lineas: number };

function previewSql(clave: string, rates: Rates) {
  const { start, end } = cycleWindow(clave);
  return sql`
    with paid as (select c.id, c.user_id, c.total from ${compras} c where c.estado = 'PAGADO' and c.pagado_at >= ${start} and c.pagado_at < ${end}),
    up as (select p.total as base, u1.sponsor_id as b1, u2.sponsor_id as b2, u3.sponsor_id as b3 from paid p join ${users} u1 on u1.id = p.user_id left join ${users} u2 on u2.id = u1.sponsor_id left join ${users} u3 on u3.id = u2.sponsor_id),
    anc as (select base, b1 as b, ${bp(rates[1])} as pct from up where b1 is not null union all select base, b2, ${bp(rates[2])} from up where b2 is not null union all select base, b3, ${bp(rates[3])} from up where b3 is not null),
    per as (select a.b, sum(a.base * a.pct / 10000) as bruto, count(*) as lineas from anc a group by a.b)
    select p.b as user_id, u.user_name, case when ${qualified(sql`p.b`, end)} then p.bruto else 0 end as total, p.lineas
    from per p join ${users} u on u.id = p.b`;
}

/** Dry run: every per-user total a settlement would produce now, written nowhere (the bench's floor). */
export async function previewCycle(db: Db, clave: string) {
  return db.all<PreviewRow>(sql`${previewSql(clave, await currentRates(db))} order by total desc, p.b`);
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
  const rows = await db.all<PreviewRow & { n: number; suma: number; todas: number }>(sql`
    with r as (${previewSql(clave, await currentRates(db))})
    select r.*, count(*) over () as n, sum(total) over () as suma, sum(lineas) over () as todas from r
    order by total desc, user_id limit ${perPage} offset ${(page - 1) * perPage}`);
  if (!rows.length && page > 1) {
    const head = await previewPage(db, clave, 1, 1);
    return { data: [], total: head.total, suma: head.suma, lineas: head.lineas };
  }
  return {
    data: rows.map(({ user_id, user_name, total, lineas }) => ({ user_id, user_name, total, lineas })),
    total: rows[0]?.n ?? 0,
    suma: rows[0]?.suma ?? 0,
    lineas: rows[0]?.todas ?? 0,
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
