// A job's run, recorded in job_runs on both runtimes (docs/decisions/0350): EN_CURSO when it
// starts, OK or FALLIDO with its duration and summary when it ends. A failure opens the alert
// `tarea:<key>` (mailed once) and is reported; the next success clears it.
import { eq } from 'drizzle-orm';
import { jobRuns } from '../../db/schema';
import { clearAlert, raiseAlert, type AlertPorts } from '../../platform/ops/alerts';
import { scrubbedError } from '../../platform/ops/scrub';
import type { Db } from '../../platform/db';
import type { Clock } from '../../platform/ports';
import type { JobDef, JobPorts, JobSummary } from './registry';
import { STATE } from '../../shared/workflow';

export const jobAlertKey = (key: string) => `tarea:${key}`;

export async function startRun(db: Db, job: string, origen: string, at: number): Promise<number> {
  const row = await db
    .insert(jobRuns)
    .values({ job, origen, startedAt: at, resultado: STATE.EN_CURSO })
    .returning({ id: jobRuns.id })
    .get();
  return row.id;
}

/** Ends a run (also from a Workflow that continued it); opens or clears the job's alert. */
export async function finishRun(
  p: AlertPorts & Pick<JobPorts, 'reporter'>,
  job: Pick<JobDef, 'key' | 'nombre'>,
  runId: number,
  outcome: { summary: JobSummary } | { error: unknown },
): Promise<void> {
  const now = p.clock.now();
  const run = await p.db
    .select({ startedAt: jobRuns.startedAt })
    .from(jobRuns)
    .where(eq(jobRuns.id, runId))
    .get();
  const duracionMs = run ? Math.max(0, now - run.startedAt) : null;
  if ('error' in outcome) {
    const e = scrubbedError(outcome.error);
    await p.db
      .update(jobRuns)
      .set({ finishedAt: now, resultado: 'FALLIDO', duracionMs, error: e.message })
      .where(eq(jobRuns.id, runId));
    console.error(JSON.stringify({ level: 'error', msg: 'tarea fallida', tarea: job.key, error: e }));
    await p.reporter?.capture(outcome.error, { job: job.key });
    await raiseAlert(p, {
      clave: jobAlertKey(job.key),
      titulo: `Falló la tarea «${job.nombre}»`,
      detalle: `La ejecución #${runId} falló: ${e.message}`,
    });
    return;
  }
  await p.db
    .update(jobRuns)
    .set({
      finishedAt: now,
      resultado: 'OK',
      duracionMs,
      resumen: JSON.stringify(outcome.summary),
    })
    .where(eq(jobRuns.id, runId));
  await clearAlert(p, jobAlertKey(job.key));
}

/** Runs one job and records it; resolves to its summary, or rejects with its error once recorded. */
export async function runJob(
  p: JobPorts,
  job: JobDef,
  at: { cron: string; scheduledTime: number },
  clock: Clock = p.clock,
): Promise<JobSummary> {
  const runId = await startRun(p.db, job.key, at.cron, clock.now());
  try {
    const out = await job.run(p, { ...at, runId });
    if (!out.continues) await finishRun(p, job, runId, { summary: out.summary });
    return out.summary;
  } catch (error) {
    await finishRun(p, job, runId, { error }).catch(() => undefined);
    throw error;
  }
}
