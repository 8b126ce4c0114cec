// Issue 22 figures: what a write's activity and revision cost, and whether 10,000,000 revision rows
// slow writes or the history panel. Through the HTTP API of an in-process server (Node, libSQL file):
// `PUT /general/bancos/:id` with its activity and revision in the batch, against the same write
// with them left out (worker/platform/revisions.ts BENCH switch), interleaved in one run.
import { createClient } from '@libsql/client';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH } from '../worker/platform/revisions';
import { LOCAL_PRAGMAS } from '../worker/platform/pragmas';
import { startServer } from '../worker/server';
import { httpRequest as request, interleaved, median, printTable } from './stats';

/** The server drops idle keep-alive sockets during the long fill: a reset is retried once. */
const httpRequest: typeof request = (url, opts) =>
  request(url, opts).catch((err: { code?: string }) => {
    if (err?.code === 'ECONNRESET') return request(url, opts);
    throw err;
  });

const RUNS = 200;

export async function benchWrites(flags: string[]) {
  const at = flags.indexOf('--rows');
  const ROWS = at >= 0 ? Number(flags[at + 1]) : 10_000_000;
  const dir = mkdtempSync(join(tmpdir(), 'bench-writes-'));
  const file = join(dir, 'app.db');
  const admin = { email: 'admin@bench.local', password: 'Bench-admin-1' };
  const server = await startServer({
    port: 0,
    databaseUrl: `file:${file}`,
    blobDir: join(dir, 'blobs'),
    jwtSecret: 'bench-secret-bench-secret-bench-secret!!',
    pepper: 'p',
    admin,
    supportEmail: 's@b.co',
    scheduler: false,
    ipLimitPerMinute: 1_000_000,
  });
  const raw = createClient({ url: `file:${file}`, concurrency: 1 });
  try {
    for (const pragma of LOCAL_PRAGMAS) await raw.execute(pragma);
    const base = `http://127.0.0.1:${server.port}`;
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { Cookie: cookie, 'Content-Type': 'application/json', Origin: base };
    const made = await httpRequest(`${base}/api/v1/general/bancos`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ codigo: 'BENCH1', nombre: 'Banco de medida' }),
    });
    const bankId = JSON.parse(made.body).data.id as number;
    let n = 0;
    const write = (withRevisions: boolean) => async () => {
      BENCH.withoutRevisions = !withRevisions;
      const res = await httpRequest(`${base}/api/v1/general/bancos/${bankId}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ codigo: 'BENCH1', nombre: `Banco de medida ${++n}` }),
      });
      BENCH.withoutRevisions = false;
      if (res.status !== 200) throw new Error(`write: ${res.status} ${res.body}`);
    };
    const panelUrl = `${base}/api/v1/actividad?entidad=bancos&registro=${bankId}&perPage=10`;
    const panel = async () => {
      const res = await httpRequest(panelUrl, { headers: { Cookie: cookie } });
      if (res.status !== 200) throw new Error(`panel: ${res.status}`);
    };

    const [plain, audited, history] = await interleaved(RUNS, [write(false), write(true), panel], 10);
    printTable('Writes before the big table (medians of 200)', [
      ['write without revisions', `${median(plain!).toFixed(2)} ms`],
      ['write with activity + revision', `${median(audited!).toFixed(2)} ms`],
      ['ratio (target ≤ 1.15)', (median(audited!) / median(plain!)).toFixed(3)],
      ['history panel', `${median(history!).toFixed(2)} ms`],
    ]);

    // 10,000,000 revision rows (and their activity rows) spread over 1,000,000 other records.
    const t0 = performance.now();
    const chunk = 1_000_000;
    for (let done = 0; done < ROWS; done += chunk) {
      const size = Math.min(chunk, ROWS - done);
      await raw.execute(`insert into activity (user_id, ip, user_agent, action, entity, entity_id, at)
        select 1, '10.0.0.1', 'bench', 'editar', 'bancos', 1000000 + (x % 1000000), ${Date.now()} - x
        from (with recursive c(x) as (select ${done + 1} union all select x + 1 from c where x < ${done + size}) select x from c)`);
      await raw.execute(`insert into revisions (activity_id, entity, entity_id, snapshot, delta, parent_id)
        select id, entity, entity_id, '{"id":' || entity_id || ',"codigo":"B' || entity_id || '","nombre":"Banco ' || id || '","activo":1,"version":' || (id % 50) || '}',
          '{"nombre":"Banco ' || id || '"}', null
        from activity where id > (select coalesce(max(activity_id), 0) from revisions)`);
      process.stdout.write(`  ${(done + size).toLocaleString('en')} rows\r`);
    }
    const fillSeconds = (performance.now() - t0) / 1000;
    await raw.execute('analyze');
    const count = Number((await raw.execute('select count(*) from revisions')).rows[0]![0]);
    let tableMb = NaN;
    try {
      const r = await raw.execute(
        `select sum(pgsize) from dbstat where name in ('revisions', 'revisions_entity_idx', 'revisions_activity_idx')`,
      );
      tableMb = Number(r.rows[0]![0]) / 1e6;
    } catch {
      /* dbstat not compiled in: the file size below still tells */
    }
    const fileMb = statSync(file).size / 1e6;

    const [plainBig, auditedBig, historyBig] = await interleaved(
      RUNS,
      [write(false), write(true), panel],
      10,
    );
    const figures = {
      writeMs: median(plain!),
      writeWithRevisionsMs: median(audited!),
      ratio: median(audited!) / median(plain!),
      panelMs: median(history!),
      rows: count,
      fillSeconds,
      tableMb,
      fileMb,
      writeBigMs: median(plainBig!),
      writeWithRevisionsBigMs: median(auditedBig!),
      ratioBig: median(auditedBig!) / median(plainBig!),
      panelBigMs: median(historyBig!),
    };
    printTable('Writes with activity and revision (PUT /general/bancos/:id, medians of 200)', [
      ['write without revisions', `${figures.writeMs.toFixed(2)} ms`],
      ['write with activity + revision', `${figures.writeWithRevisionsMs.toFixed(2)} ms`],
      ['ratio (target ≤ 1.15)', figures.ratio.toFixed(3)],
      ['history panel (GET /actividad, one record)', `${figures.panelMs.toFixed(2)} ms`],
      [`revision rows added`, `${count.toLocaleString('en')} in ${fillSeconds.toFixed(0)} s`],
      [
        'revisions table + indexes',
        Number.isNaN(tableMb) ? 'dbstat unavailable' : `${tableMb.toFixed(0)} MB`,
      ],
      ['database file', `${fileMb.toFixed(0)} MB`],
      ['write without revisions (big table)', `${figures.writeBigMs.toFixed(2)} ms`],
      ['write with activity + revision (big table)', `${figures.writeWithRevisionsBigMs.toFixed(2)} ms`],
      ['ratio (big table)', figures.ratioBig.toFixed(3)],
      ['history panel (big table)', `${figures.panelBigMs.toFixed(2)} ms`],
    ]);
    return figures;
  } finally {
    BENCH.withoutRevisions = false;
    raw.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
