import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './platform';

// Habeas data (docs/privacy.md, decisions 0400–0402): the versioned privacy notice with its
// purposes, the append-only consent ledger and the record of who consulted a member's data.

/** One version of the privacy notice; the highest version is the one in force. */
export const privacyNotices = sqliteTable('privacy_notices', {
  id: integer().primaryKey({ autoIncrement: true }),
  version: integer().notNull().unique(),
  texto: text().notNull(),
  publicadoPor: integer(),
  createdAt: integer().notNull(),
});

/** The purposes (finalidades) of one notice version. */
export const privacyPurposes = sqliteTable(
  'privacy_purposes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    noticeId: integer()
      .notNull()
      .references(() => privacyNotices.id),
    codigo: text().notNull(),
    nombre: text().notNull(),
    texto: text().notNull(),
    obligatoria: integer({ mode: 'boolean' }).notNull().default(false),
    sensible: integer({ mode: 'boolean' }).notNull().default(false),
    orden: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('privacy_purposes_notice_code_uq').on(t.noticeId, t.codigo)],
);

/** Every grant and revocation, never updated nor deleted (triggers in the migration). */
export const consentLedger = sqliteTable(
  'consent_ledger',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    finalidad: text().notNull(),
    otorgada: integer({ mode: 'boolean' }).notNull(),
    /** The notice version the member saw. */
    version: integer().notNull(),
    /** REGISTRO, MI_CUENTA or ADMINISTRADOR. */
    canal: text().notNull(),
    /** What the administrator holds as proof (channel ADMINISTRADOR). */
    evidencia: text(),
    actorId: integer(),
    ip: text(),
    userAgent: text(),
    createdAt: integer().notNull(),
  },
  (t) => [index('consent_ledger_user_idx').on(t.userId, t.finalidad, t.id)],
);

/** A staff member's reading of a member's sensitive or unmasked data (decision 0402). */
export const dataAccessLog = sqliteTable(
  'data_access_log',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** Whose data was read. */
    userId: integer()
      .notNull()
      .references(() => users.id),
    actorId: integer().notNull(),
    /** The reader's roles when he read it. */
    rol: text().notNull(),
    /** The area of the company (the screen or read path). */
    area: text().notNull(),
    /** Which data, by its Spanish name. */
    dato: text().notNull(),
    ruta: text().notNull(),
    ip: text(),
    createdAt: integer().notNull(),
  },
  (t) => [
    index('data_access_log_user_idx').on(t.userId, t.createdAt),
    index('data_access_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);
