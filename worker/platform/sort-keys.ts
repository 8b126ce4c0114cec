// Spanish order on the server (ARCHITECTURE.md §6; decision 0150): which name columns carry a
// stored sort key, the one call every write path makes to fill it, and the startup backfill.
// The registry declares the lookup tables once: each entry's `labelField` (what grids, selects,
// autocompletes and exports sort by) has a key column `{labelField}_orden` beside it. Users add
// their own two (nombres, apellidos).
import { getTableColumns, isNull, or, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from '../db/schema';
import { RESOURCES } from '../shared/resources';
import { spanishSortKey } from '../shared/spanish-order';
import type { Db } from './db';

const camel = (field: string) => field.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());

/** A name column and the column holding its sort key, as Drizzle property names. */
type Pair = { name: string; key: string };

function pairsOf(table: SQLiteTable, names: string[]): Pair[] {
  const columns = getTableColumns(table);
  return names.map((n) => {
    const pair = { name: camel(n), key: `${camel(n)}Orden` };
    if (!columns[pair.name] || !columns[pair.key])
      throw new Error(`sort key: ${pair.key} missing beside ${pair.name} in ${sqlName(table)}`);
    return pair;
  });
}

const sqlName = (table: SQLiteTable) =>
  (table as unknown as { [k: symbol]: string })[Symbol.for('drizzle:Name')];

/** Every table with sort keys: the registry's, by its label field, and users. */
export const SORT_KEYS: ReadonlyMap<SQLiteTable, Pair[]> = new Map<SQLiteTable, Pair[]>([
  ...RESOURCES.map(
    (r) =>
      [
        (schema as unknown as Record<string, SQLiteTable>)[r.key]!,
        pairsOf((schema as unknown as Record<string, SQLiteTable>)[r.key]!, [r.labelField]),
      ] as const,
  ),
  [schema.users, pairsOf(schema.users, ['nombres', 'apellidos'])],
]);

/**
 * The values of an insert or update with the sort key of each name they set: the one call a write
 * path makes (registry create/update/import/seed, users). A name not in `values` is left alone.
 */
export function withSortKeys<T extends Record<string, unknown>>(table: SQLiteTable, values: T): T {
  const pairs = SORT_KEYS.get(table);
  if (!pairs) return values;
  const out: Record<string, unknown> = { ...values };
  for (const { name, key } of pairs)
    if (name in values) out[key] = spanishSortKey(values[name] as string | null | undefined);
  return out as T;
}

/** The column a list sorts by when the user sorts by `field` (snake_case): its key, if it has one. */
export function sortColumnOf(table: SQLiteTable, field: string): SQLiteColumn | undefined {
  const pair = SORT_KEYS.get(table)?.find((p) => p.name === camel(field));
  return pair ? (getTableColumns(table)[pair.key] as SQLiteColumn) : undefined;
}

/** Property names of sort-key columns (hidden from API rows). */
export const SORT_KEY_PROPS = new Set([...SORT_KEYS.values()].flat().map((p) => p.key));

/**
 * Fills the keys a row lacks (rows written before the column existed, or by SQL such as the
 * reference-data migration): runs after the migrations on every start and `npm run db:migrate`
 * (decision 0150: SQL cannot compute the key, so the backfill is a startup step, not a migration).
 * Cheap when nothing is missing: one indexed probe per table.
 */
export async function backfillSortKeys(db: Db, chunk = 500): Promise<number> {
  let filled = 0;
  for (const [table, pairs] of SORT_KEYS) {
    const columns = getTableColumns(table);
    const id = columns.id!;
    const missing = or(...pairs.map((p) => isNull(columns[p.key]!)));
    for (;;) {
      const rows = (await db
        .select({ id, ...Object.fromEntries(pairs.map((p) => [p.name, columns[p.name]!])) })
        .from(table)
        .where(missing)
        .limit(chunk)) as Record<string, unknown>[];
      if (!rows.length) break;
      await db.batch(
        rows.map((r) => {
          const set: Record<string, unknown> = {};
          for (const p of pairs) set[p.key] = spanishSortKey((r[p.name] as string | null) ?? '');
          return db
            .update(table)
            .set(set)
            .where(sql`${id} = ${r.id}`);
        }) as never,
      );
      filled += rows.length;
      if (rows.length < chunk) break;
    }
  }
  return filled;
}
