import type { Ports } from '../../platform/ports';
import { JOBS, type JobDef, type JobPorts } from './registry';
import { runJob } from './runs';

export type ScheduledResult = {
  cron: string;
  scheduledTime: string;
  settled: { clave: string; estado: string; total: number }[];
  /** Expired Idempotency-Key rows dropped (decision 0120). */
  pruned: number;
  /** Activity rows past their retention deleted with their revisions. */
  prunedActivity: number;
  /** Removed gallery images and identity documents past their grace period, deleted (decision 0255). */
  purgedFiles: number;
  /** Purchases whose owner was reminded to pay (decision 0130). */
  reminded: number;
  /** Gateway transactions left claimed by a crashed delivery, finished now (decision 0243). */
  resumed: number;
};

/**
 * What the cron triggers do (wrangler.toml: `0 5 1 * *` and the daily `10 5 * * *`): every job of
 * the registry (registry.ts) that names the trigger, in order, each recorded in job_runs. Both
 * runtimes call this with the event's scheduled time (BONUS-RULES.md). A failing job does not stop
 * the others; the run then rejects, naming the jobs that failed, so the platform sees it failed.
 */
export async function runScheduled(
  ports: Pick<Ports, 'db' | 'clock' | 'settlement' | 'config' | 'blobs' | 'mailer'> & Partial<JobPorts>,
  cron: string,
  scheduledTime: number,
  jobs: readonly JobDef[] = JOBS,
): Promise<ScheduledResult> {
  const summaries: Record<string, Record<string, unknown>> = {};
  const failed: { key: string; error: unknown }[] = [];
  for (const job of jobs) {
    if (!(job.crons as readonly string[]).includes(cron)) continue;
    try {
      summaries[job.key] = await runJob(ports, job, { cron, scheduledTime });
    } catch (error) {
      failed.push({ key: job.key, error });
    }
  }
  if (failed.length) {
    const first = failed[0]!.error;
    throw new Error(`Tareas fallidas: ${failed.map((f) => f.key).join(', ')}`, { cause: first });
  }
  const n = (job: string, field: string) => Number(summaries[job]?.[field] ?? 0);
  return {
    cron,
    reminded: n('recordatorios', 'reminded'),
    resumed: n('pasarela', 'resumed'),
    scheduledTime: new Date(scheduledTime).toISOString(),
    settled: (summaries.liquidacion?.settled as ScheduledResult['settled'] | undefined) ?? [],
    pruned: n('retencion', 'pruned'),
    prunedActivity: n('retencion', 'prunedActivity'),
    purgedFiles: n('retencion', 'purgedFiles'),
  };
}
