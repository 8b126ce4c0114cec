import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY_HEADER } from '../../worker/platform/document-headers';
import { ADMIN, makeApp, type TestApp } from '../setup/app';
import { WORKER_BINDINGS } from '../setup/targets';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});

describe('security headers (SECURITY row 13)', () => {
  it('sends HSTS of at least a year, nosniff, a CSP and no-store on authenticated JSON', async () => {
    const cookie = await t.login(ADMIN.email, ADMIN.password);
    const res = await t.request('GET', '/api/v1/auth/permissions', { cookie });
    const hsts = res.headers.get('Strict-Transport-Security')!;
    expect(Number(/max-age=(\d+)/.exec(hsts)![1])).toBeGreaterThanOrEqual(31_536_000);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Security-Policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('Content-Security-Policy')).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('turns off camera, microphone, geolocation, payment and USB with a Permissions-Policy (issue 21 item 7)', async () => {
    expect(PERMISSIONS_POLICY_HEADER).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    const cookie = await t.login(ADMIN.email, ADMIN.password);
    for (const res of [
      await t.request('GET', '/api/v1/auth/permissions', { cookie }),
      await t.request('GET', '/api/v1/health'),
      await t.request('GET', '/api/v1/no/existe'),
    ])
      expect(res.headers.get('Permissions-Policy')).toBe(PERMISSIONS_POLICY_HEADER);
  });

  it('answers unknown API paths with JSON 404', async () => {
    const cookie = await t.login(ADMIN.email, ADMIN.password);
    const res = await t.request('GET', '/api/v1/no/existe', { cookie });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe('Recurso no encontrado');
  });
});

describe('CSRF and content types (SECURITY row 8)', () => {
  it('refuses a cross-origin multipart write with 403', async () => {
    const form = new FormData();
    form.set('email', ADMIN.email);
    const res = await t.fetch('http://localhost/api/v1/auth/login', {
      method: 'POST',
      body: form,
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });

  it('refuses a cookie-authenticated JSON write from a foreign Origin with 403, and does not apply it (issue 21 item 7)', async () => {
    const cookie = await t.login(ADMIN.email, ADMIN.password);
    const city = (codigo: string, headers: Record<string, string>) =>
      t.request('POST', '/api/v1/general/divisionPolitica/ciudades', {
        cookie,
        headers,
        body: { departamento_id: 1, codigo, nombre: `Ciudad ${codigo}` },
      });
    for (const origin of ['https://evil.example', 'null', 'http://localhost:5173']) {
      const res = await city('99101', { Origin: origin });
      expect([origin, res.status, res.json?.message]).toEqual([
        origin,
        403,
        'No tienes permisos para realizar esta acción',
      ]);
    }
    const stored = await t.client.execute(`select count(*) as n from ciudades where codigo = '99101'`);
    expect(Number(stored.rows[0]!.n)).toBe(0);
    // The page's own origin, the configured APP_ORIGIN, and a client that sends no Origin at all.
    expect((await city('99102', { Origin: 'http://localhost' })).status).toBe(201);
    expect((await city('99103', { Origin: WORKER_BINDINGS.APP_ORIGIN })).status).toBe(201);
    const bare = await t.fetch('http://localhost/api/v1/general/divisionPolitica/ciudades', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ departamento_id: 1, codigo: '99104', nombre: 'Ciudad 99104' }),
    });
    expect(bare.status).toBe(201);
    // Bearer clients are no CSRF target: their Origin is not checked.
    const { access_token } = (
      await t.request('POST', '/api/v1/auth/token', { body: ADMIN, headers: { Origin: 'http://localhost' } })
    ).json;
    const bearer = await t.request('POST', '/api/v1/general/divisionPolitica/ciudades', {
      headers: { Authorization: `Bearer ${access_token}`, Origin: 'https://tool.example' },
      body: { departamento_id: 1, codigo: '99105', nombre: 'Ciudad 99105' },
    });
    expect(bearer.status).toBe(201);
  });

  it('refuses a JSON body sent as text/plain with 415', async () => {
    const res = await t.request('POST', '/api/v1/auth/login', {
      raw: JSON.stringify(ADMIN),
      headers: { 'Content-Type': 'text/plain', Origin: 'http://localhost' },
    });
    expect(res.status).toBe(415);
  });

  it('refuses a form-urlencoded write from the same origin with 415', async () => {
    const res = await t.request('POST', '/api/v1/auth/login', {
      raw: 'email=a',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost' },
    });
    expect(res.status).toBe(415);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const res = await t.request('POST', '/api/v1/auth/login', {
      raw: JSON.stringify({ email: 'a'.repeat(1_100_000) }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
  });
});

describe('health', () => {
  it('answers 200 JSON after checking the database', async () => {
    const res = await t.request('GET', '/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers 503 JSON when the database is unreachable', async () => {
    const broken = await makeApp();
    await broken.breakDatabase();
    const res = await broken.request('GET', '/api/v1/health');
    expect(res.status).toBe(503);
    expect(res.json.database).toBe('unreachable');
  });
});
