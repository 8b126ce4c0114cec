// Every scheduled job, declared once (docs/decisions/0350): the cron runs them in this order, each
// run is recorded in job_runs, a failure opens an alert, and the status screen lists them with
// their last run and next run. A job another module adds (invoice sending, privacy deadlines)
// joins with one entry here and appears on Administración → Estado del sistema unchanged.
import { pruneIdempotencyKeys } from '../../platform/idempotency';
import { purgeDeletedFiles } from '../../platform/deleted-files';
import { pruneActivity } from '../../platform/audit';
import type { Ports } from '../../platform/ports';
import { pruneOperations } from '../../platform/ops/retention';
import { settleClosedCycles } from '../bonuses';
import { resumeGatewayClaims } from '../gateway';
import { sendDue } from '../invoicing';
import { PAYMENT_REMINDER_DAYS, remindUnpaidPurchases } from '../shop';
import { privacyDeadlines, purgeRetained } from '../privacy-desk';
import {
  BACKUP_JOB,
  backupKey,
  DEFAULT_BACKUP_BUDGET,
  nightlyBackupStep,
  type BackupProgress,
} from './backup';
import { runAlertChecks } from './checks';

/** wrangler.toml's `[triggers] crons`: the monthly settlement and the daily run (BONUS-RULES.md). */
export const MONTHLY = '0 5 1 * *';
export const DAILY = '10 5 * * *';
export const CRON_TRIGGERS = [MONTHLY, DAILY] as const;

export type JobPorts = Pick<
  Ports,
  | 'db'
  | 'clock'
  | 'settlement'
  | 'config'
  | 'blobs'
  | 'mailer'
  | 'backup'
  | 'reporter'
  | 'archive'
  | 'invoicing'
>;
/** What a run did: counts for the status screen (never personal data). */
export type JobSummary = Record<string, unknown>;
export type JobOutcome = {
  summary: JobSummary;
  /** The run goes on in later invocations (a Workflow), which record its end themselves. */
  continues?: boolean;
};

export type JobDef = {
  /** Key in job_runs and in alerts (`tarea:<key>`). */
  key: string;
  /** What the status screen calls it. */
  nombre: string;
  crons: readonly (typeof CRON_TRIGGERS)[number][];
  run(ports: JobPorts, at: { cron: string; scheduledTime: number; runId: number }): Promise<JobOutcome>;
};

const BOTH = CRON_TRIGGERS;
/** Documents one daily run sends (each costs a few provider calls and three database requests). */
export const INVOICES_PER_RUN = 100;

export const JOBS = [
  {
    key: 'liquidacion',
    nombre: 'Liquidación mensual de bonos',
    crons: BOTH,
    async run(p, at) {
      const settled = await settleClosedCycles(
        p.db,
        at.scheduledTime,
        p.clock.now(),
        `cron ${at.cron}`,
        p.settlement,
      );
      return {
        summary: { settled: settled.map((r) => ({ clave: r.clave, estado: r.estado, total: r.total })) },
      };
    },
  },
  {
    key: 'recordatorios',
    nombre: 'Recordatorios de pago',
    crons: BOTH,
    async run(p) {
      const days = p.config.paymentReminderDays ?? PAYMENT_REMINDER_DAYS;
      return { summary: { reminded: await remindUnpaidPurchases(p.db, p.clock.now(), days) } };
    },
  },
  {
    key: 'pasarela',
    nombre: 'Pagos en línea pendientes de la pasarela',
    crons: BOTH,
    async run(p) {
      return { summary: { resumed: await resumeGatewayClaims(p.db, p.clock.now()) } };
    },
  },
  {
    key: 'facturacion',
    nombre: 'Envío de facturas electrónicas y notas crédito pendientes',
    crons: [DAILY],
    async run(p) {
      // Documents whose back-off is due (decision 0435), within one invocation's budget.
      return { summary: await sendDue(p, INVOICES_PER_RUN) };
    },
  },
  {
    key: 'retencion',
    nombre: 'Retención de datos (claves, actividad, archivos borrados)',
    crons: BOTH,
    async run(p) {
      const now = p.clock.now();
      return {
        summary: {
          pruned: await pruneIdempotencyKeys(p.db, now),
          prunedActivity: await pruneActivity(p.db, now),
          purgedFiles: await purgeDeletedFiles(p.db, p.blobs, now),
          prunedOperations: await pruneOperations(p.db, now),
        },
      };
    },
  },
  {
    key: 'privacidad_plazos',
    nombre: 'Plazos de las solicitudes de datos (aviso diario, desistimientos, supresiones en curso)',
    crons: [DAILY],
    async run(p) {
      return { summary: await privacyDeadlines(p) };
    },
  },
  {
    key: 'privacidad_conservacion',
    nombre: 'Conservación de los libros de titulares suprimidos (Ley 962 de 2005, art. 28)',
    crons: [DAILY],
    async run(p) {
      return { summary: { depuradas: await purgeRetained(p.db, p.blobs, p.clock.now()) } };
    },
  },
  {
    key: BACKUP_JOB,
    nombre: 'Respaldo nocturno de la base de datos',
    crons: [DAILY],
    async run(p, at) {
      const budget = p.backup?.budget ?? DEFAULT_BACKUP_BUDGET;
      let state: { clave: string; runId: number } | BackupProgress = {
        clave: backupKey(at.scheduledTime),
        runId: at.runId,
      };
      let steps = 0;
      for (;;) {
        const out = await nightlyBackupStep({ ...p, blobs: p.archive ?? p.blobs }, state, budget);
        steps++;
        if (out.done) return { summary: { ...out.summary, pasos: steps } };
        if (p.backup) {
          await p.backup.handOver(out.progress);
          return {
            summary: { clave: state.clave, pasos: steps, partes: out.progress.part },
            continues: true,
          };
        }
        state = out.progress;
      }
    },
  },
  {
    key: 'alertas',
    nombre: 'Revisión de alertas (liquidación del mes y otras)',
    crons: [DAILY],
    async run(p, at) {
      return { summary: await runAlertChecks(p, at.scheduledTime) };
    },
  },
] as const satisfies readonly JobDef[];
