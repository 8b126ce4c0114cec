// Issue 20, "what a new user trips on": unsaved typing is not lost silently, the theme warning is
// said once, no sideways scroll at 390 px, the drawer covers long pages, the birth date has a
// calendar. Screenshots at 1280 and 390 px in screenshots/ (git-ignored).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';
import { makeUser, visible, type E2EUser } from './helpers';

let e2e: E2E;
let member: E2EUser;
const SHOTS = 'screenshots';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function memberPage(width = 1280) {
  const page = await e2e.page();
  if (width !== 1280) await page.setViewportSize({ width, height: 844 });
  await loginAs(page, member.email, member.password);
  return page;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

beforeAll(async () => {
  e2e = await startE2E();
  member = await makeUser(e2e, 'nuevo', { role: 'USUARIO' });
}, 180_000);
afterAll(async () => e2e?.close());

describe('a new user', () => {
  it('is asked before unsaved typing is left behind (another tab, another page)', async () => {
    const page = await memberPage();
    await page.goto('/app/miinformacionpersonal');
    const nombres = field(page, 'Nombres');
    await visible(nombres);
    for (let i = 0; i < 50 && (await nombres.inputValue()) !== 'nuevo'; i++) await page.waitForTimeout(200);
    await page.waitForTimeout(500);
    // Nothing typed: switching tabs does not ask.
    await page.getByRole('tab', { name: 'Beneficiarios' }).click();
    await page.waitForURL(/tab=beneficiarios/);
    await page.getByRole('tab', { name: 'Información personal' }).click();
    await page.waitForURL((u) => !u.search.includes('tab='));
    await nombres.fill('Escrito a medias');
    // Another tab asks; Cancelar keeps the typing and the tab.
    await page.getByRole('tab', { name: 'Beneficiarios' }).click();
    const dialog = page.getByRole('alertdialog');
    await visible(dialog.getByText('Cambios sin guardar'));
    await visible(dialog.getByText('¿Desea salir sin guardar los cambios?'));
    await shot(page, 'leave-guard-1280');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).not.toContain('tab=');
    expect(await nombres.inputValue()).toBe('Escrito a medias');
    // A side-menu link asks too; Salir sin guardar leaves.
    // Typing the saved value back leaves nothing unsaved; typing again does.
    await nombres.fill('nuevo');
    await page.getByRole('tab', { name: 'Validación de identidad' }).click();
    await page.waitForURL(/tab=identidad/);
    await page.getByRole('tab', { name: 'Información personal' }).click();
    await visible(nombres);
    await nombres.fill('Otra vez');
    const other = page
      .locator('#app-drawer a[href^="/app/"]:not([href^="/app/miinformacionpersonal"])')
      .first();
    const href = (await other.getAttribute('href'))!;
    await other.click();
    await visible(dialog.getByText('Cambios sin guardar'));
    expect(page.url()).toContain('/app/miinformacionpersonal');
    await dialog.getByRole('button', { name: 'Salir sin guardar' }).click();
    await page.waitForURL((u) => u.pathname === href);
  }, 90_000);

  // Storing a valid theme and the stored unknown theme's one warning: tests/components/appearance.test.tsx.

  it('warns of the unknown default theme in the console on the first load only, not on every page', async () => {
    const page = await e2e.page();
    const warned: string[] = [];
    page.on('console', (m) => {
      if (m.text().startsWith('Tema desconocido')) warned.push(m.text());
    });
    await page.goto('/login');
    await visible(page.getByRole('button', { name: 'Iniciar sesión' }));
    await expect.poll(() => warned).toEqual(['Tema desconocido "LIGHT"; se usa CLARO.']);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('settings')))!).theme).toBe('CLARO');
    await loginAs(page, member.email, member.password);
    for (const path of ['/app/account', '/app/miinformacionpersonal']) {
      await page.goto(path);
      await visible(page.getByRole('heading', { level: 1 }));
    }
    expect(warned).toHaveLength(1);
  });

  it('saving without a connection says so at once and keeps what was typed; back online it saves', async () => {
    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/app/configuracion/generales/bancos/new');
    await visible(page.getByRole('heading', { name: 'Bancos: nuevo registro' }));
    await page.getByLabel('Código').fill('OFF1');
    await page.getByLabel('Nombre').fill('Banco sin red');
    await page.context().setOffline(true);
    try {
      await page.getByRole('button', { name: 'Guardar' }).click();
      // Told within the client's own retries (about a second), not paused until the network returns.
      await visible(page.getByText('Ha ocurrido un error al momento de intentar grabar los datos').first());
      await visible(page.getByRole('button', { name: 'Guardar' }));
      expect(await page.getByLabel('Nombre').inputValue()).toBe('Banco sin red');
    } finally {
      await page.context().setOffline(false);
    }
    await page.getByRole('button', { name: 'Guardar' }).click();
    await visible(page.getByText('Registro creado correctamente').first());
  });

  it('has no sideways scroll at 390 px on Mi cuenta, Beneficiarios and Detalle de bonos', async () => {
    const admin = await e2e.page();
    await loginAs(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    const headers = { Origin: e2e.base };
    const kin = await admin.request.post('/api/v1/general/parentescos', {
      data: { nombre: 'Hermana' },
      headers,
    });
    expect(kin.status()).toBe(201);
    const page = await memberPage(390);
    const added = await page.request.post('/api/v1/general/beneficiarios', {
      headers,
      data: {
        nombre: 'María Fernanda Rodríguez Castañeda',
        numero_identificacion: '1020304050',
        parentesco_id: (await kin.json()).data.id,
        porcentaje: 5000,
      },
    });
    expect(added.status()).toBe(201);
    const overflow = () =>
      page.evaluate(() => {
        const s = document.scrollingElement!;
        return s.scrollWidth - s.clientWidth;
      });
    await page.goto('/app/account');
    await visible(page.getByRole('heading', { level: 1, name: 'Mi cuenta' }));
    await page.waitForTimeout(300);
    await shot(page, 'account-390');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto('/app/miinformacionpersonal?tab=beneficiarios');
    await visible(page.getByRole('tab', { name: 'Beneficiarios', selected: true }));
    await visible(page.getByText('María Fernanda Rodríguez Castañeda'));
    await page.waitForTimeout(300);
    await shot(page, 'beneficiarios-390');
    expect(await overflow()).toBeLessThanOrEqual(0);

    // The bonus rates: the whole table, its edit actions included, fits without scrolling it.
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto('/app/administracion/detallebonos');
    await visible(admin.getByRole('link', { name: 'Editar nivel 3' }));
    await shot(admin, 'detallebonos-390');
    const table = admin.getByRole('table', { name: 'Detalle de bonos' });
    expect(
      await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
    ).toBeLessThanOrEqual(0);
    expect(
      await admin.evaluate(() => document.scrollingElement!.scrollWidth - innerWidth),
    ).toBeLessThanOrEqual(0);
  });

  it('sees the drawer reach the bottom of a long page after scrolling', async () => {
    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/app/configuracion/seguridad/roles/new');
    await visible(page.getByRole('heading', { level: 1 }));
    await page.waitForTimeout(500);
    const height = await page.evaluate(() => document.scrollingElement!.scrollHeight);
    expect(height).toBeGreaterThan(860 * 1.5);
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    await page.waitForTimeout(200);
    const { bottom, inner, atBottom } = await page.evaluate(() => {
      const aside = document.getElementById('app-drawer')!;
      const hit = document.elementFromPoint(20, window.innerHeight - 4);
      return {
        bottom: aside.getBoundingClientRect().bottom,
        inner: window.innerHeight,
        atBottom: !!hit && aside.contains(hit),
      };
    });
    await page.screenshot({ path: `${SHOTS}/drawer-scrolled-1280.png` });
    // Its background also runs down the whole document (a full-page capture shows no short panel).
    const stripBottom = await page.evaluate(() => {
      const strip = document.querySelector('[data-drawer-strip]');
      return strip ? strip.getBoundingClientRect().bottom + window.scrollY : 0;
    });
    expect(stripBottom).toBeGreaterThanOrEqual(height);
    await shot(page, 'drawer-fullpage-1280');
    expect(bottom).toBeGreaterThanOrEqual(inner);
    expect(atBottom).toBe(true);
  });

  it('picks the birth date in a calendar and sees it as YYYY-MM-DD', async () => {
    for (const width of [1280, 390]) {
      const page = await memberPage(width);
      await page.goto('/app/miinformacionpersonal');
      const fecha = field(page, 'Fecha de nacimiento');
      await visible(fecha);
      await visible(page.getByRole('button', { name: 'Elegir fecha en el calendario' }));
      await page.locator('input[type="date"]').fill('1990-05-20');
      expect(await fecha.inputValue()).toBe('1990-05-20');
      await shot(page, `personal-${width}`);
    }
  });

  it("'Enviar a revisión' marks the missing fields in the form, not only a toast", async () => {
    const page = await memberPage();
    await page.goto('/app/perfil');
    const nombre = field(page, 'Nombre público');
    await visible(nombre);
    const refused = page.waitForResponse((r) => r.url().includes('/perfil/enviar'));
    await page.getByRole('button', { name: 'Enviar a revisión' }).click();
    expect((await refused).status()).toBe(422);
    await page.waitForFunction(
      () => document.querySelector('form[aria-label="Perfil"] [aria-invalid="true"]') !== null,
    );
    expect(await nombre.getAttribute('aria-invalid')).toBe('true');
    await visible(page.locator('form[aria-label="Perfil"]').getByText('Este campo es requerido'));
    await shot(page, 'perfil-missing-1280');
  });
});
