// The nightly backup on the Worker (docs/decisions/0355): the daily cron writes the first part to R2
// in its own invocation and hands the rest to the BackupWorkflow, each step within a budget of 5
// database requests; the manifest comes last and the run is recorded in job_runs. The parts,
// concatenated, restore into a fresh database with the same rows.
import { createClient } from '@libsql/client';
import { Miniflare } from 'miniflare';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMonth } from '../../bench/month-data';
import { dataTables, quoteName, readSchema } from '../../worker/platform/backup/format';
import { restoreBackup } from '../../worker/platform/backup/restore';
import { readBackupLines } from '../../worker/tools/backup-file';
import { startHranaServer, type HranaServer } from '../../worker/tools/hrana-server';
import { productionBundle } from '../setup/edge-bundle';
import { type WorkerBundle, workerModules } from '../setup/worker-bundle';

const BUDGET = 5;
const SCHEDULED = new Date('2026-12-15T05:10:00Z');
let bundle: WorkerBundle;
let hrana: HranaServer;
let mf: Miniflare;
let dir: string;
const logs: { level: string; message: string }[] = [];

beforeAll(async () => {
  bundle = await productionBundle();
  dir = mkdtempSync(join(tmpdir(), 'worker-backup-'));
  const { client } = await buildMonth(dir, 4_000, 12_000);
  client.close();
  hrana = await startHranaServer(join(dir, 'app.db'));
  mf = new Miniflare({
    ...workerModules(bundle),
    compatibilityDate: '2026-04-01',
    bindings: {
      LIBSQL_URL: hrana.url,
      JWT_SECRET: 'a-worker-test-secret-that-is-at-least-32-bytes',
      PASSWORD_PEPPER: 'worker-test-pepper',
      FILES_KEY: 'a-worker-test-files-key-that-is-at-least-32-bytes',
      APP_ORIGIN: 'https://app.example.co',
      SUPPORT_EMAIL: 'soporte@example.co',
      BACKUP_MAX_REQUESTS: String(BUDGET),
    },
    r2Buckets: ['BLOBS'],
    workflows: { BACKUP: { name: 'members-backoffice-backup', className: 'BackupWorkflow' } },
    handleStructuredLogs: (l: { level: string; message: string }) => void logs.push(l),
  });
  await mf.ready;
}, 180_000);

afterAll(async () => {
  try {
    await mf?.dispose();
  } finally {
    await hrana?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
});

const file = () => createClient({ url: `file:${join(dir, 'app.db')}` });

async function rowsOf(client: ReturnType<typeof createClient>, skip: Set<string>) {
  const out: Record<string, unknown[]> = {};
  for (const t of dataTables(await readSchema(client))) {
    if (skip.has(t.name)) continue;
    out[t.name] = (await client.execute(`select * from ${quoteName(t.name)} order by rowid`)).rows.map((r) =>
      Array.from(r),
    );
  }
  return out;
}

describe('worker: nightly backup to R2 in bounded steps', () => {
  it('writes the parts and the manifest through the Workflow, and they restore to the same rows', async () => {
    const worker = await mf.getWorker();
    const run = await worker.scheduled({ cron: '10 5 * * *', scheduledTime: SCHEDULED });
    expect(run.outcome).toBe('ok');

    const deadline = Date.now() + 120_000;
    let backup: Record<string, unknown> | undefined;
    while (Date.now() < deadline) {
      const c = file();
      const rows = await c.execute("select * from job_runs where job = 'respaldo' order by id desc limit 1");
      backup = rows.rows[0] as Record<string, unknown> | undefined;
      c.close();
      if (backup && backup.resultado !== 'EN_CURSO') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(backup?.resultado, String(backup?.error)).toBe('OK');
    const summary = JSON.parse(String(backup!.resumen)) as { clave: string; partes: number; filas: number };
    expect(summary.clave).toBe('2026-12-15');
    expect(summary.partes).toBeGreaterThan(3);

    const stepLines = () => logs.filter((l) => l.message.startsWith('{"msg":"respaldo paso"'));
    // The last step logs after it recorded the run's end.
    for (let i = 0; i < 100 && stepLines().length < summary.partes - 1; i++)
      await new Promise((r) => setTimeout(r, 50));
    const steps = stepLines().map((l) => JSON.parse(l.message) as { solicitudes: number });
    expect(steps.length).toBe(summary.partes - 1);
    expect(Math.max(...steps.map((s) => s.solicitudes))).toBeLessThanOrEqual(BUDGET);

    const bucket = await mf.getR2Bucket('BLOBS');
    const manifest = (await (await bucket.get(`respaldos/${summary.clave}/manifest.json`))!.json()) as {
      partes: string[];
      filas: number;
    };
    expect(manifest.partes).toHaveLength(summary.partes);
    const parts = join(dir, 'parts');
    rmSync(parts, { recursive: true, force: true });
    (await import('node:fs')).mkdirSync(parts);
    for (const key of manifest.partes) {
      const obj = await bucket.get(key);
      writeFileSync(join(parts, key.split('/').pop()!), new Uint8Array(await obj!.arrayBuffer()));
    }
    const target = createClient({ url: `file:${join(dir, 'restored.db')}` });
    const restored = await restoreBackup(target as never, readBackupLines(parts));
    expect(restored.problemas_fk).toBe(0);
    // The cron's own bookkeeping moved on after the backup began (its run row, alerts, mails):
    // a backup holds every row as of its start, and those later writes are not in it.
    const later = new Set(['job_runs', 'ops_alerts', 'outbox', 'sqlite_sequence']);
    const source = file();
    expect(await rowsOf(target, later)).toEqual(await rowsOf(source, later));
    source.close();
    target.close();
  }, 180_000);
});
