// Issue 22 on the member's screens in real Chromium: the same member edits one profile section in
// two browsers; the second save gets the conflict banner, keeps what was typed, compares and
// reloads; at 390 px the banner does not scroll the page sideways. An administrator opens the
// member's history under the Perfil tab of the registered-user view and restores a field (only the
// fields the server restores are offered); a restore against a version the member moved meanwhile
// gets the server's Spanish refusal and the history is read again.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { P } from '../../worker/shared/permissions';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';
import { makeUser, shot, visible, type E2EUser } from './helpers';

let e2e: E2E;
let admin: Page;
let first: Page;
let second: Page;
let socia: E2EUser;

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** A JSON call as the signed-in page (its cookies, its origin). */
async function api(page: Page, method: string, path: string, data?: object) {
  const res = await page.request.fetch(`/api/v1${path}`, { method, data, headers: { Origin: e2e.base } });
  return { status: res.status(), json: await res.json().catch(() => null) };
}

const saved = (page: Page, path: string) =>
  page.waitForResponse(
    (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/v1${path}`,
  );

/** No sideways scroll: the page is no wider than the window. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  e2e = await startE2E();
  admin = await e2e.page();
  await loginAs(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  socia = await makeUser(e2e, 'socia', { perms: [P.miInformacionPersonal, P.perfil] });
  first = await e2e.page();
  second = await e2e.page();
  await loginAs(first, socia.email, socia.password);
  await loginAs(second, socia.email, socia.password);
  // The profile exists (with its version) before both browsers open it.
  const made = await api(first, 'PUT', '/general/perfil', { nombre_publico: 'Luna', idiomas: [] });
  expect(made.status).toBe(200);
}, 180_000);

afterAll(async () => {
  await e2e?.close();
});

describe("accountability on the member's profile", () => {
  it('two browsers edit one profile section: the second is warned, keeps its typing, compares and reloads', async () => {
    await first.goto('/app/perfil');
    await second.setViewportSize({ width: 390, height: 844 });
    await second.goto('/app/perfil');
    await expect.poll(() => field(first, 'Nombre público').inputValue()).toBe('Luna');
    await expect.poll(() => field(second, 'Nombre público').inputValue()).toBe('Luna');

    await field(first, 'Nombre público').fill('Luna de A');
    const one = saved(first, '/general/perfil');
    await first.getByRole('button', { name: 'Guardar', exact: true }).click();
    expect((await one).status()).toBe(200);

    await field(second, 'Nombre público').fill('Luna de B');
    await field(second, 'Descripción').fill('Texto de B');
    const two = saved(second, '/general/perfil');
    await second.getByRole('button', { name: 'Guardar', exact: true }).click();
    expect((await two).status()).toBe(409);
    const banner = second.getByRole('alert', { name: 'Conflicto de edición' });
    await visible(banner);
    await expect
      .poll(() => banner.textContent())
      .toMatch(
        /El registro fue modificado por .+ el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\. Recarga o compara antes de guardar\./,
      );
    // Nothing typed is lost.
    expect(await field(second, 'Nombre público').inputValue()).toBe('Luna de B');
    expect(await field(second, 'Descripción').inputValue()).toBe('Texto de B');

    await banner.getByRole('button', { name: 'Comparar' }).click();
    const table = second.getByRole('table', { name: 'Comparación' });
    await visible(table);
    const row = table.getByRole('row').filter({ hasText: 'Nombre público' });
    await expect.poll(() => row.textContent()).toContain('Luna de B');
    await expect.poll(() => row.textContent()).toContain('Luna de A');
    // At 390 px the banner and its comparison stay inside the window.
    expect(await overflow(second)).toBeLessThanOrEqual(0);
    await banner.scrollIntoViewIfNeeded();
    await shot(second, 'profile-conflict-390');

    // Recargar: the server's values in the inputs, and a save from there is accepted.
    await banner.getByRole('button', { name: 'Recargar' }).click();
    await expect.poll(() => field(second, 'Nombre público').inputValue()).toBe('Luna de A');
    await expect.poll(() => banner.count()).toBe(0);
    await field(second, 'Nombre público').fill('Luna de B');
    const three = saved(second, '/general/perfil');
    await second.getByRole('button', { name: 'Guardar', exact: true }).click();
    expect((await three).status()).toBe(200);
    expect((await api(first, 'GET', '/general/perfil')).json.data.perfil.nombre_publico).toBe('Luna de B');
  });

  it("an administrator opens the member's history and restores a field; a stale restore is refused in Spanish", async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto(`/app/consultas/usuariosregistrados/view/${socia.id}`);
    await admin.getByRole('tab', { name: 'Perfil', exact: true }).click();
    const panel = admin.getByRole('tabpanel').getByLabel('Historial de cambios', { exact: true });
    await panel.getByRole('button', { name: 'Historial de cambios' }).click();
    const revisions = panel.getByTestId('revision');
    await expect.poll(() => revisions.count()).toBeGreaterThanOrEqual(3);
    const before = await revisions.count();
    expect(await overflow(admin)).toBeLessThanOrEqual(0);
    await shot(admin, 'member-history-390');

    // Only the fields the server restores are offered: not the profile's owner.
    const created = revisions.last();
    await visible(created.getByRole('row', { name: /^Estado\b/ }).first());
    expect(await created.getByText('user_id').count()).toBe(0);
    await visible(revisions.first().getByRole('checkbox', { name: 'Restaurar Nombre público' }));
    // A creation has nothing before it to go back to.
    expect(await created.getByRole('checkbox').count()).toBe(0);
    // The creation names the fields it left empty in one line, not one row each.
    await visible(created.getByText(/^Sin valor al crear: .*Nombre público/));
    expect(await created.getByRole('row', { name: /Nombre público/ }).count()).toBe(0);

    // The member saves while the administrator looks: the restore is refused in the server's words
    // and the history is read again.
    const now = (await api(first, 'GET', '/general/perfil')).json.data;
    const meanwhile = await api(first, 'PUT', '/general/perfil', {
      nombre_publico: 'Luna de C',
      idiomas: [],
      version: now.version,
    });
    expect(meanwhile.status).toBe(200);
    // The edit from 'Luna de A' to 'Luna de B': undoing it brings back «Antes», 'Luna de A'.
    const target = revisions.filter({ hasText: 'Luna de A' }).filter({ hasText: 'Luna de B' });
    await target.getByRole('checkbox', { name: 'Restaurar Nombre público' }).click();
    const refused = admin.waitForResponse((r) => r.url().includes('/restaurar'));
    await target.getByRole('button', { name: 'Restaurar estos campos' }).click();
    expect((await refused).status()).toBe(409);
    await visible(
      admin.getByText(/El registro fue modificado por socia el .+ Recarga o compara antes de guardar\./),
    );
    await expect.poll(() => revisions.count()).toBe(before + 1);
    await shot(admin, 'member-history-refused');

    // Again, from the history as it is now: restored, as a new revision.
    const restored = admin.waitForResponse((r) => r.url().includes('/restaurar'));
    await target.getByRole('button', { name: 'Restaurar estos campos' }).click();
    expect((await restored).status()).toBe(200);
    await expect.poll(() => revisions.count()).toBe(before + 2);
    await visible(revisions.first().getByText('Restauró campos'));
    expect((await api(first, 'GET', '/general/perfil')).json.data.perfil.nombre_publico).toBe('Luna de A');
  });

  it("an administrator and the member edit the member's personal data: the administrator's stale save gets the banner", async () => {
    const form = (await api(first, 'GET', '/auth/initForm')).json;
    const cc = form.tiposIdentificacion.find((x: { codigo: string }) => x.codigo === 'CC').id;
    const current = (await api(first, 'GET', '/general/miinformacion')).json.data;
    const put = await api(first, 'PUT', '/general/miinformacion', {
      nombres: 'Socia',
      apellidos: 'Gómez',
      tipo_identificacion_id: cc,
      numero_identificacion: '1020304050',
      fecha_nacimiento: '1990-05-20',
      genero: 'F',
      celular: '3001234567',
      pais_id: form.paises[0].id,
      departamento_id: null,
      ciudad_id: null,
      direccion: null,
      nivel_educativo_id: null,
      version: current.version,
    });
    expect(put.status).toBe(200);

    await admin.goto(`/app/consultas/usuariosregistrados/edit/${socia.id}`);
    await first.goto('/app/miinformacionpersonal');
    await expect.poll(() => field(admin, 'Celular').inputValue()).toBe('3001234567');
    await expect.poll(() => field(first, 'Celular').inputValue()).toBe('3001234567');

    await field(first, 'Celular').fill('3110000000');
    const mine = saved(first, '/general/miinformacion');
    await first.getByRole('button', { name: 'Guardar', exact: true }).click();
    expect((await mine).status()).toBe(200);

    await field(admin, 'Número de identificación').fill('1020304050');
    await field(admin, 'Celular').fill('3229999999');
    const theirs = saved(admin, `/consultas/usuariosregistrados/${socia.id}`);
    await admin.getByRole('button', { name: 'Guardar', exact: true }).click();
    expect((await theirs).status()).toBe(409);
    const banner = admin.getByRole('alert', { name: 'Conflicto de edición' });
    await visible(banner);
    expect(await field(admin, 'Celular').inputValue()).toBe('3229999999');
    await banner.getByRole('button', { name: 'Comparar' }).click();
    const row = admin
      .getByRole('table', { name: 'Comparación' })
      .getByRole('row')
      .filter({ hasText: 'Celular' });
    await expect.poll(() => row.textContent()).toContain('3229999999');
    await expect.poll(() => row.textContent()).toContain('3110000000');
    expect(await overflow(admin)).toBeLessThanOrEqual(0);
    await shot(admin, 'member-personal-conflict-390');
    await banner.getByRole('button', { name: 'Recargar' }).click();
    await expect.poll(() => field(admin, 'Celular').inputValue()).toBe('3110000000');
  });
});
