// Issue 13 item 1: the privilege ceiling. A user manager (users view + edit only) may change a
// plain member's password, e-mail, user name, activation, roles and photo, but none of these on a
// user who holds a permission the manager lacks (the administrator): 403 and nothing changes.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions, roles, userRoles } from '../../worker/db/schema';
import { totpCode } from '../../worker/shared/totp';
import { ADMIN, makeApp, type TestApp } from '../setup/app';
import { png } from '../setup/files';

let t: TestApp;
let manager: string;
let adminId: number;
const MANAGER = [
  'app:general:configuracion:seguridad:usuarios:view',
  'app:general:configuracion:seguridad:usuarios:edit',
];
const CEILING = 'No puedes modificar este usuario: tiene permisos que tú no tienes';

beforeAll(async () => {
  t = await makeApp();
  manager = await (await t.makeUser('gestor', MANAGER)).session();
  adminId = (
    await t.request('GET', '/api/v1/auth/session', { cookie: await t.login(ADMIN.email, ADMIN.password) })
  ).json.user.id;
});

const photo = () => {
  const form = new FormData();
  form.set('file', png());
  return form;
};

async function actions(userId: number) {
  const user = (await t.request('GET', `/api/v1/seguridad/users/${userId}`, { cookie: manager })).json.data;
  const base = {
    user_name: user.user_name,
    email: user.email,
    nombres: user.nombres ?? 'N',
    apellidos: user.apellidos ?? '',
    roles: user.roles,
    activo: user.activo,
  };
  return {
    password: () =>
      t.request('PUT', `/api/v1/seguridad/users/${userId}/password`, {
        cookie: manager,
        body: { password: 'Tomada-12345', confirmar_password: 'Tomada-12345' },
      }),
    email: () =>
      t.request('PUT', `/api/v1/seguridad/users/${userId}`, {
        cookie: manager,
        body: { ...base, email: `nuevo${userId}@evil.example` },
      }),
    userName: () =>
      t.request('PUT', `/api/v1/seguridad/users/${userId}`, {
        cookie: manager,
        body: { ...base, user_name: `renombrado${userId}` },
      }),
    deactivate: () =>
      t.request('PUT', `/api/v1/seguridad/users/${userId}`, {
        cookie: manager,
        body: { ...base, activo: false },
      }),
    toggle: () =>
      t.request('PUT', '/api/v1/seguridad/users/toggle', {
        cookie: manager,
        body: { id: userId, value: false },
      }),
    roles: () =>
      t
        .request('PUT', `/api/v1/seguridad/users/${userId}/roles`, {
          cookie: manager,
          body: { roles: user.roles },
        })
        .then(() =>
          t.request('PUT', `/api/v1/seguridad/users/${userId}/roles`, {
            cookie: manager,
            body: { roles: [] },
          }),
        ),
    photo: () =>
      t.request('POST', `/api/v1/seguridad/users/${userId}/image`, { cookie: manager, raw: photo() }),
  };
}

describe('privilege ceiling', () => {
  it('refuses every sensitive change to a user holding more permissions (403, nothing changes)', async () => {
    // A second administrator, so the last-administrator rule is not what stops the manager.
    const second = await t.makeUser('admin2');
    const adminRole = (
      await t.request('GET', '/api/v1/seguridad/users/initForm', { cookie: manager })
    ).json.roles.find((r: any) => r.nombre === 'ADMINISTRADOR');
    await t.request('PUT', `/api/v1/seguridad/users/${second.id}/roles`, {
      cookie: await t.login(ADMIN.email, ADMIN.password),
      body: { roles: [adminRole.id] },
    });
    const before = (await t.request('GET', `/api/v1/seguridad/users/${adminId}`, { cookie: manager })).json
      .data;
    for (const [name, act] of Object.entries(await actions(adminId))) {
      const res = await act();
      expect([name, res.status, res.json?.message]).toEqual([name, 403, CEILING]);
    }
    expect(
      (await t.request('GET', `/api/v1/seguridad/users/${adminId}`, { cookie: manager })).json.data,
    ).toEqual(before);
    await t.login(ADMIN.email, ADMIN.password); // the password still works
    // Editing only the names of a stronger user is not a sensitive change.
    const names = await t.request('PUT', `/api/v1/seguridad/users/${adminId}`, {
      cookie: manager,
      body: {
        user_name: before.user_name,
        email: before.email,
        nombres: 'Admin',
        apellidos: 'Principal',
        roles: before.roles,
        activo: true,
      },
    });
    expect(names.status).toBe(200);
  });

  it('still lets a user manager make each change to a plain member', async () => {
    for (const [name, act] of Object.entries(await actions((await t.makeUser(`miembro`)).id))) {
      const res = await act();
      expect([name, res.status]).toEqual([name, 200]);
    }
    const m = await t.makeUser('miembro2');
    const res = await (await actions(m.id)).password();
    expect(res.status).toBe(200);
    await t.login(m.email, 'Tomada-12345');
  });

  it('counts an inactive role too: a user holding an inactive all-permission role is out of reach (issue 21 item 2)', async () => {
    const x = await t.makeUser('durmiente');
    const now = t.clock.now();
    const role = await t.db
      .insert(roles)
      .values({ nombre: 'TODO_INACTIVO', activo: false, createdAt: now, updatedAt: now })
      .returning()
      .get();
    const all = await t.db.select({ id: permissions.id }).from(permissions);
    await t.db.insert(rolePermissions).values(all.map((p) => ({ roleId: role.id, permissionId: p.id })));
    await t.db.insert(userRoles).values({ userId: x.id, roleId: role.id });
    const before = (await t.request('GET', `/api/v1/seguridad/users/${x.id}`, { cookie: manager })).json.data;
    const act = await actions(x.id);
    for (const name of ['password', 'email', 'userName', 'toggle', 'photo'] as const) {
      const res = await act[name]();
      expect([name, res.status, res.json?.message]).toEqual([name, 403, CEILING]);
    }
    // Re-activated, the role does not hand the manager an account he took over.
    await t.db.update(roles).set({ activo: true }).where(eq(roles.id, role.id));
    const after = (await t.request('GET', `/api/v1/seguridad/users/${x.id}`, { cookie: manager })).json.data;
    expect(after).toEqual(before);
    await t.login(x.email, x.password);
  });

  it('refuses self-service through the admin routes: own password and own two-factor go through Mi cuenta (issue 21 item 5)', async () => {
    const me = await t.makeUser('gestorpropio', MANAGER);
    const cookie = await me.cookie();
    const setup = await t.request('POST', '/api/v1/auth/account/2fa/setup', { cookie });
    const on = await t.request('POST', '/api/v1/auth/account/2fa/enable', {
      cookie,
      body: { code: await totpCode(setup.json.data.secret, t.clock.now()) },
    });
    expect(on.status).toBe(200);
    const SELF = 'Para cambiar tu propia contraseña o tu verificación en dos pasos, usa Mi cuenta';
    const off = await t.request('DELETE', `/api/v1/seguridad/users/${me.id}/2fa`, { cookie });
    expect([off.status, off.json?.message]).toEqual([403, SELF]);
    const pw = await t.request('PUT', `/api/v1/seguridad/users/${me.id}/password`, {
      cookie,
      body: { password: 'Propia-123456', confirmar_password: 'Propia-123456' },
    });
    expect([pw.status, pw.json?.message]).toEqual([403, SELF]);
    // Nothing changed: two-factor still on, the session alive, the old password still the password.
    const state = await t.request('GET', '/api/v1/auth/account/2fa', { cookie });
    expect([state.status, state.json.data.activo]).toEqual([200, true]);
    const step1 = await t.request('POST', '/api/v1/auth/login', {
      body: { email: me.email, password: me.password },
    });
    expect([step1.status, typeof step1.json.challenge]).toEqual([200, 'string']);
  });
});

describe('roles a user manager may give (issue 20)', () => {
  it('initForm marks as asignable exactly the roles the grant rule lets him give', async () => {
    const roles: { id: number; nombre: string; asignable: boolean }[] = (
      await t.request('GET', '/api/v1/seguridad/users/initForm', { cookie: manager })
    ).json.roles;
    const byName = Object.fromEntries(roles.map((r) => [r.nombre, r.asignable]));
    expect(byName.ADMINISTRADOR).toBe(false);
    expect(byName.ROL_GESTOR).toBe(true); // his own permissions
    expect(byName.USUARIO).toBe(false); // the member role holds member permissions he lacks
    // Whatever the flag says, the server agrees: each role is given (200) or refused (403).
    const target = await t.makeUser('destino');
    for (const role of roles) {
      const res = await t.request('PUT', `/api/v1/seguridad/users/${target.id}/roles`, {
        cookie: manager,
        body: { roles: [target.roleId, role.id] },
      });
      expect([role.nombre, res.status]).toEqual([role.nombre, role.asignable ? 200 : 403]);
      await t.request('PUT', `/api/v1/seguridad/users/${target.id}/roles`, {
        cookie: manager,
        body: { roles: [target.roleId] },
      });
    }
  });

  it('the administrator may give every role', async () => {
    const roles: { asignable: boolean }[] = (
      await t.request('GET', '/api/v1/seguridad/users/initForm', {
        cookie: await t.login(ADMIN.email, ADMIN.password),
      })
    ).json.roles;
    expect(roles.length).toBeGreaterThan(2);
    expect(roles.every((r) => r.asignable)).toBe(true);
  });
});

describe('privilege ceiling on roles (a role editor cannot empty the role of a user above him)', () => {
  const ROLE_CEILING = 'No puedes modificar este rol: tiene permisos que tú no tienes';
  const EDITOR = [
    ...MANAGER,
    'app:general:configuracion:seguridad:roles:view',
    'app:general:configuracion:seguridad:roles:edit',
    'app:general:configuracion:seguridad:roles:delete',
  ];

  it('refuses to edit, switch off or delete a role holding a permission he lacks; the user stays out of reach', async () => {
    const editor = await (await t.makeUser('editorroles', EDITOR)).session();
    const contador = await t.makeUser('contador', ['app:administracion:conciliacionpagos:control']);
    const path = `/api/v1/seguridad/roles/${contador.roleId}`;
    const before = (await t.request('GET', path, { cookie: editor })).json.data;
    const edit = await t.request('PUT', path, {
      cookie: editor,
      body: {
        nombre: before.nombre,
        descripcion: null,
        activo: true,
        require_totp: false,
        permisos: [],
        version: before.version,
      },
    });
    expect([edit.status, edit.json.message]).toEqual([403, ROLE_CEILING]);
    const off = await t.request('PUT', '/api/v1/seguridad/roles/toggle', {
      cookie: editor,
      body: { id: contador.roleId, value: false },
    });
    expect([off.status, off.json.message]).toEqual([403, ROLE_CEILING]);
    const del = await t.request('DELETE', path, { cookie: editor });
    expect([del.status, del.json.message]).toEqual([403, ROLE_CEILING]);
    expect((await t.request('GET', path, { cookie: editor })).json.data).toEqual(before);
    // The user ceiling still holds, so his password cannot be taken.
    const pw = await t.request('PUT', `/api/v1/seguridad/users/${contador.id}/password`, {
      cookie: editor,
      body: { password: 'Tomada-12345', confirmar_password: 'Tomada-12345' },
    });
    expect([pw.status, pw.json.message]).toEqual([403, CEILING]);
    await t.login(contador.email, contador.password);
  });

  it('still lets him edit, remove permissions from and switch off a role within his own permissions', async () => {
    const editor = await (await t.makeUser('editorroles2', EDITOR)).session();
    const gestor = await t.makeUser('gestormenor', MANAGER);
    const path = `/api/v1/seguridad/roles/${gestor.roleId}`;
    const role = (await t.request('GET', path, { cookie: editor })).json.data;
    const edit = await t.request('PUT', path, {
      cookie: editor,
      body: {
        nombre: role.nombre,
        descripcion: null,
        activo: true,
        require_totp: false,
        permisos: [MANAGER[0]],
        version: role.version,
      },
    });
    expect([edit.status, edit.json.data.permisos_codes]).toEqual([200, [MANAGER[0]]]);
    const off = await t.request('PUT', '/api/v1/seguridad/roles/toggle', {
      cookie: editor,
      body: { id: gestor.roleId, value: false },
    });
    expect([off.status, off.json.data.activo]).toEqual([200, false]);
  });
});
