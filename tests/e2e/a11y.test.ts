// Accessibility as a test (issue 15 §5): axe-core on every route of the route table, as visitor,
// administrator and member — 0 serious or critical violations; a keyboard-only journey with
// visible focus; prefers-reduced-motion respected.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, loginAs, startE2E, type E2E } from '../setup/e2e';
import { makeUser } from './helpers';
import { axeFindings, type Finding, goClient, NO_ACCESS_HEADING, screenRendered, settled } from './a11y-axe';

let e2e: E2E;
// Each public page with the heading it must show before it is audited.
const PUBLIC: [string, string][] = [
  ['/login', 'Iniciar sesión'],
  ['/register', 'Crear cuenta'],
  ['/register/success', '¡Registro exitoso!'],
  ['/register/ABCD1234', 'Crear cuenta'],
  ['/resetPassword/token-de-prueba', 'Restablecer contraseña'],
  ['/404', 'Página no encontrada'],
];
// Loaded at run time (the web aliases resolve in vitest; the worker typecheck does not follow it).
const ROUTE_PATHS = './route-paths';
const { PRIVATE_SCREENS } = (await import(/* @vite-ignore */ ROUTE_PATHS)) as {
  PRIVATE_SCREENS: { path: string; title: string; permissions: string[] }[];
};
const TITLES = new Map(PRIVATE_SCREENS.map((s) => [s.path, s.title]));
const PRIVATE = PRIVATE_SCREENS.length;

beforeAll(async () => {
  e2e = await startE2E({ referenceData: true });
}, 120_000);
afterAll(async () => e2e?.close());

/**
 * Audits each page once it shows its heading (an error page, a blank page or a redirect fails the
 * sweep instead of passing axe vacuously). `heading(path)` names it, or undefined: any screen's.
 */
async function sweep(
  page: Page,
  paths: string[],
  heading: (path: string) => string | undefined = () => undefined,
): Promise<Record<string, Finding[] | string>> {
  const bad: Record<string, Finding[] | string> = {};
  for (const path of paths) {
    await goClient(page, path);
    if (NO_ROW_1.includes(path) && heading(path) === undefined) {
      // Not audited: no purchase #1 here, so the screen sends to /404 (audited with the public pages).
      const at404 = await page
        .waitForFunction(() => location.pathname === '/404', undefined, { timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      if (!at404) bad[path] = `${path}: no longer sends to /404: audit it (take it out of NO_ROW_1)`;
      continue;
    }
    try {
      await screenRendered(page, path, heading(path), TITLES.get(path));
    } catch (e) {
      bad[path] = (e as Error).message;
      continue;
    }
    await settled(page);
    const found = await axeFindings(page);
    if (found.length) bad[path] = found;
  }
  return bad;
}

/**
 * Detail screens whose row 1 this database lacks: they send to /404, so they are not audited as
 * themselves (the sweep checks they still do, so seeding the row makes it audit them).
 * TODO: seed a purchase for the administrator and the member and audit both detail screens.
 */
const NO_ROW_1 = ['/app/miscompras/view/1', '/app/administracion/compras/view/1'];

/** The permissions of the signed-in user, as the API reports them. */
const permissionsOf = (page: Page) =>
  page.evaluate(
    async () => ((await (await fetch('/api/v1/auth/permissions')).json()) as { data: string[] }).data,
  );

describe('axe on every route', () => {
  it('public pages', async () => {
    const page = await e2e.page();
    await page.goto('/login');
    const headings = new Map(PUBLIC);
    expect(await sweep(page, [...headings.keys()], (p) => headings.get(p))).toEqual({});
  }, 120_000);

  it(`${PRIVATE} private routes as administrator`, async () => {
    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const held = new Set(await permissionsOf(page));
    // The administrator holds every permission: each screen is its own, never the no-access page.
    expect(PRIVATE_SCREENS.filter((s) => !s.permissions.every((p) => held.has(p)))).toEqual([]);
    expect(
      await sweep(
        page,
        PRIVATE_SCREENS.map((s) => s.path),
      ),
    ).toEqual({});
  }, 600_000);

  it(`${PRIVATE} private routes as member (own screens and the no-access page)`, async () => {
    const m = await makeUser(e2e, 'axemiembro', { role: 'USUARIO' });
    const page = await e2e.page();
    await loginAs(page, m.email, m.password);
    const held = new Set(await permissionsOf(page));
    const own = new Set(
      PRIVATE_SCREENS.filter((s) => s.permissions.every((p) => held.has(p))).map((s) => s.path),
    );
    // Both kinds are audited: the member's own screens and the no-access page.
    expect(own.size).toBeGreaterThan(0);
    expect(own.size).toBeLessThan(PRIVATE);
    expect(
      await sweep(
        page,
        PRIVATE_SCREENS.map((s) => s.path),
        (p) => (own.has(p) ? undefined : NO_ACCESS_HEADING),
      ),
    ).toEqual({});
  }, 600_000);
});

/** Presses Tab until the focused element's text or label matches; checks the focus is visible. */
async function tabTo(page: Page, name: RegExp, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const label =
        el.getAttribute('aria-label') ??
        (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
        el.textContent ??
        '';
      const s = getComputedStyle(el);
      // A visible focus indicator: an outline or a ring (box-shadow) on the element itself.
      const ring =
        (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) ||
        (s.boxShadow !== 'none' && s.boxShadow !== '');
      return { label: label.trim(), focusVisible: el.matches(':focus-visible'), ring };
    });
    if (focus && name.test(focus.label)) {
      expect(focus.focusVisible, `${focus.label}: :focus-visible`).toBe(true);
      expect(focus.ring, `${focus.label}: visible focus indicator`).toBe(true);
      return;
    }
  }
  throw new Error(`no focusable element matching ${name} after ${max} Tab presses`);
}

describe('keyboard and motion', () => {
  it('login → a grid → a form → save with the keyboard only, focus always visible', async () => {
    const page = await e2e.page();
    await page.goto('/login');
    await tabTo(page, /^Correo electrónico$/);
    await page.keyboard.type(E2E_ADMIN.email);
    await tabTo(page, /^Contraseña$/);
    await page.keyboard.type(E2E_ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/app\//);
    await page.goto('/app/configuracion/generales/parentesco');
    await page.getByRole('heading', { name: 'Parentescos', level: 1 }).waitFor();
    await tabTo(page, /^Nuevo$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/parentesco\/new$/);
    // The new page takes the focus from the button that opened it, so Tab continues in the form.
    await page.getByRole('heading', { name: 'Parentescos: nuevo registro', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await tabTo(page, /^Nombre$/);
    await page.keyboard.type('Padrastro');
    await tabTo(page, /^Guardar$/);
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/general/parentescos'),
    );
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(201);
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Registro creado correctamente' });
    await toast.waitFor();
    // The toast covers neither the top bar nor the controls above the grid (Nuevo, Importar, …).
    await page.waitForTimeout(500); // its entry animation
    const box = (await toast.boundingBox())!;
    const covered = await page.evaluate((b) => {
      const hits: string[] = [];
      const table = document.querySelector('main table');
      const above = (el: Element) =>
        !table || !!(el.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING);
      for (const el of document.querySelectorAll('header, main button, main a')) {
        if (el.tagName !== 'HEADER' && !above(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.left < b.x + b.width && b.x < r.right && r.top < b.y + b.height && b.y < r.bottom)
          hits.push(el.getAttribute('aria-label') ?? (el.textContent || el.tagName).trim());
      }
      return hits;
    }, box);
    expect(covered).toEqual([]);
  }, 60_000);

  it('prefers-reduced-motion: dialogs open without animation', async () => {
    const ctx = await e2e.browser.newContext({ baseURL: e2e.base, locale: 'es-CO', reducedMotion: 'reduce' });
    const page = await ctx.newPage();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/app/configuracion/generales/bancos');
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const duration = await dialog.evaluate((el) => parseFloat(getComputedStyle(el).animationDuration));
    expect(duration).toBeLessThan(0.01);
    await ctx.close();
  }, 60_000);
});
