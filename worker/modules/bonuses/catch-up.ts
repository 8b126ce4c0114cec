import { sql } from 'drizzle-orm';
import { ciclosBonificacion, compras } from '../../db/schema';
import type { Db } from '../../platform/db';
import { cycleKeyAt, cycleWindow, previousCycleKey } from '../../shared/cycles';
import type { SettlementRunner } from '../../platform/ports';
import type { SettleResult } from './settlement';
import { startSettlement } from './start';
import { STATE } from '../../shared/workflow';

/** Closed months from the first paid purchase up to the one before `at`, oldest first. */
export async function closedCycles(db: Db, at: number): Promise<string[]> {
  const first = await db.get<{ t: number | null }>(
    sql`select min(pagado_at) as t from ${compras} where pagado_at is not null`,
  );
  const last = previousCycleKey(at);
  if (!first?.t) return [last];
  const keys: string[] = [];
  for (let key = cycleKeyAt(first.t); key <= last; key = cycleKeyAt(cycleWindow(key).end)) keys.push(key);
  return keys.length ? keys : [last];
}

/**
 * What both cron triggers run: settles every closed month still unsettled (missed runs catch
 * up; a cycle handed over to a Workflow answers EN_CURSO). The months come from the event's scheduled time, never from a second clock read.
 */
export async function settleClosedCycles(
  db: Db,
  scheduledTime: number,
  now: number,
  origen: string,
  runner?: SettlementRunner,
): Promise<SettleResult[]> {
  const done = new Set(
    (
      await db
        .select({ clave: ciclosBonificacion.clave, estado: ciclosBonificacion.estado })
        .from(ciclosBonificacion)
    )
      .filter((c) => c.estado === STATE.LIQUIDADO)
      .map((c) => c.clave),
  );
  const results: SettleResult[] = [];
  for (const key of await closedCycles(db, scheduledTime)) {
    if (done.has(key)) continue;
    // With a runner (the Worker) only the first cycle gets a step in this invocation; the rest go
    // on in Workflows.
    const { segundoPlano: _, ...r } = await startSettlement(db, runner, key, {
      now,
      origen,
      inline: results.length === 0,
    });
    results.push(r);
  }
  return results;
}
