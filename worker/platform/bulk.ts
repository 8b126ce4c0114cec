// Bulk actions over many rows of one grid (decision 0160). A start fixes the ids (the
// chosen ones, or every row matching the grid's filter), stores them in a `lotes` row and runs
// the first step; each later `POST …/lote/<accion>/<id>` runs one more bounded step and answers
// the progress, so the grid drives a large selection to the end with a progress bar. A step holds
// a short lease on the row (one step at a time), takes chunks of ids from the saved cursor and
// writes each chunk's changes and the cursor's advance in one batch: a retried or repeated step
// never changes a row twice. Each action applies, per record, the same checks and the same
// statements as its single-row route (state changes: `stateChangeStatements`), and every history
// entry it writes carries the batch id.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { lotes } from '../db/schema';
import { BULK_NOTHING, BULK_TOO_MANY, BULK_MAX } from '../shared/schemas/bulk';
import { MSG } from '../shared/messages';
import { notFound, HttpError } from './errors';
import type { AppEnv } from './ports';
import { requires } from './auth';
import { json, params } from './validate';
import { STATE } from '../shared/workflow';

export type BulkContext = Context<AppEnv>;

/** One chunk's work: statements to run in the chunk's batch, or work already done row by row. */
export type BulkChunk = {
  statements: BatchItem<'sqlite'>[];
  /** Indexes into `statements` of the history inserts: each that wrote a row is one record done. */
  counted: number[];
  /** Records done row by row (when the action wrote them itself). */
  hechos?: number;
};

export type BulkAction<B> = {
  /** The grid's API path (e.g. `/administracion/perfil/control`): jobs belong to one grid. */
  recurso: string;
  accion: string;
  permission: string;
  /** The body: the selection plus what the action needs. */
  schema: v.GenericSchema<unknown, B & { ids?: number[]; filtros?: Record<string, string> }>;
  /** The ids of every row matching the grid's filter (at most BULK_MAX + 1). */
  matching: (c: BulkContext, filtros: Record<string, string>) => Promise<number[]>;
  /** Applies the action to some ids, as its single-row route would, each history row with `lote`. */
  apply: (c: BulkContext, ids: number[], params: B, lote: string, at: number) => Promise<BulkChunk>;
  /** Records per chunk (one batch each). */
  chunk?: number;
};

/** What one step may spend: records and wall time (a Worker request has a subrequest budget). */
export type StepBudget = { records: number; ms: number };
export const STEP_BUDGET: StepBudget = { records: 2000, ms: 10_000 };
const LEASE_MS = 60_000;

export type BulkProgress = {
  lote: string;
  accion: string;
  total: number;
  procesados: number;
  hechos: number;
  omitidos: number;
  terminado: boolean;
};

type Job = typeof lotes.$inferSelect;

const progressOf = (j: Job): BulkProgress => ({
  lote: j.id,
  accion: j.accion,
  total: j.total,
  procesados: j.cursor,
  hechos: j.hechos,
  omitidos: j.omitidos,
  terminado: j.estado === 'TERMINADO',
});

async function jobOf(c: BulkContext, a: BulkAction<unknown>, id: string) {
  const job = await c.var.db
    .select()
    .from(lotes)
    .where(
      and(
        eq(lotes.id, id),
        eq(lotes.userId, c.var.user.id),
        eq(lotes.recurso, a.recurso),
        eq(lotes.accion, a.accion),
      ),
    )
    .get();
  if (!job) throw notFound();
  return job;
}

/** One bounded step: claims the lease, runs chunks from the cursor, releases. */
export async function runStep<B>(
  c: BulkContext,
  a: BulkAction<B>,
  id: string,
  budget: StepBudget = STEP_BUDGET,
): Promise<BulkProgress> {
  const db = c.var.db;
  const started = Date.now();
  const now = c.var.clock.now();
  const claimed = await db
    .update(lotes)
    .set({ leaseUntil: now + LEASE_MS })
    .where(
      and(
        eq(lotes.id, id),
        eq(lotes.userId, c.var.user.id),
        eq(lotes.recurso, a.recurso),
        eq(lotes.accion, a.accion),
        eq(lotes.estado, STATE.EN_CURSO),
        or(isNull(lotes.leaseUntil), lt(lotes.leaseUntil, now)),
      ),
    )
    .returning()
    .get();
  // Finished, or another step holds it: answer where it stands.
  if (!claimed) return progressOf(await jobOf(c, a as BulkAction<unknown>, id));

  const ids = JSON.parse(claimed.ids) as number[];
  const params = JSON.parse(claimed.parametros) as B;
  const size = a.chunk ?? 500;
  let cursor = claimed.cursor;
  let hechos = claimed.hechos;
  let omitidos = claimed.omitidos;
  let records = 0;
  while (cursor < ids.length && records < budget.records && Date.now() - started < budget.ms) {
    const part = ids.slice(cursor, cursor + size);
    const at = c.var.clock.now();
    const work = await a.apply(c, part, params, id, at);
    const next = cursor + part.length;
    // The chunk and the cursor's advance commit together (one batch is one transaction): a step
    // that dies before it leaves both undone, one that dies after finds the cursor past it.
    const advance = db.run(
      sql`update ${lotes} set cursor = ${next}, updated_at = ${at} where id = ${id} and cursor = ${cursor}`,
    );
    const results = (await db.batch([advance, ...work.statements])) as unknown as { rowsAffected: number }[];
    const done = (work.hechos ?? 0) + work.counted.filter((i) => results[i + 1]?.rowsAffected === 1).length;
    hechos += done;
    omitidos += part.length - done;
    cursor = next;
    records += part.length;
  }
  const estado = cursor >= ids.length ? 'TERMINADO' : STATE.EN_CURSO;
  const job = await db
    .update(lotes)
    .set({ hechos, omitidos, estado, leaseUntil: null, updatedAt: c.var.clock.now() })
    .where(eq(lotes.id, id))
    .returning()
    .get();
  return progressOf(job!);
}

/**
 * The routes of one bulk action, mounted at `<grid>/lote/<accion>`: `POST /` starts it (and runs
 * its first step), `POST /:lote` runs the next step and answers the progress (or only the
 * progress, when the batch is done or another step holds it). Both carry the action's
 * permission: the same one its single-row route requires.
 */
export function bulkRoutes<B>(a: BulkAction<B>, budget?: StepBudget) {
  const loteParam = params(v.object({ lote: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/, MSG.notFound)) }));
  return new Hono<AppEnv>()
    .post('/', requires(a.permission), json(a.schema), async (c) => {
      const body = c.req.valid('json') as B & { ids?: number[]; filtros?: Record<string, string> };
      const { ids: chosen, filtros, ...rest } = body;
      const ids = chosen ? [...new Set(chosen)] : await a.matching(c, filtros ?? {});
      if (ids.length > BULK_MAX) throw new HttpError(422, BULK_TOO_MANY);
      if (!ids.length) throw new HttpError(422, BULK_NOTHING);
      const id = crypto.randomUUID();
      const now = c.var.clock.now();
      await c.var.db.insert(lotes).values({
        id,
        recurso: a.recurso,
        accion: a.accion,
        userId: c.var.user.id,
        parametros: JSON.stringify(rest),
        ids: JSON.stringify(ids),
        total: ids.length,
        createdAt: now,
        updatedAt: now,
      });
      return c.json({ data: await runStep(c, a, id, budget) }, 201);
    })
    .post('/:lote', requires(a.permission), loteParam, async (c) =>
      c.json({ data: await runStep(c, a, c.req.valid('param').lote, budget) }),
    );
}

export type BulkApp = ReturnType<typeof bulkRoutes<object>>;
