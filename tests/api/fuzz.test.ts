// SECURITY row 17: every route, fed malformed JSON, wrong types, huge strings, negative numbers
// and unknown ids, answers a 4xx JSON and never a 500. Generated from the app's own route list.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../worker/db/schema';
import { ADMIN, makeApp, ORIGIN, TARGET, type TestApp } from '../setup/app';
import { eachOf } from '../setup/pool';
import { apiRoutes, concrete } from '../setup/routes';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
});

const FIELDS = [
  'id',
  'nombre',
  'email',
  'password',
  'actual',
  'confirmar_password',
  'codigo',
  'precio',
  'qty',
  'estado',
  'roles',
  'permisos',
  'value',
  'token',
  'pais_id',
  'categoria_id',
  'ayudas_ids',
  'activo',
];
const BODIES: [string, string][] = [
  ['malformed', '{"nombre": '],
  ['array', '[1,2,3]'],
  ['string', '"hola"'],
  ['null', 'null'],
  ['wrong types', JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, { $gt: '' }])))],
  // Under the 1 MB JSON limit, so the validators see them (over it is a 413: headers-csrf, messages).
  ['huge strings', JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, 'x'.repeat(50_000)])))],
  ['negative numbers', JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, -1e308])))],
  ['arrays of junk', JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, [null, -1, 'x', {}]])))],
];
// Well-formed for the password routes (sent to those only), so their handlers run: a wrong current
// password (422), an unknown user (404); and one over 128 characters, refused before any hashing.
const PASSWORD_BODIES: [string, string][] = [
  [
    'a wrong current password',
    JSON.stringify({
      actual: 'No-Es-La-Clave-1',
      password: 'Nueva-Clave-1',
      confirmar_password: 'Nueva-Clave-1',
    }),
  ],
  [
    'a password over 128 characters',
    JSON.stringify({
      actual: ADMIN.password,
      password: 'x'.repeat(129),
      confirmar_password: 'x'.repeat(129),
    }),
  ],
];
/** valibot's default messages, which a schema without its own message would send (and which echo the input). */
const ENGLISH = /Invalid (type|value|length|key)|Expected .* but received/;
const IDS = ['0', '999999999', '-1', '1e3', '9007199254740993', '%27%20OR%201%3D1'];
const QUERIES = [
  'sorts=%7B%22constructor%22%3A%22asc%22%7D',
  'filters=%7B%22__proto__%22%3A1%2C%22toString%22%3A2%7D',
  'page=-1',
  'perPage=1000000',
  'sorts=%5B%5D',
  'filters=null',
  'q=' + 'x'.repeat(5000),
  'pais_id=abc',
  'departamento_id=-5',
  'grupo=x%27--&perPage=-1',
];

/**
 * The cases one route gets: on Node every path with every input (the whole product); on workerd
 * every path and every input at least once, paired in turn (decision 0290). The validators and
 * handlers are the same code on both runtimes; what the Worker adds (its request parsing, Hrana's
 * encoding of an id or a huge string, its error answers) depends on the input, not on which other
 * input the route got, so the Worker sees each kind of bad input on each route once, not N times.
 */
function casesFor<P, I>(paths: P[], inputs: I[], target = TARGET): [P, I][] {
  if (target === 'node') return paths.flatMap((p) => inputs.map((i): [P, I] => [p, i]));
  const n = Math.max(paths.length, inputs.length);
  return Array.from({ length: n }, (_, k): [P, I] => [paths[k % paths.length]!, inputs[k % inputs.length]!]);
}

/** Every route that writes, at a concrete URL whose id exists (the administrator, the first row). */
const writes = () =>
  apiRoutes(t.app)
    .filter((r) => r.method !== 'GET')
    .map((r) => ({ ...r, url: concrete(r.path) }));
const send = (method: string, url: string, body: string) =>
  t.request(method, url, { cookie: admin, raw: body, headers: { 'Content-Type': 'application/json' } });

/**
 * The bodies the k-th write route gets: all of them on Node; on workerd two, in turn, so every
 * route is refused on the Worker and each body is sent to a third to two fifths of the routes
 * (decision 0290). The answer comes from one body parser the routes share.
 */
const bodiesFor = (k: number, bodies: string[]) =>
  TARGET === 'node' ? bodies : [bodies[(2 * k) % bodies.length]!, bodies[(2 * k + 1) % bodies.length]!];

describe('strict bodies (issue 13 item 5)', () => {
  it('answers malformed JSON with exactly 400 on every write route', async () => {
    const wrong: string[] = [];
    await eachOf(writes(), async (r, k) => {
      for (const body of bodiesFor(k, ['{"nombre": ', '{"a":', '[1,', 'nul', "{'a': 1}"])) {
        const res = await send(r.method, r.url, body);
        if (res.status !== 400 || res.json?.message !== 'El cuerpo de la solicitud no es un JSON válido')
          wrong.push(`${r.method} ${r.path} ${body} → ${res.status} ${res.json?.message}`);
      }
    });
    expect(wrong).toEqual([]);
  }, 240_000);

  it('answers a body of the wrong shape (array, string, number, null) with exactly 422 on every write route', async () => {
    const wrong: string[] = [];
    await eachOf(writes(), async (r, k) => {
      for (const body of bodiesFor(k, ['[]', '[1,2,3]', '"hola"', '42', 'null', 'true'])) {
        const res = await send(r.method, r.url, body);
        if (res.status !== 422 || typeof res.json?.message !== 'string' || res.json?.errors?._)
          wrong.push(`${r.method} ${r.path} ${body} → ${res.status} ${res.text.slice(0, 80)}`);
      }
    });
    expect(wrong).toEqual([]);
  }, 240_000);

  it('refuses fields on the routes that take none, and accepts {} or no body there', async () => {
    const leidas = await t.request('PUT', '/api/v1/general/notificaciones/leidas', {
      cookie: admin,
      body: { a: 1 },
    });
    expect([leidas.status, leidas.json.message]).toEqual([
      422,
      'Esta acción no recibe datos: envía un cuerpo vacío o {}',
    ]);
    expect(
      (await t.request('PUT', '/api/v1/general/notificaciones/leidas', { cookie: admin, body: {} })).status,
    ).toBe(200);
    expect((await t.request('PUT', '/api/v1/general/notificaciones/leidas', { cookie: admin })).status).toBe(
      200,
    );
    const fisica = await t.request('PUT', '/api/v1/general/perfil/fisica', {
      cookie: admin,
      raw: '[]',
      headers: { 'Content-Type': 'application/json' },
    });
    expect([fisica.status, fisica.json.message]).toEqual([
      422,
      'El cuerpo de la solicitud debe ser un objeto JSON',
    ]);
  });
});

describe('fuzz', () => {
  it('never answers 500 to bad bodies, ids or queries on any route', async () => {
    const failures: string[] = [];
    const routes = apiRoutes(t.app);
    // Nothing is left out: the password routes and logout are fuzzed like the rest.
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'PUT /api/v1/auth/password',
        'PUT /api/v1/seguridad/users/:id{[0-9]+}/password',
        'GET /api/v1/auth/logout',
      ]),
    );
    const adminId = (await t.db.select().from(users).where(eq(users.email, ADMIN.email)).get())!.id;
    // Logout ends the session it is sent with: each of its requests gets a session of its own.
    const cookieFor = async (path: string) => (path.endsWith('/logout') ? t.sessionCookie(adminId) : admin);
    await eachOf(routes, async (r) => {
      const paths = r.path.includes(':')
        ? IDS.map((id) => r.path.replace(/:(\w+)(\{[^}]*\})?/g, id))
        : [r.path];
      if (r.method === 'GET') {
        for (const [path, q] of casesFor(paths, QUERIES)) {
          const res = await t.fetch(`${ORIGIN}${path}?${q}`, {
            headers: { Cookie: await cookieFor(path) },
          });
          if (res.status >= 500) failures.push(`${r.method} ${path}?${q.slice(0, 30)} → ${res.status}`);
          else if (res.status >= 400 && ENGLISH.test(await res.text()))
            failures.push(`${r.method} ${path}?${q.slice(0, 30)} → ${res.status} in English`);
        }
        return;
      }
      const bodies = r.path.endsWith('/password') ? [...BODIES, ...PASSWORD_BODIES] : BODIES;
      for (const [path, [name, body]] of casesFor(paths, bodies)) {
        const res = await t.fetch(`${ORIGIN}${path}`, {
          method: r.method,
          body,
          headers: { Cookie: await cookieFor(path), Origin: ORIGIN, 'Content-Type': 'application/json' },
        });
        if (res.status >= 500) failures.push(`${r.method} ${path} (${name}) → ${res.status}`);
        else if (res.status >= 400 && !(res.headers.get('Content-Type') ?? '').includes('application/json'))
          failures.push(`${r.method} ${path} (${name}) → ${res.status} not JSON`);
        else if (res.status >= 400 && ENGLISH.test(await res.text()))
          failures.push(`${r.method} ${path} (${name}) → ${res.status} in English`);
      }
    });
    expect(failures).toEqual([]);
    // No bad body changed the administrator's password or ended the session the fuzz ran with.
    expect((await t.request('GET', '/api/v1/auth/session', { cookie: admin })).status).toBe(200);
    await t.login(ADMIN.email, ADMIN.password);
  }, 480_000);
});
