// Issue 20 §6, decisions 0105 and 0306: what a signed-in page does before its first rows. A
// registry grid arrives drawn by the server with its rows, in a few files, and comes alive without
// asking for them again; reached by a link, it asks for its rows beside its code, once; the
// dashboard draws its charts (recharts) only when they near the viewport; the top bar's panels
// load when opened. Each page is opened in a fresh browser context (an empty cache), signed in by
// its cookies.
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bancos } from '../../worker/db/schema';
import { baseCatalogue, member, paid } from '../setup/bonus-data';
import { E2E_ADMIN, type E2E, signInByApi, startE2E } from '../setup/e2e';
import { visible } from './helpers';

let e2e: E2E;
let cookies: Parameters<BrowserContext['addCookies']>[0];
beforeAll(async () => {
  e2e = await startE2E();
  const t = Date.now();
  await e2e.server.ports.db
    .insert(bancos)
    .values(
      [1, 2, 3].map((i) => ({ codigo: `90${i}`, nombre: `Banco de carga ${i}`, createdAt: t, updatedAt: t })),
    );
  // Signed in through the API (the login screen is not what this file measures): the session's
  // cookies, as the browser keeps them, for each fresh context.
  ({ cookies } = await signInByApi(e2e.base, E2E_ADMIN.email, E2E_ADMIN.password));
});
afterAll(async () => {
  await e2e?.close();
});

const GRID = '/app/configuracion/generales/bancos';
const ROWS = '/api/v1/general/bancos?page=1&perPage=100';

/** A phone-sized page (Lighthouse's screen) with the administrator's session and nothing cached. */
async function freshPhone(height = 823) {
  const ctx = await e2e.browser.newContext({
    baseURL: e2e.base,
    locale: 'es-CO',
    viewport: { width: 412, height },
  });
  await ctx.addCookies(cookies);
  const page = await ctx.newPage();
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  return { ctx, page, requests };
}

/** Waits until the app has taken over the served page (<html data-ready>, web/app-root.tsx). */
const alive = (page: Page) =>
  page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 20_000 });

const path = (r: Request) => new URL(r.url()).pathname + new URL(r.url()).search;
const scripts = (requests: Request[]) => requests.filter((r) => r.resourceType() === 'script');
const firstRow = (page: Page) => page.locator('tbody tr:not([aria-hidden]) td').first();

describe('first load of a signed-in page', () => {
  it('a registry grid: drawn by the server with its rows, alive without asking for them again', async () => {
    const { ctx, page, requests } = await freshPhone();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      // Before any script: the document itself has the rows and the footer.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(GRID);
      await expect.poll(() => page.locator('#root[data-served]').count()).toBe(1);
      await visible(page.getByRole('cell', { name: 'Banco de carga 2' }));
      await visible(page.getByText('Powered by 360 web.'));
      await page.unroute('**/assets/*.js');
      requests.length = 0;
      errors.length = 0;

      await page.goto(GRID);
      await visible(firstRow(page), 20_000);
      // Once the app has taken over (before that a click is the page's, not the app's)...
      await alive(page);
      // ...it was hydrated, not redrawn: a sort header answers, and the rows were never asked for again.
      await page
        .getByRole('button', { name: /Nombre/ })
        .first()
        .click();
      await expect.poll(() => page.url()).toContain('sorts=');
      await visible(page.getByRole('cell', { name: 'Banco de carga 3' }));
      expect(requests.filter((r) => path(r) === ROWS)).toHaveLength(0);
      expect(errors).toEqual([]);
      // The entry, the runtime, boot, common, shell and grid (~70 files before decision 0105).
      const js = scripts(requests).map((r) => new URL(r.url()).pathname.replace(/-[\w-]{8}\.js$/, ''));
      expect(js.length, js.join(' ')).toBeLessThanOrEqual(8);
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it('a registry grid reached by a link asks for its rows beside its code, once', async () => {
    const { ctx, page, requests } = await freshPhone();
    try {
      await page.goto('/app/reports/dashboard');
      await visible(page.getByRole('heading', { name: 'Plataforma' }), 20_000);
      // The served page is on screen before the router listens: navigate once the app is alive.
      await alive(page);
      // The grid's own code is held until its rows have been asked for (or 5 s pass): the rows
      // must not wait for the screen's code to load and render.
      let rowsBeforeCode = false;
      await page.route('**/assets/grid-*.js', async (route) => {
        const deadline = Date.now() + 5_000;
        while (Date.now() < deadline && !requests.some((r) => path(r) === ROWS))
          await new Promise((r) => setTimeout(r, 50));
        rowsBeforeCode = requests.some((r) => path(r) === ROWS);
        await route.continue();
      });
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, GRID);
      await visible(firstRow(page), 20_000);
      expect(rowsBeforeCode).toBe(true);
      await page.waitForTimeout(500);
      expect(requests.filter((r) => path(r) === ROWS)).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it('the dashboard: the charts’ code loads when a chart nears the viewport', async () => {
    // Figures to chart: a member registered and a purchase paid this month.
    const db = e2e.server.ports.db;
    await baseCatalogue(db);
    const buyer = await member(db, 'primera_carga');
    await db.run(sql`update users set created_at = ${Date.now()} where id = ${buyer}`);
    await paid(db, buyer, 1_000_000, Date.now() - 1000);
    // A short screen: the figures' tiles fill it and every chart is well below it.
    const { ctx, page, requests } = await freshPhone(360);
    try {
      await page.goto('/app/reports/dashboard');
      await visible(page.getByRole('heading', { name: 'Plataforma' }), 20_000);
      const sales = page.locator('figure[aria-label="Gráfico de ventas por mes en pesos colombianos"]');
      await page.waitForTimeout(500);
      const plots = () => scripts(requests).filter((r) => /\/plots-[\w-]+\.js$/.test(r.url()));
      expect(plots()).toHaveLength(0);
      expect(await page.locator('svg.recharts-surface').count()).toBe(0);
      // Below the fold on a phone until scrolled to; its frame already holds its height.
      expect((await sales.boundingBox())!.height).toBe(240);
      await sales.scrollIntoViewIfNeeded();
      await visible(sales.locator('svg.recharts-surface'));
      expect(plots()).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it('the top bar’s appearance panel loads when it is first opened', async () => {
    const { ctx, page, requests } = await freshPhone();
    try {
      await page.goto(GRID);
      await visible(firstRow(page), 20_000);
      await alive(page); // a click before that is the served page's, not the app's
      const panel = () => scripts(requests).filter((r) => /\/settings-panel-[\w-]+\.js$/.test(r.url()));
      expect(panel()).toHaveLength(0);
      await page.getByRole('button', { name: 'Ajustes de apariencia' }).click();
      await visible(page.getByText('Tamaños de fuente adaptables'));
      expect(panel()).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  }, 120_000);
});
