// Issue 22 figures: what a write's activity and revision cost, and whether 10,000,000 revision rows
// slow writes or the history panel. Two in-process servers (Node, libSQL files) side by side: one
// on a fresh database, one whose activity and revisions tables hold `--rows` rows (default
// 10,000,000) over 1,000,000 other records. On each, `PUT /general/bancos/:id` with its activity
// and revision in the batch, the same write with them left out (worker/platform/revisions.ts BENCH
// switch), and the record's history panel; all six interleaved in one run, so the machine's load
// falls on every figure alike and the ratios compare like with like.
import { createClient, type Client } from '@libsql/client';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH } from '../worker/platform/revisions';
import { LOCAL_PRAGMAS } from '../worker/platform/pragmas';
import { startServer } from '../worker/server';
import { httpRequest as request, interleaved, median, printTable, sessionCookie } from './stats';

/** The server drops idle keep-alive sockets during the long fill: a reset is retried once. */
const httpRequest: typeof request = (url, opts) =>
  request(url, opts).catch((err: { code?: string }) => {
    if (err?.code === 'ECONNRESET') return request(url, opts);
    throw err;
  });

const RUNS = 200;
const admin = { email: 'admin@bench.local', password: 'Bench-admin-1' };

/** A server on its own database file, signed in, with one bank to edit. */
async function side(dir: string) {
  const file = join(dir, 'app.db');
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
  for (const pragma of LOCAL_PRAGMAS) await raw.execute(pragma);
  const base = `http://127.0.0.1:${server.port}`;
  const cookie = await sessionCookie(base, admin);
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
  return { file, raw, server, plain: write(false), audited: write(true), panel };
}

/** `rows` revision rows (and their activity rows) spread over 1,000,000 other records. */
async function fill(raw: Client, rows: number) {
  const t0 = performance.now();
  const chunk = 1_000_000;
  for (let done = 0; done < rows; done += chunk) {
    const size = Math.min(chunk, rows - done);
    await raw.execute(`insert into activity (user_id, ip, user_agent, action, entity, entity_id, at)
      select 1, '10.0.0.1', 'bench', 'editar', 'bancos', 1000000 + (x % 1000000), ${Date.now()} - x
      from (with recursive c(x) as (select ${done + 1} union all select x + 1 from c where x < ${done + size}) select x from c)`);
    await raw.execute(`insert into revisions (activity_id, entity, entity_id, snapshot, delta, parent_id)
      select id, entity, entity_id, '{"id":' || entity_id || ',"codigo":"B' || entity_id || '","nombre":"Banco ' || id || '","activo":1,"version":' || (id % 50) || '}',
        '{"nombre":"Banco ' || id || '"}', null
      from activity where id > (select coalesce(max(activity_id), 0) from revisions)`);
    process.stdout.write(`  ${(done + size).toLocaleString('en')} rows\r`);
  }
  await raw.execute('analyze');
  // As a database in use would be: the fill's write-ahead log copied into the file.
  await raw.execute('pragma wal_checkpoint(TRUNCATE)');
  return (performance.now() - t0) / 1000;
}

export async function benchWrites(flags: string[]) {
  const at = flags.indexOf('--rows');
  const ROWS = at >= 0 ? Number(flags[at + 1]) : 10_000_000;
  const dirs = [mkdtempSync(join(tmpdir(), 'bench-writes-')), mkdtempSync(join(tmpdir(), 'bench-writes-'))];
  const small = await side(dirs[0]!);
  const big = await side(dirs[1]!);
  try {
    const fillSeconds = await fill(big.raw, ROWS);
    const count = Number((await big.raw.execute('select count(*) from revisions')).rows[0]![0]);
    let tableMb = NaN;
    try {
      const r = await big.raw.execute(
        `select sum(pgsize) from dbstat where name in ('revisions', 'revisions_entity_idx', 'revisions_activity_idx')`,
      );
      tableMb = Number(r.rows[0]![0]) / 1e6;
    } catch {
      /* dbstat not compiled in: the file size below still tells */
    }
    const fileMb = statSync(big.file).size / 1e6;
    const load = loadavg()[0]!;
    const [sPlain, sAudited, sPanel, bPlain, bAudited, bPanel] = (
      await interleaved(
        RUNS,
        [small.plain, small.audited, small.panel, big.plain, big.audited, big.panel],
        10,
      )
    ).map(median) as [number, number, number, number, number, number];
    const figures = {
      rows: count,
      fillSeconds,
      tableMb,
      fileMb,
      load,
      writeMs: sPlain,
      writeWithRevisionsMs: sAudited,
      ratio: sAudited / sPlain,
      panelMs: sPanel,
      writeBigMs: bPlain,
      writeWithRevisionsBigMs: bAudited,
      ratioBig: bAudited / bPlain,
      panelBigMs: bPanel,
      bigOverSmallWrite: bAudited / sAudited,
      bigOverSmallPanel: bPanel / sPanel,
    };
    const ms = (x: number) => `${x.toFixed(2)} ms`;
    printTable(
      `Writes with activity and revision (PUT /general/bancos/:id, medians of ${RUNS}, interleaved)`,
      [
        [
          'revision rows in the big database',
          `${count.toLocaleString('en')} (filled in ${fillSeconds.toFixed(0)} s)`,
        ],
        ['revisions table + indexes', `${tableMb.toFixed(0)} MB`],
        ['big database file', `${fileMb.toFixed(0)} MB`],
        ['machine load (1 min) when measuring', load.toFixed(1)],
        ['fresh: write without revisions', ms(sPlain)],
        ['fresh: write with activity + revision', ms(sAudited)],
        ['fresh: ratio (target ≤ 1.15)', figures.ratio.toFixed(3)],
        ['fresh: history panel (GET /actividad, one record)', ms(sPanel)],
        ['big: write without revisions', ms(bPlain)],
        ['big: write with activity + revision', ms(bAudited)],
        ['big: ratio (target ≤ 1.15)', figures.ratioBig.toFixed(3)],
        ['big: history panel', ms(bPanel)],
        ['big ÷ fresh, write with revision', figures.bigOverSmallWrite.toFixed(3)],
        ['big ÷ fresh, history panel', figures.bigOverSmallPanel.toFixed(3)],
      ],
    );
    return figures;
  } finally {
    BENCH.withoutRevisions = false;
    for (const s of [small, big]) {
      s.raw.close();
      await s.server.close();
    }
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
