// Bonuses (docs/bonus-rules.md): a member's cycles, the administrators' settlement screen and the rates.
import { auditedExport, actorOf, runAudited, type Audited, versionedEdit } from '../../platform/audit';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { readerOf, readPersonalField } from '../../platform/personal-data';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  cicloBonificacionUser,
  ciclosBonificacion,
  detalleBonos,
  informacionPago,
  parametrosBonificacion,
  users,
} from '../../db/schema';
import { requires } from '../../platform/auth';
import { conflict, invalid, notFound } from '../../platform/errors';
import { offsetOf, orderOf, parseListQuery, whereOf, type ListSpec } from '../../platform/list-query';
import type { AppEnv } from '../../platform/ports';
import { changeStateOnRequest, type StateRequest } from '../../platform/state-change';
import { json, params, query } from '../../platform/validate';
import { paged } from '../../platform/xlsx-stream';
import { cycleKeyAt, cycleMonthName } from '../../shared/cycles';
import { MSG } from '../../shared/messages';
import { DEFAULT_MIN_PAYOUT, MONEY_OUT_MESSAGES, payBlock, type PayoutBlock } from '../../shared/money-out';
import { P } from '../../shared/permissions';
import { cycleKeySchema, ONLY_CLOSED, previewQuerySchema, rateSchema } from '../../shared/schemas/bonus';
import { id } from '../../shared/schemas/fields';
import { bulkStateChangeSchema, stateChangeSchema } from '../../shared/schemas/state';
import { plural } from '../../shared/plural';
import { cycleList, memberCycles, userCycle } from './cycles-data';
import { memberEstimate, previewPage } from './settlement';
import { waitingFor } from './settle-step';
import { paymentFacts } from './payouts';
import { startSettlement } from './start';
import { bonusStatementRoutes } from './statement-routes';
import { paginate } from '../../platform/paginate';
import { STATE } from '../../shared/workflow';
import { MEMBER_OF_ROW_COLUMNS } from '../../platform/member-columns';

const idParam = params(v.object({ id: id() }));
const RATE = {
  id: detalleBonos.id,
  nivel: detalleBonos.nivel,
  porcentaje: detalleBonos.porcentaje,
  descripcion: detalleBonos.descripcion,
  updated_at: detalleBonos.updatedAt,
  version: detalleBonos.version,
};
/** A rate's edits are audited (decision 0250); the settlement snapshots the rates it used. */
export const RATE_AUDITED: Audited = { entity: 'detallebonos', table: detalleBonos };
const admin = () => requires(P.liquidacionBonos);

/** A cycle's minimum payout: fixed when it was claimed; the live setting for a cycle settled before. */
const cycleMinimum = sql<number>`coalesce(${ciclosBonificacion.minimoPago}, (select ${parametrosBonificacion.minimoPago} from ${parametrosBonificacion} where ${parametrosBonificacion.id} = 1), ${DEFAULT_MIN_PAYOUT})`;

const rowsSpec: ListSpec = {
  sorts: {
    id: cicloBonificacionUser.id,
    total: cicloBonificacionUser.total,
    user_name: users.userName,
    estado: cicloBonificacionUser.estado,
    lineas: cicloBonificacionUser.lineas,
  },
  filters: {
    estado: { kind: 'eq', column: cicloBonificacionUser.estado },
    user_name: { kind: 'text', column: users.userName },
  },
  defaultSort: { key: 'total', dir: 'desc' },
};

/** The close-with-review setting, read in the row's own statement. */
const aprobacionCierre = sql<number>`coalesce((select ${parametrosBonificacion.aprobacionCierre} from ${parametrosBonificacion} where ${parametrosBonificacion.id} = 1), 0)`;

/** What the money-out gate reads about a row (payBlock): the row, its cycle, the member's payment information. */
const GATE_COLUMNS = {
  userId: cicloBonificacionUser.userId,
  estado: cicloBonificacionUser.estado,
  total: cicloBonificacionUser.total,
  arrastradoA: cicloBonificacionUser.arrastradoA,
  loteId: cicloBonificacionUser.loteId,
  minimo: cycleMinimum,
  cicloEstado: ciclosBonificacion.estado,
  aprobadoAt: ciclosBonificacion.aprobadoAt,
  aprobacionCierre,
  ...paymentFacts(cicloBonificacionUser.userId),
};
const gateRow = (db: Db, rowId: number) =>
  db
    .select(GATE_COLUMNS)
    .from(cicloBonificacionUser)
    .innerJoin(ciclosBonificacion, eq(ciclosBonificacion.id, cicloBonificacionUser.cicloId))
    .where(eq(cicloBonificacionUser.id, rowId))
    .get();
type GateRow = NonNullable<Awaited<ReturnType<typeof gateRow>>>;

/** Why an unpaid row cannot be paid now (the one gate of money out, decision 0340), or null. */
const blockOf = (r: GateRow): PayoutBlock | null =>
  payBlock({
    ...r,
    ciclo: { estado: r.cicloEstado, aprobadoAt: r.aprobadoAt },
    aprobacionCierre: Boolean(r.aprobacionCierre),
    informacionCompleta: Boolean(r.informacionCompleta),
    verificada: Boolean(r.verificada),
  });

/**
 * Manual NO_PAGADO → PAGADO (one row or many) goes through the gate every path that pays a row
 * applies (decision 0340): a cycle not settled or (with close with review on) not approved, a row
 * carried or in a payout batch, and a member without complete, verified payment information are
 * refused with 409; a negative or below-minimum balance with 422 (decision 0214). Each with its
 * Spanish reason.
 */
function payable(row: GateRow) {
  const block = blockOf(row);
  if (!block) return;
  const message = MONEY_OUT_MESSAGES[block];
  throw block === 'negativo' || block === 'bajoMinimo' ? invalid({ estado: [message] }) : conflict(message);
}

const payRow = (c: { var: AppEnv['Variables'] }, rowId: number, body: StateRequest) =>
  gateRow(c.var.db, rowId).then((row) => {
    if (!row) throw notFound();
    if (body.estado === STATE.PAGADO && row.estado === STATE.NO_PAGADO) payable(row);
    return changeStateOnRequest(c, body, {
      entity: 'ciclo_bonificacion_user',
      table: cicloBonificacionUser,
      idColumn: cicloBonificacionUser.id,
      stateColumn: cicloBonificacionUser.estado,
      id: rowId,
      set: (at) => ({ pagadoAt: body.estado === STATE.PAGADO ? at : null }),
      notify: { userId: row.userId, titulo: 'Pago de bonos' },
    });
  });

export const bonusRoutes = new Hono<AppEnv>()
  // ── a member's own ──
  .get('/ciclobonificacionuser', requires(P.bonos), async (c) =>
    c.json(await memberCycles(c.var.db, c.var.user.id)),
  )
  // The month in course, estimated as the settlement would compute it now.
  .get('/ciclobonificacionuser/estimado', requires(P.bonos), async (c) =>
    c.json({ data: await memberEstimate(c.var.db, c.var.user.id, c.var.clock.now()) }),
  )
  .get('/ciclobonificacionuser/:id{[0-9]+}', requires(P.bonos), idParam, async (c) =>
    c.json({ data: await userCycle(c.var.db, c.req.valid('param').id, c.var.user.id) }),
  )
  // ── a row's statement: its member or an administrator (decision 0230) ──
  .route('/', bonusStatementRoutes)
  // ── administrators ──
  .get('/ciclos', admin(), async (c) => c.json({ data: await cycleList(c.var.db, c.var.clock.now()) }))
  .get('/ciclos/preview', admin(), query(cycleKeySchema), async (c) => {
    // The cycle's sums only; the rows come a page at a time from /ciclos/preview/usuarios.
    const head = await previewPage(c.var.db, c.req.valid('query').clave, 1, 1);
    // Each part of the total apart (decision 0460): the month's bonuses, the REEMBOLSO lines and the saldo anterior.
    return c.json({
      usuarios: head.total,
      total: head.suma,
      lineas: head.lineas,
      bonos: head.bonos,
      reembolsos: head.reembolsos,
      saldo_anterior: head.saldo_anterior,
    });
  })
  .get('/ciclos/preview/usuarios', admin(), query(previewQuerySchema), async (c) => {
    const { clave, page, perPage } = c.req.valid('query');
    return c.json(await previewPage(c.var.db, clave, page, perPage));
  })
  .post('/ciclos/liquidar', admin(), json(cycleKeySchema), async (c) => {
    const { clave } = c.req.valid('json');
    const now = c.var.clock.now();
    if (clave >= cycleKeyAt(now)) throw invalid({ clave: [ONLY_CLOSED] });
    // Months settle in order (decision 0215): asked for a month while an earlier one is open, the
    // administrator is told which, and nothing is started or written (decision 0280).
    const earlier = await waitingFor(c.var.db, clave);
    if (earlier) throw conflict(MSG.earlierCycleOpen(cycleMonthName(earlier)));
    const result = await startSettlement(c.var.db, c.var.settlement, clave, {
      now,
      origen: `manual (${c.var.user.userName})`,
      actorId: c.var.user.id,
    });
    // Who started it and what the start found (decision 0252): the run spans many batches, so its
    // activity row follows the first step, naming the cycle row that step created or found.
    await runAudited(c.var.db, {
      entity: 'ciclos_bonificacion',
      id: sql`select ${ciclosBonificacion.id} from ${ciclosBonificacion} where ${ciclosBonificacion.clave} = ${clave}`,
      action: 'liquidar',
      actor: actorOf(c, now),
      event: {
        clave,
        estado: result.estado,
        usuarios: result.usuarios,
        lineas: result.lineas,
        total: result.total,
        segundo_plano: result.segundoPlano,
      },
    });
    const message = result.segundoPlano
      ? 'La liquidación continúa en segundo plano'
      : result.estado === STATE.EN_CURSO
        ? 'El ciclo se está liquidando en otro proceso'
        : result.estado === 'YA_LIQUIDADO'
          ? 'El ciclo ya estaba liquidado'
          : MSG.updated;
    return c.json({ data: result, message }, result.segundoPlano ? 202 : 200);
  })
  .get('/ciclos/:id{[0-9]+}/usuarios', admin(), idParam, async (c) => {
    const cicloId = c.req.valid('param').id;
    const q = parseListQuery(c.req.query(), rowsSpec);
    const where = whereOf(q, rowsSpec, [eq(cicloBonificacionUser.cicloId, cicloId)]);
    const { data, total } = await paginate(
      c.var.db,
      c.var.db
        .select({
          id: cicloBonificacionUser.id,
          ...MEMBER_OF_ROW_COLUMNS,
          lineas: cicloBonificacionUser.lineas,
          pagado_at: cicloBonificacionUser.pagadoAt,
          retencion: cicloBonificacionUser.retencion,
          neto: cicloBonificacionUser.neto,
          ...GATE_COLUMNS,
        })
        .from(cicloBonificacionUser)
        .innerJoin(users, eq(users.id, cicloBonificacionUser.userId))
        .innerJoin(ciclosBonificacion, eq(ciclosBonificacion.id, cicloBonificacionUser.cicloId))
        .where(where)
        .orderBy(...orderOf(q, rowsSpec, cicloBonificacionUser.id))
        .limit(q.perPage)
        .offset(offsetOf(q)),
      c.var.db
        .select({ total: count() })
        .from(cicloBonificacionUser)
        .innerJoin(users, eq(users.id, cicloBonificacionUser.userId))
        .where(where),
    );
    // Why an unpaid row cannot be paid by hand (the gate the PUT applies), so the screen neither
    // selects it nor offers PAGADO in its Estados menu, and says why.
    const rows = data.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      user_name: r.user_name,
      nombres: r.nombres,
      apellidos: r.apellidos,
      total: r.total,
      // Withholding at source and what the row pays (decision 0447).
      retencion: r.retencion,
      neto: r.neto,
      lineas: r.lineas,
      estado: r.estado,
      pagado_at: r.pagado_at,
      bloqueo: r.estado === STATE.NO_PAGADO ? blockOf(r) : null,
    }));
    return c.json({ data: rows, total });
  })
  .get('/ciclos/:id{[0-9]+}/excel', admin(), idParam, async (c) => {
    const cicloId = c.req.valid('param').id;
    const cycle = await c.var.db
      .select()
      .from(ciclosBonificacion)
      .where(eq(ciclosBonificacion.id, cicloId))
      .get();
    if (!cycle) throw notFound();
    const reader = readerOf(c);
    const db = c.var.db;
    const now = c.var.clock.now();
    const headers = [
      'Usuario',
      'Nombres',
      'Apellidos',
      'Identificación',
      'Total (COP)',
      'Retención (COP)',
      'Neto a pagar (COP)',
      'Estado',
      'Tipo de cuenta',
      'Número de cuenta',
      'Titular',
      'Billetera',
    ];
    // The cycle's rows stream out in pages of 2,000 (docs/decisions/0021), in user-name order.
    const load = (offset: number, limit: number) =>
      db
        .select({
          ...MEMBER_OF_ROW_COLUMNS,
          numero: users.numeroIdentificacion,
          total: cicloBonificacionUser.total,
          retencion: cicloBonificacionUser.retencion,
          neto: cicloBonificacionUser.neto,
          estado: cicloBonificacionUser.estado,
          tipoCuenta: informacionPago.tipoCuenta,
          numeroCuenta: informacionPago.numeroCuenta,
          titular: informacionPago.titular,
          billetera: informacionPago.direccionBilletera,
        })
        .from(cicloBonificacionUser)
        .innerJoin(users, eq(users.id, cicloBonificacionUser.userId))
        .leftJoin(informacionPago, eq(informacionPago.userId, users.id))
        .where(eq(cicloBonificacionUser.cicloId, cicloId))
        .orderBy(users.userName, users.id)
        .limit(limit)
        .offset(offset);
    async function* pages() {
      for await (const rows of paged(2_000, load))
        yield rows.map((r) => [
          r.user_name,
          r.nombres,
          r.apellidos,
          readPersonalField(reader, 'numero_identificacion', r.numero, r.user_id),
          r.total / 100,
          r.retencion / 100,
          r.neto / 100,
          r.estado,
          r.tipoCuenta === 'AH' ? 'Ahorros' : r.tipoCuenta === 'CO' ? 'Corriente' : null,
          readPersonalField(reader, 'numero_cuenta', r.numeroCuenta, r.user_id),
          r.titular,
          readPersonalField(reader, 'direccion_billetera', r.billetera, r.user_id),
        ]);
    }
    return auditedExport(c, {
      entity: 'liquidacion',
      entityId: cicloId,
      comentario: `${cycle.clave} (${plural(cycle.usuarios, 'fila', 'filas')})`,
      file: `liquidacion-${cycle.clave}`,
      body: [{ name: `Liquidación ${cycle.clave}`, headers, pages: pages() }],
      at: now,
    });
  })
  .get('/ciclobonificacionuser/admin/:id{[0-9]+}', admin(), idParam, async (c) =>
    c.json({ data: await userCycle(c.var.db, c.req.valid('param').id) }),
  )
  .put('/ciclobonificacionuser/estado', admin(), json(bulkStateChangeSchema), async (c) => {
    const { ids, estado, comentario } = c.req.valid('json');
    const results = await Promise.allSettled(
      [...new Set(ids)].map((rowId) => payRow(c, rowId, { estado, comentario })),
    );
    const failed = results.filter((r) => r.status === 'rejected').length;
    return c.json({
      actualizados: results.length - failed,
      fallidos: failed,
      message: failed
        ? `${results.length - failed === 1 ? 'Se actualizó' : 'Se actualizaron'} ${results.length - failed} de ${plural(results.length, 'registro', 'registros')}`
        : MSG.updated,
    });
  })
  .put('/ciclobonificacionuser/estado/:id{[0-9]+}', admin(), idParam, json(stateChangeSchema), async (c) => {
    await payRow(c, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ message: MSG.updated });
  })
  // ── rates per level (detallebonos) ──
  .get('/detallebonos', requires(P.detalleBonos), async (c) =>
    c.json({ data: await c.var.db.select(RATE).from(detalleBonos).orderBy(detalleBonos.nivel) }),
  )
  .get('/detallebonos/:id{[0-9]+}', requires(P.detalleBonos), idParam, async (c) => {
    const row = await c.var.db
      .select(RATE)
      .from(detalleBonos)
      .where(eq(detalleBonos.id, c.req.valid('param').id))
      .get();
    if (!row) throw notFound();
    return c.json({ data: row });
  })
  .put('/detallebonos/:id{[0-9]+}', requires(P.detalleBonos), idParam, json(rateSchema), async (c) => {
    const rowId = c.req.valid('param').id;
    const body = c.req.valid('json');
    const before = await c.var.db.select().from(detalleBonos).where(eq(detalleBonos.id, rowId)).get();
    if (!before) throw notFound();
    const actor = actorOf(c);
    const now = actor.at;
    const pct = (bp: number) => `${(bp / 100).toFixed(2)} %`;
    await runAudited(c.var.db, {
      ...versionedEdit(
        c.var.db,
        RATE_AUDITED,
        rowId,
        { porcentaje: body.porcentaje, descripcion: body.descripcion, updatedAt: now },
        { version: body.version, actor },
      ),
      history: {
        entity: 'detalle_bonos',
        from: pct(before.porcentaje),
        to: pct(body.porcentaje),
        comentario: `Nivel ${before.nivel}`,
        userId: c.var.user.id,
        at: now,
      },
    });
    return c.json({
      data: await c.var.db.select(RATE).from(detalleBonos).where(eq(detalleBonos.id, rowId)).get(),
      message: MSG.updated,
    });
  });
