import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './db';

type Item = BatchItem<'sqlite'>;
type Shape = Record<string, Item | Item[]>;
type Result<Q> = Q extends { _: { result: infer R } } ? R : Q extends PromiseLike<infer R> ? R : unknown;
export type BatchResults<S extends Shape> = {
  [K in keyof S]: S[K] extends Item[] ? Result<S[K][number]>[] : Result<S[K]>;
};

/**
 * Runs named queries (or lists of them) as one `db.batch`: one database round trip over HTTP
 * however many statements a screen needs (decision 0014). Results come back under the same names.
 */
export async function batchNamed<S extends Shape>(db: Db, shape: S): Promise<BatchResults<S>> {
  const flat: Item[] = [];
  const slots: [string, number, number | null][] = [];
  for (const [name, q] of Object.entries(shape)) {
    if (Array.isArray(q)) {
      slots.push([name, flat.length, q.length]);
      flat.push(...q);
    } else {
      slots.push([name, flat.length, null]);
      flat.push(q);
    }
  }
  const results = flat.length ? ((await db.batch(flat as [Item, ...Item[]])) as unknown[]) : [];
  const out: Record<string, unknown> = {};
  for (const [name, at, n] of slots) out[name] = n === null ? results[at] : results.slice(at, at + n);
  return out as BatchResults<S>;
}
