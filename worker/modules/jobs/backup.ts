// The nightly logical backup to the blob store (R2 on the Worker; docs/decisions/0355): the daily
// cron runs its first bounded step and, when more is left, hands the rest to a Workflow whose
// every step is one more part. The manifest, written last, is what makes a backup complete; the
// run is recorded in job_runs and retention keeps 7 daily and 12 monthly backups.
import type { Client } from '@libsql/client';
import { and, desc, eq } from 'drizzle-orm';
import { jobRuns } from '../../db/schema';
import { beginBackup, backupStep, type BackupCursor, type StepBudget } from '../../platform/backup/dump';
import type { Db } from '../../platform/db';
import type { BlobStore, Clock } from '../../platform/ports';
import { bogotaWall } from '../../shared/bogota';

export const BACKUP_JOB = 'respaldo';
export const BACKUP_PREFIX = 'respaldos';
// 16 MB of lines per part: a step holds its lines and their gzip, well inside a Worker's 128 MB.
export const DEFAULT_BACKUP_BUDGET: StepBudget = { requests: 200, ms: 20_000, bytes: 16 * 1024 * 1024 };
const KEEP_DAILY = 7;
const KEEP_MONTHLY = 12;

export type BackupProgress = {
  clave: string;
  runId: number;
  part: number;
  cursor: BackupCursor;
  bytes: number;
};
export type BackupSummary = {
  clave: string;
  partes: number;
  bytes: number;
  filas: number;
  tablas: number;
  manifiesto: string;
  eliminados?: string[];
};

const clientOf = (db: Db) => (db as unknown as { $client: Client }).$client;
const pad = (n: number) => String(n).padStart(2, '0');
/** The backup's name: its Bogotá date. */
export const backupKey = (at: number) => {
  const d = bogotaWall(at);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};
const partKey = (clave: string, part: number) =>
  `${BACKUP_PREFIX}/${clave}/${String(part).padStart(4, '0')}.ndjson.gz`;
const manifestKey = (clave: string) => `${BACKUP_PREFIX}/${clave}/manifest.json`;

/** The lines as one gzip member, fed in slices so the text is never joined whole. */
async function gzipLines(lines: string[]): Promise<Uint8Array> {
  const stream = new CompressionStream('gzip');
  const writer = stream.writable.getWriter();
  const out = new Response(stream.readable).arrayBuffer();
  const encoder = new TextEncoder();
  for (let i = 0; i < lines.length; i += 1000)
    await writer.write(encoder.encode(`${lines.slice(i, i + 1000).join('\n')}\n`));
  await writer.close();
  return new Uint8Array(await out);
}

async function putBytes(blobs: BlobStore, key: string, bytes: Uint8Array, contentType: string) {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });
  await blobs.put(key, body, { contentType, size: bytes.byteLength });
}

export type StepOutcome =
  | { done: false; progress: BackupProgress; requests: number }
  | { done: true; summary: BackupSummary; requests: number };

/** One bounded step: the next part of the backup (the header first), the manifest after the last. */
export async function nightlyBackupStep(
  ports: { db: Db; blobs: BlobStore; clock: Clock },
  state: { clave: string; runId: number } | BackupProgress,
  budget: StepBudget,
): Promise<StepOutcome> {
  const exec = clientOf(ports.db);
  let progress: BackupProgress;
  let head: string[] = [];
  let requests = 0;
  if ('cursor' in state) progress = state;
  else {
    const begun = await beginBackup(exec, ports.clock.now());
    requests += begun.requests;
    head = [begun.header];
    progress = { ...state, part: 0, cursor: begun.cursor, bytes: 0 };
  }
  // The first step's schema reads come out of its own budget.
  const step = await backupStep(exec, progress.cursor, {
    ...budget,
    requests: Math.max(1, budget.requests - requests),
  });
  requests += step.requests;
  const part = progress.part + 1;
  const bytes = await gzipLines(head.length ? [...head, ...step.lines] : step.lines);
  await putBytes(ports.blobs, partKey(progress.clave, part), bytes, 'application/gzip');
  const total = progress.bytes + bytes.byteLength;
  if (!step.done)
    return { done: false, progress: { ...progress, part, cursor: step.cursor, bytes: total }, requests };
  const summary: BackupSummary = {
    clave: progress.clave,
    partes: part,
    bytes: total,
    filas: Object.values(step.cursor.rows).reduce((s, n) => s + n, 0),
    tablas: step.cursor.tables.length,
    manifiesto: manifestKey(progress.clave),
  };
  const manifest = new TextEncoder().encode(
    JSON.stringify({
      ...summary,
      partes: Array.from({ length: part }, (_, i) => partKey(progress.clave, i + 1)),
      filas_por_tabla: step.cursor.rows,
      terminado: new Date(ports.clock.now()).toISOString(),
    }),
  );
  await putBytes(ports.blobs, manifestKey(progress.clave), manifest, 'application/json');
  summary.eliminados = await applyRetention(ports, progress.clave);
  return { done: true, summary, requests };
}

/** Which backups to keep: the 7 newest, and the first of each of the last 12 months. */
export function retained(claves: string[]): Set<string> {
  const sorted = [...new Set(claves)].sort().reverse();
  const keep = new Set(sorted.slice(0, KEEP_DAILY));
  const firstOfMonth = new Map<string, string>();
  for (const c of [...sorted].reverse())
    if (!firstOfMonth.has(c.slice(0, 7))) firstOfMonth.set(c.slice(0, 7), c);
  for (const [, c] of [...firstOfMonth].sort().reverse().slice(0, KEEP_MONTHLY)) keep.add(c);
  return keep;
}

/** Deletes the parts and manifest of finished backups no longer retained; marks their runs. */
async function applyRetention(ports: { db: Db; blobs: BlobStore }, current: string): Promise<string[]> {
  const runs = await ports.db
    .select({ id: jobRuns.id, resumen: jobRuns.resumen })
    .from(jobRuns)
    .where(and(eq(jobRuns.job, BACKUP_JOB), eq(jobRuns.resultado, 'OK')))
    .orderBy(desc(jobRuns.id));
  const live = runs
    .map((r) => ({
      id: r.id,
      s: JSON.parse(r.resumen ?? '{}') as Partial<BackupSummary> & { borrado?: boolean },
    }))
    .filter((r) => r.s.clave && !r.s.borrado);
  const keep = retained([current, ...live.map((r) => r.s.clave!)]);
  const dropped: string[] = [];
  for (const r of live) {
    if (keep.has(r.s.clave!) || r.s.clave === current) continue;
    for (let i = 1; i <= (r.s.partes ?? 0); i++) await ports.blobs.delete(partKey(r.s.clave!, i));
    await ports.blobs.delete(manifestKey(r.s.clave!));
    await ports.db
      .update(jobRuns)
      .set({ resumen: JSON.stringify({ ...r.s, borrado: true }) })
      .where(eq(jobRuns.id, r.id));
    dropped.push(r.s.clave!);
  }
  return dropped;
}
