import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { compras } from './shop';
import { users } from './platform';
import { STATE } from '../../shared/workflow';

// Referral bonuses (docs/bonus-rules.md). Money is integer COP cents; rates are basis points.

/** Rate per level (detallebonos): level 1 10 %, level 2 5 %, level 3 2 % to start. */
export const detalleBonos = sqliteTable('detalle_bonos', {
  id: integer().primaryKey({ autoIncrement: true }),
  nivel: integer().notNull().unique(),
  porcentaje: integer().notNull(),
  descripcion: text(),
  updatedAt: integer().notNull(),
  /** Edit counter (decision 0251): a rate edit naming an older version is a 409. */
  version: integer().notNull().default(1),
});

/** A settlement cycle: a calendar month in America/Bogota, claimed by its key. */
export const ciclosBonificacion = sqliteTable('ciclos_bonificacion', {
  id: integer().primaryKey({ autoIncrement: true }),
  clave: text().notNull().unique(),
  inicio: integer().notNull(),
  fin: integer().notNull(),
  estado: text().notNull().default(STATE.EN_PROCESO),
  /** Last beneficiary id whose lines are written (chunks resume after it). */
  cursor: integer().notNull().default(0),
  /** A run holds the cycle until this instant; a crashed run's lease expires. */
  leaseUntil: integer(),
  total: integer().notNull().default(0),
  lineas: integer().notNull().default(0),
  usuarios: integer().notNull().default(0),
  iniciadoAt: integer().notNull(),
  liquidadoAt: integer(),
  origen: text().notNull(),
  /** Who holds the lease (a Workflow instance or a local run): its own retries may take it back at once. */
  leaseOwner: text(),
  /** Last member id of the run, fixed when the cycle is claimed (members registered later cannot earn in a closed month). */
  hasta: integer(),
  /** Members in the database when the cycle was claimed, and members whose chunk is written. */
  miembros: integer().notNull().default(0),
  miembrosHechos: integer().notNull().default(0),
  /** Bounded steps (invocations) that held the cycle so far. */
  pasos: integer().notNull().default(0),
  ultimoError: text(),
  /** The rates in force when the cycle was claimed, JSON {"1": bp, "2": bp, "3": bp}: every step writes the same ones. */
  tasas: text(),
  /** The minimum payout in force when the cycle was claimed (decision 0210): every step carries with the same one. */
  minimoPago: integer(),
  /** Close with review (decision 0222): the second administrator who approved the settled cycle, and when. */
  aprobadoPor: integer().references(() => users.id),
  aprobadoAt: integer(),
  /**
   * The withholding in force when the cycle was claimed (decision 0447), JSON
   * {"natural": bp, "juridica": bp, "umbral": cents}: every step withholds with the same one.
   */
  retencion: text(),
});

/** One row per beneficiary and cycle (ciclobonificacionuser). */
export const cicloBonificacionUser = sqliteTable(
  'ciclo_bonificacion_user',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    cicloId: integer()
      .notNull()
      .references(() => ciclosBonificacion.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** bonos + saldoAnterior + ajustes (decisions 0210, 0221): what the member is owed for this cycle. */
    total: integer().notNull(),
    lineas: integer().notNull(),
    estado: text().notNull().default(STATE.NO_PAGADO),
    pagadoAt: integer(),
    createdAt: integer().notNull(),
    /** Sum of this cycle's lines (bonus and REEMBOLSO lines). */
    bonos: integer().notNull().default(0),
    /** "Saldo anterior": the unpaid balance carried in from earlier rows (below minimum or negative). */
    saldoAnterior: integer().notNull().default(0),
    /** Sum of the approved manual adjustments on this row. */
    ajustes: integer().notNull().default(0),
    /** Set when this row's balance was carried into a later row (that row's id): never payable again. */
    arrastradoA: integer(),
    /** The payout batch that paid this row, and the bank's reference. */
    loteId: integer(),
    referenciaPago: text(),
    version: integer().notNull().default(1),
    /**
     * Withholding at source taken on this cycle's own new income (bonos + ajustes, when positive) at
     * `retencionTasa` (basis points), and what the member is paid: total − retencion − the
     * withholding already taken in the balances carried in (decision 0447).
     */
    retencion: integer().notNull().default(0),
    retencionTasa: integer().notNull().default(0),
    neto: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('cbu_ciclo_user_uq').on(t.cicloId, t.userId),
    index('cbu_user_idx').on(t.userId, t.cicloId),
    index('cbu_estado_idx').on(t.cicloId, t.estado),
    // A member's open balances (unpaid, not carried, in no batch; docs/decisions/0210),
    // covering the total, so each settlement chunk finds the rows it carries without reading the
    // member's whole history; and the rows carried into a row (the chunk's check, the statement).
    index('cbu_abierto_idx')
      .on(t.userId, t.cicloId, t.total)
      .where(sql`estado = 'NO_PAGADO' and arrastrado_a is null and lote_id is null`),
    index('cbu_arrastrado_idx')
      .on(t.arrastradoA, t.total)
      .where(sql`arrastrado_a is not null`),
  ],
);

/** One line per (cycle, purchase, beneficiary, level) (ciclobonificacionuserreferido). */
export const cicloBonificacionUserReferido = sqliteTable(
  'ciclo_bonificacion_user_referido',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    cicloId: integer()
      .notNull()
      .references(() => ciclosBonificacion.id),
    beneficiarioId: integer()
      .notNull()
      .references(() => users.id),
    compraId: integer()
      .notNull()
      .references(() => compras.id),
    referidoId: integer()
      .notNull()
      .references(() => users.id),
    nivel: integer().notNull(),
    base: integer().notNull(),
    porcentaje: integer().notNull(),
    monto: integer().notNull(),
    motivo: text(),
    createdAt: integer().notNull(),
  },
  // Unique per (cycle, purchase, beneficiary, level), led by the beneficiary: the settlement writes
  // beneficiaries in id order, so this one index grows at its end and also serves a member's lines.
  (t) => [uniqueIndex('cbur_uq').on(t.beneficiarioId, t.compraId, t.nivel, t.cicloId)],
);

/**
 * Money-out settings (decision 0220), one row (id 1) an administrator edits: the minimum payout in cents
 * ($ 20.000 by default) and whether a settled cycle needs a second administrator's approval before
 * payouts can be generated.
 */
export const parametrosBonificacion = sqliteTable('parametros_bonificacion', {
  id: integer().primaryKey(),
  minimoPago: integer().notNull().default(2_000_000),
  aprobacionCierre: integer({ mode: 'boolean' }).notNull().default(false),
  updatedAt: integer().notNull(),
  updatedBy: integer().references(() => users.id),
  version: integer().notNull().default(1),
});

/**
 * A manual credit (positive) or debit (negative) on a member's cycle row (decision 0221). It counts
 * (row.ajustes and row.total move) only once a second administrator approves it; the author can
 * never approve his own.
 */
export const ajustesBonificacion = sqliteTable(
  'ajustes_bonificacion',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    cicloUserId: integer()
      .notNull()
      .references(() => cicloBonificacionUser.id),
    cicloId: integer()
      .notNull()
      .references(() => ciclosBonificacion.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    monto: integer().notNull(),
    motivo: text().notNull(),
    /** PENDIENTE → APROBADO | RECHAZADO. */
    estado: text().notNull().default(STATE.PENDIENTE),
    creadoPor: integer()
      .notNull()
      .references(() => users.id),
    creadoAt: integer().notNull(),
    decididoPor: integer().references(() => users.id),
    decididoAt: integer(),
    comentario: text(),
    version: integer().notNull().default(1),
  },
  (t) => [
    index('ajustes_bon_row_idx').on(t.cicloUserId),
    index('ajustes_bon_estado_idx').on(t.estado, t.cicloId),
  ],
);

/**
 * A payout batch (decision 0200): one per settled cycle and payment method kind, generated in bounded
 * steps (cursor over member ids); GENERANDO → GENERADO → PAGADO (with the bank's reference), or
 * ANULADO before it is paid (its rows become payable again).
 */
export const lotesPago = sqliteTable(
  'lotes_pago',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    cicloId: integer()
      .notNull()
      .references(() => ciclosBonificacion.id),
    /** The payment-method kind of the file: metodos_pago.tipo. */
    metodo: text().notNull(),
    estado: text().notNull().default(STATE.GENERANDO),
    cursor: integer().notNull().default(0),
    miembros: integer().notNull().default(0),
    total: integer().notNull().default(0),
    referencia: text(),
    creadoPor: integer().references(() => users.id),
    creadoAt: integer().notNull(),
    pagadoPor: integer().references(() => users.id),
    pagadoAt: integer(),
    version: integer().notNull().default(1),
  },
  (t) => [index('lotes_pago_ciclo_idx').on(t.cicloId, t.metodo)],
);

/** One member-cycle row in a batch, with the payment details as they were when the file was made. */
export const lotesPagoItems = sqliteTable(
  'lotes_pago_items',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    loteId: integer()
      .notNull()
      .references(() => lotesPago.id),
    cicloUserId: integer()
      .notNull()
      .references(() => cicloBonificacionUser.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    monto: integer().notNull(),
    /** JSON: holder, document, bank code, account type AH/CO, number; or wallet; or network and address. */
    datos: text().notNull(),
  },
  (t) => [
    uniqueIndex('lotes_pago_items_uq').on(t.loteId, t.cicloUserId),
    index('lotes_pago_items_row_idx').on(t.cicloUserId),
  ],
);
