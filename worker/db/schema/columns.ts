import { integer } from 'drizzle-orm/sqlite-core';

// Timestamps are epoch milliseconds in UTC, written by the clock port (so tests can move time).
export const timestamps = {
  createdAt: integer().notNull(),
  updatedAt: integer().notNull(),
};
export const activo = () => integer({ mode: 'boolean' }).notNull().default(true);
