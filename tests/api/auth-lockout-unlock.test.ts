// A sign-in lockout (decision 0461): its message says how long the wait is, a successful password
// reset lifts it, and an administrator with «Desbloquear» sees locked accounts and lifts one,
// recorded in the activity.
import { beforeAll, describe, expect, it } from 'vitest';
import { P } from '../../worker/shared/permissions';
import { ADMIN, linkIn, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
});

const IP = '203.0.113.40';
const login = (email: string, password: string) =>
  t.request('POST', '/api/v1/auth/login', { body: { email, password }, headers: { 'X-Test-Ip': IP } });
async function lockOut(email: string) {
  for (let i = 0; i < 10; i++) expect((await login(email, 'equivocada')).status).toBe(401);
  return login(email, 'equivocada');
}

describe('sign-in lockout', () => {
  it('says how long the wait is', async () => {
    const u = await t.makeUser('espera');
    const locked = await lockOut(u.email);
    expect([locked.status, locked.json.message]).toEqual([
      429,
      'Demasiados intentos fallidos. Intenta de nuevo en 15 minutos o restablece tu contraseña.',
    ]);
  });

  it('is lifted by a successful password reset through the e-mailed link', async () => {
    const u = await t.makeUser('restablece');
    expect((await lockOut(u.email)).status).toBe(429);
    await t.request('POST', '/api/v1/auth/createResetRequest', { body: { email: u.email } });
    const token = linkIn((await t.lastMail(u.email))!.body).split('/resetPassword/')[1];
    const reset = await t.request('POST', '/api/v1/auth/resetPassword', {
      body: { token, password: 'Nueva-clave-1', confirmar_password: 'Nueva-clave-1' },
    });
    expect(reset.json.message).toBe(
      'La contraseña se ha restablecido correctamente. Ya puedes iniciar sesión.',
    );
    const back = await login(u.email, 'Nueva-clave-1');
    expect(back.status, back.text).toBe(200);
  });

  it('lists locked accounts and «Desbloquear» lifts one, with its own permission, in the activity', async () => {
    const u = await t.makeUser('bloqueada');
    expect((await lockOut(u.email)).status).toBe(429);
    const editor = await (
      await t.makeUser('soloeditor', ['app:general:configuracion:seguridad:usuarios:edit'])
    ).session();
    expect((await t.request('GET', '/api/v1/seguridad/users/bloqueados', { cookie: editor })).status).toBe(
      403,
    );
    expect(
      (await t.request('POST', `/api/v1/seguridad/users/${u.id}/desbloquear`, { cookie: editor })).status,
    ).toBe(403);
    const staff = await (await t.makeUser('desbloqueador', [P.desbloquearUsuarios])).session();
    const list = await t.request('GET', '/api/v1/seguridad/users/bloqueados', { cookie: staff });
    expect(list.status, list.text).toBe(200);
    const row = list.json.data.find((r: any) => r.id === u.id);
    expect(row).toMatchObject({ email: u.email, user_name: u.userName });
    expect(typeof row.bloqueado_hasta).toBe('number');
    const done = await t.request('POST', `/api/v1/seguridad/users/${u.id}/desbloquear`, { cookie: staff });
    expect([done.status, done.json.message]).toEqual([200, 'Cuenta desbloqueada: ya puede iniciar sesión.']);
    expect((await login(u.email, u.password)).status).toBe(200);
    const after = await t.request('GET', '/api/v1/seguridad/users/bloqueados', { cookie: staff });
    expect(after.json.data.map((r: any) => r.id)).not.toContain(u.id);
    const log = await t.request(
      'GET',
      `/api/v1/actividad?filters=${encodeURIComponent(JSON.stringify({ accion: 'desbloquear' }))}`,
      { cookie: admin },
    );
    expect(log.status, log.text).toBe(200);
    expect(
      log.json.data
        .filter((r: any) => r.entity === 'users' && r.entity_id === u.id)
        .map((r: any) => r.accion_label),
    ).toEqual(['Desbloqueó el inicio de sesión']);
  });
});
