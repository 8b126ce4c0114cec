// Payout batches (docs/bonus-rules.md «Paying out», docs/decisions/0200–0202): after a cycle is
// settled the operator generates one batch per payment-method kind (metodos_pago.tipo) holding the
// cycle's payable rows, in bounded steps over member ids like the settlement's settleStep; then
// downloads each batch's file and marks it paid with the bank's reference, or annuls it.
//
// Never twice: a row enters a batch only while its `lote_id` is null, and each chunk (items,
// rows' lote_id, the batch's cursor and sums) is one atomic batch applied only if the batch's
// cursor still stands where the step read it. A rerun or a concurrent run writes nothing twice.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  cicloBonificacionUser,
  ciclosBonificacion,
  lotesPago,
  notificaciones,
  parametrosBonificacion,
  stateHistory,
} from '../../db/schema';
import { runAudited, type RecordWrite, versionBump, type Actor, type Audited } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { cycleBlock, DEFAULT_MIN_PAYOUT, HOLD, MONEY_OUT_MESSAGES } from '../../shared/money-out';
import { plural } from '../../shared/plural';
import { METODO_LABELS } from '../../shared/schemas/payout';
import { ROW_AUDITED } from './review';
import { DEFAULT_BUDGET, type Budget } from './settle-step';
import { STATE } from '../../shared/workflow';

/** Member ids per chunk: one atomic batch (items, rows, batch totals) per chunk and batch. */
export const PAYOUT_CHUNK = 2_000;
/** Requests a step keeps back after its chunks: closing a batch and its history row. */
const RESERVED = 2;

export const AUDITED_LOTE: Audited = { entity: 'lotes_pago', table: lotesPago };

type Cycle = typeof ciclosBonificacion.$inferSelect;
export type Lote = typeof lotesPago.$inferSelect;

/**
 * A cycle with the minimum in force and, when payouts cannot be generated yet, the Spanish reason
 * (not settled; not approved while close with review is on).
 */
export async function cycleGate(db: Db, cicloId: number) {
  const [cycles, params] = await db.batch([
    db.select().from(ciclosBonificacion).where(eq(ciclosBonificacion.id, cicloId)),
    db.select().from(parametrosBonificacion).where(eq(parametrosBonificacion.id, 1)),
  ]);
  const cycle = cycles[0];
  if (!cycle) throw notFound();
  // One rule for the gate (worker/shared/money-out.ts cycleBlock, decision 0340).
  const block = cycleBlock(cycle, params[0]?.aprobacionCierre ?? false);
  const bloqueo = block ? MONEY_OUT_MESSAGES[block] : null;
  return { cycle, minimo: cycle.minimoPago ?? params[0]?.minimoPago ?? DEFAULT_MIN_PAYOUT, bloqueo };
}

/** The settled cycle a payout may be generated for, with the minimum in force; refusals in Spanish (409). */
export async function payableCycle(db: Db, cicloId: number): Promise<{ cycle: Cycle; minimo: number }> {
  const { cycle, minimo, bloqueo } = await cycleGate(db, cicloId);
  if (bloqueo) throw conflict(bloqueo);
  return { cycle, minimo };
}

// ── what "payable" and "held" mean in SQL (one place) ──

/** The row `b` is unpaid, free (not carried, not in a batch) and at or above the minimum. */
const owed = (minimo: number) =>
  sql`b.estado = 'NO_PAGADO' and b.lote_id is null and b.arrastrado_a is null and b.total > 0 and b.total >= ${minimo}`;

/** The member's payment information `ip` (kind `mp.tipo`) has every field its kind needs. */
const complete = sql`(case mp.tipo
  when 'CUENTA_BANCARIA' then ip.banco_id is not null and ip.tipo_cuenta in ('AH', 'CO') and coalesce(ip.numero_cuenta, '') <> '' and coalesce(ip.titular, '') <> ''
  when 'BILLETERA' then coalesce(ip.numero_cuenta, '') <> ''
  when 'CRIPTOMONEDA' then ip.criptomoneda_id is not null and coalesce(ip.direccion_billetera, '') <> ''
  else 0 end)`;

/**
 * "Verified" (decision 0201): the member's identity validation was reviewed APROBADO, so the
 * document the bank file carries belongs to a person an administrator has checked.
 */
const verifiedFor = (userId: SQL | SQLiteColumn) =>
  sql`exists (select 1 from validaciones_identidad vi where vi.user_id = ${userId} and vi.estado = 'APROBADO')`;
const verified = verifiedFor(sql`b.user_id`);

/**
 * The payment-information facts of the money-out gate (payBlock, decision 0340) for one member,
 * as columns of a select: the same `complete` and `verified` rules a payout batch applies.
 */
export const paymentFacts = (userId: SQLiteColumn) => ({
  informacionCompleta: sql<number>`exists (select 1 from informacion_pago ip join metodos_pago mp on mp.id = ip.metodo_pago_id
    where ip.user_id = ${userId} and ${complete})`,
  verificada: sql<number>`${verifiedFor(userId)}`,
});

/** Why an unpaid free row of the cycle is not payable (HOLD), or null when it is. */
const holdReason = (minimo: number) => sql`case
  when b.total < 0 then ${HOLD.negativo}
  when b.total < ${minimo} then ${HOLD.bajoMinimo}
  when ip.id is null or mp.id is null or not ${complete} then ${HOLD.sinInformacion}
  when not ${verified} then ${HOLD.sinVerificar}
  end`;

/** The payment details kept with each item, as the bank file prints them. */
function detailsOf(metodo: string): SQL {
  const who = sql`'usuario', u.user_name, 'nombre', trim(coalesce(u.nombres, '') || ' ' || coalesce(u.apellidos, ''))`;
  if (metodo === 'CUENTA_BANCARIA')
    return sql`json_object(${who}, 'titular', ip.titular, 'tipo_documento', ti.codigo, 'documento', u.numero_identificacion,
      'banco_codigo', bk.codigo, 'banco', bk.nombre, 'tipo_cuenta', ip.tipo_cuenta, 'numero_cuenta', ip.numero_cuenta)`;
  if (metodo === 'BILLETERA')
    return sql`json_object(${who}, 'titular', ip.titular, 'tipo_billetera', ip.tipo_billetera, 'numero', ip.numero_cuenta)`;
  return sql`json_object(${who}, 'moneda', cm.codigo, 'red', cm.red, 'direccion', ip.direccion_billetera)`;
}

// ── generation in bounded steps ──

export type PayoutStep = {
  /** PENDIENTE: the budget is spent and more chunks remain; EN_CURSO: another run moved a batch first. */
  estado: 'GENERADO' | 'PENDIENTE' | 'EN_CURSO' | 'SIN_PAGOS';
  done: boolean;
  requests: number;
  ms: number;
  chunks: number;
  lotes: Lote[];
};

export type PayoutOptions = {
  now: number;
  actorId: number | null;
  budget?: Budget;
  chunk?: number;
  /** Called after each chunk is written (tests kill a step here). */
  afterChunk?: (loteId: number, cursor: number) => void | Promise<void>;
};

/**
 * Opens one GENERANDO batch per payment-method kind that has payable rows and no open (unpaid)
 * batch in this cycle; a single INSERT … SELECT, so two runs racing open each kind once.
 */
function openBatches(db: Db, cycle: Cycle, minimo: number, opts: PayoutOptions) {
  return db.run(sql`insert into ${lotesPago} (ciclo_id, metodo, estado, cursor, creado_por, creado_at)
    select ${cycle.id}, k.tipo, 'GENERANDO', 0, ${opts.actorId}, ${opts.now}
    from (select distinct tipo from metodos_pago) k
    where not exists (select 1 from ${lotesPago} l where l.ciclo_id = ${cycle.id} and l.metodo = k.tipo and l.estado in ('GENERANDO', 'GENERADO'))
      and exists (select 1 from ciclo_bonificacion_user b join informacion_pago ip on ip.user_id = b.user_id
        join metodos_pago mp on mp.id = ip.metodo_pago_id
        where b.ciclo_id = ${cycle.id} and mp.tipo = k.tipo and ${owed(minimo)} and ${complete} and ${verified})
    order by k.tipo`);
}

/**
 * One chunk of one batch: items, the rows' lote_id, the batch's cursor and sums; one atomic batch.
 * A file pays each row's `neto`, its total less the withholding at source (decision 0447).
 */
function chunkStatements(db: Db, lote: Lote, minimo: number, from: number, to: number) {
  const L = lote.id;
  const guard = sql`exists (select 1 from ${lotesPago} l where l.id = ${L} and l.estado = 'GENERANDO' and l.cursor = ${from})`;
  return [
    db.run(sql`insert into lotes_pago_items (lote_id, ciclo_user_id, user_id, monto, datos)
      select ${L}, b.id, b.user_id, b.neto, ${detailsOf(lote.metodo)}
      from ciclo_bonificacion_user b
      join users u on u.id = b.user_id
      join informacion_pago ip on ip.user_id = b.user_id
      join metodos_pago mp on mp.id = ip.metodo_pago_id and mp.tipo = ${lote.metodo}
      left join bancos bk on bk.id = ip.banco_id
      left join tipos_identificacion ti on ti.id = u.tipo_identificacion_id
      left join mp_criptomonedas cm on cm.id = ip.criptomoneda_id
      where b.ciclo_id = ${lote.cicloId} and b.user_id > ${from} and b.user_id <= ${to}
        and ${owed(minimo)} and ${complete} and ${verified} and ${guard}
      on conflict do nothing`),
    db.run(sql`update ciclo_bonificacion_user set lote_id = ${L}, version = version + 1
      where ciclo_id = ${lote.cicloId} and user_id > ${from} and user_id <= ${to} and lote_id is null
        and exists (select 1 from lotes_pago_items i where i.lote_id = ${L} and i.ciclo_user_id = ciclo_bonificacion_user.id)`),
    db
      .update(lotesPago)
      .set({
        cursor: to,
        miembros: sql`miembros + (select count(*) from ciclo_bonificacion_user b where b.ciclo_id = ${lote.cicloId} and b.user_id > ${from} and b.user_id <= ${to} and b.lote_id = ${L})`,
        total: sql`total + (select coalesce(sum(b.neto), 0) from ciclo_bonificacion_user b where b.ciclo_id = ${lote.cicloId} and b.user_id > ${from} and b.user_id <= ${to} and b.lote_id = ${L})`,
      })
      .where(and(eq(lotesPago.id, L), eq(lotesPago.estado, STATE.GENERANDO), eq(lotesPago.cursor, from)))
      .returning(),
  ] as const;
}

/**
 * One bounded step: opens the batches when none is being generated, then writes chunks of member
 * ids until every open batch is GENERADO or the budget (database requests, wall time) is spent.
 * The same function runs in a loop on Node (generatePayouts) and once per request on the Worker
 * (the screen calls the route again until `done`).
 */
export async function payoutStep(db: Db, cicloId: number, opts: PayoutOptions): Promise<PayoutStep> {
  const t0 = performance.now();
  const budget = opts.budget ?? DEFAULT_BUDGET;
  const chunk = opts.chunk ?? PAYOUT_CHUNK;
  const { cycle, minimo } = await payableCycle(db, cicloId);
  let requests = 1;
  let chunks = 0;
  const L = lotesPago;
  const generating = () =>
    db
      .select()
      .from(L)
      .where(and(eq(L.cicloId, cicloId), eq(L.estado, STATE.GENERANDO)))
      .orderBy(L.id);
  const hastaQuery = sql`select coalesce(max(user_id), 0) as hasta from ciclo_bonificacion_user where ciclo_id = ${cicloId}`;
  const [first, maxRows] = await db.batch([generating(), db.all<{ hasta: number }>(hastaQuery)] as const);
  let open: Lote[] = first;
  const hasta = (maxRows as unknown as { hasta: number }[])[0]?.hasta ?? 0;
  requests++;
  if (!open.length) {
    await openBatches(db, cycle, minimo, opts);
    open = await generating();
    requests += 2;
    if (!open.length) return result('SIN_PAGOS');
  }
  let slowest = 0;
  for (const start of open) {
    let lote = start;
    while (lote.cursor < hasta) {
      const elapsed = performance.now() - t0;
      if (requests + 1 + RESERVED > budget.requests || (chunks > 0 && elapsed + slowest > budget.ms))
        return result(STATE.PENDIENTE);
      const from = lote.cursor;
      const to = Math.min(from + chunk, hasta);
      const tc = performance.now();
      const [, , moved] = await db.batch([...chunkStatements(db, lote, minimo, from, to)]);
      requests++;
      chunks++;
      slowest = Math.max(slowest, performance.now() - tc);
      if (!moved[0]) return result(STATE.EN_CURSO); // another run (or an annulment) moved this batch first
      lote = moved[0];
      await opts.afterChunk?.(lote.id, to);
    }
    if (requests + RESERVED > budget.requests) return result(STATE.PENDIENTE);
    const [closed] = await db.batch([
      db
        .update(L)
        .set({ estado: STATE.GENERADO, ...versionBump(L) })
        .where(and(eq(L.id, lote.id), eq(L.estado, STATE.GENERANDO), eq(L.cursor, lote.cursor)))
        .returning(),
      db.run(sql`insert into ${stateHistory} (entity, entity_id, from_state, to_state, comentario, user_id, created_at)
        select 'lotes_pago', ${lote.id}, 'GENERANDO', 'GENERADO', ${`${cycle.clave} ${METODO_LABELS[lote.metodo] ?? lote.metodo}: ${plural(lote.miembros, 'miembro', 'miembros')}`}, ${opts.actorId}, ${opts.now}
        where changes() = 1`),
    ]);
    requests++;
    if (!closed[0]) return result(STATE.EN_CURSO);
  }
  return result(STATE.GENERADO);

  async function result(estado: PayoutStep['estado']): Promise<PayoutStep> {
    const lotes = await db.select().from(L).where(eq(L.cicloId, cicloId)).orderBy(L.id);
    return {
      estado,
      done: estado === STATE.GENERADO || estado === 'SIN_PAGOS',
      requests: requests + 1,
      ms: performance.now() - t0,
      chunks,
      lotes,
    };
  }
}

/** Runs bounded steps until the cycle's batches are generated: the Node path, the bench and tests. */
export async function generatePayouts(
  db: Db,
  cicloId: number,
  opts: PayoutOptions & { onStep?: (s: PayoutStep) => void },
): Promise<PayoutStep> {
  for (;;) {
    const step = await payoutStep(db, cicloId, opts);
    opts.onStep?.(step);
    if (step.estado !== STATE.PENDIENTE) return step;
  }
}

// ── paying and annulling ──

async function loteOf(db: Db, loteId: number): Promise<Lote> {
  const lote = await db.select().from(lotesPago).where(eq(lotesPago.id, loteId)).get();
  if (!lote) throw notFound();
  return lote;
}

/**
 * Marks a generated batch paid with the bank's reference: the batch and every row still in it move
 * to PAGADO (pagado_at, referencia_pago) with a history row, an activity row, a revision and a
 * notification per member, all in one atomic batch guarded by the batch's state (a second call
 * changes nothing). Set-based statements: one request whatever the batch's size.
 */
export async function markBatchPaid(db: Db, loteId: number, referencia: string, actor: Actor) {
  const lote = await loteOf(db, loteId);
  if (lote.estado !== STATE.GENERADO) throw conflict(MONEY_OUT_MESSAGES.loteNoGenerado);
  // The gate again (decision 0340): a batch generated before close with review was switched on
  // waits for the approval; its rows met the rest of the gate when they entered it.
  await payableCycle(db, lote.cicloId);
  const at = actor.at;
  const batchId = `lote-pago:${loteId}`;
  const inBatch = sql`b.lote_id = ${loteId} and b.estado = 'PAGADO' and b.pagado_at = ${at} and b.referencia_pago = ${referencia}`;
  const paidNow = sql`exists (select 1 from ${lotesPago} l where l.id = ${loteId} and l.estado = 'PAGADO' and l.pagado_at = ${at})`;
  const comentario = `Lote de pago ${loteId} · referencia ${referencia}`;
  const loteWrite: RecordWrite = {
    audited: AUDITED_LOTE,
    id: loteId,
    action: 'estado',
    actor,
    write: db
      .update(lotesPago)
      .set({
        estado: STATE.PAGADO,
        referencia,
        pagadoPor: actor.userId,
        pagadoAt: at,
        ...versionBump(lotesPago),
      })
      .where(and(eq(lotesPago.id, loteId), eq(lotesPago.estado, STATE.GENERADO))),
    history: {
      entity: 'lotes_pago',
      from: STATE.GENERADO,
      to: STATE.PAGADO,
      comentario: `Referencia ${referencia}`,
      userId: actor.userId,
      at,
    },
  };
  // Each row's activity row and revision (decision 0281), one set-based write of many records.
  await runAudited(db, [
    loteWrite,
    {
      audited: ROW_AUDITED,
      records: sql`select b.id from ciclo_bonificacion_user b where ${inBatch}`,
      action: 'estado',
      actor: { ...actor, batchId },
      before: [
        db.run(sql`update ciclo_bonificacion_user set estado = 'PAGADO', pagado_at = ${at}, referencia_pago = ${referencia}, version = version + 1
          where lote_id = ${loteId} and estado = 'NO_PAGADO' and ${paidNow}`),
        db.run(sql`insert into ${stateHistory} (entity, entity_id, from_state, to_state, comentario, user_id, created_at, lote)
          select ${ROW_AUDITED.entity}, b.id, 'NO_PAGADO', 'PAGADO', ${comentario}, ${actor.userId}, ${at}, ${batchId}
          from ciclo_bonificacion_user b where ${inBatch}`),
        db.run(sql`insert into ${notificaciones} (user_id, titulo, mensaje, entity, entity_id, created_at)
          select b.user_id, 'Pago de bonos', ${`Nuevo estado: Pagado. Referencia del pago: ${referencia}`}, ${ROW_AUDITED.entity}, b.id, ${at}
          from ciclo_bonificacion_user b where ${inBatch}`),
      ],
    },
  ]);
  return loteOf(db, loteId);
}

/** Annuls a batch not yet paid: its rows are free again (lote_id null); its items stay as the record. */
export async function annulBatch(db: Db, loteId: number, motivo: string | null, actor: Actor) {
  const lote = await loteOf(db, loteId);
  if (lote.estado !== STATE.GENERANDO && lote.estado !== STATE.GENERADO)
    throw conflict(MONEY_OUT_MESSAGES.loteNoAnulable);
  await runAudited(db, {
    audited: AUDITED_LOTE,
    id: loteId,
    action: 'estado',
    actor,
    write: db
      .update(lotesPago)
      .set({ estado: STATE.ANULADO, ...versionBump(lotesPago) })
      .where(and(eq(lotesPago.id, loteId), inArray(lotesPago.estado, [STATE.GENERANDO, STATE.GENERADO]))),
    history: {
      entity: 'lotes_pago',
      from: lote.estado,
      to: STATE.ANULADO,
      comentario: motivo,
      userId: actor.userId,
      at: actor.at,
    },
    then: [
      db
        .update(cicloBonificacionUser)
        .set({ loteId: null, ...versionBump(cicloBonificacionUser) })
        .where(
          and(eq(cicloBonificacionUser.loteId, loteId), eq(cicloBonificacionUser.estado, STATE.NO_PAGADO)),
        ),
    ],
  });
  return loteOf(db, loteId);
}

// ── the held report ──

export type HeldRow = {
  id: number;
  user_id: number;
  user_name: string;
  nombres: string | null;
  apellidos: string | null;
  total: number;
  motivo: string;
};

const heldFrom = (cicloId: number) => sql`from ciclo_bonificacion_user b
  join users u on u.id = b.user_id
  left join informacion_pago ip on ip.user_id = b.user_id
  left join metodos_pago mp on mp.id = ip.metodo_pago_id
  where b.ciclo_id = ${cicloId} and b.estado = 'NO_PAGADO' and b.lote_id is null and b.arrastrado_a is null and b.total <> 0`;

/** Members held back and why, counted per reason (one request). */
export async function heldSummary(db: Db, cicloId: number, minimo: number) {
  return db.all<{ motivo: string; miembros: number; total: number }>(sql`
    select motivo, count(*) as miembros, sum(total) as total from (
      select ${holdReason(minimo)} as motivo, b.total ${heldFrom(cicloId)}
    ) where motivo is not null group by motivo order by motivo`);
}

/** One keyset page of the held report, in member-id order (a streamed file holds one page). */
export function heldPage(db: Db, cicloId: number, minimo: number, after: number, limit: number) {
  return db.all<HeldRow>(sql`select * from (
      select b.id, b.user_id, u.user_name, u.nombres, u.apellidos, b.total, ${holdReason(minimo)} as motivo
      ${heldFrom(cicloId)} and b.user_id > ${after}
      order by b.user_id
    ) where motivo is not null limit ${limit}`);
}

export type ItemRow = { id: number; ciclo_user_id: number; user_id: number; monto: number; datos: string };

/** One keyset page of a batch's items along its unique index (batch, row): a range scan, no sort. */
export function itemsPage(db: Db, loteId: number, after: number, limit: number) {
  return db.all<ItemRow>(
    sql`select id, ciclo_user_id, user_id, monto, datos from lotes_pago_items where lote_id = ${loteId} and ciclo_user_id > ${after} order by lote_id, ciclo_user_id limit ${limit}`,
  );
}

/** Pages of `size` rows by a key (keyset), until a short page: memory holds one page. */
export async function* keyset<T>(
  size: number,
  keyOf: (row: T) => number,
  load: (after: number, limit: number) => Promise<T[]>,
): AsyncGenerator<T[]> {
  for (let after = 0; ;) {
    const rows = await load(after, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}
