// Issue 8 in real Chromium: the dashboard draws its charts from known records (and empty states
// with none), each figure opens its grid, and /app/account ends the other sessions on a password
// change or on 'Cerrar las demás sesiones'.
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cycleKeyAt, cycleWindow, previousCycleKey } from '../../worker/shared/cycles';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';
import { baseCatalogue, DAY, member, paid, subscribed } from '../setup/bonus-data';
import { expectFooter, makeUser, shot, visible } from './helpers';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const path = (page: Page) => new URL(page.url()).pathname;
/** A page without chart animations (recharts honours prefers-reduced-motion), for stable screenshots. */
async function calmPage() {
  const page = await e2e.page();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return page;
}
/** A chart's SVG, once its figure was scrolled to: a plot draws near the viewport (decision 0105). */
async function chart(page: Page, label: string) {
  const figure = page.locator(`figure[aria-label="${label}"]`);
  await figure.scrollIntoViewIfNeeded();
  return figure.locator('svg.recharts-surface');
}

/** Known records: this month's sales, a subscription ending within 30 days, review queues, a settled cycle. */
async function seed() {
  const db = e2e.server.ports.db;
  const now = Date.now();
  await baseCatalogue(db);
  const buyer = await makeUser(e2e, 'comprador', { role: 'USUARIO' });
  await paid(db, buyer.id, 12_345_600, now - 1000);
  await paid(db, buyer.id, 5_000_000, now - 2000); // this month: $ 173.456,00 paid
  await paid(db, buyer.id, 700_000, now - 3000, 'NO_PAGADO');
  await db.run(sql`update compras set pagado_at = null where estado = 'NO_PAGADO'`);
  await paid(db, buyer.id, 9_000_000, cycleWindow(previousCycleKey(now)).start + DAY);
  await subscribed(db, buyer.id, now - 5 * DAY, now + 20 * DAY);
  const states = ['PENDIENTE', 'PENDIENTE', 'APROBADO', 'NO_APROBADO'];
  for (const [i, estado] of states.entries()) {
    const id = await member(db, `validacion_${i}`);
    await db.run(
      sql`insert into validaciones_identidad (user_id, estado, enviado_at, created_at, updated_at) values (${id}, ${estado}, ${now - DAY}, ${now}, ${now})`,
    );
  }
  await db.run(
    sql`insert into perfiles (user_id, estado, enviado_at, created_at, updated_at) values (${buyer.id}, 'PENDIENTE', ${now - 3 * DAY - 1000}, ${now}, ${now})`,
  );
  const key = previousCycleKey(now);
  const w = cycleWindow(key);
  await db.run(
    sql`insert into ciclos_bonificacion (clave, inicio, fin, estado, iniciado_at, origen) values (${key}, ${w.start}, ${w.end}, 'LIQUIDADO', ${now}, 'e2e')`,
  );
  const sponsor = await member(db, 'patrocinador');
  await db.run(
    sql`insert into ciclo_bonificacion_user (ciclo_id, user_id, total, lineas, estado, pagado_at, created_at) select id, ${buyer.id}, 250000, 1, 'PAGADO', ${now}, ${now} from ciclos_bonificacion where clave = ${key}`,
  );
  await db.run(
    sql`insert into ciclo_bonificacion_user (ciclo_id, user_id, total, lineas, estado, created_at) select id, ${sponsor}, 120000, 1, 'NO_PAGADO', ${now} from ciclos_bonificacion where clave = ${key}`,
  );
  return { buyer, month: cycleKeyAt(now) };
}

describe('dashboard', () => {
  it('draws the platform figures for an administrator, each linking to its grid', async () => {
    const { buyer } = await seed();
    const page = await calmPage();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/app/reports/dashboard');
    await visible(page.getByRole('heading', { name: 'Tablero' }));
    await visible(page.getByText(/^Actualizado: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/));
    await visible(page.getByRole('heading', { name: 'Plataforma' }));
    for (const label of [
      'miembros registrados por mes',
      'miembros por estado de validación de identidad',
      'ventas por mes en pesos colombianos',
      'bonos pagados y por pagar por ciclo',
    ]) {
      await visible(await chart(page, `Gráfico de ${label}`));
    }
    // Known figures: this month's paid purchases in COP, the unpaid ones, the review queues.
    const paidTile = page.getByRole('link', { name: /Compras pagadas en/ });
    await visible(paidTile.getByText('$ 173.456,00', { exact: true }));
    await visible(
      page.getByRole('link', { name: /Compras sin pagar de/ }).getByText('$ 7.000,00', { exact: true }),
    );
    await visible(
      page.getByRole('link', { name: /Perfiles por revisar/ }).getByText('El más antiguo espera hace 3 días'),
    );
    await visible(
      page.getByRole('link', { name: /Vencen en los próximos 30 días/ }).getByText('1', { exact: true }),
    );
    await visible(page.getByText('$ 1.200,00 por pagar'));
    // Twelve month bars with Spanish labels, and the donut in the chips' colours.
    // The charts draw once their container has been measured: wait for them, as a reader would.
    await expect
      .poll(() =>
        page
          .locator(
            'figure[aria-label="Gráfico de miembros registrados por mes"] .recharts-xAxis .recharts-cartesian-axis-tick',
          )
          .count(),
      )
      .toBe(12);
    const sectors = page.locator(
      'figure[aria-label="Gráfico de miembros por estado de validación de identidad"] path.recharts-sector',
    );
    await expect.poll(() => sectors.count()).toBe(3);
    // The member half is there too (the administrator's own figures).
    await visible(page.getByRole('heading', { name: 'Mis cifras' }));
    await expectFooter(page);
    await shot(page, 'dashboard-admin');

    await paidTile.click();
    await page.waitForURL('**/app/administracion/compras?**');
    // Paid in the tile's month, whenever bought: the grid's «Fecha de pago» range.
    const filters = JSON.parse(new URL(page.url()).searchParams.get('filters')!);
    expect(filters).toMatchObject({
      estado: 'PAGADO',
      pagado_at: { from: expect.stringMatching(/^\d{4}-\d{2}-01$/) },
    });
    expect(filters.pagado_at.to.slice(0, 7)).toBe(filters.pagado_at.from.slice(0, 7));
    await visible(page.getByRole('cell', { name: buyer.userName }));
    await expectFooter(page);
  });

  it('shows a member its own figures and no platform block; a fresh member sees empty states', async () => {
    const page = await calmPage();
    await loginAs(page, 'comprador@e2e.local', 'Clave-e2e-123');
    await page.goto('/app/reports/dashboard');
    await visible(page.getByRole('heading', { name: 'Mis compras' }));
    await visible(page.getByText('$ 263.456,00', { exact: true })); // 123.456 + 50.000 + 90.000 (last month)
    await visible(page.getByText('APROBADO', { exact: true }));
    await visible(await chart(page, 'Gráfico de mis bonos por ciclo'));
    expect(await page.getByRole('heading', { name: 'Plataforma' }).count()).toBe(0);
    await expectFooter(page);
    await shot(page, 'dashboard-member');

    const fresh = await makeUser(e2e, 'sin_registros', { role: 'USUARIO' });
    const other = await calmPage();
    await loginAs(other, fresh.email, fresh.password);
    // A failed load offers a retry. (Opened by a link inside the app: the browser reads the figures
    // itself, whereas a document the server draws has them already, decision 0306.)
    await other.route('**/api/v1/reports/dashboard', (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"falla"}' }),
    );
    await other.evaluate(() => {
      history.pushState(null, '', '/app/reports/dashboard');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await visible(other.getByText('Ha ocurrido un error al momento de cargar los datos'));
    await other.unroute('**/api/v1/reports/dashboard');
    await other.getByRole('button', { name: 'Reintentar' }).click();
    await visible(other.getByText('Aún no tienes una suscripción'));
    for (const text of [
      'Aún no has hecho compras',
      'Aún no tienes bonos liquidados',
      'Aún no tienes referidos',
    ])
      await visible(other.getByText(text));
    expect(await other.getByText('No hay datos para mostrar...').count()).toBe(4);
    expect(await other.locator('svg.recharts-surface').count()).toBe(0);
    await expectFooter(other);
    await shot(other, 'dashboard-member-empty');
  });
});

describe('account', () => {
  async function twoSessions(name: string) {
    const user = await makeUser(e2e, name, { role: 'USUARIO' });
    const a = await e2e.page();
    const b = await e2e.page();
    await loginAs(a, user.email, user.password);
    await loginAs(b, user.email, user.password);
    return { user, a, b };
  }

  it('a password change ends the other browser’s session', async () => {
    const { user, a, b } = await twoSessions('cuenta_clave');
    await a.getByRole('button', { name: 'Menú de usuario' }).click();
    await a.getByRole('menuitem', { name: 'Mi cuenta' }).click();
    await a.waitForURL('**/app/account');
    await visible(a.getByRole('heading', { name: 'Mi cuenta' }));
    await visible(a.getByText(user.email, { exact: true }));
    const rows = a.getByRole('table', { name: 'Sesiones activas' }).locator('tbody tr');
    await visible(rows);
    expect(await rows.count()).toBe(2);
    await visible(a.getByText('Esta sesión', { exact: true }));
    await visible(rows.getByText('Chrome en Linux').first());
    await expectFooter(a);
    await shot(a, 'account');

    await a.getByLabel('Contraseña actual').fill(user.password);
    await a.getByLabel('Nueva contraseña').fill('Otra-clave-456');
    await a.getByLabel('Confirmar contraseña').fill('Otra-clave-456');
    await a.getByRole('button', { name: 'Guardar' }).click();
    await visible(a.locator('[data-sonner-toast]').getByText('La contraseña se ha cambiado correctamente'));
    await visible(a.getByText('Solo tienes abierta esta sesión.'));
    expect(await rows.count()).toBe(1);
    await shot(a, 'account-password-changed');

    await b.goto('/app/reports/dashboard');
    await b.waitForURL('**/login');
    await expectFooter(b);
    // This browser keeps its (new) session.
    await a.reload();
    await visible(a.getByRole('heading', { name: 'Mi cuenta' }));
    expect(path(a)).toBe('/app/account');
  });

  it('‘Cerrar las demás sesiones’ asks first, then ends the other browser’s session', async () => {
    const { a, b } = await twoSessions('cuenta_sesiones');
    await a.goto('/app/account');
    const rows = a.getByRole('table', { name: 'Sesiones activas' }).locator('tbody tr');
    await visible(rows);
    expect(await rows.count()).toBe(2);
    await a.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
    const dialog = a.getByRole('alertdialog');
    await visible(dialog.getByText('Confirmar accion'));
    await visible(dialog.getByText('Esta seguro de realizar esta accion?'));
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await visible(a.locator('[data-sonner-toast]').getByText('Se cerraron 1 sesiones'));
    await visible(a.getByText('Solo tienes abierta esta sesión.'));
    expect(await rows.count()).toBe(1);
    expect(await a.getByRole('button', { name: 'Cerrar las demás sesiones' }).isDisabled()).toBe(true);

    await b.goto('/app/account');
    await b.waitForURL('**/login');
    await expectFooter(b);
  });
});
