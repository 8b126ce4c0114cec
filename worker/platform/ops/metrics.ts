// The API's error rate and p95 over the last hour, on many isolates without a write on the hot
// path (docs/decisions/0352): each process or isolate counts its requests per minute and duration
// bucket in memory and adds them to `request_metrics` after answering, at most every FLUSH_MS.
import { gte, sql } from 'drizzle-orm';
import { requestMetrics } from '../../db/schema';
import type { Db } from '../db';

/** Upper bounds (ms) of the duration buckets; a request past the last falls in one more. */
export const METRIC_BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;
const FLUSH_MS = 15_000;
const MINUTE = 60_000;

export type MetricsBuffer = {
  record(at: number, durationMs: number, serverError: boolean): void;
  /** Whether the counts wait longer than FLUSH_MS (the request log then flushes after answering). */
  due(now: number): boolean;
  flush(db: Db): Promise<void>;
};

export function bucketOf(ms: number): number {
  const i = METRIC_BUCKETS_MS.findIndex((b) => ms <= b);
  return i === -1 ? METRIC_BUCKETS_MS.length : i;
}

/** One buffer per process or isolate and database (the test Worker serves many databases). */
export function metricsBuffer(): MetricsBuffer {
  let pending = new Map<string, { minute: number; bucket: number; requests: number; errors: number }>();
  let since: number | undefined;
  return {
    record(at, durationMs, serverError) {
      const minute = Math.floor(at / MINUTE) * MINUTE;
      const bucket = bucketOf(durationMs);
      const key = `${minute}:${bucket}`;
      const row = pending.get(key) ?? { minute, bucket, requests: 0, errors: 0 };
      row.requests++;
      if (serverError) row.errors++;
      pending.set(key, row);
      since ??= at;
    },
    due: (now) => since !== undefined && now - since >= FLUSH_MS,
    async flush(db) {
      if (!pending.size) return;
      const rows = [...pending.values()];
      pending = new Map();
      since = undefined;
      await db
        .insert(requestMetrics)
        .values(rows)
        .onConflictDoUpdate({
          target: [requestMetrics.minute, requestMetrics.bucket],
          set: {
            requests: sql`${requestMetrics.requests} + excluded.requests`,
            errors: sql`${requestMetrics.errors} + excluded.errors`,
          },
        });
    },
  };
}

export type ApiFigures = { solicitudes: number; errores: number; tasa_error: number; p95_ms: number | null };

/** Requests, 5xx share and p95 (the upper bound of the bucket holding it) since `from`. */
export async function apiFigures(db: Db, from: number): Promise<ApiFigures> {
  const rows = await db
    .select({
      bucket: requestMetrics.bucket,
      requests: sql<number>`sum(${requestMetrics.requests})`,
      errors: sql<number>`sum(${requestMetrics.errors})`,
    })
    .from(requestMetrics)
    .where(gte(requestMetrics.minute, Math.floor(from / MINUTE) * MINUTE))
    .groupBy(requestMetrics.bucket)
    .orderBy(requestMetrics.bucket);
  const total = rows.reduce((s, r) => s + Number(r.requests), 0);
  const errors = rows.reduce((s, r) => s + Number(r.errors), 0);
  let p95: number | null = null;
  let seen = 0;
  for (const r of rows) {
    seen += Number(r.requests);
    if (seen >= total * 0.95) {
      p95 = METRIC_BUCKETS_MS[r.bucket] ?? METRIC_BUCKETS_MS.at(-1)! * 2;
      break;
    }
  }
  return {
    solicitudes: total,
    errores: errors,
    tasa_error: total ? Math.round((errors / total) * 10_000) / 10_000 : 0,
    p95_ms: total ? p95 : null,
  };
}

/** Rows older than this many days are dropped by the retention job. */
export const METRICS_KEEP_DAYS = 7;
