// Issue 13 item 9: TOTP two-factor sign-in. Enrol (QR + confirm), sign in in two steps (never a
// session before the code), recovery codes (single use), lockout and rate limit on codes, turning
// it off needs the password, a role can require it.
import { beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../worker/shared/totp';
import { ADMIN, cookieHeader, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
  await t.request('GET', '/api/v1/health'); // boots the runtime before the first timed test
});

async function enrolled(name: string) {
  const u = await t.makeUser(name);
  const cookie = await u.cookie();
  const setup = await t.request('POST', '/api/v1/auth/account/2fa/setup', { cookie });
  const { secret } = setup.json.data;
  const on = await t.request('POST', '/api/v1/auth/account/2fa/enable', {
    cookie,
    body: { code: await totpCode(secret, t.clock.now()) },
  });
  return { u, cookie, secret, setup: setup.json.data, codes: on.json.data?.recovery_codes as string[], on };
}
const step1 = (email: string, password: string) =>
  t.request('POST', '/api/v1/auth/login', { body: { email, password } });
const step2 = (challenge: string, body: Record<string, string>) =>
  t.request('POST', '/api/v1/auth/login/totp', { body: { challenge, ...body } });
const nextStep = () => t.clock.advance(30_000);

describe('enrolment', () => {
  it('shows a QR code and the otpauth URI, confirms with a code and hands out 10 recovery codes once', async () => {
    const { setup, on, codes, cookie, u } = await enrolled('enrola');
    expect(setup.otpauth_uri).toBe(
      `otpauth://totp/360%20web%3A${encodeURIComponent(u.email)}?secret=${setup.secret}&issuer=360%20web&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.qr_svg).toMatch(/^<svg[^>]*>[\s\S]*<\/svg>$/);
    expect([on.status, on.json.message]).toEqual([
      200,
      'Verificación en dos pasos activada. Guarda tus códigos de recuperación.',
    ]);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const state = await t.request('GET', '/api/v1/auth/account/2fa', { cookie });
    expect(state.json.data).toEqual({ activo: true, requerido: false, codigos_restantes: 10 });
    const stored = await t.client.execute(`select code_hash from recovery_codes where user_id = ${u.id}`);
    expect(stored.rows.map((r) => r.code_hash)).not.toContain(codes[0]);
    expect((await t.request('POST', '/api/v1/auth/account/2fa/setup', { cookie })).status).toBe(409);
  });

  it('refuses a wrong confirmation code', async () => {
    const cookie = await (await t.makeUser('enrolamal')).cookie();
    await t.request('POST', '/api/v1/auth/account/2fa/setup', { cookie });
    const res = await t.request('POST', '/api/v1/auth/account/2fa/enable', {
      cookie,
      body: { code: '000000' },
    });
    expect([res.status, res.json.errors]).toEqual([422, { code: ['El código no es válido'] }]);
  });
});

describe('two-step sign-in', () => {
  it('gives no session for the password alone, then one for a valid code', async () => {
    const { u, secret } = await enrolled('dospasos');
    nextStep();
    const first = await step1(u.email, u.password);
    expect(first.status).toBe(200);
    expect(first.json.totp_required).toBe(true);
    expect(first.headers.getSetCookie()).toEqual([]);
    expect(first.text).not.toContain('token=');
    const code = await totpCode(secret, t.clock.now());
    const second = await step2(first.json.challenge, { code });
    expect(second.status).toBe(200);
    const cookie = cookieHeader(second.headers);
    expect((await t.request('GET', '/api/v1/auth/session', { cookie })).status).toBe(200);
    // The challenge is single use, and so is the code.
    expect((await step2(first.json.challenge, { code })).status).toBe(401);
    const again = await step1(u.email, u.password);
    expect((await step2(again.json.challenge, { code })).status).toBe(422);
  });

  it('accepts each recovery code once', async () => {
    const { u, codes } = await enrolled('recupera');
    const first = await step1(u.email, u.password);
    const ok = await step2(first.json.challenge, { recovery_code: codes[3]!.toLowerCase() });
    expect(ok.status).toBe(200);
    const again = await step1(u.email, u.password);
    const reused = await step2(again.json.challenge, { recovery_code: codes[3]! });
    expect([reused.status, reused.json.errors]).toEqual([422, { recovery_code: ['El código no es válido'] }]);
  });

  it('locks the account after 10 wrong codes, even for the right code', async () => {
    const { u, secret } = await enrolled('bloquea');
    nextStep();
    let challenge = (await step1(u.email, u.password)).json.challenge;
    for (let i = 0; i < 10; i++) {
      const res = await step2(challenge, { code: String(100000 + i) });
      expect(res.status).toBe(422);
      // Entering the password again does not reset the count of wrong codes.
      if (i === 4) challenge = (await step1(u.email, u.password)).json.challenge;
    }
    const locked = await step2(challenge, { code: await totpCode(secret, t.clock.now()) });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('Retry-After')).toBeTruthy();
  });

  it('counts parallel wrong codes one by one: a burst of 20 tests 10 at most', async () => {
    const { u, secret } = await enrolled('rafagacod');
    nextStep();
    const challenge = (await step1(u.email, u.password)).json.challenge;
    const valid = await Promise.all([-30_000, 0, 30_000].map((d) => totpCode(secret, t.clock.now() + d)));
    const wrong = Array.from({ length: 30 }, (_, i) => String(200000 + i))
      .filter((c) => !valid.includes(c))
      .slice(0, 20);
    const burst = await Promise.all(wrong.map((code) => step2(challenge, { code })));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(422), ...Array<number>(10).fill(429)]);
    expect((await step2(challenge, { code: await totpCode(secret, t.clock.now()) })).status).toBe(429);
  });

  it('expires the challenge after 5 minutes', async () => {
    const { u, secret } = await enrolled('expira');
    const first = await step1(u.email, u.password);
    t.clock.advance(5 * 60_000 + 1);
    const res = await step2(first.json.challenge, { code: await totpCode(secret, t.clock.now()) });
    expect([res.status, res.json.message]).toEqual([401, 'La verificación expiró. Inicia sesión de nuevo.']);
  });

  it('applies the per-IP limit to codes', async () => {
    const small = await makeApp({ ipLimit: 3 });
    const res: number[] = [];
    for (let i = 0; i < 5; i++)
      res.push(
        (await small.request('POST', '/api/v1/auth/login/totp', { body: { challenge: 'x', code: '123456' } }))
          .status,
      );
    expect(res).toEqual([401, 401, 401, 429, 429]);
  });

  it('refuses a Bearer token for the password alone', async () => {
    const { u } = await enrolled('bearer2fa');
    const res = await t.request('POST', '/api/v1/auth/token', {
      body: { email: u.email, password: u.password },
    });
    expect(res.status).toBe(403);
  });
});

describe('turning it off and requiring it', () => {
  it('needs the password to turn it off', async () => {
    const { u, cookie } = await enrolled('apaga');
    const wrong = await t.request('POST', '/api/v1/auth/account/2fa/disable', {
      cookie,
      body: { password: 'no-es-esta' },
    });
    expect([wrong.status, wrong.json.errors]).toEqual([
      422,
      { password: ['La contraseña actual no es correcta'] },
    ]);
    const ok = await t.request('POST', '/api/v1/auth/account/2fa/disable', {
      cookie,
      body: { password: u.password },
    });
    expect(ok.status).toBe(200);
    const login = await step1(u.email, u.password);
    expect(login.json.infosession).toBeTruthy();
  });

  it('lets an administrator require it per role: holders can only enrol until they do', async () => {
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const role = await t.request('POST', '/api/v1/seguridad/roles', {
      cookie: admin,
      body: {
        nombre: 'Tesoreria',
        require_totp: true,
        permisos: ['app:general:configuracion:generales:bancos:view'],
      },
    });
    expect(role.json.data.require_totp).toBe(true);
    const u = await t.makeUser('tesorero');
    await t.request('PUT', `/api/v1/seguridad/users/${u.id}/roles`, {
      cookie: admin,
      body: { roles: [role.json.data.id] },
    });
    const cookie = await u.cookie();
    const blocked = await t.request('GET', '/api/v1/general/bancos', { cookie });
    expect([blocked.status, blocked.json.code, blocked.json.message]).toEqual([
      403,
      'TOTP_REQUERIDO',
      'Tu rol exige la verificación en dos pasos: actívala en Mi cuenta',
    ]);
    expect((await t.request('GET', '/api/v1/auth/session', { cookie })).json.totp_setup_required).toBe(true);
    const { secret } = (await t.request('POST', '/api/v1/auth/account/2fa/setup', { cookie })).json.data;
    expect(
      (
        await t.request('POST', '/api/v1/auth/account/2fa/enable', {
          cookie,
          body: { code: await totpCode(secret, t.clock.now()) },
        })
      ).status,
    ).toBe(200);
    expect((await t.request('GET', '/api/v1/general/bancos', { cookie })).status).toBe(200);
    const off = await t.request('POST', '/api/v1/auth/account/2fa/disable', {
      cookie,
      body: { password: u.password },
    });
    expect([off.status, off.json.message]).toEqual([
      409,
      'Tu rol exige la verificación en dos pasos; no puedes desactivarla',
    ]);
  });

  it('lets a user manager turn it off for a user who lost the phone, within the privilege ceiling', async () => {
    const { u, cookie } = await enrolled('sintelefono');
    const manager = await (
      await t.makeUser('gestor2fa', [
        'app:general:configuracion:seguridad:usuarios:view',
        'app:general:configuracion:seguridad:usuarios:edit',
      ])
    ).session();
    const res = await t.request('DELETE', `/api/v1/seguridad/users/${u.id}/2fa`, { cookie: manager });
    expect([res.status, res.json.message]).toEqual([200, 'Verificación en dos pasos desactivada']);
    expect((await t.request('GET', '/api/v1/auth/session', { cookie })).status).toBe(401);
    expect((await step1(u.email, u.password)).json.infosession).toBeTruthy();
    const adminId = (
      await t.request('GET', '/api/v1/auth/session', { cookie: await t.login(ADMIN.email, ADMIN.password) })
    ).json.user.id;
    expect(
      (await t.request('DELETE', `/api/v1/seguridad/users/${adminId}/2fa`, { cookie: manager })).status,
    ).toBe(403);
  });

  it('starts the seeded administrator without it', async () => {
    const res = await step1(ADMIN.email, ADMIN.password);
    expect(res.json.infosession).toBeTruthy();
  });
});
