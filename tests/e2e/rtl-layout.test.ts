// Right-to-left keeps numbers, money, dates, the paging range and the footer in reading order
// (issue 15 §4), and the layout faults of §8 stay fixed (screenshots in /tmp/shots).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriaproductos, productos, validacionesIdentidad } from '../../worker/db/schema';
import { E2E_ADMIN, loginAs, startE2E, type E2E } from '../setup/e2e';
import { makeUser, shot, visible } from './helpers';

let e2e: E2E;

/** Screen x of the first occurrence of `part` inside the element's text, as rendered. */
async function xOf(page: Page, selector: string, part: string): Promise<number> {
  return page.evaluate(
    ([sel, p]) => {
      const el = document.querySelector(sel)!;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const i = n.textContent!.indexOf(p);
        if (i < 0) continue;
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        return r.getBoundingClientRect().left;
      }
      throw new Error(`"${p}" not in ${sel}: ${el.textContent}`);
    },
    [selector, part] as const,
  );
}

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.ports.db;
  const t = Date.UTC(2026, 10, 23, 20, 7, 19);
  const cat = await db
    .insert(categoriaproductos)
    .values({ nombre: 'Kits', createdAt: t, updatedAt: t })
    .returning()
    .get();
  await db.insert(productos).values([
    {
      codigo: 'K-1',
      nombre: 'Kit básico',
      categoriaId: cat.id,
      precio: 4_550_000,
      createdAt: t,
      updatedAt: t,
    },
    { codigo: 'K-2', nombre: 'Kit plus', categoriaId: cat.id, precio: 8_990_000, createdAt: t, updatedAt: t },
  ]);
}, 120_000);
afterAll(async () => e2e?.close());

describe('right-to-left', () => {
  it('a date cell, a money cell, the paging range and the footer keep their reading order', async () => {
    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    // The direction is chosen in the settings popover and kept in localStorage 'settings'.
    await page.getByRole('button', { name: 'Ajustes de apariencia' }).click();
    await page.getByRole('radio', { name: 'Derecha a izquierda' }).check();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('settings')))!).direction).toBe('rtl');
    await page.keyboard.press('Escape');
    // The stored direction is on <html> once the document is parsed, before React's first render
    // commits, even on a slow phone (CPU slowed down 20 times: React then renders in slices).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.goto(
      '/app/configuracion/catalogo/productos?sorts=' + encodeURIComponent(JSON.stringify({ codigo: 'asc' })),
      {
        waitUntil: 'domcontentloaded',
      },
    );
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const row = page.getByRole('row').filter({ hasText: 'K-1' });
    await visible(row.getByText('2026-11-23 15:07:19'));
    await row.getByText('2026-11-23 15:07:19').evaluate((el) => el.setAttribute('data-probe', 'date'));
    await row.getByText('$ 45.500,00').evaluate((el) => el.setAttribute('data-probe', 'money'));
    // Left to right on screen: the year before the time, the $ before the amount, 1–2 before "registros".
    expect(await xOf(page, '[data-probe="date"]', '2026')).toBeLessThan(
      await xOf(page, '[data-probe="date"]', '15:'),
    );
    expect(await xOf(page, '[data-probe="money"]', '$')).toBeLessThan(
      await xOf(page, '[data-probe="money"]', '45'),
    );
    expect(await xOf(page, '[data-testid="page-range"]', '1')).toBeLessThan(
      await xOf(page, '[data-testid="page-range"]', 'registros'),
    );
    expect(await xOf(page, 'footer', 'P')).toBeLessThan(await xOf(page, 'footer', '.'));
    await shot(page, 'rtl-grid');
    // The filter inputs: a date reads left to right; a typed code follows its own (LTR) content.
    const dateFilter = page.locator('main input[placeholder="AAAA-MM-DD"]').first();
    await dateFilter.fill('2026-11-23');
    expect(await dateFilter.evaluate((el) => el.matches(':dir(ltr)'))).toBe(true);
    const textFilter = page.locator('main input[type="search"]').first();
    await textFilter.fill('K-1');
    expect(await textFilter.evaluate((el) => el.matches(':dir(ltr)'))).toBe(true);
    await textFilter.fill('كود');
    expect(await textFilter.evaluate((el) => el.matches(':dir(rtl)'))).toBe(true);
  }, 60_000);
});

describe('layout faults of issue 15 §8', () => {
  it('registered users at 1440 px: Registrado shows whole; donut says "1 miembro"; dates read YYYY-MM-DD', async () => {
    const m = await makeUser(e2e, 'unmiembro', { role: 'USUARIO' });
    const page = await e2e.page();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/app/consultas/usuariosregistrados');
    await visible(page.getByRole('cell', { name: 'unmiembro', exact: true }));
    const cell = page
      .getByRole('row')
      .filter({ hasText: 'unmiembro' })
      .getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Not clipped: the value's box is as wide as its text.
    expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await shot(page, 'layout-registered-users-1440');

    // One identity submission: one full ring without a seam, and the singular label.
    const now = Date.now();
    await e2e.server.ports.db
      .insert(validacionesIdentidad)
      .values({ userId: m.id, estado: 'PENDIENTE', enviadoAt: now, createdAt: now, updatedAt: now });
    await page.goto('/app/reports/dashboard');
    const donut = page.getByRole('figure', {
      name: 'Gráfico de miembros por estado de validación de identidad',
    });
    await visible(donut);
    const card = page.locator('[data-slot="card"]').filter({ has: donut });
    await visible(card.getByText('miembro', { exact: true }));
    expect(await card.getByText('miembros', { exact: true }).count()).toBe(0);
    // The plot draws once its frame nears the viewport, from a module of its own (decision 0105).
    await donut.scrollIntoViewIfNeeded();
    await expect.poll(() => card.locator('.recharts-pie-sector').count()).toBe(1);
    await page.waitForTimeout(2000); // the pie animates in
    await card.screenshot({ path: '/tmp/shots/layout-dashboard-donut.png' });

    const own = await e2e.page();
    await loginAs(own, m.email, m.password);
    await own.goto('/app/miinformacionpersonal');
    const birth = own.getByLabel('Fecha de nacimiento', { exact: true });
    expect(await birth.getAttribute('placeholder')).toBe('AAAA-MM-DD');
    await birth.pressSequentially('19920314');
    expect(await birth.inputValue()).toBe('1992-03-14');
    await shot(own, 'layout-personal-date');
    await own.goto('/app/perfil');
    await own.getByRole('tab', { name: 'Ubicaciones' }).click();
    await own.getByRole('button', { name: 'Agregar ubicación' }).click();
    const loc = own.getByRole('group', { name: 'Ubicación 1' });
    const tops = await Promise.all(
      ['País', 'Departamento', 'Ciudad', 'Zona'].map((l) =>
        loc.getByText(l, { exact: true }).evaluate((el) => Math.round(el.getBoundingClientRect().top)),
      ),
    );
    expect(new Set(tops).size).toBe(1);
    const dept = loc.getByLabel('Departamento');
    expect(await dept.evaluate((el: HTMLSelectElement) => el.options[el.selectedIndex]!.text)).toBe(
      'Elija el país',
    );
    await shot(own, 'layout-locations');
  }, 90_000);

  it('users at 1280 px with the drawer open: the grid fits, nothing sits under the actions column', async () => {
    await makeUser(e2e, 'correo.largo.de.prueba', { role: 'USUARIO' });
    const page = await e2e.page();
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/app/configuracion/seguridad/usuarios');
    const row = page.getByRole('row').filter({ hasText: 'correo.largo.de.prueba' });
    await visible(row);
    await visible(page.getByRole('navigation').first());
    const table = page.getByRole('table', { name: /usuarios/i });
    // No sideways scroll needed: the table is no wider than its box …
    expect(await table.evaluate((el) => el.scrollWidth <= el.parentElement!.clientWidth + 1)).toBe(true);
    // … so the last data column ends before the sticky actions begin.
    const registered = row.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const actions = row.getByRole('cell').last();
    const [end, start] = [
      await registered.evaluate((el) => el.getBoundingClientRect().right),
      await actions.evaluate((el) => el.getBoundingClientRect().left),
    ];
    expect(end).toBeLessThanOrEqual(start);
    await shot(page, 'layout-users-1280');
  }, 60_000);
});
