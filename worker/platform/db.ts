import type { Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';

// No relational schema: nothing uses `db.query`, and building its table map from the 74 schema
// exports cost ~0.3 ms on every request of the Worker, which creates its client per request.
export type Db = LibSQLDatabase;

export function createDb(client: Client): Db {
  return drizzle(client, { casing: 'snake_case' });
}
