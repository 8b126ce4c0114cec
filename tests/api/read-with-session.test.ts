// Decision 0018: a registry grid page and a detail read send the session statement in the same
// batch as their rows (one round trip on the Worker). Whatever that batch read leaves only for a
// live session holding the permission; an answer given without a read (bad input, a missing row)
// is refused the same way. On both targets.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { roles, rolePermissions } from '../../worker/db/schema';
import { configPermission } from '../../worker/shared/permissions';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

const VIEW = configPermission('generales:bancos', 'view');
const url = '/api/v1/general/bancos';

let t: TestApp;
let bancoId: number;
beforeAll(async () => {
  t = await makeApp();
  const admin = await t.login(ADMIN.email, ADMIN.password);
  const made = await t.request('POST', url, {
    cookie: admin,
    body: { codigo: 'SR1', nombre: 'Banco Sesión' },
  });
  expect(made.status, made.text).toBe(201);
  bancoId = made.json.data.id;
});

const get = (path: string, cookie: string) => t.request('GET', path, { cookie });
const badQuery = `${url}?filters=${encodeURIComponent(JSON.stringify({ nope: 1 }))}`;

describe('a read with the session in its batch', () => {
  it('serves the holder: the page, the row, and the holder’s own 422 and 404', async () => {
    const holder = await (await t.makeUser('lector', [VIEW])).session();
    const page = await get(
      `${url}?filters=${encodeURIComponent(JSON.stringify({ nombre: 'Banco Sesión' }))}`,
      holder,
    );
    expect([page.status, page.json.data.map((r: { codigo: string }) => r.codigo)]).toEqual([200, ['SR1']]);
    expect((await get(`${url}/${bancoId}`, holder)).json.data.nombre).toBe('Banco Sesión');
    expect((await get(badQuery, holder)).status).toBe(422);
    expect((await get(`${url}/999999`, holder)).status).toBe(404);
  });

  it('refuses a user without the permission (403) with no row in the answer, even for bad input or a missing row', async () => {
    const other = await (
      await t.makeUser('sinbancos', [configPermission('generales:monedas', 'view')])
    ).session();
    for (const path of [url, `${url}/${bancoId}`, badQuery, `${url}/999999`]) {
      const res = await get(path, other);
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.text).not.toContain('Banco Sesión');
    }
  });

  it('refuses an ended session (401) on every kind of answer', async () => {
    const user = await t.makeUser('saliente', [VIEW]);
    const cookie = await user.cookie();
    expect((await get(url, cookie)).status).toBe(200);
    expect((await t.request('POST', '/api/v1/auth/logout', { cookie })).status).toBe(204);
    for (const path of [url, `${url}/${bancoId}`, badQuery, `${url}/999999`]) {
      const res = await get(path, cookie);
      expect([path, res.status]).toEqual([path, 401]);
      expect(res.text).not.toContain('Banco Sesión');
    }
  });

  it('applies a permission taken from the role on the next read', async () => {
    const user = await t.makeUser('revocado', [VIEW]);
    const cookie = await user.session();
    expect((await get(url, cookie)).status).toBe(200);
    await t.db.delete(rolePermissions).where(eq(rolePermissions.roleId, user.roleId));
    expect((await get(url, cookie)).status).toBe(403);
    expect((await get(`${url}/${bancoId}`, cookie)).status).toBe(403);
  });

  it('holds a user whose role requires two-factor sign-in to enrolment first', async () => {
    const user = await t.makeUser('sin2fa', [VIEW]);
    const cookie = await user.session();
    await t.db.update(roles).set({ requireTotp: true }).where(eq(roles.id, user.roleId));
    const res = await get(url, cookie);
    expect([res.status, res.json.code]).toEqual([403, 'TOTP_REQUERIDO']);
    expect(res.text).not.toContain('Banco Sesión');
  });

  it('refuses an expired session (401)', async () => {
    const cookie = await (await t.makeUser('caduca', [VIEW])).session();
    t.clock.advance(9 * 3600_000);
    try {
      expect((await get(url, cookie)).status).toBe(401);
      expect((await get(`${url}/${bancoId}`, cookie)).status).toBe(401);
    } finally {
      t.clock.advance(-9 * 3600_000);
    }
  });
});
