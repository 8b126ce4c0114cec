// Invoices for 10,000 purchases paid in one bank-statement import (`npm run bench -- invoicing`,
// docs/invoicing.md): 10,000 unpaid purchases of one product each, a statement paying all of them,
// "Confirmar todas las conciliadas" in its bounded steps (each confirmation writes the purchase's
// invoice in its own transaction), then the sending as the daily job does it, against a provider
// that answers at once. Every request the app makes to the database (one `execute` or `batch` of
// the libSQL client; on the Worker each is one subrequest to Turso) is counted per invocation.
import { createClient, type Client } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../worker/app';
import { openSession } from '../worker/modules/auth/sessions';
import { sendDue } from '../worker/modules/invoicing';
import { INVOICES_PER_RUN } from '../worker/modules/jobs/registry';
import { memoryBlobs } from '../worker/platform/adapters/memory-blobs';
import { memoryLimiter } from '../worker/platform/adapters/memory-limiter';
import { outboxMailer } from '../worker/platform/adapters/outbox-mailer';
import { createDb } from '../worker/platform/db';
import type { EInvoicing } from '../worker/platform/e-invoicing';
import { migrateDb } from '../worker/platform/migrate';
import { PBKDF2_ITERATIONS, type Ports } from '../worker/platform/ports';
import { LOCAL_PRAGMAS } from '../worker/platform/pragmas';
import { seed } from '../worker/platform/seed';
import { referenceFor } from '../worker/shared/payment-reference';
import { printTable } from './stats';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 10_000);
const MEMBERS = 2_000;
const BUDGET = 500;

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

const colombian = (cents: number) =>
  `$ ${String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(cents % 100).padStart(2, '0')}`;

/** A provider that validates at once (the bench measures the app, not the DIAN). */
const instantProvider: EInvoicing = {
  name: 'instant',
  issueInvoice: async (doc) => ({
    ok: true,
    proveedorId: doc.numero ?? 0,
    numero: `${doc.prefijo}${doc.numero}`,
    cufe: `cufe-${doc.numero}`,
    qr: `https://catalogo-vpfe.dian.gov.co/document/searchqr?documentkey=cufe-${doc.numero}`,
    pdf: new TextEncoder().encode(`%PDF-1.4 ${doc.numero}`),
    xml: new TextEncoder().encode(`<Invoice>${doc.numero}</Invoice>`),
  }),
  issueCreditNote: async () => ({ ok: false, retry: true, message: 'no se usa' }),
};

export async function benchInvoicing() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-invoicing-'));
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
    for (let i = 0; i < MEMBERS; i += 1000) {
      const rows: string[] = [];
      for (let id = 100 + i; id < 100 + Math.min(i + 1000, MEMBERS); id++)
        rows.push(`(${id}, 'm${id}@b.co', 'm${id}', 'x', 'R${id}', 0, 0)`);
      await raw.execute(
        `insert into users (id, email, user_name, password_hash, referral_code, created_at, updated_at) values ${rows.join(',')}`,
      );
    }
    await raw.execute(
      `insert into categorias_productos (id, nombre, created_at, updated_at) values (1, 'Kits', ${now}, ${now})`,
    );
    await raw.execute(`insert into productos (id, codigo, nombre, categoria_id, precio, tarifa_iva, created_at, updated_at)
      values (1, 'KIT-1', 'Kit', 1, 11900000, 19, ${now}, ${now})`);
    for (let i = 1; i <= PURCHASES; i += 5000) {
      const rows: string[] = [];
      const lines: string[] = [];
      for (let id = i; id < i + 5000 && id <= PURCHASES; id++) {
        rows.push(`(${id}, ${100 + (id % MEMBERS)}, 'b${id}', 1, 11900000, 'NO_PAGADO', ${now}, ${now})`);
        lines.push(`(${id}, 1, 'KIT-1', 'Kit', 1, 11900000, 11900000)`);
      }
      await raw.execute(
        `insert into compras (id, user_id, checkout_key, total_items, total, estado, created_at, updated_at) values ${rows.join(',')}`,
      );
      await raw.execute(
        `insert into compra_lineas (compra_id, producto_id, codigo, nombre, cantidad, precio, subtotal) values ${lines.join(',')}`,
      );
    }
    await raw.execute(`insert into facturacion_emisor (id, nit, dv, razon_social, regimen, responsabilidades, direccion, municipio_dane, email, updated_at)
      values (1, '900373115', '3', 'Bench S.A.S.', '48', 'O-13', 'Calle 1', '11001', 'f@b.co', ${now})`);
    await raw.execute(`insert into resoluciones_facturacion (numero, prefijo, desde, hasta, vigente_desde, vigente_hasta, created_at)
      values ('18764000000001', 'FE', 1, 1000000, '2026-01-01', '2027-12-31', ${now})`);
    const lines = ['Fecha;Descripción;Valor'];
    for (let id = 1; id <= PURCHASES; id++)
      lines.push(`25/11/2026;TRANSF DE M${id} REF ${referenceFor(id)};${colombian(11_900_000)}`);
    const csv = lines.join('\n');

    const ports: Ports = {
      db,
      blobs: memoryBlobs(),
      mailer: outboxMailer(db, clock),
      clock,
      limiter: memoryLimiter(clock, 1_000_000),
      config,
      clientIp: () => '127.0.0.1',
      log: () => {},
    };
    const app = createApp(ports);
    const { token } = await openSession({ ...ports, db: createDb(raw) }, { id: 1 }, 'cookie');
    const headers = { Cookie: `token=${token}`, Origin: 'http://localhost' };
    const invocations: { what: string; requests: number; ms: number }[] = [];
    const call = async (what: string, path: string, body?: FormData) => {
      counter.n = 0;
      const t = performance.now();
      const res = await app.request(`http://localhost/api/v1/conciliacion/extractos${path}`, {
        method: 'POST',
        headers,
        body,
      });
      const json = (await res.json()) as { data: Record<string, number | string> };
      if (res.status >= 300 && res.status !== 202)
        throw new Error(`${what}: ${res.status} ${JSON.stringify(json)}`);
      invocations.push({ what, requests: counter.n, ms: performance.now() - t });
      return json.data;
    };
    const form = new FormData();
    form.append('file', new File([csv], 'extracto.csv', { type: 'text/csv' }));
    let s = await call('importar', '', form);
    while (s.estado === 'CONCILIANDO') s = await call('conciliar', `/${s.id}/avanzar`);
    const matching = invocations.length;
    const t1 = performance.now();
    s = await call('confirmar', `/${s.id}/confirmar`);
    while (s.estado === 'CONFIRMANDO') s = await call('confirmar', `/${s.id}/avanzar`);
    const confirmMs = performance.now() - t1;
    const confirming = invocations.slice(matching);

    const numbers = await raw.execute(
      "select count(*) as n, min(numero) as lo, max(numero) as hi, count(distinct numero) as d from facturas where tipo = 'FACTURA'",
    );
    const { n, lo, hi, d } = numbers.rows[0]!;
    if (Number(n) !== PURCHASES || Number(d) !== PURCHASES || Number(lo) !== 1 || Number(hi) !== PURCHASES)
      throw new Error(`invoices ${n} numbered ${lo}…${hi} (${d} distinct)`);

    // Sending, as the daily job does, one invocation per INVOICES_PER_RUN documents.
    const sendPorts = { ...ports, invoicing: instantProvider };
    const sending: { requests: number; ms: number }[] = [];
    const t2 = performance.now();
    for (;;) {
      counter.n = 0;
      const t = performance.now();
      const out = await sendDue(sendPorts, INVOICES_PER_RUN);
      sending.push({ requests: counter.n, ms: performance.now() - t });
      if (out.enviadas === 0) break;
    }
    const sendMs = performance.now() - t2;
    const issued = (await raw.execute("select count(*) as n from facturas where estado = 'EMITIDA'")).rows[0]!
      .n;
    const largest = (xs: { requests: number; ms: number }[]) =>
      xs.reduce((a, x) => (x.requests > a.requests ? x : a));
    const lc = largest(confirming);
    const ls = largest(sending);
    printTable(
      `Invoices for ${PURCHASES.toLocaleString('en-US')} purchases paid in one bank-statement import`,
      [
        [
          '"Confirmar todas las conciliadas" (pays and invoices)',
          `${(confirmMs / 1000).toFixed(2)} s in ${confirming.length} invocations`,
        ],
        [
          'largest confirming invocation',
          `${lc.requests} database requests (budget ${BUDGET}), ${lc.ms.toFixed(0)} ms`,
        ],
        ['invoices numbered', `${n}: FE${lo} … FE${hi}, no gap, no repeat`],
        [
          `sending (${INVOICES_PER_RUN} per invocation, instant provider)`,
          `${(sendMs / 1000).toFixed(2)} s in ${sending.length} invocations, ${issued} EMITIDA`,
        ],
        ['largest sending invocation', `${ls.requests} database requests, ${ls.ms.toFixed(0)} ms`],
        ['requests per invoice sent', (ls.requests / INVOICES_PER_RUN).toFixed(2)],
      ],
    );
    const worst = Math.max(lc.requests, ls.requests);
    console.log(
      `largest invocation: ${worst} database requests (≤ ${BUDGET}: ${worst <= BUDGET ? 'yes' : 'NO'})`,
    );
    return { confirmMs, sendMs, largestConfirm: lc, largestSend: ls };
  } finally {
    raw.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
