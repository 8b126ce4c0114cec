// Issue 22 in real Chromium: two administrators edit one user at the same time, the second save is
// warned with who saved first and keeps everything typed; an administrator restores a role's
// permissions from its history panel.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configPermission, P } from '../../worker/shared/permissions';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';
import { makeUser, shot, visible, type E2EUser } from './helpers';

let e2e: E2E;
let admin: Page;
let ana: Page;
let target: E2EUser;

const USERS = '/app/configuracion/seguridad/usuarios';
const ROLES = '/app/configuracion/seguridad/roles';
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** A JSON call as the signed-in page (its cookies, its origin). */
async function api(page: Page, method: string, path: string, data?: object) {
  const res = await page.request.fetch(`/api/v1${path}`, {
    method,
    data,
    headers: { Origin: e2e.base },
  });
  return { status: res.status(), json: await res.json().catch(() => null) };
}

beforeAll(async () => {
  e2e = await startE2E();
  admin = await e2e.page();
  await loginAs(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  const editor = await makeUser(e2e, 'ana', {
    perms: [
      ...(['view', 'new', 'edit'] as const).map((a) => configPermission('seguridad:usuarios', a)),
      P.actividad,
    ],
  });
  ana = await e2e.page();
  await loginAs(ana, editor.email, editor.password);
  target = await makeUser(e2e, 'objetivo', { role: 'USUARIO' });
}, 180_000);

afterAll(async () => {
  await e2e?.close();
});

describe('accountability', () => {
  it('two browsers edit one user: the second save is warned, keeps what was typed and compares', async () => {
    await admin.goto(`${USERS}/edit/${target.id}`);
    await ana.goto(`${USERS}/edit/${target.id}`);
    await visible(field(admin, 'Nombres'));
    await visible(field(ana, 'Nombres'));

    await field(admin, 'Nombres').fill('Nombre del administrador');
    const first = admin.waitForResponse(
      (r) => r.url().includes(`/seguridad/users/${target.id}`) && r.request().method() === 'PUT',
    );
    await admin.getByRole('button', { name: 'Guardar' }).click();
    expect((await first).status()).toBe(200);

    await field(ana, 'Nombres').fill('Nombre de Ana');
    await field(ana, 'Apellidos').fill('Apellido de Ana');
    const second = ana.waitForResponse(
      (r) => r.url().includes(`/seguridad/users/${target.id}`) && r.request().method() === 'PUT',
    );
    await ana.getByRole('button', { name: 'Guardar' }).click();
    expect((await second).status()).toBe(409);
    const banner = ana.getByRole('alert', { name: 'Conflicto de edición' });
    await visible(banner);
    await expect
      .poll(() => banner.textContent())
      .toMatch(
        /El registro fue modificado por .+ el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\. Recarga o compara antes de guardar\./,
      );
    // Nothing typed is lost.
    expect(await field(ana, 'Nombres').inputValue()).toBe('Nombre de Ana');
    expect(await field(ana, 'Apellidos').inputValue()).toBe('Apellido de Ana');
    await ana.getByRole('button', { name: 'Comparar' }).click();
    const table = ana.getByRole('table', { name: 'Comparación' });
    await visible(table);
    const row = table.getByRole('row').filter({ hasText: 'Nombres' });
    await expect.poll(() => row.textContent()).toContain('Nombre de Ana');
    await expect.poll(() => row.textContent()).toContain('Nombre del administrador');
    await shot(ana, 'edit-conflict');
    // The server kept the first save.
    expect((await api(admin, 'GET', `/seguridad/users/${target.id}`)).json.data.nombres).toBe(
      'Nombre del administrador',
    );
  });

  it("an administrator restores a role's permissions from its history", async () => {
    const made = await api(admin, 'POST', '/seguridad/roles', {
      nombre: 'ROL HISTORIAL',
      permisos: [P.actividad],
    });
    expect(made.status).toBe(201);
    const role = made.json.data;
    const edited = await api(admin, 'PUT', `/seguridad/roles/${role.id}`, {
      nombre: role.nombre,
      permisos: [P.actividad, P.bonos],
      version: role.version,
    });
    expect(edited.status).toBe(200);

    await admin.goto(`${ROLES}/edit/${role.id}`);
    await admin.getByRole('button', { name: 'Historial de cambios' }).click();
    const revisions = admin.getByTestId('revision');
    await expect.poll(() => revisions.count()).toBe(2);
    // Undoing the edit brings back its «Antes»: the permissions as created.
    const edit = revisions.first();
    await edit.getByRole('checkbox', { name: 'Restaurar Permisos' }).click();
    await visible(edit.getByText('Vuelven a su valor de «Antes».'));
    const restored = admin.waitForResponse((r) => r.url().includes('/restaurar'));
    await edit.getByRole('button', { name: 'Restaurar estos campos' }).click();
    expect((await restored).status()).toBe(200);
    await expect.poll(() => revisions.count()).toBe(3);
    await visible(revisions.first().getByText('Restauró campos'));
    await shot(admin, 'role-restored');
    const now = await api(admin, 'GET', `/seguridad/roles/${role.id}`);
    expect(now.json.data.permisos_codes).toEqual([P.actividad]);

    // Actividad names the changed fields as the forms do and opens the record.
    await admin.goto('/app/administracion/actividad');
    const search = admin.getByRole('search', { name: 'Filtros' });
    await search.getByLabel('Entidad').selectOption({ label: 'Roles' });
    await search.getByLabel('Acción').selectOption({ label: 'Restauró campos' });
    const grid = admin.getByRole('table', { name: 'Actividad' });
    const link = grid.getByRole('link', { name: `Abrir Roles ${role.id}` });
    await visible(link);
    const row = link.locator('xpath=ancestor::tr');
    expect(await row.getByRole('cell').allTextContents()).toContain('Permisos');
    await shot(admin, 'activity-labels');
    // A creation names what it filled in, as the form does: no ids, times, versions or empty fields.
    await search.getByLabel('Acción').selectOption({ label: 'Creó' });
    // (The grid reloads for the new filter: wait for the creation's row, as a reader would.)
    const created = grid.getByRole('row').filter({ hasText: 'Creó' }).filter({ hasText: 'Roles' });
    await expect
      .poll(async () => (await created.count()) === 1 && (await created.getByRole('cell').allTextContents()))
      .toContain('Nombre, Activo, Exigir verificación en dos pasos, Permisos');
    await link.click();
    await admin.waitForURL(`**${ROLES}/edit/${role.id}`);
    await visible(admin.getByLabel('Nombre', { exact: true }));
  });
});
