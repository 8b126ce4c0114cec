// Statements on the hot path, built by drizzle once and bound per request (decision 0017).
import type { InArgs, InStatement, ResultSet } from '@libsql/client';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import type { Db } from './db';

/**
 * A statement's SQL text and parameter slots, built once with drizzle: each value that changes per
 * request is a `sql.placeholder(name)` (wrapped in `sql.param(…, column)` where the column encodes
 * it). Plain data, no client: it may be kept per process or isolate (decision 0013).
 */
export type Compiled = { readonly sql: string; readonly params: readonly unknown[] };

type Dialect = { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
type Buildable = SQL | { toSQL(): { sql: string; params: unknown[] } };

/** Builds the text once. `query` is a drizzle `sql` template or a query builder. */
export function compile(db: Db, query: Buildable): Compiled {
  const built =
    'toSQL' in query ? query.toSQL() : (db as unknown as { dialect: Dialect }).dialect.sqlToQuery(query);
  return { sql: built.sql, params: built.params };
}

/** The statement with this request's values in its placeholders. */
export const bind = (statement: Compiled, values: Record<string, unknown>): InStatement => ({
  sql: statement.sql,
  args: fillPlaceholders(statement.params as unknown[], values) as InArgs,
});

const clientOf = (db: Db) =>
  (
    db as unknown as {
      $client: {
        execute(s: InStatement): Promise<ResultSet>;
        batch(s: InStatement[], mode: 'deferred'): Promise<ResultSet[]>;
      };
    }
  ).$client;

/** One statement. */
export const run = (db: Db, statement: InStatement): Promise<ResultSet> => clientOf(db).execute(statement);

/** Several statements as one batch: one round trip to Turso, as `db.batch` (decision 0014). */
export const runBatch = (db: Db, statements: InStatement[]): Promise<ResultSet[]> =>
  clientOf(db).batch(statements, 'deferred');

/** A bounded map of compiled statements by shape; a full map starts over (shapes are few). */
export function statementCache<T>(max = 512) {
  const kept = new Map<string, T>();
  return (key: string, build: () => T): T => {
    let hit = kept.get(key);
    if (hit === undefined) {
      if (kept.size >= max) kept.clear();
      kept.set(key, (hit = build()));
    }
    return hit;
  };
}
