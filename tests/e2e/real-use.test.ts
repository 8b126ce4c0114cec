// A month of real use, where a person sees it (decisions 0460–0466): the settlement preview equals
// the cycle booked after it, and its payout panel is there after a reload; a locked account is
// unlocked from Seguridad → Usuarios; a date-range filter's end waits for its start and says its
// minimum; an import on a page the server drew shows its rows; the members' lists fit 390 px; the
// cart says when a plan bought during another starts.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../worker/db/schema';
import { settleCycle } from '../../worker/modules/bonuses/settlement';
import { cycleKeyAt, cycleWindow, previousCycleKey } from '../../worker/shared/cycles';
import { P } from '../../worker/shared/permissions';
import { baseCatalogue, DAY, paid, subscribed } from '../setup/bonus-data';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';
import { makeUser, visible } from './helpers';

const CLAVE = previousCycleKey(Date.now());
const EARLIER = cycleKeyAt(cycleWindow(CLAVE).start - 1);
const SHOTS = process.env.REALUSE_SHOTS ?? '/tmp/shots/realuse';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
  await baseCatalogue(e2e.server.ports.db);
}, 180_000);
afterAll(async () => {
  await e2e?.close();
});

/** The screen at 1280 and at 390 px, as a file each (looked at by a person, not compared). */
async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}

const sponsorOf = (id: number, sponsor: number) =>
  e2e.server.ports.db.update(users).set({ sponsorId: sponsor }).where(eq(users.id, id));

describe('settlement preview after an annulment', () => {
  it('shows the REEMBOLSO lines and saldo anterior, and the cycle books exactly its figures', async () => {
    const db = e2e.server.ports.db;
    const win = cycleWindow(EARLIER);
    const ana = await makeUser(e2e, 'ana-liq', { role: 'USUARIO' });
    const eva = await makeUser(e2e, 'eva-liq', { role: 'USUARIO' });
    const beto = await makeUser(e2e, 'beto-liq', { role: 'USUARIO' });
    const fede = await makeUser(e2e, 'fede-liq', { role: 'USUARIO' });
    await sponsorOf(beto.id, ana.id);
    await sponsorOf(fede.id, eva.id);
    for (const who of [ana, eva]) await subscribed(db, who.id, win.start - 5 * DAY, Date.now() + 60 * DAY);
    const annulled = await paid(db, beto.id, 87_550_000, win.start + 3 * DAY);
    await paid(db, fede.id, 6_000_000, win.start + 4 * DAY);
    expect((await settleCycle(db, EARLIER, { now: Date.now(), origen: 'e2e' })).estado).toBe('LIQUIDADO');
    await db.run(sql`update compras set estado = 'ANULADA' where id = ${annulled}`);

    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/app/administracion/liquidacionbonos');
    await visible(page.getByRole('heading', { name: 'Liquidación de bonos', level: 1 }));
    await page.getByRole('button', { name: 'Vista previa' }).click();
    // Before: «0 usuarios, 0 líneas, total $ 0,00» and «No hay compras pagadas de referidos en este mes.».
    const summary = page.getByText(/^Vista previa de .*: 2 usuarios, 1 línea, total/);
    await visible(summary);
    expect(await summary.textContent()).toMatch(/total -\$ 81\.550,00$/);
    await visible(page.getByText('Reembolsos (compras anuladas)'));
    const table = page.getByRole('table', { name: /^Vista previa de / });
    const row = (name: string) =>
      table
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name, exact: true }) })
        .getByRole('cell');
    expect(await row('ana-liq').allTextContents()).toEqual([
      'ana-liq',
      '1',
      '$ 0,00',
      '-$ 87.550,00',
      '$ 0,00',
      '-$ 87.550,00',
    ]);
    expect(await row('eva-liq').allTextContents()).toEqual([
      'eva-liq',
      '0',
      '$ 0,00',
      '$ 0,00',
      '$ 6.000,00',
      '$ 6.000,00',
    ]);
    await shots(page, 'settlement-preview');

    await page.getByRole('button', { name: 'Liquidar', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await visible(dialog.getByText(/: 2 usuarios, 1 línea, total -\$ 81\.550,00\.$/));
    await shots(page, 'settlement-confirm');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await visible(page.getByText(/liquidado: 2 usuarios, 1 línea, total -\$ 81\.550,00\.$/));
    const [cycle] = await db.all<{ id: number; total: number; usuarios: number; lineas: number }>(
      sql`select id, total, usuarios, lineas from ciclos_bonificacion where clave = ${CLAVE}`,
    );
    expect(cycle).toMatchObject({ total: -8_155_000, usuarios: 2, lineas: 1 });

    // After a reload the selected cycle's payout panel is there, without clicking «Usuarios».
    await page.goto(`/app/administracion/liquidacionbonos?ciclo=${cycle!.id}`);
    await visible(page.getByText(/^Pagos del ciclo /), 15_000);
    await shots(page, 'settlement-reloaded');
  }, 120_000);
});

describe('Seguridad → Usuarios', () => {
  it('lists a locked account and «Desbloquear» lets it sign in again', async () => {
    const locked = await makeUser(e2e, 'bloqueada-e2e', { role: 'USUARIO' });
    const login = (password: string) =>
      fetch(`${e2e.base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: e2e.base },
        body: JSON.stringify({ email: locked.email, password }),
      });
    for (let i = 0; i < 10; i++) await login('equivocada');
    const refused = await login(locked.password);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Intenta de nuevo en 15 minutos/);

    const staff = await makeUser(e2e, 'seguridad-e2e', {
      perms: ['app:general:configuracion:seguridad:usuarios:view', P.desbloquearUsuarios],
    });
    const page = await e2e.page();
    await loginAs(page, staff.email, staff.password);
    await page.goto('/app/configuracion/seguridad/usuarios');
    const list = page.getByRole('list', { name: 'Cuentas bloqueadas' });
    await visible(list.getByText('bloqueada-e2e', { exact: true }));
    await shots(page, 'users-locked');
    await list.getByRole('button', { name: 'Desbloquear bloqueada-e2e' }).click();
    await visible(page.getByText('Cuenta desbloqueada: ya puede iniciar sesión.'));
    await page.getByRole('list', { name: 'Cuentas bloqueadas' }).waitFor({ state: 'detached' });
    expect((await login(locked.password)).status).toBe(200);
  }, 60_000);
});

describe('a page the server drew', () => {
  it('shows imported rows at once, and its date filter’s end waits for the start and says its minimum', async () => {
    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/app/configuracion/generales/divisionPolitica/paises');
    await visible(page.getByRole('heading', { name: 'Países', level: 1 }));
    const grid = page.getByRole('table', { name: 'Países' });
    await visible(grid.getByText('Colombia', { exact: true }));
    // Imported inside the first seconds of the served page, when its answers still count as just read.
    const dir = mkdtempSync(join(tmpdir(), 'realuse-'));
    const file = join(dir, 'paises.csv');
    writeFileSync(file, ['Código;Nombre', 'AR;Argentina', 'BR;Brasil', 'CL;Chile'].join('\r\n'));
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar países' });
    await dialog.getByLabel('Elegir archivo').setInputFiles(file);
    await dialog.getByRole('button', { name: /^Importar 3 filas/ }).click();
    await visible(page.getByText('Importación completada: 3 registros creados y 0 actualizados'));
    for (const name of ['Argentina', 'Brasil', 'Chile']) await visible(grid.getByText(name, { exact: true }));
    await shots(page, 'import-refreshed');

    const filters = page.getByRole('search', { name: 'Filtros' });
    const from = filters.getByLabel('Fecha de creación desde', { exact: true });
    const to = filters.getByLabel('Fecha de creación hasta', { exact: true });
    expect(await to.isDisabled()).toBe(true);
    await visible(filters.getByText('Elige primero la fecha inicial.'));
    await from.fill('2026-11-20');
    await expect.poll(() => to.isDisabled()).toBe(false);
    expect(await to.getAttribute('data-min')).toBe('2026-11-20');
    expect(await filters.locator('input[type="date"]').nth(1).getAttribute('min')).toBe('2026-11-20');
    const sent: string[] = [];
    page.on('request', (r) => r.url().includes('/paises?') && sent.push(decodeURIComponent(r.url())));
    await to.fill('2026-11-10');
    await visible(
      filters
        .getByRole('alert')
        .getByText('La fecha final no puede ser anterior a la fecha inicial (2026-11-20).'),
    );
    await shots(page, 'date-filter');
    expect(sent.filter((u) => u.includes('2026-11-10'))).toEqual([]);
  }, 90_000);
});

describe('a member on a phone', () => {
  it('sees Mis bonos, Mis suscripciones and Mis compras without sideways scrolling, and the plan’s start at checkout', async () => {
    const db = e2e.server.ports.db;
    const m = await makeUser(e2e, 'telefono', { role: 'USUARIO' });
    const now = Date.now();
    await subscribed(db, m.id, now - 10 * DAY, now + 300 * DAY);
    await paid(db, m.id, 12_345_600, now - 2 * DAY);
    // A negative balance: a REEMBOLSO larger than the month's bonuses.
    const [cycle] = await db.all<{ id: number }>(
      sql`select id from ciclos_bonificacion where clave = ${EARLIER}`,
    );
    await db.run(sql`insert into ciclo_bonificacion_user (ciclo_id, user_id, bonos, saldo_anterior, ajustes, total, lineas, estado, created_at)
      values (${cycle!.id}, ${m.id}, -1255000, 0, 0, -1255000, 1, 'NO_PAGADO', ${now})`);
    await db.run(
      sql`insert into tipos_suscripcion (nombre, precio, duracion_meses, created_at, updated_at) values ('Plan mensual', 1000000, 1, 0, 0)`,
    );

    const page = await e2e.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, m.email, m.password);
    const fits = async (table: string, headers: string[]) => {
      const t = page.getByRole('table', { name: table });
      await visible(t);
      await page.waitForTimeout(200);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, table).toBeLessThanOrEqual(390);
      const scroller = await t.evaluate((el) => {
        const box = el.parentElement!;
        return { scroll: box.scrollWidth, client: box.clientWidth };
      });
      expect(scroller.scroll, `${table} scrolls sideways`).toBeLessThanOrEqual(scroller.client + 1);
      for (const h of headers) {
        const box = await t.getByRole('columnheader', { name: h, exact: true }).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390, `${table}: ${h} on screen`).toBe(true);
      }
    };
    await page.goto('/app/bonos');
    await fits('Ciclos de bonificación', ['Ciclo', 'Total', 'Estado']);
    await visible(page.getByText(/^Saldo negativo: se anuló una compra/));
    await shots(page, 'mis-bonos');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/miscompras?tab=suscripciones');
    await fits('Mis suscripciones', ['Tipo de suscripción', 'Estado', 'Fecha de fin']);
    await shots(page, 'mis-suscripciones');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/miscompras?tab=compras');
    await fits('Mis compras', ['N.º compra', 'Total', 'Estado']);
    await shots(page, 'mis-compras');

    await page.goto('/app/miscompras');
    await page
      .locator('[aria-label="Plan mensual"]')
      .getByRole('button', { name: 'Agregar al carrito' })
      .click();
    await page.getByRole('button', { name: /^Carrito de compras/ }).click();
    await visible(
      page.getByText(/^El plan que compras empezará el \d{4}-\d{2}-\d{2}, cuando termine el actual\.$/),
    );
    await shots(page, 'checkout-plan-start');
  }, 120_000);
});
