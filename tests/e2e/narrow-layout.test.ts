// Wide tables on narrow screens: a table wider than its card scrolls inside its own container and
// never widens the page (the settlement screen with an adjustment was 957 px wide at 390 px); every
// column is reachable, and on a phone the grids' actions column no longer sits over Nombre and
// Estado. Status banners wrap instead of ending in «…». Counts agree with their number.
import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cycleWindow, previousCycleKey } from '../../worker/shared/cycles';
import { member } from '../setup/bonus-data';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';
import { makeUser, shot, visible } from './helpers';

let e2e: E2E;
let ciclo = 0;
const MEMBER = 'miembro.con.nombre.largo';

beforeAll(async () => {
  e2e = await startE2E({ referenceData: true });
  const db = e2e.server.ports.db;
  const w = cycleWindow(previousCycleKey(Date.now()));
  const [c] = await db.all<{
    id: number;
  }>(sql`insert into ciclos_bonificacion (clave, inicio, fin, estado, iniciado_at, origen)
    values (${previousCycleKey(Date.now())}, ${w.start}, ${w.end}, 'LIQUIDADO', ${w.end}, 'prueba') returning id`);
  ciclo = c!.id;
  const m = await member(db, MEMBER);
  await db.run(sql`insert into ciclo_bonificacion_user (ciclo_id, user_id, total, bonos, lineas, created_at)
    values (${ciclo}, ${m}, 1500000, 1500000, 1, 0)`);
}, 180_000);
afterAll(async () => e2e?.close());

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The table's own scroll box: wider content than its width, so it scrolls sideways by itself. */
const scrolls = (table: Locator) =>
  table.evaluate((t) => {
    const box = t.closest('[data-slot="table-container"]')!;
    return box.scrollWidth > box.clientWidth;
  });

/** After scrolling it into view, the element is inside the window and nothing covers its centre. */
async function reachable(el: Locator) {
  await el.scrollIntoViewIfNeeded();
  return el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.left >= 0 && r.right <= window.innerWidth + 0.5 && !!hit && (e === hit || e.contains(hit));
  });
}

async function adminAt(width: number) {
  const page = await e2e.page();
  await page.setViewportSize({ width, height: 844 });
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  return page;
}

describe('narrow screens', () => {
  it('settlement at 390 px with an adjustment: the page does not scroll sideways, the tables do', async () => {
    const page = await adminAt(390);
    const added = await page.request.post(`/api/v1/bonos/ciclos/${ciclo}/ajustes`, {
      headers: { Origin: e2e.base },
      data: { usuario: MEMBER, monto: 700_000, motivo: 'Bono de bienvenida omitido en el cierre' },
    });
    expect(added.status()).toBe(201);
    await page.goto(`/app/administracion/liquidacionbonos?ciclo=${ciclo}`);
    const adjustments = page.getByRole('table', { name: /^Ajustes del ciclo/ });
    await visible(adjustments.getByText('Bono de bienvenida omitido en el cierre'));
    await page.waitForTimeout(300);
    await shot(page, 'settlement-adjustment-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    // The adjustments table scrolls inside its card, and its last column can be reached.
    expect(await scrolls(adjustments)).toBe(true);
    expect(await reachable(adjustments.getByRole('button', { name: 'Rechazar' }))).toBe(true);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    // Counts in the singular for one.
    await visible(page.getByText('· 1 ajuste pendiente', { exact: true }));
    await visible(page.getByTestId('page-range').getByText('1–1 de 1 registro', { exact: true }));
  });

  it('Bancos at 390 px: the actions column covers no column, every one is reachable; a bulk change of 3 says so', async () => {
    const page = await adminAt(390);
    await page.goto('/app/configuracion/generales/bancos');
    const table = page.getByRole('table', { name: 'Bancos' });
    const row = table.getByRole('row').nth(1);
    await visible(row);
    await page.waitForTimeout(300);
    await shot(page, 'bancos-390');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(await scrolls(table)).toBe(true);
    const cells = row.getByRole('cell');
    const count = await cells.count();
    // Every cell but the actions' one, then the actions: each shows with nothing on top of it.
    for (let i = 1; i < count; i++) expect(await reachable(cells.nth(i)), `cell ${i}`).toBe(true);

    for (let i = 1; i <= 3; i++) await table.getByRole('row').nth(i).getByRole('checkbox').click();
    const bar = page.getByRole('region', { name: 'Acciones en lote' });
    await bar.getByRole('button', { name: 'Desactivar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Desactivar' });
    await visible(dialog.getByText('Se aplicará a 3 registros.'));
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await visible(page.getByText('3 registros actualizados correctamente', { exact: true }));
    // The same three again: nothing changes, and the toast says so with the reason, not as a success.
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await dialog.waitFor({ state: 'detached' });
    for (let i = 1; i <= 3; i++) await table.getByRole('row').nth(i).getByRole('checkbox').click();
    await bar.getByRole('button', { name: 'Desactivar' }).click();
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    const nothing = 'Ningún cambio: 0 registros actualizados, 3 omitidos (ya estaban inactivos).';
    await visible(
      page.locator('[data-sonner-toast][data-type="warning"]').getByText(nothing, { exact: true }),
    );
  });

  it('member at 390 px: the profile-in-review banner wraps instead of ending in an ellipsis', async () => {
    const user = await makeUser(e2e, 'revisada', { role: 'USUARIO' });
    const at = Date.now();
    await e2e.server.ports.db
      .run(sql`insert into perfiles (user_id, estado, estado_publicacion, enviado_at, created_at, updated_at)
      values (${user.id}, 'PENDIENTE', 'PENDIENTE', ${at}, ${at}, ${at})`);
    const page = await e2e.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, user.email, user.password);
    await page.goto('/app/perfil');
    const title = page.getByText('Tu perfil está en revisión. Te avisaremos cuando sea revisado.', {
      exact: true,
    });
    await visible(title);
    await shot(page, 'profile-review-banner-390');
    // Whole, on more than one line, nothing cut: not clamped to one line with an ellipsis.
    const box = await title.evaluate((el) => ({
      clipped: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
      lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
    }));
    expect(box.clipped).toBe(false);
    expect(box.lines).toBeGreaterThan(1);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });

  it('the adjustment dialog suggests the cycle’s members by user name at 390 px', async () => {
    const page = await adminAt(390);
    await page.goto(`/app/administracion/liquidacionbonos?ciclo=${ciclo}`);
    await page.getByRole('button', { name: 'Nuevo ajuste' }).click();
    const dialog = page.getByRole('dialog');
    const usuario = dialog.getByLabel('Usuario');
    await usuario.fill('nombre.lar');
    // The input's suggestions: the member of this cycle whose user name contains the text.
    const list = await usuario.getAttribute('list');
    const option = page.locator(`datalist[id="${list}"] option`);
    await option.first().waitFor({ state: 'attached' });
    expect(await option.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([MEMBER]);
    await usuario.fill('zz');
    await page.waitForTimeout(600);
    expect(await option.count()).toBe(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    // The sign is the «Tipo»: a minus in the amount is refused, not turned into a credit.
    await usuario.fill(MEMBER);
    await dialog.getByLabel('Monto').fill('-5000');
    await dialog.getByLabel('Motivo').fill('Prueba de signo');
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await dialog.getByText('Escribe el monto sin signo: el tipo dice si suma o resta').waitFor();
    expect(
      await e2e.server.ports.db.all(
        sql`select id from ajustes_bonificacion where motivo = 'Prueba de signo'`,
      ),
    ).toEqual([]);
  });

  it('a grid’s filters fold behind «Filtros» at 390 px, say how many are set, and stay open at 1280 px', async () => {
    const page = await adminAt(390);
    await page.goto('/app/configuracion/generales/bancos');
    const table = page.getByRole('table', { name: 'Bancos' });
    await visible(table.getByRole('row').nth(1));
    const panel = page.getByRole('search', { name: 'Filtros' });
    expect(await panel.isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Filtros', exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await visible(panel);
    await panel.getByLabel('Nombre').fill('Bancolombia');
    await visible(page.getByRole('button', { name: 'Filtros (1)', exact: true }));
    await expect.poll(() => table.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    await shot(page, 'filters-folded-390');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 844 });
    await visible(panel);
    expect(await page.getByRole('button', { name: 'Filtros (1)', exact: true }).isVisible()).toBe(false);
  });
});

describe('long e-mails in a grid', () => {
  it('at 390 px an e-mail wraps after its @ and dots, never inside a word', async () => {
    const page = await adminAt(390);
    await page.goto('/app/configuracion/seguridad/usuarios');
    const cell = page.getByRole('cell', { name: `${MEMBER}@bonos.test` });
    await visible(cell);
    await cell.scrollIntoViewIfNeeded();
    await shot(page, 'users-email-390');
    // Each part between two break points (a text node) sits on one line; the whole takes more.
    const lines = await cell.evaluate((td) => {
      const tops = (node: Node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      };
      const bdi = td.querySelector('bdi')!;
      const parts = [...bdi.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE);
      return { parts: parts.map((p) => tops(p).size), whole: tops(bdi).size };
    });
    expect(lines.parts.length).toBeGreaterThan(1);
    expect(lines.parts.every((n) => n === 1)).toBe(true);
    expect(lines.whole).toBeGreaterThan(1);
  });
});
