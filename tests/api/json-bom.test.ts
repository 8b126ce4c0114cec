// Issue 21 §7, BOM part (docs/decisions/0093): a JSON body that starts with a UTF-8 byte order mark
// is malformed (400) on every route alike — routes with a schema, routes that read their body
// themselves, routes that take no body, and the public ones — as RFC 8259 forbids sending one and a
// WAF or a log that reads it as non-JSON must not see something else than the API does.
import { beforeAll, describe, expect, it } from 'vitest';
import { P } from '../../worker/shared/permissions';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  const u = await t.makeUser('conbom', [P.miInformacionPersonal, P.perfil]);
  member = await u.session();
});

const BOM = '\uFEFF';
const send = (method: string, path: string, body: string, cookie?: string) =>
  t.request(method, path, { cookie, raw: body, headers: { 'Content-Type': 'application/json' } });

describe('JSON bodies with a byte order mark', () => {
  it('are refused 400 on the profile routes, a schema route, a no-body route and login; the same bodies without it pass', async () => {
    const cases: [string, string, string, string | undefined, number][] = [
      ['PUT', '/api/v1/general/perfil/fisica', '{}', member, 200],
      ['PUT', '/api/v1/general/notificaciones/leidas', '{}', member, 200],
      ['POST', '/api/v1/general/parentescos', '{"nombre":"Hija"}', admin, 201],
      ['POST', '/api/v1/auth/login', JSON.stringify(ADMIN), undefined, 200],
    ];
    for (const [method, path, body, cookie, ok] of cases) {
      const bom = await send(method, path, BOM + body, cookie);
      expect(bom.status, `${method} ${path}`).toBe(400);
      expect(bom.json.message).toBe('El cuerpo de la solicitud no es un JSON válido');
      expect((await send(method, path, body, cookie)).status, `${method} ${path}`).toBe(ok);
    }
    // A lone mark is not an empty body either.
    expect((await send('PUT', '/api/v1/general/notificaciones/leidas', BOM, member)).status).toBe(400);
    // Nothing was written by the refused create.
    const list = await t.request('GET', '/api/v1/general/parentescos', { cookie: admin });
    expect(list.json.total).toBe(1);
  });
});
