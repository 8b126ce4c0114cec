// The rights desk (docs/privacy.md «Solicitudes de los titulares», decision 0415): the requests a
// member files about his data, the suppressions they execute in bounded steps (0418) and the
// security incidents register (0421). These are privacy records: a suppression keeps them.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './platform';
import { STATE } from '../../shared/workflow';

/** One request of a data subject (Ley 1581 de 2012 arts. 14 y 15), with its legal clock. */
export const privacidadSolicitudes = sqliteTable(
  'privacidad_solicitudes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** `PD-AAAA-NNNNNN`, given when it is filed. */
    radicado: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** CONSULTA | RECLAMO | PRUEBA | REVOCATORIA | SUPRESION. */
    tipo: text().notNull(),
    /** For a RECLAMO: ACTUALIZAR | RECTIFICAR (null otherwise). */
    motivo: text(),
    descripcion: text().notNull(),
    /** RADICADA → PRORROGADA / INCOMPLETA → RESUELTA; INCOMPLETA → DESISTIDA (worker/shared/workflow.ts). */
    estado: text().notNull().default(STATE.RADICADA),
    /** Bogotá date the term counts from (the filing, or the day the missing information came). */
    recibidaEl: text().notNull(),
    /** Bogotá date of the last business day of the term. */
    venceEl: text().notNull(),
    prorrogadaAt: integer(),
    motivoProrroga: text(),
    /** The request for what is missing, and when it was sent. */
    incompletaAt: integer(),
    requerimiento: text(),
    /** Since when the member's record shows «reclamo en trámite» (null: it does not). */
    enTramiteDesde: integer(),
    respuesta: text(),
    respondidaAt: integer(),
    respondidaPor: integer(),
    /** The last day the cron warned the desk about it (one warning per day). */
    avisadaEl: text(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [
    uniqueIndex('privacidad_solicitudes_radicado_uq').on(t.radicado),
    index('privacidad_solicitudes_user_idx').on(t.userId, t.id),
    index('privacidad_solicitudes_vence_idx').on(t.estado, t.venceEl),
  ],
);

/**
 * A suppression being executed (decision 0418): its pseudonym, the step it is in and the cursor
 * of that step, and until when the books it kept (purchases, invoices, bonuses, payouts) stay.
 */
export const privacidadSupresiones = sqliteTable(
  'privacidad_supresiones',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    solicitudId: integer().notNull(),
    userId: integer().notNull(),
    seudonimo: text().notNull(),
    /** JSON array of the erased values to scrub from histories (kept only while EN_CURSO). */
    valores: text().notNull().default('[]'),
    /** EN_CURSO → TERMINADA → DEPURADA (the books removed after the retention period). */
    estado: text().notNull().default(STATE.EN_CURSO),
    /** Index of the table being scrubbed and the last row id done in it. */
    paso: integer().notNull().default(0),
    cursor: integer().notNull().default(0),
    filas: integer().notNull().default(0),
    conservarHasta: integer().notNull(),
    leaseUntil: integer(),
    createdAt: integer().notNull(),
    terminadaAt: integer(),
    depuradaAt: integer(),
  },
  (t) => [
    uniqueIndex('privacidad_supresiones_solicitud_uq').on(t.solicitudId),
    index('privacidad_supresiones_estado_idx').on(t.estado, t.conservarHasta),
  ],
);

/**
 * Present only inside the batch of a scrub step: the append-only triggers of state_history let
 * that batch rewrite the erased values (custom migration privacy_scrub_history).
 */
export const privacidadDepuracion = sqliteTable('privacidad_depuracion', {
  id: integer().primaryKey(),
});

/** A security incident (Ley 1581 art. 17 n): what, when it was detected, which data and members. */
export const privacidadIncidentes = sqliteTable(
  'privacidad_incidentes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    descripcion: text().notNull(),
    /** Bogotá date it was detected. */
    detectadoEl: text().notNull(),
    datos: text().notNull(),
    /** JSON array of the affected members' user ids. */
    miembros: text().notNull().default('[]'),
    /** The 15th business day after detection: the report to the SIC is due then. */
    venceSic: text().notNull(),
    reportadoSicAt: integer(),
    registradoPor: integer(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [index('privacidad_incidentes_vence_idx').on(t.venceSic)],
);
