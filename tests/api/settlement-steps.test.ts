// Issue 12: the settlement in bounded steps. 5,000 members in a random tree (the bench's month,
// built in a real libSQL file): a small budget spreads the run over many steps, each within it,
// and ends with exactly the rows of an unbounded run; a step killed half-way and retried, and two
// runs at once, still settle once.
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMonth } from '../../bench/month-data';
import { settleCycle, settleStep, type StepResult } from '../../worker/modules/bonuses/settlement';
import { createDb, type Db } from '../../worker/platform/db';
import { cycleWindow } from '../../worker/shared/cycles';
import { snapshot } from '../setup/bonus-data';

const NOW = cycleWindow('2026-12').start + 86_400_000;
const SMALL = { requests: 8, ms: 60_000 };
const CHUNK = 100; // 50 chunks for 5,000 members: at most 5 per step under SMALL
let dir: string;
const open: { close(): void }[] = [];

/** A fresh copy of the built month. */
function copy(name: string): Db {
  copyFileSync(join(dir, 'app.db'), join(dir, `${name}.db`));
  const client = createClient({ url: `file:${join(dir, `${name}.db`)}`, concurrency: 1 });
  open.push(client);
  return createDb(client);
}

let unbounded: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'settle-steps-'));
  const { client } = await buildMonth(dir, 5_000, 15_000);
  await client.execute('PRAGMA wal_checkpoint(TRUNCATE)'); // the copies below take the file alone
  client.close();
  const db = copy('unbounded');
  const r = await settleCycle(db, '2026-11', {
    now: NOW,
    origen: 'prueba',
    budget: { requests: 1_000_000, ms: 3_600_000 },
  });
  expect(r.estado).toBe('LIQUIDADO');
  unbounded = await snapshot(db);
  expect(unbounded.users.length).toBeGreaterThan(1000);
}, 120_000);

afterAll(() => {
  for (const c of open) c.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('settlement in bounded steps', () => {
  it('spreads 5,000 members over many steps, each within its budget, and ends with the unbounded run’s rows', async () => {
    const db = copy('small');
    const steps: StepResult[] = [];
    const r = await settleCycle(db, '2026-11', {
      now: NOW,
      origen: 'prueba',
      budget: SMALL,
      chunk: CHUNK,
      onStep: (s) => steps.push(s),
    });
    expect(r).toMatchObject({
      estado: 'LIQUIDADO',
      total: (unbounded.cycles[0] as any).total,
      usuarios: unbounded.users.length,
    });
    expect(steps.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...steps.map((s) => s.requests))).toBeLessThanOrEqual(SMALL.requests);
    expect(steps.slice(0, -1).every((s) => s.estado === 'PENDIENTE')).toBe(true);
    expect(await snapshot(db)).toEqual(unbounded);
    const cycle = await db.get<{
      pasos: number;
      miembros: number;
      miembros_hechos: number;
      lease_owner: string | null;
    }>(sql`select pasos, miembros, miembros_hechos, lease_owner from ciclos_bonificacion`);
    expect(cycle).toEqual({
      pasos: steps.length,
      miembros: 5_000,
      miembros_hechos: 5_000,
      lease_owner: null,
    });
  }, 60_000);

  it('stops at the wall-time budget too', async () => {
    const db = copy('timed');
    const first = await settleStep(db, '2026-11', {
      now: NOW,
      origen: 'prueba',
      owner: 'reloj',
      budget: { requests: 500, ms: 1 },
      chunk: CHUNK,
    });
    expect(first).toMatchObject({ estado: 'PENDIENTE', done: false, chunks: 1 });
  });

  it('retries a step killed half-way without writing anything twice', async () => {
    const db = copy('killed');
    const owner = 'flujo-1';
    const step = (afterChunk?: () => void) =>
      settleStep(db, '2026-11', {
        now: NOW,
        origen: 'prueba',
        owner,
        budget: SMALL,
        chunk: CHUNK,
        afterChunk,
      });
    expect((await step()).estado).toBe('PENDIENTE');
    let chunks = 0;
    await expect(
      step(() => {
        if (++chunks === 3) throw new Error('se cayó la invocación');
      }),
    ).rejects.toThrow('se cayó');
    const failed = await db.get<{ ultimo_error: string; cursor: number }>(
      sql`select ultimo_error, cursor from ciclos_bonificacion`,
    );
    expect(failed).toEqual({ ultimo_error: 'se cayó la invocación', cursor: 5 * CHUNK + 3 * CHUNK });
    // A death that left no trace: the lease still held by the dead step's run.
    await db.run(sql`update ciclos_bonificacion set lease_owner = ${owner}, lease_until = ${NOW + 60_000}`);
    const other = await settleStep(db, '2026-11', {
      now: NOW,
      origen: 'prueba',
      owner: 'otro',
      budget: SMALL,
      chunk: CHUNK,
    });
    expect(other.estado).toBe('EN_CURSO');
    // The run's own retry (the Workflow retrying its step) takes the cycle back at once.
    let last: StepResult;
    do last = await step();
    while (last.estado === 'PENDIENTE');
    expect(last.estado).toBe('LIQUIDADO');
    expect(await snapshot(db)).toEqual(unbounded);
    expect(
      (await db.get<{ ultimo_error: string | null }>(sql`select ultimo_error from ciclos_bonificacion`))
        ?.ultimo_error,
    ).toBeNull();
  }, 60_000);

  it('settles once when two runs start at once', async () => {
    const db = copy('twice');
    const opts = { now: NOW, origen: 'prueba', budget: SMALL, chunk: CHUNK };
    const [a, b] = await Promise.all([settleCycle(db, '2026-11', opts), settleCycle(db, '2026-11', opts)]);
    expect([a.estado, b.estado].sort()).toEqual(['EN_CURSO', 'LIQUIDADO']);
    expect(await snapshot(db)).toEqual(unbounded);
    expect((await settleCycle(db, '2026-11', opts)).estado).toBe('YA_LIQUIDADO');
  }, 60_000);
  it('settles months in order: a month waits (EN_ESPERA, nothing written) while an earlier cycle is open', async () => {
    const db = copy('order');
    // October claimed by a run that holds it (one step of a tiny budget), November asked meanwhile.
    const oct = await settleStep(db, '2026-10', {
      now: NOW,
      origen: 'prueba',
      owner: 'octubre',
      budget: { requests: 3, ms: 60_000 },
      chunk: CHUNK,
    });
    expect(oct.estado).toBe('PENDIENTE');
    const waiting = await settleStep(db, '2026-11', { now: NOW, origen: 'prueba', owner: 'noviembre' });
    expect(waiting).toMatchObject({ estado: 'EN_ESPERA', done: false, chunks: 0 });
    const nov = await db.get<{ cursor: number; lease_owner: string | null; lineas: number }>(
      sql`select cursor, lease_owner, lineas from ciclos_bonificacion where clave = '2026-11'`,
    );
    expect(nov).toEqual({ cursor: 0, lease_owner: null, lineas: 0 });
    // The node path reads the wait as "in progress"; once October is closed, November settles.
    expect((await settleCycle(db, '2026-11', { now: NOW, origen: 'prueba' })).estado).toBe('EN_CURSO');
    expect((await settleCycle(db, '2026-10', { now: NOW, origen: 'prueba', owner: 'octubre' })).estado).toBe(
      'LIQUIDADO',
    );
    expect((await settleCycle(db, '2026-11', { now: NOW, origen: 'prueba' })).estado).toBe('LIQUIDADO');
  });
});
