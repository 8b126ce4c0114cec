import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, linkIn, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});

async function requestReset(email: string, headers: Record<string, string> = {}) {
  const res = await t.request('POST', '/api/v1/auth/createResetRequest', { body: { email }, headers });
  const mail = await t.lastMail(email);
  return {
    res,
    token: mail ? linkIn(mail.body).split('/resetPassword/')[1] : undefined,
    link: mail ? linkIn(mail.body) : '',
  };
}

describe('password reset', () => {
  it('answers the same for known and unknown e-mails', async () => {
    await t.makeUser('reset0');
    const a = await t.request('POST', '/api/v1/auth/createResetRequest', {
      body: { email: 'reset0@test.local' },
    });
    const b = await t.request('POST', '/api/v1/auth/createResetRequest', {
      body: { email: 'nadie@test.local' },
    });
    expect(a.status).toBe(200);
    expect([b.status, b.text]).toEqual([a.status, a.text]);
  });

  it('builds the link from APP_ORIGIN whatever the Host header says', async () => {
    await t.makeUser('reset1');
    const { link } = await requestReset('reset1@test.local', {
      Host: 'evil.example',
      'X-Forwarded-Host': 'evil.example',
    });
    expect(link.startsWith('https://app.example.co/resetPassword/')).toBe(true);
  });

  it('sets the new password once, ends every session, and refuses the token a second time', async () => {
    const u = await t.makeUser('reset2');
    const oldCookie = await u.cookie();
    const { token } = await requestReset(u.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const body = { token, password: 'Nueva-clave-1', confirmar_password: 'Nueva-clave-1' };
    const ok = await t.request('POST', '/api/v1/auth/resetPassword', { body });
    expect(ok.status).toBe(200);
    const again = await t.request('POST', '/api/v1/auth/resetPassword', { body });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('El enlace de restablecimiento no es válido o ha expirado');
    expect((await t.request('GET', '/api/v1/auth/session', { cookie: oldCookie })).status).toBe(401);
    await t.login(u.email, 'Nueva-clave-1');
  });

  it('refuses an expired token (60 minutes)', async () => {
    const u = await t.makeUser('reset3');
    const { token } = await requestReset(u.email);
    t.clock.advance(61 * 60_000);
    const res = await t.request('POST', '/api/v1/auth/resetPassword', {
      body: { token, password: 'Nueva-clave-1', confirmar_password: 'Nueva-clave-1' },
    });
    expect(res.status).toBe(400);
  });

  it('voids older tokens when a new one is requested', async () => {
    const u = await t.makeUser('reset4');
    const first = await requestReset(u.email);
    const second = await requestReset(u.email);
    const body = (token?: string) => ({
      body: { token, password: 'Nueva-clave-1', confirmar_password: 'Nueva-clave-1' },
    });
    expect((await t.request('POST', '/api/v1/auth/resetPassword', body(first.token))).status).toBe(400);
    expect((await t.request('POST', '/api/v1/auth/resetPassword', body(second.token))).status).toBe(200);
  });

  it('checks the confirmation and the length with Spanish messages', async () => {
    const res = await t.request('POST', '/api/v1/auth/resetPassword', {
      body: { token: 'x', password: 'corta', confirmar_password: 'otra' },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.password).toEqual(['La contraseña debe tener entre 8 y 128 caracteres']);
  });
});

describe('password changes in Actividad', () => {
  it('every way a password changes is logged as «Cambió la contraseña», by whom, from where, without the hash', async () => {
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const adminId = (await t.request('GET', '/api/v1/auth/session', { cookie: admin })).json.user.id;
    const u = await t.makeUser('cambios');
    // 1. By the reset link; 2. by himself, with the current password; 3. by an administrator.
    const { token } = await requestReset(u.email);
    const reset = await t.request('POST', '/api/v1/auth/resetPassword', {
      body: { token, password: 'Por-enlace-123', confirmar_password: 'Por-enlace-123' },
      headers: { 'User-Agent': 'Navegador del miembro' },
    });
    expect(reset.status).toBe(200);
    const own = await t.request('PUT', '/api/v1/auth/password', {
      cookie: await t.login(u.email, 'Por-enlace-123'),
      body: {
        actual: 'Por-enlace-123',
        password: 'Propia-clave-123',
        confirmar_password: 'Propia-clave-123',
      },
    });
    expect(own.status).toBe(200);
    const set = await t.request('PUT', `/api/v1/seguridad/users/${u.id}/password`, {
      cookie: admin,
      body: { password: 'Asignada-123', confirmar_password: 'Asignada-123' },
    });
    expect(set.status).toBe(200);
    const log = await t.request(
      'GET',
      `/api/v1/actividad?filters=${encodeURIComponent(JSON.stringify({ accion: 'contrasena' }))}&sorts=${encodeURIComponent(JSON.stringify({ id: 'asc' }))}`,
      { cookie: admin },
    );
    expect(log.status, log.text).toBe(200);
    const mine = log.json.data.filter((r: any) => r.entity === 'users' && r.entity_id === u.id);
    expect(mine.map((r: any) => [r.accion_label, r.user_id])).toEqual([
      ['Cambió la contraseña', u.id],
      ['Cambió la contraseña', u.id],
      ['Cambió la contraseña', adminId],
    ]);
    expect(mine[0].user_agent).toBe('Navegador del miembro');
    expect(log.text).not.toMatch(/pbkdf2|password_hash/);
    await t.login(u.email, 'Asignada-123');
  });
});
