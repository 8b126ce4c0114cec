// Issue 6 figure: 100,000 members in a random tree and 300,000 paid purchases in one month.
// Time and peak memory of the settlement, and its ratio to one aggregate SQL query computing the
// same per-user totals (the floor).
import { createClient } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../worker/platform/db';
import { migrateDb } from '../worker/platform/migrate';
import { previewCycle, settleCycle } from '../worker/modules/bonuses/settlement';
import { cycleWindow } from '../worker/shared/cycles';
import { printTable } from './stats';
import { LOCAL_PRAGMAS } from '../worker/platform/pragmas';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 300_000);

/** Deterministic pseudo-random numbers, so every run builds the same tree. */
function rng(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

/** Builds the bench's month in a fresh database file. */
export async function buildMonth(dir: string) {
  const client = createClient({ url: `file:${join(dir, 'app.db')}`, concurrency: 1 });
  for (const pragma of LOCAL_PRAGMAS) await client.execute(pragma);
  const db = createDb(client);
  await migrateDb(db);
  const rand = rng(42);
  const { start } = cycleWindow('2026-11');
  const DAY = 86_400_000;
  await client.execute("insert into categorias_productos (id, nombre, created_at, updated_at) values (1, 'General', 0, 0)");
  await client.execute("insert into tipos_suscripcion (id, nombre, precio, duracion_meses, created_at, updated_at) values (1, 'Mensual', 5000000, 1, 0, 0)");
  for (let i = 1; i <= MEMBERS; i += 5000) {
    const rows: string[] = [];
    for (let id = i; id < i + 5000 && id <= MEMBERS; id++) {
      const sponsor = id === 1 ? 'null' : String(1 + Math.floor(rand() * (id - 1)));
      rows.push(`(${id}, 'm${id}@b.co', 'm${id}', 'x', 'R${id}', ${sponsor}, 0, 0)`);
    }
    await client.execute(`insert into users (id, email, user_name, password_hash, referral_code, sponsor_id, created_at, updated_at) values ${rows.join(',')}`);
  }
  // Two thirds of the members hold an active subscription at the end of November.
  for (let i = 1; i <= MEMBERS; i += 5000) {
    const compras: string[] = [];
    const subs: string[] = [];
    for (let id = i; id < i + 5000 && id <= MEMBERS; id++) {
      if (id % 3 === 0) continue;
      compras.push(`(${1_000_000 + id}, ${id}, 's${id}', 1, 5000000, 'PAGADO', ${start - 40 * DAY}, 0, 0)`);
      subs.push(`(${id}, 1, ${1_000_000 + id}, 'APROBADO', ${start - 40 * DAY}, ${start + 60 * DAY}, 0, 0)`);
    }
    await client.execute(`insert into compras (id, user_id, checkout_key, total_items, total, estado, pagado_at, created_at, updated_at) values ${compras.join(',')}`);
    await client.execute(`insert into suscripciones (user_id, tipo_suscripcion_id, compra_id, estado, fecha_inicio, fecha_fin, created_at, updated_at) values ${subs.join(',')}`);
  }
  for (let i = 1; i <= PURCHASES; i += 5000) {
    const rows: string[] = [];
    for (let id = i; id < i + 5000 && id <= PURCHASES; id++) {
      const buyer = 1 + Math.floor(rand() * MEMBERS);
      const total = (10 + Math.floor(rand() * 990)) * 100_000;
      rows.push(`(${id}, ${buyer}, 'c${id}', 1, ${total}, 'PAGADO', ${start + Math.floor(rand() * 29 * DAY)}, 0, 0)`);
    }
    await client.execute(`insert into compras (id, user_id, checkout_key, total_items, total, estado, pagado_at, created_at, updated_at) values ${rows.join(',')}`);
  }
  await client.execute('analyze');
  return { client, db, start, DAY };
}

export async function benchSettlement() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bonus-'));
  const { client, db, start, DAY } = await buildMonth(dir);
  try {
    // The floor is the median of three runs of the aggregate query (the first also warms the cache).
    let floor: Awaited<ReturnType<typeof previewCycle>> = [];
    const floorRuns: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      floor = await previewCycle(db, '2026-11');
      floorRuns.push(performance.now() - t);
    }
    const floorMs = [...floorRuns].sort((a, b) => a - b)[1]!;

    let peak = process.memoryUsage().rss;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const rssBefore = process.memoryUsage().rss;
    const t0 = performance.now();
    const result = await settleCycle(db, '2026-11', { now: start + 31 * DAY, origen: 'bench', chunk: Number(process.env.BENCH_CHUNK ?? 500) });
    const settleMs = performance.now() - t0;
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);

    const floorTotal = floor.reduce((a, r) => a + r.total, 0);
    if (floorTotal !== result.total || floor.length !== result.usuarios) throw new Error(`settlement ${result.total}/${result.usuarios} differs from the floor ${floorTotal}/${floor.length}`);
    const figures = { members: MEMBERS, purchases: PURCHASES, lines: result.lineas, beneficiaries: result.usuarios, settleMs, floorMs, ratio: settleMs / floorMs, peakRssMb: peak / 2 ** 20, rssGrowthMb: (peak - rssBefore) / 2 ** 20 };
    printTable(`Settlement of one month: ${MEMBERS.toLocaleString('en-US')} members, ${PURCHASES.toLocaleString('en-US')} paid purchases`, [
      ['settlement (chunks of 500 beneficiaries)', `${(settleMs / 1000).toFixed(2)} s`],
      ['floor: one aggregate SQL query (median of 3)', `${(floorMs / 1000).toFixed(2)} s`],
      ['ratio settlement / floor', figures.ratio.toFixed(2)],
      ['lines written', result.lineas.toLocaleString('en-US')],
      ['beneficiaries', result.usuarios.toLocaleString('en-US')],
      ['peak RSS (process)', `${figures.peakRssMb.toFixed(0)} MB (+${figures.rssGrowthMb.toFixed(0)} MB during the run)`],
    ]);
    return figures;
  } finally {
    client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
