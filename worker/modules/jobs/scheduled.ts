import { pruneIdempotencyKeys } from '../../platform/idempotency';
import type { Ports } from '../../platform/ports';
import { purgeDeletedFiles } from '../../platform/deleted-files';
import { pruneActivity } from '../../platform/revisions';
import { settleClosedCycles } from '../bonuses';
import { resumeGatewayClaims } from '../gateway';
import { PAYMENT_REMINDER_DAYS, remindUnpaidPurchases } from '../shop';

export type ScheduledResult = {
  cron: string;
  scheduledTime: string;
  settled: { clave: string; estado: string; total: number }[];
  /** Expired Idempotency-Key rows dropped (decision 0120). */
  pruned: number;
  /** Activity rows past their retention deleted with their revisions (issue 22). */
  prunedActivity: number;
  /** Removed gallery images and identity documents past their grace period, deleted (decision 0255). */
  purgedFiles: number;
  /** Purchases whose owner was reminded to pay (issue 23 §7). */
  reminded: number;
  /** Gateway transactions left claimed by a crashed delivery, finished now (issue 23 item 6). */
  resumed: number;
};

/**
 * What the cron triggers do (wrangler.toml: `0 5 1 * *` and the daily `10 5 * * *`): settle the
 * month just closed and any closed month still unsettled. Both runtimes call this with the
 * event's scheduled time (BONUS-RULES.md). Then remind members of purchases left unpaid (issue 23 §7)
 * and finish gateway transactions a crashed delivery left claimed;
 * the daily run also drops expired idempotency keys, activity past its retention and removed files
 * past their grace period.
 */
export async function runScheduled(
  ports: Pick<Ports, 'db' | 'clock' | 'settlement' | 'config' | 'blobs'>,
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
  const purgedFiles = await purgeDeletedFiles(ports.db, ports.blobs, ports.clock.now());
  const reminded = await remindUnpaidPurchases(
    ports.db,
    ports.clock.now(),
    ports.config.paymentReminderDays ?? PAYMENT_REMINDER_DAYS,
  );
  const resumed = await resumeGatewayClaims(ports.db, ports.clock.now());
  return {
    cron,
    reminded,
    resumed,
    scheduledTime: new Date(scheduledTime).toISOString(),
    settled: results.map((r) => ({ clave: r.clave, estado: r.estado, total: r.total })),
    pruned,
    prunedActivity,
    purgedFiles,
  };
}
