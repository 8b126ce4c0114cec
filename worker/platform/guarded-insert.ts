// Limits enforced by the statement that writes (docs/decisions/0091): the rows go in
// only if a condition over the table's current rows holds when the INSERT runs, so parallel
// requests cannot all pass a count or sum read a moment earlier. SQLite runs one write statement
// at a time and materialises an INSERT's SELECT that reads the target table before inserting.
import { getTableName, is, SQL, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './db';

/** The database's column name for a schema key (createDb uses casing: 'snake_case'). */
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * `INSERT INTO table (…) SELECT … FROM (VALUES …) WHERE condition RETURNING id`: the ids of the
 * inserted rows, none when the condition failed. Values are bound; an `sql` value is evaluated
 * by the statement itself (e.g. a position that depends on the rows already there).
 */
export async function insertWhere(
  db: Db,
  table: SQLiteTable,
  rows: Record<string, unknown>[],
  condition: SQL,
): Promise<number[]> {
  if (!rows.length) return [];
  const inserted = await insertWhereStatement(db, table, rows, condition);
  return inserted.map((r) => Number(r.id));
}

/** The same INSERT as a statement for a `db.batch` (an audited write's batch); `rows` not empty. */
export function insertWhereStatement(
  db: Db,
  table: SQLiteTable,
  rows: Record<string, unknown>[],
  condition: SQL,
) {
  const keys = Object.keys(rows[0]!);
  const cell = (v: unknown) => (is(v, SQL) ? v : sql`${typeof v === 'boolean' ? Number(v) : v}`);
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${sql.join(
          keys.map((k) => cell(r[k])),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  return db.all<{ id: number }>(
    sql`insert into ${sql.identifier(getTableName(table))} (${sql.join(
      keys.map((k) => sql.identifier(snake(k))),
      sql`, `,
    )}) select ${sql.raw(keys.map((_, i) => `column${i + 1}`).join(', '))} from (values ${values}) where ${condition} returning id`,
  );
}
