// Issue 3 figure: a list page of a registry resource holding 100,000 rows, through the HTTP API
// (perPage 100, one sort, one filter), against the raw SQL of the same page in the same process.
import { createClient } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_PRAGMAS } from '../worker/platform/pragmas';
import { startServer } from '../worker/server';
import { httpRequest, interleaved, median, printTable } from './stats';

const ROWS = 100_000;
const RUNS = 200;

export async function benchListPage() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-list-'));
  const admin = { email: 'admin@bench.local', password: 'Bench-admin-1' };
  const server = await startServer({ port: 0, databaseUrl: `file:${join(dir, 'app.db')}`, blobDir: join(dir, 'blobs'), jwtSecret: 'bench-secret-bench-secret-bench-secret!!', pepper: 'p', admin, supportEmail: 's@b.co', scheduler: false, ipLimitPerMinute: 1_000_000 });
  // The floor: the same page and total on a connection of its own with the server's settings,
  // the cheaper of two statements in parallel and one batch (what the API sends).
  const raw = createClient({ url: `file:${join(dir, 'app.db')}`, concurrency: 1 });
  try {
    for (const pragma of LOCAL_PRAGMAS) await raw.execute(pragma);
    // The first start loaded the real Colombian banks (reference data); the bench owns the table.
    await raw.execute('delete from bancos');
    const now = Date.now();
    for (let i = 0; i < ROWS; i += 5000) {
      const values = Array.from({ length: Math.min(5000, ROWS - i) }, (_, k) => {
        const n = i + k;
        return `('B${n}', 'Banco ${String((n * 7919) % ROWS).padStart(6, '0')}', ${n % 10 === 0 ? 0 : 1}, ${now}, ${now})`;
      });
      await raw.execute(`insert into bancos (codigo, nombre, activo, created_at, updated_at) values ${values.join(',')}`);
    }
    await raw.execute('analyze');
    const base = `http://127.0.0.1:${server.port}`;
    const login = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(admin) });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const qs = new URLSearchParams({ page: '3', perPage: '100', sorts: JSON.stringify({ nombre: 'asc' }), filters: JSON.stringify({ activo: true }) });
    const url = `${base}/api/v1/general/bancos?${qs}`;
    const check = JSON.parse((await httpRequest(url, { headers: { Cookie: cookie } })).body);
    if (check.data.length !== 100 || check.total !== ROWS * 0.9) throw new Error(`unexpected page: ${check.data.length} rows, total ${check.total}`);

    const page = 'select * from bancos where activo = 1 order by nombre asc, id asc limit 100 offset 200';
    const total = 'select count(*) from bancos where activo = 1';
    // Interleaved, so a busy machine slows all three alike and the ratio stays meaningful.
    const [api, parallel, batched] = await interleaved(RUNS, [
      () => httpRequest(url, { headers: { Cookie: cookie } }),
      () => Promise.all([raw.execute(page), raw.execute(total)]),
      () => raw.batch([page, total], 'deferred'),
    ]);
    const sqlPage = median(parallel!) <= median(batched!) ? parallel! : batched!;
    const figures = { rows: ROWS, apiMedianMs: median(api!), rawSqlMedianMs: median(sqlPage), ratio: median(api!) / median(sqlPage) };
    printTable('List page of a 100,000-row resource (perPage 100, sort nombre, filter activo)', [
      ['HTTP API, median', `${figures.apiMedianMs.toFixed(2)} ms`],
      ['raw SQL (page + count), median', `${figures.rawSqlMedianMs.toFixed(2)} ms`],
      ['ratio API / SQL', figures.ratio.toFixed(2)],
    ]);
    return figures;
  } finally {
    raw.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
