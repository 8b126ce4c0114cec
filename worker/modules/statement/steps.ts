// A statement's work in bounded steps (like the settlement's, docs/decisions/0020 and 0140):
// each call spends at most a budget of database requests and wall time and saves its
// cursor in the statement row, so the next call — the screen's, or a retry after a failure —
// goes on where it stopped.
//
// Matching: chunks of movements by id. A chunk is one read (the movements with the purchase
// their reference names, and whether an earlier movement of the file already named that purchase
// with that amount), one more read when some have no reference (the unpaid purchases of their
// amounts), and one write batch (every movement's result, then the cursor), applied only if the
// cursor still stands where this step read it.
//
// Confirming: the CONCILIADO movements in id order, each through the shop's confirmation (the
// purchase's own state change, history entry and notification, then its subscriptions), then the
// movement and the cursor. The state change is conditional on NO_PAGADO, so a second run, a
// retried step or a movement repeated in another statement never confirms a purchase twice.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { compras, extractoMovimientos, extractos, stateHistory, suscripciones } from '../../db/schema';
import type { Db } from '../../platform/db';
import { confirmationCost, confirmPayment } from '../shop';
import { namesReference } from '../../shared/payment-reference';
import { pesos } from '../../shared/money-out';
import { REASON, type MatchGroup } from '../../shared/statement';
import { STATE } from '../../shared/workflow';

/** A statement's matched movements (each names the one purchase it pays). */
export const matchedIn = (extractoId: number) =>
  and(eq(extractoMovimientos.extractoId, extractoId), eq(extractoMovimientos.resultado, STATE.CONCILIADO));

export type Budget = { requests: number; ms: number };
export const DEFAULT_BUDGET: Budget = { requests: 500, ms: 20_000 };
export const MATCH_CHUNK = 500;
/** Purchases read ahead per confirmation read. */
const CONFIRM_CHUNK = 50;
/** Requests kept back after the last chunk: the statement row read back. */
const RESERVED = 1;

export type StepReport = { estado: string; requests: number; ms: number; chunks: number };

type Row = {
  id: number;
  fila: number;
  valor: number;
  ref: number | null;
  descripcion: string | null;
  c_id: number | null;
  c_total: number | null;
  c_estado: string | null;
  repetida_de: number | null;
};
type Result = { id: number; r: MatchGroup; m: string | null; c: number | null; k: string | null };

function classify(row: Row, byAmount: Map<number, { n: number; ids: number[] }>): Result {
  const out = (r: MatchGroup, m: string | null, c: number | null = null, k: number[] | null = null) => ({
    id: row.id,
    r,
    m,
    c,
    k: k ? JSON.stringify(k) : null,
  });
  if (row.valor <= 0) return out(STATE.SIN_CONCILIAR, REASON.notIncome);
  if (row.ref !== null) {
    if (row.c_id === null) return out(STATE.SIN_CONCILIAR, REASON.referenceNotFound);
    if (row.repetida_de !== null) return out(STATE.SIN_CONCILIAR, REASON.repeated(row.repetida_de), row.c_id);
    if (row.c_estado === STATE.PAGADO) return out(STATE.SIN_CONCILIAR, REASON.alreadyPaid, row.c_id);
    if (row.c_total !== row.valor)
      return out(STATE.SIN_CONCILIAR, REASON.otherAmount(pesos(row.c_total ?? 0)), row.c_id);
    return out(STATE.CONCILIADO, null, row.c_id);
  }
  // A reference named but no purchase's (decision 0466): said as such, not as «Sin referencia».
  if (row.descripcion && namesReference(row.descripcion))
    return out(STATE.SIN_CONCILIAR, REASON.referenceNotFound);
  const found = byAmount.get(row.valor);
  if (!found) return out(STATE.SIN_CONCILIAR, REASON.noReferenceNoAmount);
  return out(STATE.AMBIGUO, REASON.byAmountOnly(found.n), null, found.ids);
}

const M = extractoMovimientos;
type Statement = typeof extractos.$inferSelect;

/** One chunk: read, classify, write with the cursor's compare-and-set. Returns requests spent and the new cursor. */
async function matchChunk(db: Db, extractoId: number, from: number, now: number, chunk: number) {
  const rows = await db.all<Row>(sql`
    select m.id, m.fila, m.valor, m.referencia_compra_id as ref, m.descripcion, c.id as c_id, c.total as c_total, c.estado as c_estado,
      (select min(m2.fila) from ${M} m2 where m2.extracto_id = m.extracto_id and m2.referencia_compra_id = m.referencia_compra_id
        and m2.valor = m.valor and m2.id < m.id) as repetida_de
    from ${M} m left join ${compras} c on c.id = m.referencia_compra_id
    where m.extracto_id = ${extractoId} and m.id > ${from}
    order by m.id limit ${chunk}`);
  let requests = 1;
  const amounts = [...new Set(rows.filter((r) => r.ref === null && r.valor > 0).map((r) => r.valor))];
  const byAmount = new Map<number, { n: number; ids: number[] }>();
  if (amounts.length) {
    const found = await db.all<{ total: number; id: number; n: number }>(sql`
      select total, id, n from (
        select total, id, row_number() over (partition by total order by id) as rn, count(*) over (partition by total) as n
        from ${compras} where estado = 'NO_PAGADO' and total in (select value from json_each(${JSON.stringify(amounts)}))
      ) where rn <= 5 order by total, id`);
    requests++;
    for (const f of found) {
      const e = byAmount.get(f.total) ?? { n: f.n, ids: [] };
      e.ids.push(f.id);
      byAmount.set(f.total, e);
    }
  }
  const to = rows.length ? rows[rows.length - 1]!.id : from;
  const results = rows.map((r) => classify(r, byAmount));
  // The cursor first (compare-and-set), then each movement by its primary key only if the cursor
  // now stands at this chunk's end: one batch, one transaction, one request.
  const [moved] = await db.batch([
    db
      .update(extractos)
      .set({
        cursor: to,
        updatedAt: now,
        estado: sql`case when exists (select 1 from ${M} where extracto_id = ${extractoId} and id > ${to}) then 'CONCILIANDO' else 'LISTO' end`,
      })
      .where(
        and(
          eq(extractos.id, extractoId),
          eq(extractos.cursor, from),
          eq(extractos.estado, STATE.CONCILIANDO),
        ),
      )
      .returning({ cursor: extractos.cursor, estado: extractos.estado }),
    db.run(sql`update ${M} set resultado = u.r, motivo = u.m, compra_id = u.c, candidatos = u.k
      from (select j.value ->> 'id' as id, j.value ->> 'r' as r, j.value ->> 'm' as m, j.value ->> 'c' as c,
              j.value ->> 'k' as k
            from json_each(${JSON.stringify(results)}) j
            where exists (select 1 from ${extractos} e where e.id = ${extractoId} and e.cursor = ${to})) as u
      where ${M}.id = u.id`),
  ]);
  requests++;
  return { requests, moved: moved[0] };
}

/**
 * One bounded step of a statement: matching while CONCILIANDO, confirming while CONFIRMANDO,
 * nothing otherwise. `spent` counts requests the caller already made in this invocation.
 */
export async function statementStep(
  db: Db,
  extractoId: number,
  opts: { now: number; actorId: number | null; budget?: Budget; spent?: number; chunk?: number },
): Promise<StepReport> {
  const t0 = performance.now();
  const budget = opts.budget ?? DEFAULT_BUDGET;
  let requests = (opts.spent ?? 0) + 1;
  let chunks = 0;
  let slowest = 0;
  const first = await db.select().from(extractos).where(eq(extractos.id, extractoId)).get();
  const report = (estado: string) => ({ estado, requests, ms: performance.now() - t0, chunks });
  if (!first) return report('NO_EXISTE');
  let row: Statement = first;
  const fits = (cost: number) =>
    requests + cost + RESERVED <= budget.requests &&
    (chunks === 0 || performance.now() - t0 + slowest <= budget.ms);

  while (row.estado === STATE.CONCILIANDO) {
    if (!fits(3)) return report(row.estado);
    const tc = performance.now();
    const { requests: spent, moved } = await matchChunk(
      db,
      extractoId,
      row.cursor,
      opts.now,
      opts.chunk ?? MATCH_CHUNK,
    );
    requests += spent;
    chunks++;
    slowest = Math.max(slowest, performance.now() - tc);
    if (!moved) return report(STATE.EN_CURSO); // another step moved the cursor meanwhile
    row = { ...row, ...moved };
  }

  while (row.estado === STATE.CONFIRMANDO) {
    if (!fits(1)) return report(row.estado);
    const tc = performance.now();
    const next: { id: number; fila: number; compraId: number; userId: number; subs: number }[] = await db
      .select({
        id: extractoMovimientos.id,
        fila: extractoMovimientos.fila,
        compraId: compras.id,
        userId: compras.userId,
        subs: sql<number>`(select count(*) from ${suscripciones} s where s.compra_id = ${compras.id} and s.estado = 'PENDIENTE')`,
      })
      .from(extractoMovimientos)
      .innerJoin(compras, eq(compras.id, extractoMovimientos.compraId))
      .where(and(matchedIn(extractoId), gt(extractoMovimientos.id, row.confirmCursor)))
      .orderBy(asc(extractoMovimientos.id))
      .limit(CONFIRM_CHUNK);
    requests++;
    chunks++;
    if (!next.length) {
      // Done, with its history row in the same batch (only if this step is the one that closed it).
      const [done] = await db.batch([
        db
          .update(extractos)
          .set({ estado: STATE.CONFIRMADO, updatedAt: opts.now })
          .where(and(eq(extractos.id, extractoId), eq(extractos.estado, STATE.CONFIRMANDO)))
          .returning(),
        db.run(sql`insert into ${stateHistory} (entity, entity_id, from_state, to_state, comentario, user_id, created_at)
          select 'extracto', ${extractoId}, 'CONFIRMANDO', 'CONFIRMADO',
            (select case confirmadas when 1 then '1 compra confirmada' else confirmadas || ' compras confirmadas' end
              from ${extractos} where id = ${extractoId}),
            ${opts.actorId}, ${opts.now}
          where changes() = 1`),
      ]);
      requests++;
      return report(done.length ? STATE.CONFIRMADO : STATE.EN_CURSO);
    }
    for (const m of next) {
      // The confirmation, then the movement and the cursor (one batch).
      if (!fits(confirmationCost(m.subs) + 1)) return report(row.estado);
      const r = await confirmPayment(
        db,
        { id: m.compraId, userId: m.userId },
        {
          at: opts.now,
          actorId: opts.actorId,
          comentario: `Conciliada con el extracto #${extractoId}, fila ${m.fila}`,
          ifNotPayable: 'skip',
        },
      );
      requests += r.requests;
      const [, moved]: [unknown, Statement[]] = await db.batch([
        db
          .update(extractoMovimientos)
          .set({ confirmacion: r.confirmed ? STATE.CONFIRMADA : STATE.YA_PAGADA, confirmadoAt: opts.now })
          .where(and(eq(extractoMovimientos.id, m.id), sql`${extractoMovimientos.confirmacion} is null`)),
        db
          .update(extractos)
          .set({
            confirmCursor: m.id,
            confirmadas: sql`${extractos.confirmadas} + ${r.confirmed ? 1 : 0}`,
            updatedAt: opts.now,
          })
          .where(and(eq(extractos.id, extractoId), eq(extractos.confirmCursor, row.confirmCursor)))
          .returning(),
      ]);
      requests++;
      if (!moved[0]) return report(STATE.EN_CURSO);
      row = moved[0];
    }
    slowest = Math.max(slowest, performance.now() - tc);
  }
  return report(row.estado);
}

/** Moves a matched statement to CONFIRMANDO (LISTO only); one request. */
export async function startConfirming(db: Db, extractoId: number, now: number) {
  const r = await db
    .update(extractos)
    .set({ estado: STATE.CONFIRMANDO, updatedAt: now })
    .where(and(eq(extractos.id, extractoId), eq(extractos.estado, STATE.LISTO)))
    .returning()
    .get();
  return !!r;
}
