// Small things people noticed (decision 0466): a rejected profile does not wait under Publicaciones,
// plural labels agree with their verb, and an upload too large says the limit.
import { describe, expect, it, beforeAll } from 'vitest';
import { MSG } from '../../worker/shared/messages';
import { P } from '../../worker/shared/permissions';
import { ADMIN, makeApp, ORIGIN, type TestApp } from '../setup/app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
});

const queue = (path: string, estado: string) =>
  t.request(
    'GET',
    `/api/v1/administracion/${path}?filters=${encodeURIComponent(JSON.stringify({ estado }))}`,
    { cookie: admin },
  );
const decide = (path: string, id: number, estado: string, comentario?: string) =>
  t.request('PUT', `/api/v1/administracion/${path}/estado/${id}`, {
    cookie: admin,
    body: { estado, comentario },
  });

describe('Publicaciones', () => {
  it('no longer lists as PENDIENTE a profile rejected under Control de perfiles, and lists it again once sent anew', async () => {
    const m = await t.makeUser('rechazada', [P.miInformacionPersonal, P.perfil]);
    const cookie = await m.session();
    await t.request('PUT', '/api/v1/general/perfil', { cookie, body: { nombre_publico: 'Rechazada' } });
    expect((await t.request('POST', '/api/v1/general/perfil/enviar', { cookie })).status).toBe(200);
    const names = async () =>
      (await queue('publicaciones/control', 'PENDIENTE')).json.data.map((r: any) => r.user_name);
    expect(await names()).toContain('rechazada');
    const id = (await queue('perfil/control', 'PENDIENTE')).json.data.find(
      (r: any) => r.user_name === 'rechazada',
    ).id;
    expect((await decide('perfil/control', id, 'NO_APROBADO', 'Falta la foto')).status).toBe(200);
    expect(await names()).not.toContain('rechazada');
    expect((await t.request('POST', '/api/v1/general/perfil/enviar', { cookie })).status).toBe(200);
    expect(await names()).toContain('rechazada');
  });
});

describe('messages', () => {
  it('«Los nombres deben…»: a plural label takes a plural verb', async () => {
    const res = await t.request('POST', '/api/v1/auth/register', {
      body: { nombres: 'x'.repeat(101) },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.nombres).toEqual(['Los nombres deben tener máximo 100 caracteres']);
    expect(MSG.maxLength('El nombre', 10)).toBe('El nombre debe tener máximo 10 caracteres');
  });

  it('an identity document over the limit is refused saying the limit', async () => {
    const m = await t.makeUser('pesada', [P.miInformacionPersonal]);
    const big = new File([new Uint8Array(49 * 1024 * 1024)], 'frente.png', { type: 'image/png' });
    const form = new FormData();
    form.append('frente', big);
    const res = await t.fetch(`${ORIGIN}/api/v1/general/validacionIdentidad`, {
      method: 'POST',
      body: form,
      headers: { Cookie: await m.session(), Origin: ORIGIN },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(
      'El archivo supera el tamaño máximo permitido (48 MB)',
    );
  });
});
