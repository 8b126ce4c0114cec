import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { compras } from './shop';
import { users } from './platform';
import { STATE } from '../../shared/workflow';

// Withholding at source on bonuses, the annual certificates and the right of withdrawal
// (docs/invoicing.md; decisions 0445–0452). Money is integer COP cents; rates are basis points.

/**
 * The withholding settings an administrator edits, one row (id 1): the rates for natural persons
 * and companies, the yearly threshold in UVT above which a natural person is withheld at the
 * higher rate, and the withholding agent's identity printed on the certificates. Each value keeps
 * its legal source as data (decision 0446).
 */
export const parametrosRetencion = sqliteTable('parametros_retencion', {
  id: integer().primaryKey(),
  tasaNatural: integer().notNull().default(1000),
  tasaJuridica: integer().notNull().default(1100),
  umbralUvt: integer().notNull().default(3300),
  fuente: text().notNull(),
  agenteNit: text(),
  agenteRazonSocial: text(),
  agenteDireccion: text(),
  agenteCiudad: text(),
  updatedAt: integer().notNull(),
  updatedBy: integer().references(() => users.id),
  version: integer().notNull().default(1),
});

/** The UVT value of each year (COP cents), with the DIAN resolution that fixed it. */
export const uvtValores = sqliteTable('uvt_valores', {
  id: integer().primaryKey({ autoIncrement: true }),
  anio: integer().notNull().unique(),
  valor: integer().notNull(),
  fuente: text().notNull(),
  updatedAt: integer().notNull(),
  updatedBy: integer().references(() => users.id),
  version: integer().notNull().default(1),
});

/**
 * A member's withdrawal request on a paid purchase (decision 0449): PENDIENTE → APROBADO (the
 * purchase annulled through its one path, the refund recorded) or RECHAZADO, with the reason.
 */
export const retractos = sqliteTable(
  'retractos',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    compraId: integer()
      .notNull()
      .references(() => compras.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    motivo: text().notNull(),
    estado: text().notNull().default(STATE.PENDIENTE),
    /** The last Bogotá date the request could be filed (5 business days after the payment). */
    limite: text().notNull(),
    reembolso: integer(),
    reembolsoAt: integer(),
    decididoPor: integer().references(() => users.id),
    decididoAt: integer(),
    comentario: text(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
    version: integer().notNull().default(1),
  },
  (t) => [index('retractos_compra_idx').on(t.compraId), index('retractos_estado_idx').on(t.estado, t.id)],
);

/**
 * A bulk run of a year's certificates (decision 0451): walks the members with withholding rows of
 * the year by id with a saved cursor, each step storing the PDFs and queueing the e-mails.
 */
export const certificadosLotes = sqliteTable('certificados_lotes', {
  id: integer().primaryKey({ autoIncrement: true }),
  anio: integer().notNull(),
  estado: text().notNull().default(STATE.EN_CURSO),
  cursor: integer().notNull().default(0),
  generados: integer().notNull().default(0),
  creadoPor: integer().references(() => users.id),
  creadoAt: integer().notNull(),
  terminadoAt: integer(),
});
