// Issue 24 figure (`npm run bench -- payouts`): 100,000 members with a settled cycle's rows and
// payment information (bank 70 %, wallet 20 %, crypto 10 %; some unverified, missing, below the
// minimum or negative). Generates the cycle's payout batches in bounded steps as the screen drives
// them (each step one invocation: every libSQL `execute`/`batch` counted, on the Worker each is one
// subrequest), then streams the largest batch's file and the held report, and marks that batch
// paid (one invocation, a revision per row: decision 0281). Prints the time, the
// largest invocation's database requests (target ≤ 500) and the peak JS heap (target ≤ 64 MB).
import { createClient, type Client } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  generatePayouts,
  heldPage,
  itemsPage,
  keyset,
  markBatchPaid,
  payableCycle,
  type HeldRow,
  type ItemRow,
  type PayoutStep,
} from '../worker/modules/bonuses/payouts';
import { createDb } from '../worker/platform/db';
import { migrateDb } from '../worker/platform/migrate';
import { LOCAL_PRAGMAS } from '../worker/platform/pragmas';
import { streamXlsx } from '../worker/platform/xlsx-stream';
import { printTable } from './stats';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);

function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** The client with a count of the requests sent through it. */
function counting(client: Client) {
  const counter = { n: 0 };
  const proxy = new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      if (prop === 'execute' || prop === 'batch' || prop === 'executeMultiple')
        return (...args: unknown[]) => {
          counter.n++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      return value.bind(target);
    },
  });
  return { client: proxy, counter };
}

async function build(raw: Client) {
  const rand = rng(24);
  const now = Date.UTC(2026, 11, 2, 15);
  await raw.execute(
    "insert into metodos_pago (nombre, tipo, created_at, updated_at) values ('Cuenta bancaria', 'CUENTA_BANCARIA', 0, 0), ('Billetera', 'BILLETERA', 0, 0), ('Criptomoneda', 'CRIPTOMONEDA', 0, 0) on conflict do nothing",
  );
  const ids = Object.fromEntries(
    (await raw.execute('select id, tipo from metodos_pago')).rows.map((r) => [
      r.tipo as string,
      Number(r.id),
    ]),
  );
  await raw.execute(
    "insert into bancos (id, codigo, nombre, created_at, updated_at) values (9001, '1007', 'Banco de la prueba', 0, 0) on conflict do nothing",
  );
  await raw.execute(
    "insert into mp_criptomonedas (id, codigo, nombre, red, created_at, updated_at) values (9001, 'USDTB', 'Tether', 'TRC20', 0, 0) on conflict do nothing",
  );
  await raw.execute(
    "insert into tipos_identificacion (id, codigo, nombre, created_at, updated_at) values (9001, 'CCB', 'Cédula', 0, 0) on conflict do nothing",
  );
  await raw.execute(`insert into ciclos_bonificacion (id, clave, inicio, fin, estado, iniciado_at, liquidado_at, origen)
    values (1, '2026-11', 0, 1, 'LIQUIDADO', ${now}, ${now}, 'bench')`);
  for (let i = 1; i <= MEMBERS; i += 5000) {
    const users: string[] = [];
    const rows: string[] = [];
    const pay: string[] = [];
    const checks: string[] = [];
    for (let id = i; id < i + 5000 && id <= MEMBERS; id++) {
      users.push(
        `(${id}, 'm${id}@b.co', 'm${id}', 'x', 'R${id}', 'Nombre${id}', 'Apellido', 9001, '${10_000_000 + id}', 0, 0)`,
      );
      const r = rand();
      const total =
        r < 0.05
          ? -Math.floor(rand() * 1_000_000)
          : r < 0.15
            ? Math.floor(rand() * 1_999_999) + 1
            : 2_000_000 + Math.floor(rand() * 48_000_000);
      rows.push(`(1, ${id}, ${total}, ${total}, 3, 'NO_PAGADO', ${now})`);
      const kind = rand();
      if (rand() < 0.05) continue; // no payment information
      if (kind < 0.7)
        pay.push(
          `(${id}, ${ids.CUENTA_BANCARIA}, 9001, '${id % 2 ? 'AH' : 'CO'}', '${400_000_000 + id}', 'Titular ${id}', null, null, null, 0, 0)`,
        );
      else if (kind < 0.9)
        pay.push(
          `(${id}, ${ids.BILLETERA}, null, null, '3${String(id).padStart(9, '0')}', 'Titular ${id}', 'WALLET', null, null, 0, 0)`,
        );
      else
        pay.push(`(${id}, ${ids.CRIPTOMONEDA}, null, null, null, null, null, 9001, 'TADDR${id}xyz', 0, 0)`);
      if (rand() < 0.95) checks.push(`(${id}, 'APROBADO', 0, 0)`);
    }
    await raw.execute(
      `insert into users (id, email, user_name, password_hash, referral_code, nombres, apellidos, tipo_identificacion_id, numero_identificacion, created_at, updated_at) values ${users.join(',')}`,
    );
    await raw.execute(
      `insert into ciclo_bonificacion_user (ciclo_id, user_id, total, bonos, lineas, estado, created_at) values ${rows.join(',')}`,
    );
    // Rows written straight, without a settlement: they pay their total (no withholding).
    await raw.execute('update ciclo_bonificacion_user set neto = total');
    if (pay.length)
      await raw.execute(
        `insert into informacion_pago (user_id, metodo_pago_id, banco_id, tipo_cuenta, numero_cuenta, titular, tipo_billetera, criptomoneda_id, direccion_billetera, created_at, updated_at) values ${pay.join(',')}`,
      );
    if (checks.length)
      await raw.execute(
        `insert into validaciones_identidad (user_id, estado, created_at, updated_at) values ${checks.join(',')}`,
      );
  }
  return now;
}

/** Reads a stream to its end, counting bytes (what a download does to the server). */
async function drain(stream: ReadableStream<Uint8Array>) {
  let bytes = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.byteLength;
  }
}

export async function benchPayouts() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-payouts-'));
  const raw = createClient({ url: `file:${join(dir, 'app.db')}`, concurrency: 1 });
  try {
    for (const pragma of LOCAL_PRAGMAS) await raw.execute(pragma);
    const { client, counter } = counting(raw);
    const db = createDb(client);
    await migrateDb(createDb(raw));
    const tBuild = performance.now();
    const now = await build(raw);
    const buildMs = performance.now() - tBuild;

    globalThis.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let peakHeap = heapBefore;
    const sample = () => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed));
    const timer = setInterval(sample, 20);

    const steps: { requests: number; ms: number; chunks: number }[] = [];
    let mark = counter.n;
    const t0 = performance.now();
    const result: PayoutStep = await generatePayouts(db, 1, {
      now,
      actorId: null,
      onStep: (s) => {
        steps.push({ requests: counter.n - mark, ms: s.ms, chunks: s.chunks });
        mark = counter.n;
        sample();
      },
    });
    const generateMs = performance.now() - t0;

    // The largest batch's file and the held report, streamed as a download reads them.
    const largest = [...result.lotes].sort((a, b) => b.miembros - a.miembros)[0]!;
    const t1 = performance.now();
    const fileBytes = await drain(
      streamXlsx([
        {
          name: 'Lote',
          headers: ['Usuario', 'Datos', 'Valor'],
          pages: (async function* () {
            for await (const rows of keyset<ItemRow>(
              2_000,
              (r) => r.ciclo_user_id,
              (after, limit) => itemsPage(db, largest.id, after, limit),
            ))
              yield rows.map((r) => [String(r.user_id), r.datos, r.monto / 100]);
          })(),
        },
      ]),
    );
    const fileMs = performance.now() - t1;
    const { minimo } = await payableCycle(db, 1);
    const t2 = performance.now();
    let held = 0;
    const heldBytes = await drain(
      streamXlsx([
        {
          name: 'Retenidos',
          headers: ['Usuario', 'Saldo', 'Motivo'],
          pages: (async function* () {
            for await (const rows of keyset<HeldRow>(
              2_000,
              (r) => r.user_id,
              (after, limit) => heldPage(db, 1, minimo, after, limit),
            )) {
              held += rows.length;
              yield rows.map((r) => [r.user_name, r.total / 100, r.motivo]);
            }
          })(),
        },
      ]),
    );
    const heldMs = performance.now() - t2;
    // The largest batch marked paid (decision 0281): one invocation, each row with its history,
    // notification, activity and revision (what the audit statements cost alone: `bench writes`).
    const paidMark = counter.n;
    const t3 = performance.now();
    await markBatchPaid(db, largest.id, 'BANCO-BENCH', { userId: null, ip: null, userAgent: null, at: now });
    const paidMs = performance.now() - t3;
    const paidReq = counter.n - paidMark;
    clearInterval(timer);
    sample();

    const inBatches = result.lotes.reduce((a, l) => a + l.miembros, 0);
    const largestReq = Math.max(...steps.map((s) => s.requests));
    const largestMs = Math.max(...steps.map((s) => s.ms));
    const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`;
    printTable(`Payout batches of one settled cycle: ${MEMBERS.toLocaleString('en-US')} members`, [
      ['data built in', `${(buildMs / 1000).toFixed(1)} s`],
      ['generation (all batches, bounded steps)', `${(generateMs / 1000).toFixed(2)} s`],
      ['bounded steps (invocations)', String(steps.length)],
      ['largest invocation', `${largestReq} database requests, ${largestMs.toFixed(0)} ms`],
      [
        'batches',
        result.lotes.map((l) => `${l.metodo} ${l.miembros.toLocaleString('en-US')} (${l.estado})`).join(', '),
      ],
      ['members in batches / held', `${inBatches.toLocaleString('en-US')} / ${held.toLocaleString('en-US')}`],
      [
        `largest batch's file streamed (${largest.miembros.toLocaleString('en-US')} rows)`,
        `${(fileMs / 1000).toFixed(2)} s, ${mb(fileBytes)}`,
      ],
      ['held report streamed', `${(heldMs / 1000).toFixed(2)} s, ${mb(heldBytes)}`],
      ['largest batch marked paid', `${(paidMs / 1000).toFixed(2)} s, ${paidReq} database requests`],
      ['peak JS heap (generation and both files)', `${mb(peakHeap)} (+${mb(peakHeap - heapBefore)})`],
    ]);
    console.log(
      `payouts: ${MEMBERS} members, ${(generateMs / 1000).toFixed(2)} s, largest invocation ${largestReq} database requests, peak heap ${mb(peakHeap)}`,
    );
    return { generateMs, largestReq, peakHeap, steps: steps.length, paidMs, paidReq };
  } finally {
    raw.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
