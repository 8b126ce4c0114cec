// Decision 0335: <html data-ready> means the page takes keys and clicks. Right when it is set, on a
// signed-in page the server drew and on the first screen after signing in, Ctrl+K opens the command
// palette at the first press, and a grid row's 'Ver' opens that row at the first click.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bancos } from '../../worker/db/schema';
import { E2E_ADMIN, type E2E, signInByApi, startE2E } from '../setup/e2e';

let e2e: E2E;
let cookies: Awaited<ReturnType<typeof signInByApi>>['cookies'];
beforeAll(async () => {
  e2e = await startE2E();
  const t = Date.now();
  await e2e.server.ports.db
    .insert(bancos)
    .values(
      [1, 2, 3].map((i) => ({ codigo: `80${i}`, nombre: `Banco listo ${i}`, createdAt: t, updatedAt: t })),
    );
  ({ cookies } = await signInByApi(e2e.base, E2E_ADMIN.email, E2E_ADMIN.password));
});
afterAll(async () => {
  await e2e?.close();
});

const GRID = '/app/configuracion/generales/bancos';

/** A fresh context (nothing cached), optionally signed in by cookies. */
async function freshPage(signedIn: boolean) {
  const ctx = await e2e.browser.newContext({
    baseURL: e2e.base,
    locale: 'es-CO',
    viewport: { width: 1280, height: 860 },
  });
  if (signedIn) await ctx.addCookies(cookies);
  const page = await ctx.newPage();
  return { ctx, page };
}

/**
 * An init script: the moment <html data-ready> is set (a MutationObserver, so in the same task as
 * the code that set it, before the browser handles anything else), it presses Ctrl+K (a keydown on
 * the focused element, as the browser sends it) or clicks the first grid row's 'Ver' (the moment
 * the row is drawn, if it comes later), once, and notes whether it did. Nothing the page does later can catch up with a press lost here.
 */
const AT_READY = (what: 'key' | 'click') => `
  window.__atReady = 'not yet';
  new MutationObserver((_, observer) => {
    if (document.documentElement.dataset.ready === undefined) return;
    observer.disconnect();
    if (${JSON.stringify(what)} === 'key') {
      const target = document.activeElement || document.body;
      target.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', code: 'KeyK', ctrlKey: true, bubbles: true, cancelable: true }));
      window.__atReady = 'pressed';
    } else {
      // A page drawn by the server has its rows at data-ready; a screen reached by a navigation
      // asks for them then, so its first row is clicked the moment it is drawn.
      const view = () => {
        const row = [...document.querySelectorAll('tbody tr')].find((r) => r.textContent.includes('Banco listo 1'));
        return row && row.querySelector('button[aria-label="Ver"]');
      };
      const click = () => {
        view().click();
        window.__atReady = 'clicked';
      };
      if (view()) click();
      else {
        window.__atReady = 'waiting for the row';
        const rows = new MutationObserver(() => {
          if (!view()) return;
          rows.disconnect();
          click();
        });
        rows.observe(document.body, { subtree: true, childList: true });
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
`;

const atReady = (page: Page) => page.evaluate(() => (window as unknown as { __atReady: string }).__atReady);

/** What the one press or click at data-ready opened: the palette's search box, the row's view. */
async function expectOpened(page: Page, what: 'key' | 'click') {
  await expect.poll(() => atReady(page), { timeout: 20_000 }).toBe(what === 'key' ? 'pressed' : 'clicked');
  if (what === 'key') await page.getByRole('combobox', { name: 'Buscar' }).waitFor({ timeout: 5_000 });
  else
    await expect
      .poll(() => page.getByRole('dialog').getByText('Banco listo 1').count(), { timeout: 5_000 })
      .toBeGreaterThan(0);
}

describe('input at <html data-ready>', () => {
  for (const what of ['key', 'click'] as const)
    it(`a signed-in page drawn by the server: ${what === 'key' ? 'Ctrl+K' : "a row's 'Ver'"}`, async () => {
      const { ctx, page } = await freshPage(true);
      try {
        await page.addInitScript(AT_READY(what));
        await page.goto(GRID, { waitUntil: 'commit' });
        await expectOpened(page, what);
        expect(await page.locator('#root[data-served]').count()).toBe(1);
      } finally {
        await ctx.close();
      }
    });

  for (const what of ['key', 'click'] as const)
    it(`the first screen after signing in: ${what === 'key' ? 'Ctrl+K' : "a row's 'Ver'"}`, async () => {
      const { ctx, page } = await freshPage(false);
      try {
        // Signed out, the grid's address leads to /login, which returns to it once signed in.
        await page.goto(GRID);
        await page.waitForURL(/\/login/);
        await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined);
        await page.getByLabel('Correo electrónico', { exact: true }).fill(E2E_ADMIN.email);
        await page.getByLabel('Contraseña', { exact: true }).fill(E2E_ADMIN.password);
        // From here on, the next time the page says it is ready is the grid's.
        await page.evaluate(AT_READY(what));
        await page.getByRole('button', { name: 'Iniciar sesión' }).click();
        await page.waitForURL((url) => url.pathname === GRID);
        await expectOpened(page, what);
      } finally {
        await ctx.close();
      }
    });
});
