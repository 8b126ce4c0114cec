// Issue 25 figures: the global search (GET /api/v1/buscar) over 1,000,000 members, on Node (the
// server over its embedded libSQL file) and on the Worker path (the bundled Worker in workerd, its
// database behind the test Hrana server with 20 ms added to every request, as `bench -- edge`).
// Then the Spanish order: a 100,000-row grid page sorted by name, by the stored key (indexed)
// against byte order (the old index) and against sorting by an expression (what a key computed at
// read time would cost). The million-member file is built once and kept in the temp folder
// (SEARCH_MEMBERS changes the count; delete the file to rebuild).
import { createClient, type Client, type InValue } from '@libsql/client';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSession } from '../worker/modules/auth/sessions';
import { searchPlan } from '../worker/modules/search/service';
import { createDb } from '../worker/platform/db';
import { migrateDb } from '../worker/platform/migrate';
import { LOCAL_PRAGMAS } from '../worker/platform/pragmas';
import { seed } from '../worker/platform/seed';
import { startServer } from '../worker/server';
import { spanishSortKey } from '../worker/shared/spanish-order';
import { EDGE_CONFIG, startEdgeStack } from '../tests/setup/edge-stack';
import { httpRequest, interleaved, median, printTable } from './stats';

const MEMBERS = Number(process.env.SEARCH_MEMBERS ?? 1_000_000);
const LATENCY_MS = Number(process.env.EDGE_LATENCY_MS ?? 20);
const RUNS = 200;
const EDGE_RUNS = 60;
const ADMIN = { email: 'admin@bench.local', password: 'Bench-admin-1' };
const PEPPER = 'p';
const JWT = 'bench-secret-bench-secret-bench-secret!!';

const FIRST = [
  'José',
  'María',
  'Juan',
  'Ana',
  'Luis',
  'Carmen',
  'Andrés',
  'Lucía',
  'Carlos',
  'Sofía',
  'Jorge',
  'Valentina',
  'Miguel',
  'Camila',
  'Pedro',
  'Isabella',
  'Diego',
  'Mariana',
  'Felipe',
  'Natalia',
  'Óscar',
  'Ángela',
  'Sebastián',
  'Paula',
  'Nicolás',
  'Daniela',
  'Julián',
  'Laura',
  'Héctor',
  'Verónica',
];
const LAST = [
  'García',
  'Rodríguez',
  'Martínez',
  'López',
  'González',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Torres',
  'Flórez',
  'Gómez',
  'Díaz',
  'Vargas',
  'Rojas',
  'Muñoz',
  'Ortiz',
  'Castro',
  'Moreno',
  'Jiménez',
  'Ruiz',
  'Hernández',
  'Álvarez',
  'Romero',
  'Suárez',
  'Peña',
  'Ospina',
  'Cárdenas',
  'Mejía',
  'Zapata',
  'Restrepo',
];

/** A member's fields from its number: names repeat (as real ones do), documents and e-mails are unique. */
function member(n: number) {
  const nombres = `${FIRST[n % FIRST.length]} ${FIRST[(n * 7) % FIRST.length]}`;
  const apellidos = `${LAST[(n * 13) % LAST.length]} ${LAST[(n * 31 + 5) % LAST.length]}`;
  const doc = String(10_000_000 + ((n * 7919) % 89_999_999));
  const user = `socio${n}`;
  return { nombres, apellidos, doc, user, email: `${user}@correo${n % 97}.co` };
}

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

async function buildFile(file: string) {
  if (await complete(file)) return;
  for (const ext of ['', '-wal', '-shm']) rmSync(`${file}${ext}`, { force: true });
  console.log(`Building ${MEMBERS.toLocaleString('en-US')} members in ${file} (once; kept for later runs)…`);
  const client = createClient({ url: `file:${file}` });
  for (const pragma of LOCAL_PRAGMAS) await client.execute(pragma);
  const db = createDb(client);
  await migrateDb(db);
  await seed(
    { db, clock: { now: () => Date.now() }, config: { pepper: PEPPER, pbkdf2Iterations: 1000 } as never },
    ADMIN,
  );
  const now = Date.now();
  const t0 = performance.now();
  for (let i = 1; i <= MEMBERS; i += 5000) {
    const values: string[] = [];
    for (let n = i; n < Math.min(MEMBERS + 1, i + 5000); n++) {
      const m = member(n);
      values.push(
        `(${q(m.email)}, ${q(m.user)}, 'x', ${q(m.nombres)}, ${q(spanishSortKey(m.nombres))}, ${q(m.apellidos)}, ${q(spanishSortKey(m.apellidos))}, '${m.doc}', 'R${n}', ${now}, ${now})`,
      );
    }
    await client.execute(
      `insert into users (email, user_name, password_hash, nombres, nombres_orden, apellidos, apellidos_orden, numero_identificacion, referral_code, created_at, updated_at) values ${values.join(',')}`,
    );
    if ((i - 1) % 100_000 === 0)
      console.log(`  ${(i - 1).toLocaleString('en-US')} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await client.execute('analyze');
  // Marks the file complete: a build cut short is rebuilt next time.
  await client.execute(`insert into app_meta (key, value) values ('bench:search', '${MEMBERS}')`);
  client.close();
}

async function complete(file: string) {
  if (!existsSync(file)) return false;
  const client = createClient({ url: `file:${file}` });
  try {
    const r = await client.execute(`select value from app_meta where key = 'bench:search'`);
    return r.rows.length === 1;
  } catch {
    return false;
  } finally {
    client.close();
  }
}

/** The searches an operator types: names, a whole document, a document fragment, an e-mail fragment. */
function queries() {
  const a = member(Math.floor(MEMBERS * 0.42));
  const b = member(Math.floor(MEMBERS * 0.77));
  const c = member(99);
  return [
    ['two names', `${a.nombres.split(' ')[0]} ${a.apellidos.split(' ')[0]}`],
    ['name prefixes', `${c.nombres.slice(0, 4)} ${c.apellidos.split(' ')[1]!.slice(0, 4)}`],
    ['whole document', a.doc],
    ['document fragment', b.doc.slice(1, 7)],
    ['e-mail fragment', b.email.slice(2, b.email.indexOf('@') + 4)],
  ] as const;
}

/** The machine's load when a figure was taken (it is shared: every figure carries it). */
const load = () => `load ${loadavg()[0]!.toFixed(1)}`;

/**
 * The members statement before decision 0262 (0151's): the trigram scan ran even when the text
 * was a whole document number, user name or e-mail that the word index had already found.
 */
const MEMBERS_BEFORE = `
select u.id, u.user_name, u.nombres, u.apellidos, u.email, u.numero_identificacion
from users u
where u.id in (
    select rowid from (select rowid from users_fts where users_fts match :words limit 50)
    union select rowid from (select rowid from users_tri where users_tri match :fragment limit 50)
  )
order by u.nombres_orden, u.apellidos_orden, u.id
limit 8`;

/** Before and after on the same file in one interleaved run: the members statement's SQL alone. */
async function beforeAfter(file: string) {
  const client = createClient({ url: `file:${file}` });
  const rows: [string, string][] = [];
  try {
    for (const [label, text] of queries()) {
      const plan = searchPlan(text, 1);
      const after = plan.statements[0] as { sql: string; args: Record<string, InValue> };
      const fragment = after.args.fragment;
      if (fragment === undefined) continue; // no fragment search: nothing changed
      const before = { sql: MEMBERS_BEFORE, args: { words: after.args.words!, fragment } };
      // The permission test is the same in both: the caller (user 1) holds it.
      const [b, a] = await interleaved(40, [() => client.execute(before), () => client.execute(after)], 5);
      const mb = median(b!);
      const ma = median(a!);
      rows.push([
        `  ${label} (${text})`,
        `before ${mb.toFixed(2)} ms, after ${ma.toFixed(2)} ms (× ${(mb / ma).toFixed(1)}; ${load()})`,
      ]);
    }
  } finally {
    client.close();
  }
  return rows;
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

export async function benchSearch() {
  const file = join(tmpdir(), `bench-search-${MEMBERS}.db`);
  await buildFile(file);
  const size = createClient({ url: `file:${file}` });
  const counted = Number((await size.execute('select count(*) from users')).rows[0]![0]);
  size.close();
  const dir = mkdtempSync(join(tmpdir(), 'bench-search-'));
  const server = await startServer({
    port: 0,
    databaseUrl: `file:${file}`,
    blobDir: join(dir, 'blobs'),
    jwtSecret: JWT,
    pepper: PEPPER,
    admin: ADMIN,
    supportEmail: 's@b.co',
    scheduler: false,
    referenceData: false,
    ipLimitPerMinute: 1_000_000,
  });
  const rows: [string, string][] = [];
  const figures: Record<string, number> = { members: counted };
  try {
    const { token } = await openSession(server.ports, { id: 1 }, 'cookie');
    const base = `http://127.0.0.1:${server.port}/api/v1/buscar?q=`;
    const all = queries();
    for (const [, text] of all) {
      const res = await httpRequest(base + encodeURIComponent(text), {
        headers: { Cookie: `token=${token}` },
      });
      const body = JSON.parse(res.body);
      if (res.status !== 200 || !body.data.miembros.length)
        throw new Error(`search ${text}: ${res.status} ${res.body.slice(0, 200)}`);
    }
    const timed = await interleaved(
      RUNS,
      all.map(
        ([, text]) =>
          () =>
            httpRequest(base + encodeURIComponent(text), { headers: { Cookie: `token=${token}` } }),
      ),
      10,
    );
    const flat = timed.flat();
    figures.nodeP50 = median(flat);
    rows.push([
      `Node, p50 over all (goal ≤ 20 ms)`,
      `${figures.nodeP50.toFixed(2)} ms (p90 ${pct(flat, 0.9).toFixed(2)} ms; ${load()})`,
    ]);
    all.forEach(([label, text], i) =>
      rows.push([`  ${label} (${text})`, `${median(timed[i]!).toFixed(2)} ms`]),
    );
  } finally {
    await server.close();
  }
  rows.push(['Members statement on Node, SQL only, before → after decision 0262', '']);
  rows.push(...(await beforeAfter(file)));

  const stack = await startEdgeStack({ latencyMs: LATENCY_MS, file });
  try {
    const { token } = await openSession(
      { db: stack.db, clock: { now: () => Date.now() }, config: EDGE_CONFIG },
      { id: 1 },
      'cookie',
    );
    const all = queries();
    const once = async (text: string) => {
      const res = await stack.mf.dispatchFetch(
        `http://localhost/api/v1/buscar?q=${encodeURIComponent(text)}`,
        {
          headers: { Cookie: `token=${token}` },
        },
      );
      const body = (await res.json()) as { data: { miembros: unknown[] } };
      if (res.status !== 200 || !body.data.miembros.length)
        throw new Error(`edge search ${text}: ${res.status}`);
    };
    for (let i = 0; i < 20; i++) for (const [, text] of all) await once(text);
    const before = stack.hrana.requests.length;
    const times: number[] = [];
    for (let i = 0; i < EDGE_RUNS; i++)
      for (const [, text] of all) {
        const t = performance.now();
        await once(text);
        times.push(performance.now() - t);
      }
    figures.edgeP50 = pct(times, 0.5);
    figures.edgeRoundTrips = (stack.hrana.requests.length - before) / times.length;
    rows.push([
      `Worker path, ${LATENCY_MS} ms per database request, p50 (goal ≤ 45 ms)`,
      `${figures.edgeP50.toFixed(1)} ms (p90 ${pct(times, 0.9).toFixed(1)} ms; ${load()})`,
    ]);
    rows.push(['  database round trips per search', figures.edgeRoundTrips.toFixed(2)]);
  } finally {
    await stack.close();
    rmSync(dir, { recursive: true, force: true });
  }
  printTable(
    `Global search over ${counted.toLocaleString('en-US')} members (users table; FTS5 words + trigrams)`,
    rows,
  );
  Object.assign(figures, await benchSpanishSort());
  return figures;
}

/** A 100,000-row grid page sorted by name: stored key vs byte order vs an expression at read time. */
async function benchSpanishSort() {
  const ROWS = 100_000;
  const dir = mkdtempSync(join(tmpdir(), 'bench-sort-'));
  const client: Client = createClient({ url: `file:${join(dir, 'sort.db')}` });
  try {
    for (const pragma of LOCAL_PRAGMAS) await client.execute(pragma);
    await migrateDb(createDb(client));
    const now = Date.now();
    for (let i = 0; i < ROWS; i += 5000) {
      const values: string[] = [];
      for (let n = i; n < Math.min(ROWS, i + 5000); n++) {
        const m = member(n);
        const nombre = `${m.apellidos} ${m.nombres} ${n}`;
        values.push(`('B${n}', ${q(nombre)}, ${q(spanishSortKey(nombre))}, 1, ${now}, ${now})`);
      }
      await client.execute(
        `insert into bancos (codigo, nombre, nombre_orden, activo, created_at, updated_at) values ${values.join(',')}`,
      );
    }
    await client.execute('analyze');
    const page = (order: string) => `select * from bancos order by ${order}, id limit 100 offset 200`;
    // What folding at read time would cost (no index can serve it): lower() and a few replace()s.
    const folded = `replace(replace(replace(replace(replace(lower(nombre),'á','a'),'é','e'),'í','i'),'ó','o'),'ú','u')`;
    const [key, bytes, expr] = await interleaved(
      40,
      [
        () => client.execute(page('nombre_orden')),
        () => client.execute(page('nombre')),
        () => client.execute(page(folded)),
      ],
      5,
    );
    const out = { sortKeyMs: median(key!), byteOrderMs: median(bytes!), expressionMs: median(expr!) };
    printTable(
      `Grid page sorted by name, ${ROWS.toLocaleString('en-US')} rows (perPage 100, page 3; SQL on Node)`,
      [
        ['before: byte order (nombre, indexed)', `${out.byteOrderMs.toFixed(2)} ms`],
        ['after: Spanish key (nombre_orden, indexed)', `${out.sortKeyMs.toFixed(2)} ms`],
        ['without a stored key: folding in ORDER BY', `${out.expressionMs.toFixed(2)} ms`],
      ],
    );
    return out;
  } finally {
    client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
