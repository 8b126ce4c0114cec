// Issue 11 figure: the grid page on the production shape — the bundled Worker in workerd, its
// database 20 ms away (the test Hrana server delays every answer) — 100,000 rows, perPage 100,
// one sort, one filter and the total. Prints p50/p90 and the database round trips per request.
import { sql } from 'drizzle-orm';
import { openSession } from '../worker/modules/auth/sessions';
import { EDGE_CONFIG, startEdgeStack } from '../tests/setup/edge-stack';
import { printTable } from './stats';

const ROWS = 100_000;
const LATENCY_MS = Number(process.env.EDGE_LATENCY_MS ?? 20);
const RUNS = 60;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

export async function benchEdge() {
  const stack = await startEdgeStack({
    latencyMs: LATENCY_MS,
    prepare: async (db) => {
      const now = Date.now();
      for (let i = 0; i < ROWS; i += 5000) {
        const values = Array.from({ length: Math.min(5000, ROWS - i) }, (_, k) => {
          const n = i + k;
          return `('B${n}', 'Banco ${String((n * 7919) % ROWS).padStart(6, '0')}', ${n % 10 === 0 ? 0 : 1}, ${now}, ${now})`;
        });
        await db.run(
          sql.raw(
            `insert into bancos (codigo, nombre, activo, created_at, updated_at) values ${values.join(',')}`,
          ),
        );
      }
      await db.run(sql`analyze`);
    },
  });
  try {
    const { token } = await openSession(
      { db: stack.db, clock: { now: () => Date.now() }, config: EDGE_CONFIG },
      { id: 1 },
      'cookie',
    );
    const qs = new URLSearchParams({
      page: '3',
      perPage: '100',
      sorts: JSON.stringify({ nombre: 'asc' }),
      filters: JSON.stringify({ activo: true }),
    });
    const url = `http://localhost/api/v1/general/bancos?${qs}`;
    const once = async () => {
      const res = await stack.mf.dispatchFetch(url, { headers: { Cookie: `token=${token}` } });
      const body = (await res.json()) as { data: unknown[]; total: number };
      if (res.status !== 200 || body.data.length !== 100 || body.total !== ROWS * 0.9)
        throw new Error(`unexpected page: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    };
    // A warm isolate, as one serving traffic is: V8 has optimised the request path by then.
    for (let i = 0; i < 30; i++) await once();
    const before = stack.hrana.requests.length;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await once();
      times.push(performance.now() - t);
    }
    const roundTrips = (stack.hrana.requests.length - before) / RUNS;
    const [p50, p90] = [pct(times, 0.5), pct(times, 0.9)];
    const goal = 2 * LATENCY_MS + 15;
    printTable(
      `Grid page on the Worker (workerd + Hrana, ${LATENCY_MS} ms per database request; ${ROWS.toLocaleString('en-US')} rows, perPage 100, sort + filter + total)`,
      [
        ['p50', `${p50.toFixed(1)} ms (goal ≤ ${goal} ms = 2 × ${LATENCY_MS} + 15)`],
        ['p90', `${p90.toFixed(1)} ms`],
        ['database round trips per request', roundTrips.toFixed(2)],
      ],
    );
    return { p50, p90, roundTrips };
  } finally {
    await stack.close();
  }
}
