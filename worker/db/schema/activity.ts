import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * One row per write through the API (decision 0110): who (user, IP, user agent), when, what action on
 * which record. Written in the same batch as the change by `runAudited` (worker/platform/audit/write.ts).
 */
export const activity = sqliteTable(
  'activity',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer(),
    ip: text(),
    userAgent: text(),
    /** crear, editar, eliminar, activar, estado, restaurar, … */
    action: text().notNull(),
    entity: text().notNull(),
    entityId: integer().notNull(),
    at: integer().notNull(),
    /** Groups the rows one request wrote (an import, a bulk change). */
    batchId: text(),
    /**
     * The audited write this row belongs to (decision 0310): a key drawn before the batch, by which
     * the write's revision and history find this row, whatever else the batch inserted.
     */
    writeKey: text(),
  },
  (t) => [
    index('activity_entity_idx').on(t.entity, t.entityId, t.id),
    uniqueIndex('activity_write_key_idx').on(t.writeKey),
    index('activity_user_idx').on(t.userId, t.id),
    index('activity_at_idx').on(t.at),
  ],
);

/**
 * The record as a write left it (`snapshot`, secrets left out) and the fields that write changed
 * (`delta`, against the record's previous revision, `parentId`).
 */
export const revisions = sqliteTable(
  'revisions',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    activityId: integer().notNull(),
    entity: text().notNull(),
    entityId: integer().notNull(),
    snapshot: text().notNull(),
    delta: text(),
    parentId: integer(),
  },
  (t) => [
    index('revisions_entity_idx').on(t.entity, t.entityId, t.id),
    index('revisions_activity_idx').on(t.activityId),
  ],
);

/**
 * Files a member removed or replaced (gallery images, identity documents), kept for a grace period
 * so a restore from the history can bring them back (decision 0255); the daily cron deletes the
 * blob and the row once `deletedAt` is older than the setting `archivos_borrados_dias`.
 */
export const deletedFiles = sqliteTable(
  'deleted_files',
  {
    blobKey: text().primaryKey(),
    deletedAt: integer().notNull(),
  },
  (t) => [index('deleted_files_at_idx').on(t.deletedAt)],
);
