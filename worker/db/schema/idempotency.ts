// Idempotent writes and review leases (docs/decisions/0120 and 0121).
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './platform';

/**
 * One row per `Idempotency-Key` a user sent with a write. The row is inserted in the same batch
 * as the write's first statement (the claim); `status` and `reply` stay null until the answer is
 * stored, so a row without them is a request still in flight (or one whose answer was lost).
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clave: text().notNull(),
    /** SHA-256 (hex) of method, path with query and body (multipart boundary left out). */
    requestHash: text().notNull(),
    status: integer(),
    reply: text(),
    replyType: text(),
    createdAt: integer().notNull(),
    expiresAt: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.clave] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);

/** The review-queue item a reviewer is looking at, held for a few minutes (one row per item). */
export const reviewLeases = sqliteTable(
  'review_leases',
  {
    entity: text().notNull(),
    entityId: integer().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entity, t.entityId] }),
    index('review_leases_user_idx').on(t.userId, t.entity),
  ],
);
