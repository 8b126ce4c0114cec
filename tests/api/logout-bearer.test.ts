// Issue 13 item 8: a cross-site link cannot sign anyone out (GET logout honours only same-origin
// Sec-Fetch-Site), the SPA signs out with POST behind csrf(), and a browser's cookie JWT is never
// accepted as a Bearer token (which would skip the CSRF check).
import { beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../setup/app';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
  await t.request('GET', '/api/v1/health'); // boots the runtime before the first timed test
});

const alive = async (cookie: string) =>
  (await t.request('GET', '/api/v1/auth/session', { cookie })).status === 200;
const jwtOf = (cookie: string) => /token=([^;]+)/.exec(cookie)![1]!;

describe('GET logout', () => {
  it.each(['cross-site', 'same-site'])(
    'does nothing for a %s request (a link on another site)',
    async (site) => {
      const cookie = await (await t.makeUser(`sitio${site.replace('-', '')}`)).session();
      const res = await t.request('GET', '/api/v1/auth/logout', {
        cookie,
        headers: { 'Sec-Fetch-Site': site, 'Sec-Fetch-Mode': 'navigate' },
      });
      expect([res.status, res.json.message]).toEqual([
        403,
        'La sesión sigue abierta: para cerrarla usa «Cerrar sesión» dentro de la aplicación',
      ]);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await alive(cookie)).toBe(true);
    },
  );

  it.each(['same-origin', 'none'])('signs out for %s', async (site) => {
    const cookie = await (await t.makeUser(`sitio${site.replace('-', '')}`)).session();
    const res = await t.request('GET', '/api/v1/auth/logout', {
      cookie,
      headers: { 'Sec-Fetch-Site': site },
    });
    expect(res.status).toBe(204);
    expect(await alive(cookie)).toBe(false);
  });
});

describe('POST logout', () => {
  it('signs out from the SPA, and refuses another origin', async () => {
    const cookie = await (await t.makeUser('postsalida')).session();
    const foreign = await t.request('POST', '/api/v1/auth/logout', {
      cookie,
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(await alive(cookie)).toBe(true);
    const res = await t.request('POST', '/api/v1/auth/logout', { cookie });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join()).toMatch(/token=;/);
    expect(await alive(cookie)).toBe(false);
  });
});

describe('bearer tokens', () => {
  it('accept a token from /auth/token as Bearer, but never as a cookie', async () => {
    const u = await t.makeUser('cliente');
    const { access_token } = (
      await t.request('POST', '/api/v1/auth/token', { body: { email: u.email, password: u.password } })
    ).json;
    expect(
      (
        await t.request('GET', '/api/v1/auth/session', {
          headers: { Authorization: `Bearer ${access_token}` },
        })
      ).status,
    ).toBe(200);
    expect(await alive(`token=${access_token}`)).toBe(false);
  });

  it('refuse a browser cookie JWT sent as Bearer, so no write skips the CSRF check with it', async () => {
    const u = await t.makeUser('navegador', [
      'app:general:configuracion:seguridad:usuarios:view',
      'app:general:configuracion:seguridad:usuarios:edit',
    ]);
    const cookie = await u.cookie();
    const bearer = { Authorization: `Bearer ${jwtOf(cookie)}` };
    expect((await t.request('GET', '/api/v1/auth/session', { headers: bearer })).status).toBe(401);
    const victim = await t.makeUser('victima');
    const write = await t.request('PUT', `/api/v1/seguridad/users/${victim.id}/password`, {
      headers: { ...bearer, Origin: 'https://evil.example' },
      body: { password: 'Tomada-12345', confirmar_password: 'Tomada-12345' },
    });
    expect(write.status).toBe(401);
    await t.login(victim.email, victim.password);
    expect(await alive(cookie)).toBe(true);
  });
});
