import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});

describe('login', () => {
  it('answers infosession and sets the token and infosesion cookies, never the JWT in the body', async () => {
    const res = await t.request('POST', '/api/v1/auth/login', { body: ADMIN });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.infosession).sort()).toEqual(['expires_at', 'user_id', 'user_name']);
    expect(res.json.infosession.user_name).toBe('admin');
    expect(res.text).not.toMatch(/eyJ/);
    const cookies = res.headers.getSetCookie();
    const token = cookies.find((c) => c.startsWith('token='))!;
    const info = cookies.find((c) => c.startsWith('infosesion='))!;
    expect(token).toMatch(/HttpOnly/);
    expect(token).toMatch(/SameSite=Lax/);
    expect(token).toMatch(/Path=\//);
    expect(token).not.toMatch(/Domain=/i);
    expect(token).not.toMatch(/Secure/); // localhost
    expect(info).not.toMatch(/HttpOnly/);
    const parsed = JSON.parse(decodeURIComponent(info.split(';')[0]!.slice('infosesion='.length)));
    expect(parsed.user_id).toBe(res.json.infosession.user_id);
  });

  it('marks cookies Secure outside localhost', async () => {
    const res = await t.fetch('https://app.example.co/api/v1/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    // Both session cookies are set (a loop over none would pass), each Secure.
    expect(cookies.map((c) => c.split('=')[0]).sort()).toEqual(['infosesion', 'token']);
    for (const c of cookies) expect(c).toMatch(/;\s*Secure(;|$)/);
  });

  it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
    const a = await t.request('POST', '/api/v1/auth/login', {
      body: { email: ADMIN.email, password: 'no-es-esta' },
    });
    const b = await t.request('POST', '/api/v1/auth/login', {
      body: { email: 'nadie@test.local', password: 'no-es-esta' },
    });
    expect(a.status).toBe(401);
    expect(a.json.message).toBe('Correo o contraseña incorrectos');
    expect([b.status, b.text]).toEqual([a.status, a.text]);
  });

  it('gives the session and the permissions to the signed-in user', async () => {
    const cookie = await t.login(ADMIN.email, ADMIN.password);
    const s = await t.request('GET', '/api/v1/auth/session', { cookie });
    expect(s.status).toBe(200);
    expect(s.json.user.email).toBe(ADMIN.email);
    expect(s.headers.get('Cache-Control')).toBe('no-store');
    const p = await t.request('GET', '/api/v1/auth/permissions', { cookie });
    expect(p.json.data).toContain('app:general:configuracion:catalogo:productos:new');
  });

  it('validates the body with Spanish messages', async () => {
    const res = await t.request('POST', '/api/v1/auth/login', {
      body: { email: 'no-es-correo', password: '' },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.email).toContain('El campo es inválido');
    expect(res.json.errors.password).toContain('Este campo es requerido');
  });

  it('answers malformed JSON with 400 and never 500', async () => {
    const res = await t.request('POST', '/api/v1/auth/login', {
      raw: '{"email":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('El cuerpo de la solicitud no es un JSON válido');
  });

  it('locks the account after 10 failures: 429 with Retry-After, even with the right password', async () => {
    const u = await t.makeUser('bloqueo');
    for (let i = 0; i < 10; i++) {
      const r = await t.request('POST', '/api/v1/auth/login', {
        body: { email: u.email, password: 'equivocada' },
      });
      expect(r.status).toBe(401);
    }
    const eleventh = await t.request('POST', '/api/v1/auth/login', {
      body: { email: u.email, password: 'equivocada' },
    });
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get('Retry-After'))).toBeGreaterThan(0);
    const right = await t.request('POST', '/api/v1/auth/login', {
      body: { email: u.email, password: u.password },
    });
    expect(right.status).toBe(429);
    t.clock.advance(16 * 60_000);
    const after = await t.request('POST', '/api/v1/auth/login', {
      body: { email: u.email, password: u.password },
    });
    expect(after.status).toBe(200);
  });

  // Each attempt is taken atomically before the password is checked: a burst cannot all read the
  // same count (found by sending waves of 25 in parallel, which once counted as about one).
  it('counts parallel wrong passwords one by one: a burst of 25 tests 10, the rest and the right password get 429', async () => {
    const u = await t.makeUser('rafaga');
    const burst = await Promise.all(
      Array.from({ length: 25 }, () =>
        t.request('POST', '/api/v1/auth/login', { body: { email: u.email, password: 'equivocada' } }),
      ),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(15).fill(429)]);
    expect(
      (await t.request('POST', '/api/v1/auth/login', { body: { email: u.email, password: u.password } }))
        .status,
    ).toBe(429);
  });

  it('does not count a right password: nine failures, a sign-in, then ten more failures before the lock', async () => {
    const u = await t.makeUser('acierta');
    const wrong = () =>
      t.request('POST', '/api/v1/auth/login', { body: { email: u.email, password: 'equivocada' } });
    for (let i = 0; i < 9; i++) expect((await wrong()).status).toBe(401);
    expect(
      (await t.request('POST', '/api/v1/auth/login', { body: { email: u.email, password: u.password } }))
        .status,
    ).toBe(200);
    for (let i = 0; i < 10; i++) expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(429);
  });

  it('locks an unknown e-mail exactly like a known one', async () => {
    const known = await t.makeUser('conocido');
    const answers: string[][] = [[], []];
    for (let i = 0; i < 11; i++) {
      for (const [k, email] of [known.email, 'desconocido@test.local'].entries()) {
        const r = await t.request('POST', '/api/v1/auth/login', { body: { email, password: 'equivocada' } });
        answers[k]!.push(`${r.status} ${r.json.message}`);
      }
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  // Issue 21 item 7: the hard lock counts per account and address (OWASP), so an anonymous caller
  // who knows the administrator's e-mail locks out only himself.
  it('locks the guessing address out, not the account: the right password from another address still signs in', async () => {
    const u = await t.makeUser('objetivo');
    const from = (ip: string, password: string) =>
      t.request('POST', '/api/v1/auth/login', {
        body: { email: u.email, password },
        headers: { 'X-Test-Ip': ip },
      });
    for (let i = 0; i < 10; i++) expect((await from('203.0.113.5', 'equivocada')).status).toBe(401);
    const locked = await from('203.0.113.5', 'equivocada');
    expect([locked.status, locked.json.message]).toEqual([
      429,
      'Demasiados intentos fallidos. Intenta de nuevo en 15 minutos o restablece tu contraseña.',
    ]);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await from('203.0.113.5', u.password)).status).toBe(429);
    expect((await from('198.51.100.7', u.password)).status).toBe(200);
    // The administrator too: the seeded account, attacked from one address, signs in from another.
    for (let i = 0; i < 12; i++)
      await t.request('POST', '/api/v1/auth/login', {
        body: { email: ADMIN.email, password: 'equivocada' },
        headers: { 'X-Test-Ip': '203.0.113.6' },
      });
    const admin = await t.request('POST', '/api/v1/auth/login', {
      body: ADMIN,
      headers: { 'X-Test-Ip': '198.51.100.8' },
    });
    expect(admin.status).toBe(200);
  });

  it('past 50 failures over many addresses, the account refuses every address that already failed on it, and only those', async () => {
    const u = await t.makeUser('repartido');
    const from = (ip: string, password: string) =>
      t.request('POST', '/api/v1/auth/login', {
        body: { email: u.email, password },
        headers: { 'X-Test-Ip': ip },
      });
    for (let n = 1; n <= 5; n++)
      for (let i = 0; i < 10; i++) expect((await from(`203.0.113.${n}0`, 'equivocada')).status).toBe(401);
    // The 51st failure, from a new address, still gets its answer; its second is refused.
    expect((await from('203.0.113.60', 'equivocada')).status).toBe(401);
    expect((await from('203.0.113.60', 'equivocada')).status).toBe(429);
    // An address that failed before is refused even with the right password; a clean one is not.
    expect((await from('203.0.113.10', u.password)).status).toBe(429);
    expect((await from('198.51.100.9', u.password)).status).toBe(200);
  });

  it('limits each address: past the per-IP budget the answer is 429', async () => {
    const limited = await makeApp({ ipLimit: 3 });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const r = await limited.request('POST', '/api/v1/auth/login', {
        body: { email: `x${i}@t.co`, password: 'abcdefgh' },
        headers: { 'X-Test-Ip': '10.0.0.9' },
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('issues a bearer token for API clients, accepted in the Authorization header', async () => {
    const res = await t.request('POST', '/api/v1/auth/token', { body: ADMIN });
    expect(res.status).toBe(200);
    expect(res.json.token_type).toBe('Bearer');
    const s = await t.request('GET', '/api/v1/auth/session', {
      headers: { Authorization: `Bearer ${res.json.access_token}` },
    });
    expect(s.status).toBe(200);
  });

  it('rejects a password longer than 128 characters with 422', async () => {
    const cookie = await t.login(ADMIN.email, ADMIN.password);
    const res = await t.request('PUT', '/api/v1/auth/password', {
      cookie,
      body: { actual: ADMIN.password, password: 'x'.repeat(129), confirmar_password: 'x'.repeat(129) },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.password[0]).toMatch(/entre 8 y 128/);
  });
});
