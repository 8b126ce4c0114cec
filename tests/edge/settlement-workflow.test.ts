// Issue 12 in workerd: the bundled Worker under Miniflare, with its local Workflows, against a real
// SQLite file through the test Hrana server. 5,000 members and a budget of 8 database requests per
// step: the cron settles the first closed month in its own invocation and hands the others to the
// SettlementWorkflow, whose bounded steps end with exactly the rows of an unbounded run on Node;
// two cron runs at once still settle every month once.
import { createClient } from '@libsql/client';
import { Miniflare } from 'miniflare';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMonth } from '../../bench/month-data';
import { settleClosedCycles } from '../../worker/modules/bonuses/catch-up';
import { createDb } from '../../worker/platform/db';
import { snapshot } from '../setup/bonus-data';
import { startHranaServer, type HranaServer } from '../../worker/tools/hrana-server';
import { productionBundle } from '../setup/edge-bundle';
import { type WorkerBundle, workerModules } from '../setup/worker-bundle';

const BUDGET = 8;
const SCHEDULED = new Date('2026-12-01T05:00:00Z');
let bundle: WorkerBundle;
let hrana: HranaServer;
let mf: Miniflare;
let dir: string;
const logs: { level: string; message: string }[] = [];
let unbounded: Awaited<ReturnType<typeof snapshot>>;

const fileDb = (name: string) => {
  const client = createClient({ url: `file:${join(dir, name)}` });
  return { client, db: createDb(client) };
};

beforeAll(async () => {
  bundle = await productionBundle();
  dir = mkdtempSync(join(tmpdir(), 'worker-settle-'));
  const { client } = await buildMonth(dir, 5_000, 15_000);
  await client.execute('PRAGMA wal_checkpoint(TRUNCATE)'); // the copies below take the file alone
  client.close();
  copyFileSync(join(dir, 'app.db'), join(dir, 'node.db'));
  const node = fileDb('node.db');
  await settleClosedCycles(node.db, SCHEDULED.getTime(), SCHEDULED.getTime(), 'node');
  unbounded = await snapshot(node.db);
  node.client.close();
  hrana = await startHranaServer(join(dir, 'app.db'));
  mf = new Miniflare({
    ...workerModules(bundle),
    compatibilityDate: '2026-04-01',
    compatibilityFlags: ['nodejs_compat'],
    bindings: {
      LIBSQL_URL: hrana.url,
      JWT_SECRET: 'a-worker-test-secret-that-is-at-least-32-bytes',
      PASSWORD_PEPPER: 'worker-test-pepper',
      FILES_KEY: 'a-worker-test-files-key-that-is-at-least-32-bytes',
      APP_ORIGIN: 'https://app.example.co',
      SUPPORT_EMAIL: 'soporte@example.co',
      SETTLEMENT_MAX_REQUESTS: String(BUDGET),
      SETTLEMENT_CHUNK: '250',
    },
    r2Buckets: ['BLOBS'],
    workflows: { SETTLEMENT: { name: 'members-backoffice-settlement', className: 'SettlementWorkflow' } },
    handleStructuredLogs: (l: { level: string; message: string }) => {
      logs.push({ level: l.level, message: l.message });
    },
  });
  await mf.ready;
}, 180_000);

afterAll(async () => {
  try {
    await mf?.dispose();
  } finally {
    await hrana?.close();
    bundle?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
  const odd = logs.filter((l) => l.level === 'error');
  if (odd.length) console.warn(`workerd said:\n${odd.map((l) => `[${l.level}] ${l.message}`).join('\n')}`);
});

async function cycles() {
  const { client } = fileDb('app.db');
  try {
    return (
      await client.execute(
        'select clave, estado, pasos, miembros, miembros_hechos, ultimo_error from ciclos_bonificacion order by clave',
      )
    ).rows.map((r) => ({ ...r }));
  } finally {
    client.close();
  }
}

describe('worker: settlement through a Workflow in bounded steps', () => {
  it('two cron runs at once hand the months over and settle each once, as an unbounded run does', async () => {
    const worker = await mf.getWorker();
    const [a, b] = await Promise.all([
      worker.scheduled({ cron: '0 5 1 * *', scheduledTime: SCHEDULED }),
      worker.scheduled({ cron: '10 5 * * *', scheduledTime: SCHEDULED }),
    ]);
    expect([a.outcome, b.outcome]).toEqual(['ok', 'ok']);
    const answered = logs
      .filter((l) => l.message.startsWith('scheduled {'))
      .map((l) => JSON.parse(l.message.slice('scheduled '.length)).settled);
    expect(answered).toHaveLength(2);
    // Every month closed by then is either settled in the cron's invocation or handed over (EN_CURSO).
    for (const settled of answered)
      expect(settled.map((s: { clave: string }) => s.clave)).toEqual(['2026-09', '2026-10', '2026-11']);

    const deadline = Date.now() + 120_000;
    let rows = await cycles();
    while (rows.some((r) => r.estado !== 'LIQUIDADO') && Date.now() < deadline) {
      await new Promise((ok) => setTimeout(ok, 250));
      rows = await cycles();
    }
    expect(rows.map((r) => [r.clave, r.estado, r.ultimo_error])).toEqual([
      ['2026-09', 'LIQUIDADO', null],
      ['2026-10', 'LIQUIDADO', null],
      ['2026-11', 'LIQUIDADO', null],
    ]);
    const nov = rows.find((r) => r.clave === '2026-11')!;
    expect(Number(nov.pasos)).toBeGreaterThan(2);
    expect([nov.miembros, nov.miembros_hechos]).toEqual([5_000, 5_000]);

    // Each Workflow step stayed within its budget.
    const steps = logs
      .filter((l) => l.message.startsWith('settlement step {'))
      .map((l) => JSON.parse(l.message.slice('settlement step '.length)));
    expect(steps.filter((s) => s.clave === '2026-11' && s.estado === 'PENDIENTE').length).toBeGreaterThan(1);
    expect(Math.max(...steps.map((s) => s.requests))).toBeLessThanOrEqual(BUDGET);

    const { client, db } = fileDb('app.db');
    try {
      const got = await snapshot(db);
      expect(got.cycles).toEqual(unbounded.cycles);
      expect(got.users.length).toBe(unbounded.users.length);
      expect(got.lines.length).toBe(unbounded.lines.length);
      expect(got).toEqual(unbounded);
    } finally {
      client.close();
    }
  }, 180_000);
});
