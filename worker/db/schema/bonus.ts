import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { compras } from './shop';
import { users } from './platform';

// Referral bonuses (issue 6, BONUS-RULES.md). Money is integer COP cents; rates are basis points.

/** Rate per level (detallebonos): level 1 10 %, level 2 5 %, level 3 2 % to start. */
export const detalleBonos = sqliteTable('detalle_bonos', {
  id: integer().primaryKey({ autoIncrement: true }),
  nivel: integer().notNull().unique(),
  porcentaje: integer().notNull(),
  descripcion: text(),
  updatedAt: integer().notNull(),
});

/** A settlement cycle: a calendar month in America/Bogota, claimed by its key. */
export const ciclosBonificacion = sqliteTable('ciclos_bonificacion', {
  id: integer().primaryKey({ autoIncrement: true }),
  clave: text().notNull().unique(),
  inicio: integer().notNull(),
  fin: integer().notNull(),
  estado: text().notNull().default('EN_PROCESO'),
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
    total: integer().notNull(),
    lineas: integer().notNull(),
    estado: text().notNull().default('NO_PAGADO'),
    pagadoAt: integer(),
    createdAt: integer().notNull(),
  },
  (t) => [
    uniqueIndex('cbu_ciclo_user_uq').on(t.cicloId, t.userId),
    index('cbu_user_idx').on(t.userId, t.cicloId),
    index('cbu_estado_idx').on(t.cicloId, t.estado),
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
