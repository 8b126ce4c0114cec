// SECURITY row 17: every route, fed malformed JSON, wrong types, huge strings, negative numbers
// and unknown ids, answers a 4xx JSON and never a 500. Generated from the app's own route list.
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, makeApp, ORIGIN, type TestApp } from '../setup/app';
import { apiRoutes } from '../setup/routes';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
});

const FIELDS = ['id', 'nombre', 'email', 'password', 'codigo', 'precio', 'qty', 'estado', 'roles', 'permisos', 'value', 'token', 'pais_id', 'categoria_id', 'ayudas_ids', 'activo'];
const BODIES: [string, string][] = [
  ['malformed', '{"nombre": '],
  ['array', '[1,2,3]'],
  ['string', '"hola"'],
  ['null', 'null'],
  ['wrong types', JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, { $gt: '' }])))],
  ['huge strings', JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, 'x'.repeat(100_000)])))],
  ['negative numbers', JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, -1e308])))],
  ['arrays of junk', JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, [null, -1, 'x', {}]])))],
];
const IDS = ['0', '999999999', '-1', '1e3', '9007199254740993', '%27%20OR%201%3D1'];
const QUERIES = ['sorts=%7B%22constructor%22%3A%22asc%22%7D', 'filters=%7B%22__proto__%22%3A1%2C%22toString%22%3A2%7D', 'page=-1', 'perPage=1000000', 'sorts=%5B%5D', 'filters=null', 'q=' + 'x'.repeat(5000), 'pais_id=abc', 'departamento_id=-5'];

describe('fuzz', () => {
  it('never answers 500 to bad bodies, ids or queries on any route', async () => {
    const failures: string[] = [];
    const routes = apiRoutes(t.app).filter((r) => !r.path.endsWith('/logout') && !r.path.endsWith('/password'));
    for (const r of routes) {
      const paths = r.path.includes(':') ? IDS.map((id) => r.path.replace(/:(\w+)(\{[^}]*\})?/g, id)) : [r.path];
      for (const path of paths) {
        if (r.method === 'GET') {
          for (const q of QUERIES) {
            const res = await t.fetch(`${ORIGIN}${path}?${q}`, { headers: { Cookie: admin } });
            if (res.status >= 500) failures.push(`${r.method} ${path}?${q.slice(0, 30)} → ${res.status}`);
          }
          continue;
        }
        for (const [name, body] of BODIES) {
          const res = await t.fetch(`${ORIGIN}${path}`, { method: r.method, body, headers: { Cookie: admin, Origin: ORIGIN, 'Content-Type': 'application/json' } });
          if (res.status >= 500) failures.push(`${r.method} ${path} (${name}) → ${res.status}`);
          else if (res.status >= 400 && !(res.headers.get('Content-Type') ?? '').includes('application/json')) failures.push(`${r.method} ${path} (${name}) → ${res.status} not JSON`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
