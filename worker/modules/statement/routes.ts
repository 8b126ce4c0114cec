// Bank-statement import (decision 0140), for the holders of P.extractos: upload the bank's
// movements, see them matched to unpaid purchases in three groups, and confirm the matched ones.
// Upload and "continue" each run one bounded step (steps.ts); the screen keeps calling
// `…/avanzar` while the statement is CONCILIANDO or CONFIRMANDO (docs/decisions/0140).
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { plural } from '../../shared/plural';
import { Hono } from 'hono';
import * as v from 'valibot';
import { compras, extractoMovimientos, extractos, users } from '../../db/schema';
import { requires } from '../../platform/auth';
import { historyInsert } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import { paginate } from '../../platform/paginate';
import type { AppEnv } from '../../platform/ports';
import { filesOf } from '../../platform/uploads';
import { params, query } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { referenceFor } from '../../shared/payment-reference';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { MATCH_GROUPS, STATEMENT_MSG, type MatchGroup } from '../../shared/statement';
import { importRows } from '../resources';
import { movementsOf, type Movement } from './parse';
import { DEFAULT_BUDGET, matchedIn, startConfirming, statementStep, type Budget } from './steps';
import { STATE } from '../../shared/workflow';

const admin = requires(P.extractos);
const idParam = params(v.object({ id: id() }));
/** Movements written per insert statement (one JSON parameter each, all in one batch). */
const INSERT_CHUNK = 5_000;

const groupQuery = query(
  v.object({
    grupo: v.optional(v.picklist(MATCH_GROUPS), STATE.CONCILIADO),
    page: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), '1'),
    perPage: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(100)), '50'),
  }),
);

/** Writes the statement and its movements: two requests. */
async function saveStatement(
  db: AppEnv['Variables']['db'],
  fileName: string,
  movements: Movement[],
  userId: number,
  now: number,
) {
  const row = await db
    .insert(extractos)
    .values({ fileName, movimientos: movements.length, createdBy: userId, createdAt: now, updatedAt: now })
    .returning()
    .get();
  const inserts = [];
  for (let i = 0; i < movements.length; i += INSERT_CHUNK) {
    const json = JSON.stringify(
      movements
        .slice(i, i + INSERT_CHUNK)
        .map((m) => [m.fila, m.fecha, m.valor, m.descripcion, m.referenciaCompraId]),
    );
    inserts.push(
      db.run(sql`insert into ${extractoMovimientos} (extracto_id, fila, fecha, valor, descripcion, referencia_compra_id)
        select ${row.id}, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4
        from json_each(${json}) j order by cast(j.key as integer)`),
    );
  }
  await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
  return row;
}

/** The statement with its counts per group and confirmation. */
async function summaryOf(db: AppEnv['Variables']['db'], extractoId: number) {
  const [rows, groups, pending] = await db.batch([
    db
      .select({
        id: extractos.id,
        archivo: extractos.fileName,
        estado: extractos.estado,
        movimientos: extractos.movimientos,
        confirmadas: extractos.confirmadas,
        created_at: extractos.createdAt,
        user_name: users.userName,
      })
      .from(extractos)
      .leftJoin(users, eq(users.id, extractos.createdBy))
      .where(eq(extractos.id, extractoId)),
    db
      .select({ resultado: extractoMovimientos.resultado, n: count() })
      .from(extractoMovimientos)
      .where(eq(extractoMovimientos.extractoId, extractoId))
      .groupBy(extractoMovimientos.resultado),
    db
      .select({ n: count() })
      .from(extractoMovimientos)
      .innerJoin(compras, eq(compras.id, extractoMovimientos.compraId))
      .where(
        and(
          matchedIn(extractoId),
          isNull(extractoMovimientos.confirmacion),
          eq(compras.estado, STATE.NO_PAGADO),
          isNull(compras.pagadoAt),
        ),
      ),
  ]);
  const row = rows[0];
  if (!row) throw notFound();
  const n = (g: MatchGroup | null) => groups.find((x) => x.resultado === g)?.n ?? 0;
  return {
    ...row,
    conciliados: n(STATE.CONCILIADO),
    // Matched and still to be paid: a purchase paid since (another statement, the queue) is not.
    por_confirmar: pending[0]?.n ?? 0,
    ambiguos: n(STATE.AMBIGUO),
    sin_conciliar: n(STATE.SIN_CONCILIAR),
    pendientes: n(null),
  };
}

const budgetOf = (c: { env: unknown }): Budget => {
  // Tests on the Worker shrink the budget through the same variables as the settlement's.
  const env = (c.env ?? {}) as { STATEMENT_MAX_REQUESTS?: string };
  const n = Number(env.STATEMENT_MAX_REQUESTS);
  return n > 0 ? { ...DEFAULT_BUDGET, requests: n } : DEFAULT_BUDGET;
};

const stepReply = async (
  c: { var: AppEnv['Variables']; env: unknown },
  extractoId: number,
  spent: number,
  message?: (s: Awaited<ReturnType<typeof summaryOf>>) => string | undefined,
) => {
  const step = await statementStep(c.var.db, extractoId, {
    now: c.var.clock.now(),
    actorId: c.var.user.id,
    budget: budgetOf(c),
    spent,
  });
  const data = await summaryOf(c.var.db, extractoId);
  const busy = data.estado === STATE.CONCILIANDO || data.estado === STATE.CONFIRMANDO;
  return {
    data: { ...data, paso: { solicitudes: step.requests + 1, fragmentos: step.chunks } },
    message: busy ? STATEMENT_MSG.continuing : message?.(data),
  };
};

export const statementRoutes = new Hono<AppEnv>()
  .get('/', admin, async (c) => {
    const rows = await c.var.db
      .select({
        id: extractos.id,
        archivo: extractos.fileName,
        estado: extractos.estado,
        movimientos: extractos.movimientos,
        confirmadas: extractos.confirmadas,
        created_at: extractos.createdAt,
        user_name: users.userName,
      })
      .from(extractos)
      .leftJoin(users, eq(users.id, extractos.createdBy))
      .orderBy(desc(extractos.createdAt), desc(extractos.id))
      .limit(50);
    return c.json({ data: rows });
  })
  .post('/', admin, async (c) => {
    const [file] = await filesOf(c, 'file');
    const movements = movementsOf(await importRows(file!));
    const now = c.var.clock.now();
    const row = await saveStatement(c.var.db, file!.name.slice(0, 200), movements, c.var.user.id, now);
    const reply = await stepReply(c, row.id, 2);
    return c.json(reply, reply.data.estado === STATE.CONCILIANDO ? 202 : 201);
  })
  .get('/:id{[0-9]+}', admin, idParam, async (c) =>
    c.json({ data: await summaryOf(c.var.db, c.req.valid('param').id) }),
  )
  .get('/:id{[0-9]+}/movimientos', admin, idParam, groupQuery, async (c) => {
    const extractoId = c.req.valid('param').id;
    const { grupo, page, perPage } = c.req.valid('query');
    const where = and(
      eq(extractoMovimientos.extractoId, extractoId),
      eq(extractoMovimientos.resultado, grupo),
    );
    const { data, total } = await paginate(
      c.var.db,
      c.var.db
        .select({
          id: extractoMovimientos.id,
          fila: extractoMovimientos.fila,
          fecha: extractoMovimientos.fecha,
          valor: extractoMovimientos.valor,
          descripcion: extractoMovimientos.descripcion,
          resultado: extractoMovimientos.resultado,
          motivo: extractoMovimientos.motivo,
          compra_id: extractoMovimientos.compraId,
          compra_total: compras.total,
          compra_estado: compras.estado,
          candidatos: extractoMovimientos.candidatos,
          confirmacion: extractoMovimientos.confirmacion,
        })
        .from(extractoMovimientos)
        .leftJoin(compras, eq(compras.id, extractoMovimientos.compraId))
        .where(where)
        .orderBy(asc(extractoMovimientos.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      c.var.db.select({ total: count() }).from(extractoMovimientos).where(where),
    );
    return c.json({
      data: data.map((m) => ({
        ...m,
        referencia: m.compra_id ? referenceFor(m.compra_id) : null,
        candidatos: m.candidatos ? (JSON.parse(m.candidatos) as number[]) : [],
      })),
      total,
    });
  })
  .post('/:id{[0-9]+}/avanzar', admin, idParam, async (c) => {
    const extractoId = c.req.valid('param').id;
    return c.json(
      await stepReply(c, extractoId, 0, (s) =>
        s.estado === STATE.CONFIRMADO ? STATEMENT_MSG.confirmed(s.confirmadas) : undefined,
      ),
    );
  })
  .post('/:id{[0-9]+}/confirmar', admin, idParam, async (c) => {
    const extractoId = c.req.valid('param').id;
    const { db, clock, user } = c.var;
    const now = clock.now();
    const before = await summaryOf(db, extractoId);
    if (before.estado === STATE.CONCILIANDO) throw conflict(STATEMENT_MSG.confirmNotReady);
    if (await startConfirming(db, extractoId, now))
      await historyInsert(db, {
        entity: 'extracto',
        entityId: extractoId,
        from: STATE.LISTO,
        to: STATE.CONFIRMANDO,
        comentario: plural(before.por_confirmar, 'compra por confirmar', 'compras por confirmar'),
        userId: user.id,
        at: now,
      });
    const reply = await stepReply(c, extractoId, 4, (s) =>
      s.estado === STATE.CONFIRMADO ? STATEMENT_MSG.confirmed(s.confirmadas) : MSG.updated,
    );
    return c.json(reply);
  });
