import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions, roles, userRoles, users } from '../../worker/db/schema';
import { PBKDF2_ITERATIONS } from '../../worker/platform/ports';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
let secret: Uint8Array;
beforeAll(async () => {
  t = await makeApp();
  secret = t.ports.config.jwtSecret;
});

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const sessionWith = (token: string) => t.request('GET', '/api/v1/auth/session', { cookie: `token=${token}` });

async function realToken() {
  const u = await t.makeUser(`jwt${Math.random().toString(36).slice(2, 8)}`);
  const cookie = await u.cookie();
  return { u, cookie, token: /token=([^;]+)/.exec(cookie)![1]! };
}

describe('JWT verification (SECURITY row 3)', () => {
  it('accepts the real token', async () => {
    const { token } = await realToken();
    expect((await sessionWith(token)).status).toBe(200);
  });

  it('refuses alg none', async () => {
    const { token } = await realToken();
    const payload = token.split('.')[1];
    expect((await sessionWith(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`)).status).toBe(401);
  });

  it('refuses an edited payload', async () => {
    const { token, u } = await realToken();
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const edited = b64({ ...claims, sub: '1' });
    expect(edited).not.toBe(p);
    expect((await sessionWith(`${h}.${edited}.${s}`)).status).toBe(401);
    expect(u.id).not.toBe(1);
  });

  // Each forged token carries the live session's real `sub` and `jti`, re-signed with exactly one
  // defect, so only the signature, expiry or audience check can refuse it. The control (same
  // claims, same key) must pass, or the forgeries prove nothing.
  async function liveClaims() {
    const { token } = await realToken();
    return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      jti: string;
      iat: number;
      exp: number;
      iss: string;
      aud: string;
    };
  }
  const sign = (claims: Record<string, unknown>, key: Uint8Array) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
  const otherKey = new TextEncoder().encode('another-secret-of-at-least-32-bytes!!');

  it('accepts the live claims re-signed with the right key (the control)', async () => {
    const claims = await liveClaims();
    expect((await sessionWith(await sign(claims, secret))).status).toBe(200);
  });

  it.each([
    ['no exp', (c: Record<string, unknown>) => ({ ...c, exp: undefined }), 'secret'],
    [
      'expired',
      (c: Record<string, unknown>) => ({ ...c, exp: Math.floor(t.clock.now() / 1000) - 60 }),
      'secret',
    ],
    ['wrong audience', (c: Record<string, unknown>) => ({ ...c, aud: 'other' }), 'secret'],
    ['another key', (c: Record<string, unknown>) => c, 'other'],
  ])('refuses a live session token with %s', async (_name, edit, which) => {
    const claims = await liveClaims();
    expect((await sessionWith(await sign(claims, secret))).status).toBe(200);
    const forged = await sign(
      JSON.parse(JSON.stringify(edit(claims))),
      which === 'secret' ? secret : otherKey,
    );
    expect((await sessionWith(forged)).status).toBe(401);
  });
});

describe('revocation (SECURITY row 4)', () => {
  it('logout ends the session: the old cookie is refused', async () => {
    const { cookie } = await realToken();
    const out = await t.request('GET', '/api/v1/auth/logout', { cookie });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().some((c) => c.startsWith('token=;'))).toBe(true);
    expect((await t.request('GET', '/api/v1/auth/session', { cookie })).status).toBe(401);
  });

  it('a password change ends the old session and hands the caller a new one', async () => {
    const { cookie, u } = await realToken();
    const res = await t.request('PUT', '/api/v1/auth/password', {
      cookie,
      body: { actual: u.password, password: 'Otra-clave-99', confirmar_password: 'Otra-clave-99' },
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('La contraseña se ha cambiado correctamente');
    expect((await t.request('GET', '/api/v1/auth/session', { cookie })).status).toBe(401);
    const fresh = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect((await t.request('GET', '/api/v1/auth/session', { cookie: fresh })).status).toBe(200);
  });

  it('a wrong current password is a 422 and changes nothing', async () => {
    const { cookie } = await realToken();
    const res = await t.request('PUT', '/api/v1/auth/password', {
      cookie,
      body: { actual: 'no-es-esta', password: 'Otra-clave-99', confirmar_password: 'Otra-clave-99' },
    });
    expect(res.status).toBe(422);
    expect((await t.request('GET', '/api/v1/auth/session', { cookie })).status).toBe(200);
  });

  it('disabling the user ends its sessions on the next request', async () => {
    const { cookie, u } = await realToken();
    await t.db.update(users).set({ activo: false }).where(eq(users.id, u.id));
    expect((await t.request('GET', '/api/v1/auth/session', { cookie })).status).toBe(401);
  });

  it('a role change applies on the next request (permissions are read from the database)', async () => {
    const u = await t.makeUser('rolechange', ['app:general:configuracion:generales:bancos:view']);
    const cookie = await u.cookie();
    expect((await t.request('GET', '/api/v1/auth/permissions', { cookie })).json.data).toEqual([
      'app:general:configuracion:generales:bancos:view',
    ]);
    await t.db.delete(rolePermissions).where(eq(rolePermissions.roleId, u.roleId));
    expect((await t.request('GET', '/api/v1/auth/permissions', { cookie })).json.data).toEqual([]);
  });

  // Permissions are kept per access-control version (decision 0015); triggers change the version
  // on every write to roles, role permissions and the catalogue, so writes made straight to the
  // database (no app code involved) must show on the very next request.
  describe('the access-control version follows every change (decision 0015)', () => {
    const BANCOS = 'app:general:configuracion:generales:bancos:view';
    const PAISES = 'app:general:configuracion:generales:paises:view';
    const held = async (cookie: string) =>
      (await t.request('GET', '/api/v1/auth/permissions', { cookie })).json.data as string[];
    const bancos = (cookie: string) => t.request('GET', '/api/v1/general/bancos', { cookie });

    it('a permission added to a role, or the role switched off and on, shows on the next request', async () => {
      const u = await t.makeUser('aclgrant', [BANCOS]);
      const cookie = await u.cookie();
      expect((await bancos(cookie)).status).toBe(200);
      const paises = (await t.db
        .select({ id: permissions.id })
        .from(permissions)
        .where(eq(permissions.code, PAISES))
        .get())!;
      await t.db.insert(rolePermissions).values({ roleId: u.roleId, permissionId: paises.id });
      expect(await held(cookie)).toEqual([BANCOS, PAISES].sort());
      await t.db.update(roles).set({ activo: false }).where(eq(roles.id, u.roleId));
      expect(await held(cookie)).toEqual([]);
      expect((await bancos(cookie)).status).toBe(403);
      await t.db.update(roles).set({ activo: true }).where(eq(roles.id, u.roleId));
      expect((await bancos(cookie)).status).toBe(200);
    });

    it('taking a role from the user applies on the next request', async () => {
      const u = await t.makeUser('aclunassign', [BANCOS]);
      const cookie = await u.cookie();
      expect((await bancos(cookie)).status).toBe(200);
      await t.db.delete(userRoles).where(eq(userRoles.userId, u.id));
      expect((await bancos(cookie)).status).toBe(403);
      await t.db.insert(userRoles).values({ userId: u.id, roleId: u.roleId });
      expect((await bancos(cookie)).status).toBe(200);
    });

    it('users of different roles, served in turns, each get their own permissions', async () => {
      const a = await t.makeUser('aclturna', [BANCOS]);
      const b = await t.makeUser('aclturnb', [PAISES]);
      const [ca, cb] = [await a.cookie(), await b.cookie()];
      for (let i = 0; i < 3; i++) {
        expect(await held(ca)).toEqual([BANCOS]);
        expect(await held(cb)).toEqual([PAISES]);
      }
      expect((await bancos(cb)).status).toBe(403);
    });

    it('a permission removed through the roles screen is refused on the next request', async () => {
      const u = await t.makeUser('aclscreen', [BANCOS, PAISES]);
      const cookie = await u.cookie();
      expect((await bancos(cookie)).status).toBe(200);
      const admin = await t.login(ADMIN.email, ADMIN.password);
      const role = (await t.request('GET', `/api/v1/seguridad/roles/${u.roleId}`, { cookie: admin })).json
        .data;
      const body = {
        nombre: role.nombre,
        descripcion: role.descripcion,
        activo: role.activo,
        require_totp: role.require_totp,
        permisos: [PAISES],
      };
      const res = await t.request('PUT', `/api/v1/seguridad/roles/${u.roleId}`, { cookie: admin, body });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect((await bancos(cookie)).status).toBe(403);
      expect(await held(cookie)).toEqual([PAISES]);
    });
  });

  it('a session expires after its lifetime', async () => {
    const { cookie } = await realToken();
    t.clock.advance(8 * 3_600_000 + 1000);
    expect((await t.request('GET', '/api/v1/auth/session', { cookie })).status).toBe(401);
  });
});

describe('password storage uses the configured iteration count (SECURITY row 1)', () => {
  it('hashes a registered password with PBKDF2_ITERATIONS, the value the app is configured with', async () => {
    expect(t.ports.config.pbkdf2Iterations).toBe(PBKDF2_ITERATIONS);
    const u = await t.makeUser('iteraciones');
    await t.request('PUT', '/api/v1/auth/password', {
      cookie: await u.cookie(),
      body: { actual: u.password, password: 'Otra-clave-99', confirmar_password: 'Otra-clave-99' },
    });
    const row = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, u.id)).get();
    expect(row!.hash.split('$').slice(0, 2)).toEqual(['pbkdf2-sha256', String(PBKDF2_ITERATIONS)]);
  });
});
