import { migrate } from 'drizzle-orm/libsql/migrator';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Applies the drizzle-kit migrations in order (Node only; Turso is migrated at deploy time). */
export async function migrateDb(db: Db) {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
