// One bounded step of the monthly settlement (docs/decisions/0020): at most a budget of database
// requests and wall time, the cursor saved in the cycle row after every chunk. A Workflow on the
// Worker and a loop on Node call it until it answers done.
import { and, eq, or, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  ciclosBonificacion,
  detalleBonos,
  parametrosBonificacion,
  parametrosRetencion,
  users,
  uvtValores,
} from '../../db/schema';
import { historyInsert } from '../../platform/audit';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import type { Db } from '../../platform/db';
import { cycleWindow } from '../../shared/cycles';
import { DEFAULT_MIN_PAYOUT } from '../../shared/money-out';
import type { WithholdingRates } from '../../shared/withholding';
import {
  carrySql,
  chunkTotals,
  holds,
  linesSql,
  refundsSql,
  usersSql,
  withholdingSql,
  type Rates,
} from './settlement-sql';
import { STATE } from '../../shared/workflow';

export const CHUNK_USERS = 500;
export const LEASE_MS = 5 * 60_000;

/** What one invocation may spend: database requests (subrequests on the Worker) and wall time. */
export type Budget = { requests: number; ms: number };
export const DEFAULT_BUDGET: Budget = { requests: 500, ms: 20_000 };
/** Requests a step keeps back after its chunks: closing the cycle and its history row. */
const RESERVED = 2;

export type StepOptions = {
  now: number;
  origen: string;
  /** The run holding the lease: a Workflow instance id, or one local run. */
  owner: string;
  actorId?: number | null;
  chunk?: number;
  budget?: Budget;
  /** Called after each chunk is written (tests kill a step here). */
  afterChunk?: (cursor: number) => void | Promise<void>;
};

export type StepResult = {
  clave: string;
  /**
   * PENDIENTE: this step's budget is spent and more chunks remain; EN_CURSO: another run holds the
   * cycle; EN_ESPERA: an earlier cycle is still being settled (balances carry month after month, so
   * months settle in order: decision 0215), nothing written, the lease given back.
   */
  estado: 'LIQUIDADO' | 'YA_LIQUIDADO' | 'EN_CURSO' | 'PENDIENTE' | 'EN_ESPERA';
  done: boolean;
  requests: number;
  ms: number;
  chunks: number;
  total: number;
  lineas: number;
  usuarios: number;
};

type Cycle = typeof ciclosBonificacion.$inferSelect;

/**
 * A chunk's statements as one transaction, with the foreign-key checks off for that transaction
 * only (docs/decisions/0212): every id a chunk writes comes from a row it joins in the same
 * transaction (the lines' beneficiary, referral and purchase, the claimed cycle), so the four
 * parent lookups per line (more than half the lines' cost, 900,000 lines at 100,000 members) check
 * nothing the statement has not just read. libSQL's `migrate` is a batch that turns the checks off
 * and back on around its transaction, on the embedded connection (held for the whole batch) and
 * over HTTP to Turso alike; drizzle's migrator uses the same door. Turning the checks off and on
 * makes SQLite re-prepare the connection's statements, which costs more than it saves on a tiny
 * chunk: below FK_OFF_FROM members a chunk is a plain batch (same statements, same result).
 */
export const FK_OFF_FROM = 100;
function chunkBatch<T extends [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]>(
  db: Db,
  members: number,
  items: T,
) {
  const session = (db as unknown as { session?: { migrate?: (q: T) => Promise<unknown> } }).session;
  return (members >= FK_OFF_FROM && session?.migrate ? session.migrate(items) : db.batch(items)) as Promise<
    BatchResponse<T>
  >;
}

/** The earliest cycle before `start` still open (not LIQUIDADO): a month settles only after it. */
const earlierOpen = (db: Db, start: number) =>
  db
    .select({ clave: ciclosBonificacion.clave })
    .from(ciclosBonificacion)
    .where(and(lt(ciclosBonificacion.inicio, start), ne(ciclosBonificacion.estado, STATE.LIQUIDADO)))
    .orderBy(ciclosBonificacion.inicio)
    .limit(1);

/**
 * The month a settlement of `clave` would wait for (decision 0215), read without writing anything:
 * the earliest earlier cycle still open, or null (none, or `clave` itself is already settled).
 */
export async function waitingFor(db: Db, clave: string): Promise<string | null> {
  const [earlier, self] = await db.batch([
    earlierOpen(db, cycleWindow(clave).start),
    db
      .select({ estado: ciclosBonificacion.estado })
      .from(ciclosBonificacion)
      .where(eq(ciclosBonificacion.clave, clave)),
  ]);
  return self[0]?.estado === STATE.LIQUIDADO ? null : (earlier[0]?.clave ?? null);
}

/** Used when the settings row is missing: 10 %, 11 %, 3.300 UVT of 2026 (decision 0446). */
export const DEFAULT_WITHHOLDING: WithholdingRates = {
  natural: 1000,
  juridica: 1100,
  umbral: 3300 * 5_237_400,
};

/**
 * The withholding in force for a cycle's year (decision 0447): the settings' rates and the
 * threshold in cents, at that year's UVT (or the latest year before it, or the first after it).
 */
const withholdingNow = (year: number) =>
  sql`(select json_object('natural', p.tasa_natural, 'juridica', p.tasa_juridica, 'umbral', p.umbral_uvt *
    (select valor from ${uvtValores} order by case when anio <= ${year} then 0 else 1 end, case when anio <= ${year} then -anio else anio end limit 1))
    from ${parametrosRetencion} p where p.id = 1)`;

/** Creates the cycle (rates, minimum payout and last member fixed now) and takes its lease: one request. */
async function claim(db: Db, clave: string, opts: StepOptions) {
  const { start, end } = cycleWindow(clave);
  const c = ciclosBonificacion;
  const minimoNow = sql`coalesce((select minimo_pago from ${parametrosBonificacion} where id = 1), ${DEFAULT_MIN_PAYOUT})`;
  const retencionNow = withholdingNow(Number(clave.slice(0, 4)));
  const [, leased, current, earlier] = await db.batch([
    db
      .insert(c)
      .values({
        clave,
        inicio: start,
        fin: end,
        iniciadoAt: opts.now,
        origen: opts.origen,
        tasas: sql`(select json_group_object(nivel, porcentaje) from ${detalleBonos})`,
        minimoPago: minimoNow,
        retencion: retencionNow,
        hasta: sql`(select coalesce(max(id), 0) from ${users})`,
        miembros: sql`(select count(*) from ${users})`,
      })
      .onConflictDoNothing(),
    db
      .update(c)
      .set({
        leaseUntil: opts.now + LEASE_MS,
        leaseOwner: opts.owner,
        pasos: sql`pasos + 1`,
        ultimoError: null,
        // A run claimed before the minimum payout existed fixes its minimum at its next step.
        minimoPago: sql`coalesce(${c.minimoPago}, ${minimoNow})`,
        // A run claimed before withholding existed fixes its rates at its next step.
        retencion: sql`coalesce(${c.retencion}, ${retencionNow})`,
      })
      .where(
        and(
          eq(c.clave, clave),
          eq(c.estado, STATE.EN_PROCESO),
          or(isNull(c.leaseUntil), lt(c.leaseUntil, opts.now), eq(c.leaseOwner, opts.owner)),
        ),
      )
      .returning(),
    db.select().from(c).where(eq(c.clave, clave)),
    // An earlier cycle still open (read in the same request): carry-over settles months in order.
    earlierOpen(db, start),
  ]);
  return {
    cycle: (leased[0] ?? current[0]) as Cycle | undefined,
    leased: leased.length > 0,
    earlier: earlier[0]?.clave ?? null,
  };
}

function ratesOf(cycle: Cycle): Rates {
  const r = JSON.parse(cycle.tasas ?? '{}') as Record<string, number>;
  return { 1: r['1'] ?? 0, 2: r['2'] ?? 0, 3: r['3'] ?? 0 };
}

function withholdingOf(cycle: Cycle): WithholdingRates {
  const r = JSON.parse(cycle.retencion ?? 'null') as Partial<WithholdingRates> | null;
  return {
    natural: r?.natural ?? DEFAULT_WITHHOLDING.natural,
    juridica: r?.juridica ?? DEFAULT_WITHHOLDING.juridica,
    umbral: r?.umbral ?? DEFAULT_WITHHOLDING.umbral,
  };
}

const resultOf = (
  cycle: Cycle,
  estado: StepResult['estado'],
  extra: Pick<StepResult, 'requests' | 'ms' | 'chunks'>,
): StepResult => ({
  clave: cycle.clave,
  estado,
  done: estado === STATE.LIQUIDADO || estado === 'YA_LIQUIDADO',
  total: cycle.total,
  lineas: cycle.lineas,
  usuarios: cycle.usuarios,
  ...extra,
});

/**
 * Settles chunks of beneficiaries until the cycle is done or the budget is spent. Each chunk is one
 * atomic batch (lines, refunds, users' rows, running totals, cursor) applied only if the cursor
 * still stands where this step read it, so a step killed and retried writes nothing twice and a
 * run that lost its lease stops.
 */
export async function settleStep(db: Db, clave: string, opts: StepOptions): Promise<StepResult> {
  const t0 = performance.now();
  const budget = opts.budget ?? DEFAULT_BUDGET;
  const chunk = opts.chunk ?? CHUNK_USERS;
  let requests = 1;
  let chunks = 0;
  const stats = () => ({ requests, ms: performance.now() - t0, chunks });
  const { cycle: claimed, leased, earlier } = await claim(db, clave, opts);
  if (!claimed) throw new Error(`cycle ${clave} not created`);
  if (claimed.estado === STATE.LIQUIDADO) return resultOf(claimed, 'YA_LIQUIDADO', stats());
  if (!leased) return resultOf(claimed, STATE.EN_CURSO, stats());
  // Carry-over reads the earlier months' open rows: a month waits until every earlier cycle is closed.
  if (earlier) {
    await db
      .update(ciclosBonificacion)
      .set({ leaseUntil: null, leaseOwner: null })
      .where(and(eq(ciclosBonificacion.id, claimed.id), eq(ciclosBonificacion.leaseOwner, opts.owner)));
    requests++;
    return resultOf(claimed, 'EN_ESPERA', stats());
  }
  let cycle = claimed;
  const c = ciclosBonificacion;
  try {
    const rates = ratesOf(cycle);
    const withholding = withholdingOf(cycle);
    const anioInicio = cycleWindow(`${cycle.clave.slice(0, 4)}-01`).start;
    const hasta = cycle.hasta ?? 0;
    const minimo = cycle.minimoPago ?? DEFAULT_MIN_PAYOUT;
    let slowest = 0;
    while (cycle.cursor < hasta) {
      const elapsed = performance.now() - t0;
      // At least one chunk per step on time (so a slow claim cannot stall the run); the next chunk is
      // started only if one more as slow as the slowest so far still fits.
      if (requests + 1 + RESERVED > budget.requests || (chunks > 0 && elapsed + slowest > budget.ms))
        return resultOf(cycle, STATE.PENDIENTE, stats());
      const from = cycle.cursor;
      const to = Math.min(from + chunk, hasta);
      const tc = performance.now();
      const k = { id: cycle.id, inicio: cycle.inicio, minimo, owner: opts.owner };
      const guard = holds(cycle.id, from, opts.owner);
      const totals = chunkTotals(cycle.id, from, to);
      const [, , , , , moved] = await chunkBatch(db, to - from, [
        db.run(linesSql(cycle.id, cycle.inicio, cycle.fin, from, to, opts.now, rates, guard)),
        db.run(refundsSql(cycle.id, from, to, opts.now, guard)),
        db.run(usersSql(k, from, to, opts.now)),
        db.run(carrySql(k, from, to)),
        db.run(withholdingSql({ ...k, anioInicio }, from, to, withholding)),
        db
          .update(c)
          .set({ leaseUntil: opts.now + LEASE_MS, ...totals.set })
          .from(totals.from)
          .where(and(eq(c.id, cycle.id), eq(c.cursor, from), eq(c.leaseOwner, opts.owner)))
          .returning(),
      ]);
      requests++;
      chunks++;
      slowest = Math.max(slowest, performance.now() - tc);
      if (!moved[0]) return resultOf(cycle, STATE.EN_CURSO, stats()); // another run took the cycle over
      cycle = moved[0];
      await opts.afterChunk?.(to);
    }
    const end = await finalise(db, cycle, opts);
    requests += end.requests;
    return end.closed
      ? resultOf(end.closed, STATE.LIQUIDADO, stats())
      : resultOf(cycle, STATE.EN_CURSO, stats());
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await db
      .update(c)
      .set({ leaseUntil: null, leaseOwner: null, ultimoError: message.slice(0, 500) })
      .where(and(eq(c.id, cycle.id), eq(c.leaseOwner, opts.owner)))
      .catch(() => undefined);
    throw err;
  }
}

/** Closes the cycle (every chunk checked its lines against its users' rows): two requests. */
async function finalise(
  db: Db,
  cycle: Cycle,
  opts: StepOptions,
): Promise<{ closed: Cycle | undefined; requests: number }> {
  const c = ciclosBonificacion;
  const closed = await db
    .update(c)
    .set({ estado: STATE.LIQUIDADO, liquidadoAt: opts.now, leaseUntil: null, leaseOwner: null })
    .where(and(eq(c.id, cycle.id), eq(c.estado, STATE.EN_PROCESO), eq(c.leaseOwner, opts.owner)))
    .returning()
    .get();
  if (!closed) return { closed, requests: 1 };
  await historyInsert(db, {
    entity: 'ciclo_bonificacion',
    entityId: cycle.id,
    from: STATE.EN_PROCESO,
    to: STATE.LIQUIDADO,
    comentario: `${cycle.clave}: ${settledBy(opts.origen)}`,
    userId: opts.actorId ?? null,
    at: opts.now,
  });
  return { closed, requests: 2 };
}

/**
 * How a run started, in the history's words: `manual (ana)` → 'liquidación iniciada por ana',
 * `cron 10 5 * * *` → 'liquidación automática programada'; any other origin as stored.
 */
export function settledBy(origen: string): string {
  const manual = /^manual \((.*)\)$/.exec(origen);
  if (manual) return `liquidación iniciada por ${manual[1]}`;
  if (origen.startsWith('cron')) return 'liquidación automática programada';
  return origen;
}
