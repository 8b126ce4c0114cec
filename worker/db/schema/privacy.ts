// The privacy notice and the consent ledger (docs/privacy.md «Aviso y autorizaciones», decisions
// 0400–0403): each published version of the notice with its purposes, and every grant and
// revocation a member made, append-only. A suppression keeps them (Ley 1581 art. 17: proof).
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './platform';

/** One published version of the notice. The newest is in force. */
export const privacidadAvisos = sqliteTable('privacy_notices', {
  version: integer().primaryKey(),
  texto: text().notNull(),
  publicadoAt: integer().notNull(),
  /** Who published it (null: the migration's first version). */
  publicadoPor: integer().references(() => users.id),
});

/** The purposes (finalidades) of one version of the notice. */
export const privacidadFinalidades = sqliteTable(
  'privacy_purposes',
  {
    version: integer()
      .notNull()
      .references(() => privacidadAvisos.version),
    codigo: text().notNull(),
    nombre: text().notNull(),
    texto: text().notNull(),
    obligatoria: integer({ mode: 'boolean' }).notNull().default(false),
    sensible: integer({ mode: 'boolean' }).notNull().default(false),
    orden: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.version, t.codigo] })],
);

/**
 * The consent ledger: one row per grant (otorgada) or revocation, never updated nor deleted (the
 * migration's triggers refuse both, decision 0401). A member's standing on a purpose is his newest row.
 */
export const consentLedger = sqliteTable(
  'consent_ledger',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    finalidad: text().notNull(),
    otorgada: integer({ mode: 'boolean' }).notNull(),
    /** The notice version the member read when he decided. */
    version: integer().notNull(),
    /** 'registro' | 'mi cuenta' | 'administrador'. */
    canal: text().notNull(),
    /** For the 'administrador' channel: what the administrator holds as proof. */
    evidencia: text(),
    /** Who recorded it (the member himself, or the administrator). */
    actorId: integer(),
    ip: text(),
    userAgent: text(),
    createdAt: integer().notNull(),
  },
  (t) => [index('consent_ledger_user_idx').on(t.userId, t.finalidad, t.id)],
);

/** The version in force, as a subquery (the newest published). */
export const privacyNoticeVersion = sql`select max(version) from privacy_notices`;

/**
 * Who looked (docs/privacy.md «Quién consultó», decision 0405): one row each time a member
 * of staff was shown, in full, a member's identity documents, sensitive profile fields, document
 * number, phone or payment data. Written by the one choke point of personal data
 * (worker/platform/personal-data.ts); append-only like the consent ledger.
 */
export const dataAccessLog = sqliteTable(
  'data_access_log',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** Whose data was shown (no foreign key: the record outlives a suppression's pseudonym). */
    ownerId: integer().notNull(),
    /** Who saw it, and his roles at that moment. */
    actorId: integer().notNull(),
    rol: text().notNull(),
    /** The area of the company (the screen's section) and the datum, as codes of ACCESS_DATA. */
    area: text().notNull(),
    dato: text().notNull(),
    /** The API route that answered, and from where. */
    ruta: text().notNull(),
    ip: text(),
    userAgent: text(),
    createdAt: integer().notNull(),
  },
  (t) => [index('data_access_log_owner_idx').on(t.ownerId, t.createdAt)],
);
