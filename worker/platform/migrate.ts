import { migrate } from 'drizzle-orm/libsql/migrator';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';
import { backfillSortKeys } from './sort-keys';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

/**
 * Applies the drizzle-kit migrations in order (Node only; Turso is migrated at deploy time by
 * `npm run db:migrate`), then fills the Spanish sort keys SQL cannot compute (decision 0150).
 */
export async function migrateDb(db: Db) {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  await backfillSortKeys(db);
}
