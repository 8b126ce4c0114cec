// Issue 23 figure: a bank statement of 10,000 movements matched against 10,000 unpaid purchases
// (`npm run bench -- statement`). The upload is sent to the app in this process as the
// administrator's multipart request; every request the app makes to the database (one
// `execute` or one `batch` of the libSQL client — on the Worker each is one subrequest to Turso)
// is counted per invocation. Then "Confirmar todas las conciliadas" runs in its bounded steps, one
// invocation each, as the screen drives them.
import { createClient, type Client } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../worker/app';
import { openSession } from '../worker/modules/auth/sessions';
import { memoryBlobs } from '../worker/platform/adapters/memory-blobs';
import { memoryLimiter } from '../worker/platform/adapters/memory-limiter';
import { outboxMailer } from '../worker/platform/adapters/outbox-mailer';
import { createDb } from '../worker/platform/db';
import { migrateDb } from '../worker/platform/migrate';
import { PBKDF2_ITERATIONS, type Ports } from '../worker/platform/ports';
import { LOCAL_PRAGMAS } from '../worker/platform/pragmas';
import { seed } from '../worker/platform/seed';
import { referenceFor } from '../worker/shared/payment-reference';
import { printTable } from './stats';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 10_000);
const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 10_000);
const MEMBERS = 2_000;

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

/** "$ 1.234.567,00" as a Colombian bank writes it. */
const colombian = (cents: number) =>
  `$ ${String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(cents % 100).padStart(2, '0')}`;

export async function benchStatement() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-statement-'));
  const raw = createClient({ url: `file:${join(dir, 'app.db')}`, concurrency: 1 });
  for (const pragma of LOCAL_PRAGMAS) await raw.execute(pragma);
  const { client, counter } = counting(raw);
  const db = createDb(client);
  const now = Date.UTC(2026, 10, 25, 15);
  const clock = { now: () => now };
  const config = {
    appOrigin: 'http://localhost',
    jwtSecret: new TextEncoder().encode('bench-secret-bench-secret-bench-secret!!'),
    pepper: 'p',
    supportEmail: 's@b.co',
    sessionHours: 8,
    pbkdf2Iterations: PBKDF2_ITERATIONS,
  };
  try {
    await migrateDb(createDb(raw));
    await seed(
      { db: createDb(raw), clock, config },
      { email: 'admin@bench.local', password: 'Bench-admin-1' },
    );
    // Members, and their unpaid purchases at twenty prices (so reference-less movements have candidates).
    let seedN = 11;
    const rand = () => (seedN = (seedN * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < MEMBERS; i += 1000) {
      const rows: string[] = [];
      for (let id = 100 + i; id < 100 + Math.min(i + 1000, MEMBERS); id++)
        rows.push(`(${id}, 'm${id}@b.co', 'm${id}', 'x', 'R${id}', 0, 0)`);
      await raw.execute(
        `insert into users (id, email, user_name, password_hash, referral_code, created_at, updated_at) values ${rows.join(',')}`,
      );
    }
    const totals: number[] = [];
    for (let i = 1; i <= PURCHASES; i += 5000) {
      const rows: string[] = [];
      for (let id = i; id < i + 5000 && id <= PURCHASES; id++) {
        const total = (20 + Math.floor(rand() * 20)) * 1_000_000 + (id % 7 === 0 ? 4_567 : 0);
        totals[id] = total;
        rows.push(`(${id}, ${100 + (id % MEMBERS)}, 'b${id}', 1, ${total}, 'NO_PAGADO', ${now}, ${now})`);
      }
      await raw.execute(
        `insert into compras (id, user_id, checkout_key, total_items, total, estado, created_at, updated_at) values ${rows.join(',')}`,
      );
    }
    // The statement: 85 % reference and amount right, 5 % wrong amount, 5 % no reference, 3 %
    // unknown reference, 2 % a repeated movement.
    const lines = ['Fecha;Descripción;Valor'];
    const kinds = { conciliable: 0, valor: 0, sinReferencia: 0, desconocida: 0, repetido: 0 };
    for (let k = 1; k <= MOVEMENTS; k++) {
      const id = ((k - 1) % PURCHASES) + 1;
      const r = rand();
      let desc = `TRANSF DE M${id} REF ${referenceFor(id)}`;
      let value = totals[id]!;
      if (r < 0.05) {
        value += 1_000_00;
        kinds.valor++;
      } else if (r < 0.1) {
        desc = `CONSIGNACION SUCURSAL ${k}`;
        kinds.sinReferencia++;
      } else if (r < 0.13) {
        desc = `PAGO REF ${referenceFor(PURCHASES + 1_000 + k)}`;
        kinds.desconocida++;
      } else if (r < 0.15 && k > 1) {
        const prev = ((k - 2) % PURCHASES) + 1;
        desc = `TRANSF DE M${prev} REF ${referenceFor(prev)}`;
        value = totals[prev]!;
        kinds.repetido++;
      } else kinds.conciliable++;
      lines.push(`25/11/2026;${desc};${colombian(value)}`);
    }
    const csv = lines.join('\n');

    const ports: Ports = {
      db,
      blobs: memoryBlobs(),
      mailer: outboxMailer(db, clock),
      clock,
      limiter: memoryLimiter(clock, 1_000_000),
      config,
      clientIp: () => '127.0.0.1',
    };
    const app = createApp(ports);
    const { token } = await openSession({ ...ports, db: createDb(raw) }, { id: 1 }, 'cookie');
    const headers = { Cookie: `token=${token}`, Origin: 'http://localhost' };
    const invocations: { what: string; requests: number; ms: number; estado: string }[] = [];
    const call = async (what: string, path: string, body?: FormData) => {
      counter.n = 0;
      const t = performance.now();
      const res = await app.request(`http://localhost/api/v1/conciliacion/extractos${path}`, {
        method: 'POST',
        headers,
        body,
      });
      const ms = performance.now() - t;
      const json = (await res.json()) as { data: Record<string, number | string>; message?: string };
      if (res.status >= 300 && res.status !== 202)
        throw new Error(`${what}: ${res.status} ${JSON.stringify(json)}`);
      invocations.push({ what, requests: counter.n, ms, estado: String(json.data.estado) });
      return json.data;
    };

    const form = new FormData();
    form.append('file', new File([csv], 'extracto.csv', { type: 'text/csv' }));
    const t0 = performance.now();
    let s = await call('importar y conciliar', '', form);
    while (s.estado === 'CONCILIANDO') s = await call('avanzar (conciliar)', `/${s.id}/avanzar`);
    const matchMs = performance.now() - t0;
    const matchSteps = invocations.length;
    const summary = s;

    const t1 = performance.now();
    s = await call('confirmar', `/${s.id}/confirmar`);
    while (s.estado === 'CONFIRMANDO') s = await call('avanzar (confirmar)', `/${s.id}/avanzar`);
    const confirmMs = performance.now() - t1;
    const confirmSteps = invocations.slice(matchSteps);
    const paid = (await raw.execute("select count(*) as n from compras where estado = 'PAGADO'")).rows[0]!.n;
    const largest = (xs: typeof invocations) => xs.reduce((a, x) => (x.requests > a.requests ? x : a));
    const lm = largest(invocations.slice(0, matchSteps));
    const lc = largest(confirmSteps);
    if (Number(paid) !== Number(summary.conciliados))
      throw new Error(`paid ${paid} ≠ matched ${summary.conciliados}`);

    printTable(
      `Bank statement: ${MOVEMENTS.toLocaleString('en-US')} movements against ${PURCHASES.toLocaleString('en-US')} unpaid purchases`,
      [
        ['statement (kinds of movement)', JSON.stringify(kinds)],
        [
          'matched / ambiguous / unmatched',
          `${summary.conciliados} / ${summary.ambiguos} / ${summary.sin_conciliar}`,
        ],
        [
          'upload + matching (parse, insert, match)',
          `${(matchMs / 1000).toFixed(2)} s in ${matchSteps} invocation(s)`,
        ],
        ['largest matching invocation', `${lm.requests} database requests, ${lm.ms.toFixed(0)} ms`],
        [
          '"Confirmar todas las conciliadas"',
          `${(confirmMs / 1000).toFixed(2)} s in ${confirmSteps.length} invocations, ${paid} purchases paid`,
        ],
        ['largest confirming invocation', `${lc.requests} database requests, ${lc.ms.toFixed(0)} ms`],
      ],
    );
    console.log(`largest invocation: ${Math.max(lm.requests, lc.requests)} database requests`);
    return {
      matchMs,
      matchSteps,
      largestMatch: lm,
      confirmMs,
      confirmSteps: confirmSteps.length,
      largestConfirm: lc,
    };
  } finally {
    raw.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
