// Issue 22 figures: what a write's activity and revision cost, and whether 10,000,000 revision rows
// slow writes or the history panel. Two in-process servers (Node, libSQL files) side by side: one
// on a fresh database, one whose activity and revisions tables hold `--rows` rows (default
// 10,000,000) over 1,000,000 other records. On each: `PUT /general/bancos/:id` (the whole request,
// its activity and revision in the batch); the same UPDATE run from here in-process twice, as a
// plain batch and as `runAudited` (decision 0310), so the audit statements' cost is measured by
// itself and without any switch in the app; and the record's history panel. All eight are
// interleaved in one run, so the machine's load falls on every figure alike. The request-level
// ratio is the request over the request less that cost.
import { createClient, type Client } from '@libsql/client';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { bancos } from '../worker/db/schema';
import { runAudited, type Audited } from '../worker/platform/audit';
import { createDb } from '../worker/platform/db';
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
/** The bank's audit, as the registry's (worker/modules/resources/service.ts auditedOf) declares it. */
const BANCOS: Audited = { entity: 'bancos', table: bancos };
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
  const put = async () => {
    const res = await httpRequest(`${base}/api/v1/general/bancos/${bankId}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ codigo: 'BENCH1', nombre: `Banco de medida ${++n}` }),
    });
    if (res.status !== 200) throw new Error(`write: ${res.status} ${res.body}`);
  };
  // The route's UPDATE, from here: a plain batch, and the same one audited as the route audits it.
  const db = createDb(raw);
  const update = () =>
    db
      .update(bancos)
      .set({ nombre: `Banco de medida ${++n}`, updatedAt: Date.now(), version: sql`version + 1` })
      .where(eq(bancos.id, bankId));
  const plain = async () => {
    await db.batch([update()]);
  };
  const actor = { userId: 1, ip: '127.0.0.1', userAgent: 'bench', at: Date.now() };
  const audited = async () => {
    await runAudited(db, { audited: BANCOS, id: bankId, action: 'editar', actor, write: update() });
  };
  const panelUrl = `${base}/api/v1/actividad?entidad=bancos&registro=${bankId}&perPage=10`;
  const panel = async () => {
    const res = await httpRequest(panelUrl, { headers: { Cookie: cookie } });
    if (res.status !== 200) throw new Error(`panel: ${res.status}`);
  };
  return { file, raw, server, put, plain, audited, panel };
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
    const [sPut, sPlainDb, sAuditedDb, sPanel, bPut, bPlainDb, bAuditedDb, bPanel] = (
      await interleaved(
        RUNS,
        [small.put, small.plain, small.audited, small.panel, big.put, big.plain, big.audited, big.panel],
        10,
      )
    ).map(median) as [number, number, number, number, number, number, number, number];
    // The request without its audit statements: the request less what they cost in its batch.
    const sPlain = sPut - (sAuditedDb - sPlainDb);
    const bPlain = bPut - (bAuditedDb - bPlainDb);
    const [sAudited, bAudited] = [sPut, bPut];
    const figures = {
      rows: count,
      fillSeconds,
      tableMb,
      fileMb,
      load,
      writeDbMs: sPlainDb,
      writeDbWithRevisionsMs: sAuditedDb,
      ratioDb: sAuditedDb / sPlainDb,
      writeDbBigMs: bPlainDb,
      writeDbWithRevisionsBigMs: bAuditedDb,
      ratioDbBig: bAuditedDb / bPlainDb,
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
        ['fresh: UPDATE batch alone (in-process)', ms(sPlainDb)],
        ['fresh: same UPDATE through runAudited', ms(sAuditedDb)],
        ['fresh: ratio of the batches', figures.ratioDb.toFixed(3)],
        ['fresh: write without revisions (request less their cost)', ms(sPlain)],
        ['fresh: write with activity + revision (PUT)', ms(sAudited)],
        ['fresh: ratio (target ≤ 1.15)', figures.ratio.toFixed(3)],
        ['fresh: history panel (GET /actividad, one record)', ms(sPanel)],
        ['big: UPDATE batch alone (in-process)', ms(bPlainDb)],
        ['big: same UPDATE through runAudited', ms(bAuditedDb)],
        ['big: ratio of the batches', figures.ratioDbBig.toFixed(3)],
        ['big: write without revisions (request less their cost)', ms(bPlain)],
        ['big: write with activity + revision (PUT)', ms(bAudited)],
        ['big: ratio (target ≤ 1.15)', figures.ratioBig.toFixed(3)],
        ['big: history panel', ms(bPanel)],
        ['big ÷ fresh, write with revision', figures.bigOverSmallWrite.toFixed(3)],
        ['big ÷ fresh, history panel', figures.bigOverSmallPanel.toFixed(3)],
      ],
    );
    return figures;
  } finally {
    for (const s of [small, big]) {
      s.raw.close();
      await s.server.close();
    }
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
