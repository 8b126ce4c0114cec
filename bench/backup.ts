// `npm run bench -- backup` (docs/decisions/0355): a database of 1,000,000 members (BENCH_MEMBERS;
// purchases BENCH_PURCHASES, default as many) backed up two ways — `db:backup` on Node (one read
// transaction, one gzip file) and the Worker's nightly path (bounded steps over HTTP, as to Turso,
// each step one part) — with time, peak memory, requests per invocation, and the ratio of each to
// a floor that runs the same statements and drops their lines (no gzip, no file); then the file
// restored.
import { createClient as createWebClient, type Client } from '@libsql/client/web';
import type { Executor } from '../worker/platform/backup/format';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_BACKUP_BUDGET, nightlyBackupStep, type BackupProgress } from '../worker/modules/jobs/backup';
import { memoryBlobs } from '../worker/platform/adapters/memory-blobs';
import { localClient } from '../worker/platform/adapters/local-libsql';
import { backupStep, beginBackup } from '../worker/platform/backup/dump';
import { restoreBackup } from '../worker/platform/backup/restore';
import { createDb } from '../worker/platform/db';
import { startHranaServer } from '../worker/tools/hrana-server';
import { readBackupLines, writeBackupFile } from '../worker/tools/backup-file';
import { buildMonth } from './month-data';

const MB = 1024 * 1024;

function peakMeter() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}

/** The floor: the same statements, page by page, with their lines dropped (no gzip, no file, no part). */
async function floor(client: Executor) {
  const begun = await beginBackup(client, Date.now());
  let cursor = begun.cursor;
  for (;;) {
    const step = await backupStep(client, cursor, { requests: 1, ms: Infinity });
    cursor = step.cursor;
    if (step.done) return Object.values(cursor.rows).reduce((a, n) => a + n, 0);
  }
}

export async function benchBackup() {
  const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
  const PURCHASES = Number(process.env.BENCH_PURCHASES ?? MEMBERS);
  const dir = mkdtempSync(join(tmpdir(), 'bench-backup-'));
  try {
    let t = performance.now();
    const built = await buildMonth(dir, MEMBERS, PURCHASES);
    await built.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    built.client.close();
    const buildS = (performance.now() - t) / 1000;
    const dbMb = statSync(join(dir, 'app.db')).size / MB;
    console.log(
      `\nRespaldo: base de ${MEMBERS.toLocaleString('es-CO')} miembros y ${PURCHASES.toLocaleString('es-CO')} compras (${dbMb.toFixed(0)} MB, armada en ${buildS.toFixed(0)} s)`,
    );

    // Node: `npm run db:backup` on the file.
    const local = localClient({ url: `file:${join(dir, 'app.db')}` });
    t = performance.now();
    const floorRows = await floor(local);
    const floorNodeS = (performance.now() - t) / 1000;
    const rssBefore = process.memoryUsage().rss;
    let stop = peakMeter();
    t = performance.now();
    const file = join(dir, 'respaldo.ndjson.gz');
    const node = await writeBackupFile(local, file);
    const nodeS = (performance.now() - t) / 1000;
    const nodePeak = stop();
    local.close();
    if (node.rows !== floorRows) throw new Error(`backup rows ${node.rows} ≠ floor ${floorRows}`);

    // The Worker's path: the same database over Hrana (HTTP, as Turso), in bounded steps.
    const hrana = await startHranaServer(join(dir, 'app.db'));
    const web = createWebClient({ url: hrana.url }) as unknown as Client;
    t = performance.now();
    await floor(web);
    const floorWebS = (performance.now() - t) / 1000;
    const blobs = memoryBlobs();
    const db = createDb(web as never);
    const steps: { requests: number; ms: number }[] = [];
    stop = peakMeter();
    t = performance.now();
    let state: { clave: string; runId: number } | BackupProgress = { clave: 'bench', runId: 0 };
    let summary: { partes: number; bytes: number; filas: number } | undefined;
    for (;;) {
      const s0 = performance.now();
      const out = await nightlyBackupStep(
        { db, blobs, clock: { now: () => Date.now() } },
        state,
        DEFAULT_BACKUP_BUDGET,
      );
      steps.push({ requests: out.requests, ms: performance.now() - s0 });
      if (out.done) {
        summary = out.summary;
        break;
      }
      state = out.progress;
    }
    const workerS = (performance.now() - t) / 1000;
    const workerPeak = stop();
    await hrana.close();

    // Restore of the file into a new database (the rehearsal of docs/operations.md).
    const target = localClient({ url: `file:${join(dir, 'restaurada.db')}` });
    stop = peakMeter();
    t = performance.now();
    const restored = await restoreBackup(target as never, readBackupLines(file));
    const restoreS = (performance.now() - t) / 1000;
    const restorePeak = stop();
    target.close();

    const maxReq = Math.max(...steps.map((s) => s.requests));
    const maxStepS = Math.max(...steps.map((s) => s.ms)) / 1000;
    const fig = (label: string, value: string) => console.log(`  ${label.padEnd(46)} ${value}`);
    fig('filas respaldadas', node.rows.toLocaleString('es-CO'));
    fig(
      'db:backup (Node, un archivo)',
      `${nodeS.toFixed(1)} s, ${(node.bytes / MB).toFixed(1)} MB gzip, pico RSS ${((nodePeak - rssBefore) / MB).toFixed(0)} MB sobre ${(rssBefore / MB).toFixed(0)} MB`,
    );
    fig(
      '  piso (las mismas consultas, sin gzip ni archivo), razón',
      `${floorNodeS.toFixed(1)} s, ${(nodeS / floorNodeS).toFixed(2)}×`,
    );
    fig('  consultas a la base', String(node.requests));
    fig(
      'Worker (pasos acotados por HTTP)',
      `${workerS.toFixed(1)} s, ${steps.length} invocaciones, ${summary!.partes} partes, ${(summary!.bytes / MB).toFixed(1)} MB`,
    );
    fig('  piso por HTTP, razón', `${floorWebS.toFixed(1)} s, ${(workerS / floorWebS).toFixed(2)}×`);
    fig('  solicitudes por invocación (máx / presupuesto)', `${maxReq} / ${DEFAULT_BACKUP_BUDGET.requests}`);
    fig(
      '  invocación más larga',
      `${maxStepS.toFixed(1)} s (presupuesto ${DEFAULT_BACKUP_BUDGET.ms / 1000} s)`,
    );
    fig('  pico RSS del proceso (incluye el servidor Hrana)', `${(workerPeak / MB).toFixed(0)} MB`);
    fig('  Worker / Node', `${(workerS / nodeS).toFixed(2)}×`);
    fig(
      'db:restore en una base vacía',
      `${restoreS.toFixed(1)} s, pico RSS ${(restorePeak / MB).toFixed(0)} MB, ${restored.problemas_fk} problemas de FK`,
    );
    return { nodeS, workerS, restoreS, maxReq, steps: steps.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
