// Payout batches through the API (docs/decisions/0200): under /api/v1/bonos, every route
// behind app:administracion:liquidacionbonos:pagos.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { lotesPago } from '../../db/schema';
import { auditedExport, actorOf } from '../../platform/audit';
import { requires } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import type { AppEnv } from '../../platform/ports';
import { json, params } from '../../platform/validate';
import type { Cell } from '../../platform/xlsx';
import { EXPORT_PAGE } from '../../platform/xlsx-stream';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { annulBatchSchema, markPaidSchema, METODO_LABELS } from '../../shared/schemas/payout';
import { plural } from '../../shared/plural';
import {
  annulBatch,
  cycleGate,
  heldPage,
  heldSummary,
  itemsPage,
  keyset,
  markBatchPaid,
  payableCycle,
  payoutStep,
  type HeldRow,
  type ItemRow,
} from './payouts';
import { DEFAULT_BUDGET } from './settle-step';

import { recordAccess } from '../../platform/personal-data';
import type { AccessDatum } from '../../shared/privacy-access';

const idParam = params(v.object({ id: id() }));
const pagos = () => requires(P.pagosBonos);
const cop = (cents: number) => cents / 100;

/** The file's columns per payment-method kind, and each item's cells from its snapshot. */
const FILES: Record<
  string,
  { headers: string[]; cells: (d: Record<string, unknown>) => Cell[]; shows: AccessDatum[] }
> = {
  CUENTA_BANCARIA: {
    headers: [
      'Usuario',
      'Titular',
      'Tipo de documento',
      'Número de documento',
      'Código del banco',
      'Banco',
      'Tipo de cuenta',
      'Número de cuenta',
      'Valor (COP)',
    ],
    cells: (d) =>
      [
        d.usuario,
        d.titular,
        d.tipo_documento,
        d.documento,
        d.banco_codigo,
        d.banco,
        d.tipo_cuenta,
        d.numero_cuenta,
      ] as Cell[],
    shows: ['numero_identificacion', 'numero_cuenta'],
  },
  BILLETERA: {
    headers: ['Usuario', 'Titular', 'Tipo de billetera', 'Número o dirección', 'Valor (COP)'],
    cells: (d) => [d.usuario, d.titular, d.tipo_billetera, d.numero] as Cell[],
    shows: ['numero_cuenta'],
  },
  CRIPTOMONEDA: {
    headers: ['Usuario', 'Nombre', 'Moneda', 'Red', 'Dirección', 'Valor (COP)'],
    cells: (d) => [d.usuario, d.nombre, d.moneda, d.red, d.direccion] as Cell[],
    shows: ['direccion_billetera'],
  },
};

const itemCells = (metodo: string, r: ItemRow): Cell[] => {
  const file = FILES[metodo] ?? FILES.CRIPTOMONEDA!;
  return [...file.cells(JSON.parse(r.datos) as Record<string, unknown>), cop(r.monto)];
};

const loteJson = (l: typeof lotesPago.$inferSelect) => ({
  id: l.id,
  ciclo_id: l.cicloId,
  metodo: l.metodo,
  estado: l.estado,
  miembros: l.miembros,
  total: l.total,
  referencia: l.referencia,
  creado_at: l.creadoAt,
  pagado_at: l.pagadoAt,
  version: l.version,
});

export const payoutRoutes = new Hono<AppEnv>()
  // The cycle's batches and the held members counted per reason.
  .get('/ciclos/:id{[0-9]+}/pagos', pagos(), idParam, async (c) => {
    const cicloId = c.req.valid('param').id;
    // A cycle not ready yet answers its reason (bloqueo) instead of a 409, so the screen can show it.
    const { minimo, bloqueo } = await cycleGate(c.var.db, cicloId);
    const [lotes, retenidos] = await Promise.all([
      c.var.db.select().from(lotesPago).where(eq(lotesPago.cicloId, cicloId)).orderBy(lotesPago.id),
      bloqueo ? [] : heldSummary(c.var.db, cicloId, minimo),
    ]);
    return c.json({ data: lotes.map(loteJson), retenidos, minimo, bloqueo });
  })
  // Generate (or go on generating): one bounded step per call; the screen calls again until `terminado`.
  .post('/ciclos/:id{[0-9]+}/pagos', pagos(), idParam, async (c) => {
    const cicloId = c.req.valid('param').id;
    const step = await payoutStep(c.var.db, cicloId, {
      now: c.var.clock.now(),
      actorId: c.var.user.id,
      budget: c.var.settlement?.budget ?? DEFAULT_BUDGET,
    });
    const message =
      step.estado === 'SIN_PAGOS'
        ? 'No hay pagos por generar en este ciclo'
        : step.done
          ? 'Lotes de pago generados'
          : 'Generando los lotes de pago…';
    return c.json({
      data: step.lotes.map(loteJson),
      estado: step.estado,
      terminado: step.done,
      message,
    });
  })
  .get('/ciclos/:id{[0-9]+}/pagos/retenidos', pagos(), idParam, async (c) => {
    const cicloId = c.req.valid('param').id;
    const { cycle, minimo } = await payableCycle(c.var.db, cicloId);
    const db = c.var.db;
    async function* pages() {
      for await (const rows of keyset<HeldRow>(
        EXPORT_PAGE,
        (r) => r.user_id,
        (after, limit) => heldPage(db, cicloId, minimo, after, limit),
      ))
        yield rows.map((r) => [r.user_name, r.nombres, r.apellidos, cop(r.total), r.motivo] as Cell[]);
    }
    return auditedExport(c, {
      entity: 'pagos_retenidos',
      entityId: cicloId,
      comentario: cycle.clave,
      file: `pagos-retenidos-${cycle.clave}`,
      body: [
        {
          name: `Retenidos ${cycle.clave}`,
          headers: ['Usuario', 'Nombres', 'Apellidos', 'Saldo (COP)', 'Motivo'],
          pages: pages(),
        },
      ],
    });
  })
  .get('/lotespago/:id{[0-9]+}/archivo', pagos(), idParam, async (c) => {
    const loteId = c.req.valid('param').id;
    const db = c.var.db;
    const lote = await db.select().from(lotesPago).where(eq(lotesPago.id, loteId)).get();
    if (!lote) throw notFound();
    const file = FILES[lote.metodo] ?? FILES.CRIPTOMONEDA!;
    async function* pages() {
      for await (const rows of keyset<ItemRow>(
        EXPORT_PAGE,
        (r) => r.ciclo_user_id,
        (after, limit) => itemsPage(db, loteId, after, limit),
      )) {
        // The bank needs the data in full: each member's are recorded as shown (decision 0405).
        for (const r of rows) for (const dato of file.shows) recordAccess(c, r.user_id, dato);
        yield rows.map((r) => itemCells(lote!.metodo, r));
      }
    }
    const label = METODO_LABELS[lote.metodo] ?? lote.metodo;
    return auditedExport(c, {
      entity: 'lote_pago',
      entityId: loteId,
      comentario: `${label}: ${plural(lote.miembros, 'miembro', 'miembros')}`,
      file: `lote-pago-${loteId}-${lote.metodo.toLowerCase()}`,
      body: [{ name: `Lote ${loteId}`, headers: file.headers, pages: pages() }],
    });
  })
  .post('/lotespago/:id{[0-9]+}/pagar', pagos(), idParam, json(markPaidSchema), async (c) => {
    const { referencia } = c.req.valid('json');
    const lote = await markBatchPaid(c.var.db, c.req.valid('param').id, referencia, actorOf(c));
    return c.json({ data: loteJson(lote), message: MSG.updated });
  })
  .post('/lotespago/:id{[0-9]+}/anular', pagos(), idParam, json(annulBatchSchema), async (c) => {
    const { motivo } = c.req.valid('json');
    const lote = await annulBatch(c.var.db, c.req.valid('param').id, motivo, actorOf(c));
    return c.json({ data: loteJson(lote), message: MSG.updated });
  });
