import { integer, text } from 'drizzle-orm/sqlite-core';

// Timestamps are epoch milliseconds in UTC, written by the clock port (so tests can move time).
// `version` grows by one with every write through the API; an edit names the version it read and
// loses (409) if another write came first (decision 0110, worker/platform/audit/revisions.ts).
export const timestamps = {
  createdAt: integer().notNull(),
  updatedAt: integer().notNull(),
  version: integer().notNull().default(1),
};
export const activo = () => integer({ mode: 'boolean' }).notNull().default(true);
/**
 * The Spanish sort key of a name column (worker/shared/spanish-order.ts), written with the name by
 * `withSortKeys` (worker/platform/sort-keys.ts); NULL only until the startup backfill reaches it.
 */
export const sortKey = () => text();
