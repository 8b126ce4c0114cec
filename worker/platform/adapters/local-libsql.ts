// The embedded libSQL database of the Node runtime (`npm start`, the Node tests, the benches).
import { createClient, type Client, type Config } from '@libsql/client';
import { createRequire } from 'node:module';

type Connection = { prepare(sql: string): unknown; exec(sql: string): unknown };
// A kept statement re-plans itself after a schema change but keeps its old column names, so any
// schema statement (or a multi-statement `exec`, as migrations may send) drops the connection's map.
const SCHEMA =
  /^(?:\s|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*(?:create|alter|drop|reindex|vacuum|analyze|attach|detach)\b/i;
const MAX_PER_CONNECTION = 500;
let installed = false;

/**
 * Keeps prepared statements per connection, keyed by their SQL text, as a libSQL server (Turso)
 * does for the Worker. @libsql/client's embedded driver prepares every statement anew
 * (`sqlite3.js` `executeStmt` → `db.prepare(sql)`): for the session statement, with its
 * subqueries, that parse and plan cost 0.2 ms of every authenticated request.
 *
 * Safe to reuse because the driver runs each statement to completion synchronously (`all` or
 * `run`), so no two executions share one; each connection has its own map (a statement belongs to
 * its connection); and a schema change empties the map (SQLite would re-plan a kept statement, but
 * libsql-js would keep reporting its old columns — tests/unit/local-libsql.test.ts).
 * The driver takes `libsql` through its own dependency, so the patch goes on that very module.
 */
export function keepPreparedStatements() {
  if (installed) return;
  installed = true;
  const fromClient = createRequire(createRequire(import.meta.url).resolve('@libsql/client'));
  const Database = fromClient('libsql') as { prototype: Connection };
  const prepare = Database.prototype.prepare;
  const kept = new WeakMap<Connection, Map<string, unknown>>();
  const exec = Database.prototype.exec;
  Database.prototype.exec = function (this: Connection, sql: string) {
    kept.delete(this);
    return exec.call(this, sql);
  };
  Database.prototype.prepare = function (this: Connection, sql: string) {
    if (SCHEMA.test(sql)) {
      kept.delete(this);
      return prepare.call(this, sql);
    }
    let statements = kept.get(this);
    if (!statements) kept.set(this, (statements = new Map()));
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = prepare.call(this, sql);
      if (statements.size >= MAX_PER_CONNECTION) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
    }
    return statement;
  };
}

/** A client on a local file (or `:memory:`) with prepared statements kept. */
export function localClient(config: Config): Client {
  keepPreparedStatements();
  return createClient(config);
}
