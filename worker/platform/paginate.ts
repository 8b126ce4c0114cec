// One page of a list plus its total count, sent as ONE db.batch: a single round trip when the
// database is remote (Turso over HTTP from the Worker), two statements in one read on Node.
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './db';

type CountQuery = BatchItem<'sqlite'> & { _: { result: { total: number }[] } };

/** `page` is the limited/offset select; `counted` is `db.select({ total: count() })` over the same from/where. */
export async function paginate<Page extends BatchItem<'sqlite'>>(
  db: Db,
  page: Page,
  counted: CountQuery,
): Promise<{ data: Page['_']['result']; total: number }> {
  const [data, totals] = await db.batch([page, counted]);
  return { data, total: totals[0]?.total ?? 0 };
}
