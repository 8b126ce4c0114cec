import { pruneIdempotencyKeys } from '../../platform/idempotency';
import type { Ports } from '../../platform/ports';
import { pruneActivity } from '../../platform/revisions';
import { settleClosedCycles } from '../bonuses';

export type ScheduledResult = {
  cron: string;
  scheduledTime: string;
  settled: { clave: string; estado: string; total: number }[];
  /** Expired Idempotency-Key rows dropped (decision 0120). */
  pruned: number;
  /** Activity rows past their retention deleted with their revisions (issue 22). */
  prunedActivity: number;
};

/**
 * What the cron triggers do (wrangler.toml: `0 5 1 * *` and the daily `10 5 * * *`): settle the
 * month just closed and any closed month still unsettled. Both runtimes call this with the
 * event's scheduled time (BONUS-RULES.md). The daily run also drops expired idempotency keys.
 */
export async function runScheduled(
  ports: Pick<Ports, 'db' | 'clock' | 'settlement'>,
  cron: string,
  scheduledTime: number,
): Promise<ScheduledResult> {
  const results = await settleClosedCycles(
    ports.db,
    scheduledTime,
    ports.clock.now(),
    `cron ${cron}`,
    ports.settlement,
  );
  const pruned = await pruneIdempotencyKeys(ports.db, ports.clock.now());
  const prunedActivity = await pruneActivity(ports.db, ports.clock.now());
  return {
    cron,
    scheduledTime: new Date(scheduledTime).toISOString(),
    settled: results.map((r) => ({ clave: r.clave, estado: r.estado, total: r.total })),
    pruned,
    prunedActivity,
  };
}
