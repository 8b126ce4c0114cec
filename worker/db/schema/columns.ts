import { integer, text } from 'drizzle-orm/sqlite-core';

// Timestamps are epoch milliseconds in UTC, written by the clock port (so tests can move time).
export const timestamps = {
  createdAt: integer().notNull(),
  updatedAt: integer().notNull(),
};
export const activo = () => integer({ mode: 'boolean' }).notNull().default(true);
/**
 * The Spanish sort key of a name column (worker/shared/spanish-order.ts), written with the name by
 * `withSortKeys` (worker/platform/sort-keys.ts); NULL only until the startup backfill reaches it.
 */
export const sortKey = () => text();
