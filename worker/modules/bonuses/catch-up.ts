import { sql } from 'drizzle-orm';
import { ciclosBonificacion, compras } from '../../db/schema';
import type { Db } from '../../platform/db';
import { cycleKeyAt, cycleWindow, previousCycleKey } from '../../shared/cycles';
import { settleCycle, type SettleResult } from './settlement';

/** Closed months from the first paid purchase up to the one before `at`, oldest first. */
export async function closedCycles(db: Db, at: number): Promise<string[]> {
  const first = await db.get<{ t: number | null }>(sql`select min(pagado_at) as t from ${compras} where pagado_at is not null`);
  const last = previousCycleKey(at);
  if (!first?.t) return [last];
  const keys: string[] = [];
  for (let key = cycleKeyAt(first.t); key <= last; key = cycleKeyAt(cycleWindow(key).end)) keys.push(key);
  return keys.length ? keys : [last];
}

/**
 * What both cron triggers run: settles every closed month still unsettled (missed runs catch
 * up). The months come from the event's scheduled time, never from a second clock read.
 */
export async function settleClosedCycles(db: Db, scheduledTime: number, now: number, origen: string): Promise<SettleResult[]> {
  const done = new Set((await db.select({ clave: ciclosBonificacion.clave, estado: ciclosBonificacion.estado }).from(ciclosBonificacion)).filter((c) => c.estado === 'LIQUIDADO').map((c) => c.clave));
  const results: SettleResult[] = [];
  for (const key of await closedCycles(db, scheduledTime)) {
    if (!done.has(key)) results.push(await settleCycle(db, key, { now, origen }));
  }
  return results;
}
