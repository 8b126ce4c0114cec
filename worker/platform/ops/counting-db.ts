import type { Client } from '@libsql/client';
import { createDb, type Db } from '../db';

const ROUND_TRIPS = new Set(['execute', 'batch', 'migrate', 'executeMultiple', 'transaction']);

/**
 * The request's database port counting its calls to the client: each `execute`, `batch`,
 * `migrate` or `transaction` is one round trip to Turso (a batch is one, decision 0014). Same
 * client, same statements; only the count is added (the request log's `db_round_trips`).
 */
export function countingDb(db: Db, counter: { n: number }): Db {
  const client = (db as unknown as { $client: Client }).$client;
  const proxy = new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const fn = (value as (...a: unknown[]) => unknown).bind(target);
      if (typeof prop !== 'string' || !ROUND_TRIPS.has(prop)) return fn;
      return (...args: unknown[]) => {
        counter.n++;
        return fn(...args);
      };
    },
  });
  return createDb(proxy);
}
