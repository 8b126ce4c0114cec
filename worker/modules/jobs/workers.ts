// The jobs module's Workers-only door: the nightly backup's Workflow imports `cloudflare:workers`,
// so only the Workers entries import this file (docs/decisions/0047-module-doors.md, 0355).
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from 'cloudflare:workers';
import { createClient } from '@libsql/client/web';
import { r2Blobs, type R2Like } from '../../platform/adapters/r2-blobs';
import { outboxMailer } from '../../platform/adapters/outbox-mailer';
import { httpMailer } from '../../platform/adapters/http-mailer';
import { createDb } from '../../platform/db';
import type { BackupRunner } from '../../platform/ports';
import { BACKUP_JOB, DEFAULT_BACKUP_BUDGET, nightlyBackupStep, type BackupProgress } from './backup';
import { JOBS } from './registry';
import { finishRun } from './runs';

export type BackupEnv = {
  LIBSQL_URL: string;
  LIBSQL_AUTH_TOKEN?: string;
  BLOBS: R2Like;
  BACKUP_MAX_REQUESTS?: string;
  BACKUP_MAX_MS?: string;
  OPS_EMAIL?: string;
  APP_ORIGIN?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  SUPPORT_EMAIL?: string;
  BACKUP?: { create(o: { id: string; params: BackupProgress }): Promise<unknown> };
};

const MAX_STEPS = 1000;
const job = JOBS.find((j) => j.key === BACKUP_JOB)!;

export function backupBudget(env: Pick<BackupEnv, 'BACKUP_MAX_REQUESTS' | 'BACKUP_MAX_MS'>) {
  const n = (v: string | undefined, d: number) => (v && Number(v) > 0 ? Number(v) : d);
  return {
    ...DEFAULT_BACKUP_BUDGET,
    requests: n(env.BACKUP_MAX_REQUESTS, DEFAULT_BACKUP_BUDGET.requests),
    ms: n(env.BACKUP_MAX_MS, DEFAULT_BACKUP_BUDGET.ms),
  };
}

/** Each step of a run writes one more part; the last writes the manifest and ends the job's run. */
export class BackupWorkflow extends WorkflowEntrypoint<BackupEnv, BackupProgress> {
  async run(event: Readonly<WorkflowEvent<BackupProgress>>, step: WorkflowStep) {
    let state = event.payload;
    const budget = backupBudget(this.env);
    for (let i = 1; i <= MAX_STEPS; i++) {
      const out = await step.do(
        `parte ${state.part + 1}`,
        { retries: { limit: 5, delay: '5 seconds', backoff: 'exponential' }, timeout: '5 minutes' },
        async () => {
          // A client per step: workerd keeps I/O objects to the invocation that made them (0013).
          const ports = this.ports();
          const r = await nightlyBackupStep(ports, state, budget);
          if (r.done) await finishRun(ports, job, state.runId, { summary: { ...r.summary, pasos: i + 1 } });
          return r;
        },
      );
      console.log(
        JSON.stringify({ msg: 'respaldo paso', clave: state.clave, paso: i, solicitudes: out.requests }),
      );
      if (out.done) return out.summary;
      state = out.progress;
    }
    const ports = this.ports();
    await finishRun(ports, job, state.runId, {
      error: new Error(`Respaldo ${state.clave}: más de ${MAX_STEPS} pasos`),
    });
    throw new Error(`backup ${state.clave}: more than ${MAX_STEPS} steps`);
  }

  private ports() {
    const env = this.env;
    const db = createDb(createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN }));
    const clock = { now: () => Date.now() };
    const config = { opsEmail: env.OPS_EMAIL, appOrigin: env.APP_ORIGIN ?? '' };
    const transport =
      env.MAIL_API_URL && env.MAIL_API_KEY
        ? httpMailer(env.MAIL_API_URL, env.MAIL_API_KEY, env.MAIL_FROM ?? env.SUPPORT_EMAIL ?? '')
        : undefined;
    return {
      db,
      clock,
      blobs: r2Blobs(env.BLOBS),
      mailer: outboxMailer(db, clock, { transport, config }),
      config,
    };
  }
}

/** The Worker's runner: hands the rest of a backup to a Workflow instance named by the backup. */
export function backupRunner(env: Partial<BackupEnv>): BackupRunner | undefined {
  const binding = env.BACKUP;
  if (!binding) return undefined;
  return {
    budget: backupBudget(env),
    handOver: async (progress) =>
      void (await binding.create({
        id: `respaldo-${progress.clave}-${progress.runId}`,
        params: progress as BackupProgress,
      })),
  };
}
