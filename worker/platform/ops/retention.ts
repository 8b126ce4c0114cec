import { and, isNotNull, lt, ne } from 'drizzle-orm';
import { jobRuns, opsAlerts, requestMetrics } from '../../db/schema';
import type { Db } from '../db';
import { METRICS_KEEP_DAYS } from './metrics';

const DAY = 86_400_000;
/** Job runs and closed incidents are kept this long; the backup's runs stay (they list the backups kept). */
export const OPERATIONS_KEEP_DAYS = 90;

/** The daily retention of operations data: request figures past a week, old runs and incidents. */
export async function pruneOperations(db: Db, now: number): Promise<number> {
  const [metrics, runs, alerts] = await db.batch([
    db.delete(requestMetrics).where(lt(requestMetrics.minute, now - METRICS_KEEP_DAYS * DAY)),
    db
      .delete(jobRuns)
      .where(and(lt(jobRuns.startedAt, now - OPERATIONS_KEEP_DAYS * DAY), ne(jobRuns.job, 'respaldo'))),
    db
      .delete(opsAlerts)
      .where(and(isNotNull(opsAlerts.clearedAt), lt(opsAlerts.clearedAt, now - OPERATIONS_KEEP_DAYS * DAY))),
  ]);
  return [metrics, runs, alerts].reduce((s, r) => s + (r as { rowsAffected: number }).rowsAffected, 0);
}
