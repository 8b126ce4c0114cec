// Issue 3 figure: a list page of a registry resource holding 100,000 rows, through the HTTP API
// (perPage 100, one sort, one filter), against the raw SQL of the same page in the same process.
import { serve, type ServerType } from '@hono/node-server';
import { createClient, type Client } from '@libsql/client';
import { Hono } from 'hono';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_PRAGMAS } from '../worker/platform/pragmas';
import { startServer } from '../worker/server';
import { httpRequest, interleaved, median, printTable, sessionCookie } from './stats';

const ROWS = 100_000;
const RUNS = 200;

export async function benchListPage() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-list-'));
  const admin = { email: 'admin@bench.local', password: 'Bench-admin-1' };
  const server = await startServer({
    port: 0,
    databaseUrl: `file:${join(dir, 'app.db')}`,
    blobDir: join(dir, 'blobs'),
    jwtSecret: 'bench-secret-bench-secret-bench-secret!!',
    pepper: 'p',
    admin,
    supportEmail: 's@b.co',
    scheduler: false,
    ipLimitPerMinute: 1_000_000,
  });
  // A connection of the bench's own builds the data.
  let closeBare = async () => {};
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
      await raw.execute(
        `insert into bancos (codigo, nombre, activo, created_at, updated_at) values ${values.join(',')}`,
      );
    }
    await raw.execute('analyze');
    const base = `http://127.0.0.1:${server.port}`;
    const cookie = await sessionCookie(base, admin);
    const qs = new URLSearchParams({
      page: '3',
      perPage: '100',
      sorts: JSON.stringify({ nombre: 'asc' }),
      filters: JSON.stringify({ activo: true }),
    });
    const url = `${base}/api/v1/general/bancos?${qs}`;
    const check = JSON.parse((await httpRequest(url, { headers: { Cookie: cookie } })).body);
    if (check.data.length !== 100 || check.total !== ROWS * 0.9)
      throw new Error(`unexpected page: ${check.data.length} rows, total ${check.total}`);

    // The floor: the same page and total as plain SQL on the server's own connection, the cheaper
    // of two statements in parallel and one batch (what the API sends). On a connection of its
    // own, the floor kept a second copy of the table's pages in its page cache, and the two
    // copies evicting each other from the CPU's caches slowed both sides by about 40 %.
    const app = (server.ports.db as unknown as { $client: Client }).$client;
    const page = 'select * from bancos where activo = 1 order by nombre asc, id asc limit 100 offset 200';
    const total = 'select count(*) from bancos where activo = 1';
    // A reference for what HTTP, Hono and JSON cost by themselves: a bare Hono app on the same
    // Node server and connection, sending the same SQL and the same JSON shape, with no session,
    // no middleware and no registry.
    const bare = new Hono().get('/', async (c) => {
      const [rows, counted] = await app.batch([page, total], 'deferred');
      return c.json({
        data: rows!.rows.map((r) => ({
          id: r[0],
          codigo: r[1],
          nombre: r[2],
          activo: r[3] === 1,
          created_at: r[4],
          updated_at: r[5],
        })),
        total: counted!.rows[0]![0],
      });
    });
    const bareServer = await new Promise<ServerType & { port: number }>((ok) => {
      const s = serve({ fetch: bare.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        ok(Object.assign(s, { port: info.port })),
      );
    });
    closeBare = () => new Promise((ok) => bareServer.close(() => ok()));
    // Interleaved in blocks of 10, so a busy machine slows all alike and the ratios stay
    // meaningful, while each is timed in its own steady state (bench/stats.ts).
    const [api, parallel, batched, plain] = await interleaved(
      RUNS,
      [
        () => httpRequest(url, { headers: { Cookie: cookie } }),
        () => Promise.all([app.execute(page), app.execute(total)]),
        () => app.batch([page, total], 'deferred'),
        () => httpRequest(`http://127.0.0.1:${bareServer.port}/`),
      ],
      10,
    );
    const sqlPage = median(parallel!) <= median(batched!) ? parallel! : batched!;
    const figures = {
      rows: ROWS,
      apiMedianMs: median(api!),
      rawSqlMedianMs: median(sqlPage),
      bareMedianMs: median(plain!),
      ratio: median(api!) / median(sqlPage),
    };
    printTable('List page of a 100,000-row resource (perPage 100, sort nombre, filter activo)', [
      ['HTTP API, median', `${figures.apiMedianMs.toFixed(2)} ms`],
      ['raw SQL (page + count), median', `${figures.rawSqlMedianMs.toFixed(2)} ms`],
      ['bare Hono, same SQL and JSON, median', `${figures.bareMedianMs.toFixed(2)} ms`],
      ['ratio API / SQL', figures.ratio.toFixed(2)],
      [
        'ratio bare Hono / SQL (HTTP + JSON alone)',
        (figures.bareMedianMs / figures.rawSqlMedianMs).toFixed(2),
      ],
      [
        'ratio API / bare Hono (the app: session, permission, registry)',
        (figures.apiMedianMs / figures.bareMedianMs).toFixed(2),
      ],
    ]);
    return figures;
  } finally {
    await closeBare();
    raw.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
