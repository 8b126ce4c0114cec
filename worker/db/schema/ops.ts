// Operations (docs/decisions/0350): what the scheduled jobs did, the incidents the operator was
// told about, and the API's request figures per minute.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';

/** One run of a scheduled job (worker/modules/jobs/registry.ts), on either runtime. */
export const jobRuns = sqliteTable(
  'job_runs',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** The job's key in the registry (`liquidacion`, `recordatorios`, …). */
    job: text().notNull(),
    /** What started it: the cron expression, or `manual`. */
    origen: text().notNull(),
    startedAt: integer().notNull(),
    finishedAt: integer(),
    /** EN_CURSO while it runs, then OK or FALLIDO. */
    resultado: text().notNull(),
    duracionMs: integer(),
    /** What it did, JSON of counts (never personal data). */
    resumen: text(),
    /** The failure's message, scrubbed of personal data (worker/platform/scrub.ts). */
    error: text(),
  },
  (t) => [index('job_runs_job_idx').on(t.job, t.startedAt)],
);

/**
 * An incident the operator is e-mailed about once (OPS_EMAIL): open while `cleared_at` is null;
 * at most one open row per `clave`, so a condition seen every run is told once until it clears.
 */
export const opsAlerts = sqliteTable(
  'ops_alerts',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    clave: text().notNull(),
    titulo: text().notNull(),
    detalle: text().notNull(),
    openedAt: integer().notNull(),
    lastSeenAt: integer().notNull(),
    /** When the mail to OPS_EMAIL was handed to the mailer; null without OPS_EMAIL. */
    notifiedAt: integer(),
    clearedAt: integer(),
  },
  (t) => [
    uniqueIndex('ops_alerts_open_uq')
      .on(t.clave)
      .where(sql`cleared_at is null`),
    index('ops_alerts_opened_idx').on(t.openedAt),
  ],
);

/**
 * The API's requests per minute and duration bucket (docs/decisions/0352): each process or
 * isolate adds its own counts after answering, so no request waits for a write. `bucket` is the
 * index of the request's duration in METRIC_BUCKETS_MS (worker/platform/metrics.ts).
 */
export const requestMetrics = sqliteTable(
  'request_metrics',
  {
    minute: integer().notNull(),
    bucket: integer().notNull(),
    requests: integer().notNull().default(0),
    /** Of those, answered with a 5xx. */
    errors: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.minute, t.bucket] })],
);
