// Accessibility as a test (issue 15 §5): axe-core on every route of the route table, as visitor,
// administrator and member — 0 serious or critical violations; a keyboard-only journey with
// visible focus; prefers-reduced-motion respected.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, loginAs, signInByApi, startE2E, type E2E } from '../setup/e2e';
import { type E2EUser, makeUser } from './helpers';
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

/** The purchase detail screens (the member's and the administrator's): audited on a real purchase. */
const MY_PURCHASE = '/app/miscompras/view/1';
const ADMIN_PURCHASE = '/app/administracion/compras/view/1';
/** The route table's paths with the purchase detail screens on purchase `id`. */
const pathsWith = (id: number) =>
  PRIVATE_SCREENS.map((s) =>
    s.path === MY_PURCHASE || s.path === ADMIN_PURCHASE ? s.path.replace(/1$/, String(id)) : s.path,
  );
const titleOf = (path: string) => TITLES.get(path.replace(/\/view\/\d+$/, '/view/1'));

let member: E2EUser;
/** Purchases made through the API (cart, then checkout) by the administrator and by the member. */
const purchase = { admin: 0, member: 0 };

const signIn = async (email: string, password: string) =>
  (await signInByApi(e2e.base, email, password)).header;

async function api(cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${e2e.base}/api/v1${path}`, {
    method,
    headers: { Cookie: cookie, Origin: e2e.base, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** One unit of `productId` in the cart, then paid: the purchase's id. */
async function buy(cookie: string, productId: number): Promise<number> {
  await api(cookie, 'POST', '/miscompras/cart', {
    producto_id: productId,
    tipo_suscripcion_id: null,
    qty: 1,
  });
  const cart = await api(cookie, 'GET', '/miscompras/cart');
  const paid = await api(cookie, 'POST', '/miscompras/compras', {
    total_items: cart.total_items,
    total: cart.total,
  });
  return paid.data.id;
}

beforeAll(async () => {
  e2e = await startE2E({ referenceData: true });
  member = await makeUser(e2e, 'axemiembro', { role: 'USUARIO' });
  const admin = await signIn(E2E_ADMIN.email, E2E_ADMIN.password);
  const cat = await api(admin, 'POST', '/catalogo/categoriasproductos', { nombre: 'Accesibilidad' });
  const product = await api(admin, 'POST', '/catalogo/productos', {
    codigo: 'AXE-01',
    nombre: 'Guía de bienvenida',
    categoria_id: cat.data.id,
    precio: 1_000_000,
    descripcion: 'Producto de la prueba de accesibilidad.',
  });
  purchase.admin = await buy(admin, product.data.id);
  purchase.member = await buy(await signIn(member.email, member.password), product.data.id);
}, 180_000);
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
  let noAccessAudited = false;
  for (const path of paths) {
    await goClient(page, path);
    let shown: string;
    try {
      shown = await screenRendered(page, path, heading(path), titleOf(path));
    } catch (e) {
      bad[path] = (e as Error).message;
      continue;
    }
    // Every route a member may not open must show the no-access page (checked above); that page is
    // one screen whatever the route, so axe audits it the first time, not once per route.
    if (shown === NO_ACCESS_HEADING) {
      if (noAccessAudited) continue;
      noAccessAudited = true;
    }
    await settled(page);
    const found = await axeFindings(page);
    if (found.length) bad[path] = found;
  }
  return bad;
}

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
    // Both purchase detail screens show the administrator's own purchase (its heading names it).
    const views = new Set([MY_PURCHASE, ADMIN_PURCHASE].map((p) => p.replace(/1$/, String(purchase.admin))));
    expect(
      await sweep(page, pathsWith(purchase.admin), (p) =>
        views.has(p) ? `Compra #${purchase.admin}` : undefined,
      ),
    ).toEqual({});
  }, 600_000);

  it(`${PRIVATE} private routes as member (own screens and the no-access page)`, async () => {
    const page = await e2e.page();
    await loginAs(page, member.email, member.password);
    const held = new Set(await permissionsOf(page));
    const own = new Set(
      PRIVATE_SCREENS.filter((s) => s.permissions.every((p) => held.has(p))).map((s) => s.path),
    );
    // Both kinds are audited: the member's own screens and the no-access page.
    expect(own.size).toBeGreaterThan(0);
    expect(own.size).toBeLessThan(PRIVATE);
    // The member's purchase detail shows the member's own purchase.
    expect(own.has(MY_PURCHASE)).toBe(true);
    const mine = MY_PURCHASE.replace(/1$/, String(purchase.member));
    expect(
      await sweep(page, pathsWith(purchase.member), (p) =>
        p === mine ? `Compra #${purchase.member}` : own.has(p) ? undefined : NO_ACCESS_HEADING,
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
