// The platform in real Chromium: public and private redirects, /404, login, registration with
// e-mail verification and referral, password reset, logout, the no-access page, the side menu
// by permission, settings that survive a reload, the loading screen and the footer everywhere.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../worker/db/schema';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';
import { expectFooter, linkIn, makeUser, shot, visible } from './helpers';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const path = (page: Page) => new URL(page.url()).pathname;

/** Fills the login form and submits it (without waiting for the outcome). */
async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** Fills every field of /register (Colombia, Antioquia, Medellín), ticks the mandatory purpose and accepts the terms. */
async function fillRegister(page: Page, who: { user: string; email: string; password: string }) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await visible(page.getByRole('button', { name: 'Registrarme' }));
  await field('Nombres').fill('Ana María');
  await field('Apellidos').fill('Pérez Gómez');
  const tipo = field('Tipo de identificación');
  const cc = await tipo.locator('option', { hasText: /^CC - / }).getAttribute('value');
  await tipo.selectOption(cc!);
  await field('Número de identificación').fill('1020304050');
  await field('Celular').fill('3001234567');
  await field('País').selectOption({ label: 'Colombia' });
  await field('Departamento').selectOption({ label: 'Antioquia' });
  await field('Ciudad').selectOption({ label: 'Medellín' });
  await field('Nombre de usuario').fill(who.user);
  await field('Correo electrónico').fill(who.email);
  await field('Contraseña').fill(who.password);
  await field('Confirmar contraseña').fill(who.password);
  // The privacy notice's mandatory purpose (docs/privacy.md «Aviso y autorizaciones»).
  await page.getByRole('checkbox', { name: 'Autorizo: Tratamiento básico (obligatoria)' }).click();
  await page.getByRole('checkbox', { name: 'Acepto los términos y condiciones' }).click();
}

describe('public routes and redirects', () => {
  it('sends / to /login, an unknown path to /404 and a visitor opening /app/... to /login', async () => {
    const page = await e2e.page();

    await page.goto('/');
    await page.waitForURL('**/login');
    await visible(page.getByRole('button', { name: 'Iniciar sesión' }));
    await visible(page.getByText('¿Olvidaste tu contraseña?'));
    await visible(page.getByRole('link', { name: 'Regístrate' }));
    await expectFooter(page);
    await shot(page, 'login');

    await page.goto('/no/existe/esta-ruta');
    await page.waitForURL('**/404');
    await visible(page.getByRole('heading', { name: 'Página no encontrada' }));
    await visible(page.getByText('404', { exact: true }));
    await expectFooter(page);
    await shot(page, 'not-found');
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await page.waitForURL('**/login');
    await expectFooter(page);

    for (const target of ['/app', '/app/miinformacionpersonal', '/app/configuracion/seguridad/usuarios']) {
      await page.goto(target);
      await page.waitForURL('**/login');
      await visible(page.getByRole('button', { name: 'Iniciar sesión' }));
      await expectFooter(page);
    }
  });

  it('shows the loading screen until the session has been checked, when the page is drawn in the browser', async () => {
    const member = await makeUser(e2e, 'cargando', { role: 'USUARIO' });
    const page = await e2e.page();
    await loginAs(page, member.email, member.password);
    // A page the server did not draw (decision 0306: its renderer missing or failing) is the SPA's
    // index.html, which asks for the session itself.
    const spa = readFileSync('web/dist/index.html', 'utf8');
    await page.route('**/app/miinformacionpersonal', (route) =>
      route.request().resourceType() === 'document'
        ? route.fulfill({ contentType: 'text/html', body: spa })
        : route.continue(),
    );

    // Hold the session check so the loading screen stays up, then let it through.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/v1/auth/session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/app/miinformacionpersonal');
    await visible(page.getByRole('status').getByText('Cargando...'));
    await expectFooter(page);
    expect(await page.getByRole('navigation', { name: 'Menú principal' }).count()).toBe(0);
    await shot(page, 'loading');
    release();
    await visible(page.getByRole('heading', { name: 'Mi información personal' }));
    // The loading screen (the one with the brand) is gone; a select may still say 'Cargando...'
    // while its options arrive, which is that field's own loading state.
    expect(await page.getByRole('status').filter({ hasText: '360' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Menú principal' }).count()).toBe(1);
    await expectFooter(page);
  });
});

describe('login', () => {
  // The signed-in visits below once stayed on the loading screen about two runs in three
  // (decision 0308): each is taken several times over in the loop.
  it('shows the server message on bad credentials, then signs in and keeps a signed-in user off the public pages', async () => {
    const page = await e2e.page();
    await page.goto('/login');
    await submitLogin(page, E2E_ADMIN.email, 'no-es-la-clave');
    await visible(page.getByText('Correo o contraseña incorrectos', { exact: true }));
    expect(path(page)).toBe('/login');
    await expectFooter(page);
    await shot(page, 'login-error');

    await submitLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/app/miinformacionpersonal');
    await visible(page.getByRole('heading', { name: 'Mi información personal' }));
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await nav.getByRole('button', { name: 'Configuración' }).click();
    await nav.getByRole('button', { name: 'Seguridad' }).click();
    await visible(nav.getByRole('link', { name: 'Usuarios' }));
    await visible(nav.getByRole('link', { name: 'Cambio de contraseña' }));
    await visible(
      page.getByRole('complementary', { name: 'Menú lateral' }).getByText('admin', { exact: true }),
    );
    await expectFooter(page);
    await shot(page, 'shell-admin');

    // A signed-in user opening a public page goes to /app, and /app to personal information.
    for (const target of ['/login', '/register', '/', '/login', '/register', '/login']) {
      await page.goto(target);
      await page.waitForURL('**/app/miinformacionpersonal');
      await visible(page.getByRole('heading', { name: 'Mi información personal' }));
      await expectFooter(page);
    }
    await page.goto('/app');
    await page.waitForURL('**/app/miinformacionpersonal');
    await expectFooter(page);

    // The administrator holds every permission: no no-access page.
    await page.goto('/app/configuracion/seguridad/usuarios');
    await visible(page.getByRole('heading', { name: 'Usuarios' }));
    expect(await page.getByText('UY!, lo sentimos').count()).toBe(0);
    await expectFooter(page);
  });

  it('returns a visitor to the private page they asked for after signing in', async () => {
    const member = await makeUser(e2e, 'vuelve', { role: 'USUARIO' });
    const page = await e2e.page();
    await page.goto('/app/miscompras');
    await page.waitForURL('**/login');
    await expectFooter(page);
    await submitLogin(page, member.email, member.password);
    await page.waitForURL('**/app/miscompras');
    await visible(page.getByRole('heading', { name: 'Mis compras' }));
    await expectFooter(page);
  });
});

/** Holds every script of the page until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Waits until React owns the prerendered login form: its submit button is enabled. */
const hydrated = (page: Page) =>
  page.waitForFunction(
    () => !(document.querySelector('button[type="submit"]') as HTMLButtonElement | null)?.disabled,
  );

describe('the prerendered login page', () => {
  it('arrives as HTML with its form, footer and a disabled button; other paths get the loading screen', async () => {
    const login = await (await fetch(`${e2e.base}/login`)).text();
    expect(login).toContain('data-prerendered="/login"');
    for (const text of [
      'Iniciar sesión',
      'Correo electrónico',
      'Contraseña',
      '¿No tienes una cuenta?',
      'Powered by 360 web.',
    ])
      expect(login).toContain(text);
    expect(login).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>Iniciar sesión<\/button>/);
    const register = await (await fetch(`${e2e.base}/register`)).text();
    expect(register).not.toContain('data-prerendered');
    expect(register).toContain('Cargando...');
  });

  it('keeps what was typed before the scripts ran, cannot be submitted until then, and hydrates without a mismatch', async () => {
    const member = await makeUser(e2e, 'antesdejs', { role: 'USUARIO' });
    const page = await e2e.page();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    // Hold every script: the page is what the HTML and the stylesheet paint.
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const email = page.getByLabel('Correo electrónico', { exact: true });
    const password = page.getByLabel('Contraseña', { exact: true });
    await visible(email);
    await expectFooter(page);
    await shot(page, 'login-before-js');
    const button = page.getByRole('button', { name: 'Iniciar sesión' });
    expect(await button.isDisabled()).toBe(true);
    const navigations: string[] = [];
    page.on('request', (r) => r.isNavigationRequest() && navigations.push(`${r.method()} ${r.url()}`));
    await email.fill(member.email);
    await password.fill(member.password);
    // A native submission fires `submit` while the key press is handled (implicit submission), before
    // any navigation starts; so once the press is over, the count says whether there was one. It is
    // kept in sessionStorage, which outlives the navigation such a submission starts.
    await page.evaluate(() => {
      sessionStorage.setItem('submits', '0');
      document.addEventListener(
        'submit',
        () => sessionStorage.setItem('submits', String(Number(sessionStorage.getItem('submits')) + 1)),
        true,
      );
    });
    await password.press('Enter');
    // Enter did not submit the form natively: no navigation, so no password in a URL or a body.
    expect(await page.evaluate(() => sessionStorage.getItem('submits'))).toBe('0');
    expect(navigations).toEqual([]);

    release();
    await hydrated(page);
    expect(await email.inputValue()).toBe(member.email);
    expect(await password.inputValue()).toBe(member.password);
    await button.click();
    await page.waitForURL('**/app/miinformacionpersonal');
    expect(problems).toEqual([]);
  });

  it('keeps what was typed even when hydration fails because something added markup to the form', async () => {
    const member = await makeUser(e2e, 'conextension', { role: 'USUARIO' });
    const page = await e2e.page();
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const email = page.getByLabel('Correo electrónico', { exact: true });
    const password = page.getByLabel('Contraseña', { exact: true });
    await visible(email);
    await email.fill(member.email);
    await password.fill(member.password);
    // As some password managers do: their own element beside the field, so the markup React
    // finds is not the markup it rendered, and it draws the page again.
    await page.evaluate(() =>
      document
        .querySelector('input[name="password"]')!
        .after(Object.assign(document.createElement('div'), { className: 'gestor-de-claves' })),
    );
    release();
    await hydrated(page);
    expect(await email.inputValue()).toBe(member.email);
    expect(await password.inputValue()).toBe(member.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/app/miinformacionpersonal');
  });

  it('does not move while it arrives and hydrates on a phone, even when its HTML comes in two parts', async () => {
    // A proxy in front of the app sends /login's HTML in two parts, 800 ms apart, cut inside the
    // card, as a slow connection may; everything else passes through. A page painted before the
    // rest arrived would show half a card, centred, and then jump.
    const html = await (await fetch(`${e2e.base}/login`)).text();
    const cut = html.indexOf('Contraseña');
    expect(cut).toBeGreaterThan(0);
    const proxy = createServer(async (req, res) => {
      if (req.url === '/login') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.write(html.slice(0, cut));
        await new Promise((r) => setTimeout(r, 800));
        res.end(html.slice(cut));
        return;
      }
      const upstream = await fetch(`${e2e.base}${req.url}`, {
        headers: { cookie: req.headers.cookie ?? '' },
      });
      res.writeHead(upstream.status, {
        'Content-Type': upstream.headers.get('content-type') ?? 'application/octet-stream',
      });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const ctx = await e2e.browser.newContext({ locale: 'es-CO', viewport: { width: 412, height: 823 } });
    try {
      const page = await ctx.newPage();
      await page.goto(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/login`);
      await hydrated(page);
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as (PerformanceEntry & { value: number })[]) total += e.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(total), 200);
          }),
      );
      expect(shift).toBe(0);
    } finally {
      await ctx.close();
      proxy.close();
    }
  });

  it('hydrates under stored settings (dark, right to left) without a mismatch', async () => {
    const page = await e2e.page();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.addInitScript(() =>
      localStorage.setItem(
        'settings',
        JSON.stringify({ theme: 'OSCURO', direction: 'rtl', responsiveFontSizes: true }),
      ),
    );
    await page.goto('/login');
    await page.waitForFunction(
      () =>
        document.documentElement.getAttribute('data-theme') === 'OSCURO' &&
        document.documentElement.dir === 'rtl',
    );
    await hydrated(page);
    await expectFooter(page);
    await shot(page, 'login-dark-rtl');
    expect(problems).toEqual([]);
  });
});

describe('registration', () => {
  it('registers, refuses login until verified, verifies through the e-mailed link and signs in', async () => {
    const who = { user: 'nueva.socia', email: 'nueva.socia@e2e.local', password: 'Secreta-e2e-1' };
    const page = await e2e.page();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Regístrate' }).click();
    await page.waitForURL('**/register');
    await visible(page.getByText('Crear cuenta', { exact: true }));
    await expectFooter(page);
    await fillRegister(page, who);
    await shot(page, 'register');
    await page.getByRole('button', { name: 'Registrarme' }).click();

    await page.waitForURL('**/register/success');
    await visible(page.getByText('¡Registro exitoso!'));
    await visible(page.getByText('Registro recibido. Revisa tu correo electrónico para activar la cuenta.'));
    await expectFooter(page);
    await shot(page, 'register-success');

    const row = await e2e.server.ports.db.select().from(users).where(eq(users.email, who.email)).get();
    expect(row?.emailVerifiedAt).toBeNull();
    expect(row?.sponsorId).toBeNull();

    // Not verified yet: the server refuses, and the page offers to send the e-mail again.
    await page.getByRole('link', { name: 'Ir a iniciar sesión' }).click();
    await page.waitForURL('**/login');
    await submitLogin(page, who.email, who.password);
    await visible(page.getByText('Debes verificar tu correo electrónico antes de iniciar sesión'));
    await visible(page.getByRole('button', { name: 'Reenviar correo de verificación' }));
    await expectFooter(page);
    await shot(page, 'login-unverified');

    const mail = await e2e.lastMail(who.email);
    expect(mail?.subject).toBe('Activa tu cuenta');
    const link = linkIn(mail!.body);
    expect(link).toMatch(new RegExp(`^${e2e.base}/login\\?verificar=`));
    await page.goto(link);
    await visible(page.getByText('Correo verificado correctamente. Ya puedes iniciar sesión.'));
    await shot(page, 'login-verified-toast');
    await page.waitForURL((url) => url.pathname === '/login' && !url.searchParams.has('verificar'));
    await expectFooter(page);

    await submitLogin(page, who.email, who.password);
    await page.waitForURL('**/app/miinformacionpersonal');
    await visible(
      page.getByRole('complementary', { name: 'Menú lateral' }).getByText(who.user, { exact: true }),
    );
    await expectFooter(page);
  });

  it('registers through /register/{code}: shows who invited and records the sponsor', async () => {
    const sponsor = await makeUser(e2e, 'padrino', { role: 'USUARIO' });
    const who = { user: 'ahijada', email: 'ahijada@e2e.local', password: 'Secreta-e2e-2' };
    const page = await e2e.page();
    await page.goto(`/register/${sponsor.referralCode}`);
    await visible(page.getByText(`Te invitó ${sponsor.userName}`, { exact: true }));
    await expectFooter(page);
    await shot(page, 'register-referral');
    await fillRegister(page, who);
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await page.waitForURL('**/register/success');
    await expectFooter(page);

    const row = await e2e.server.ports.db.select().from(users).where(eq(users.email, who.email)).get();
    expect(row?.sponsorId).toBe(sponsor.id);

    // An unknown code warns and still lets the visitor register without a sponsor.
    await page.goto('/register/NOEXISTE');
    await visible(page.getByText('El código de referido no es válido. Puedes registrarte sin referido.'));
    await visible(page.getByRole('button', { name: 'Registrarme' }));
    await expectFooter(page);
  });
});

describe('password reset', () => {
  it('mails a link from the forgot-password dialog; the new password works and the old one no longer does', async () => {
    const member = await makeUser(e2e, 'olvidadiza', { role: 'USUARIO', password: 'Vieja-clave-1' });
    const fresh = 'Nueva-clave-2';
    const page = await e2e.page();
    await page.goto('/login');
    await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recuperar contraseña' });
    await visible(dialog);
    await dialog.getByLabel('Correo electrónico de la cuenta', { exact: true }).fill(member.email);
    await shot(page, 'forgot-dialog');
    await dialog.getByRole('button', { name: 'Enviar enlace' }).click();
    await visible(
      dialog.getByText('Si el correo está registrado, recibirás un enlace para restablecer la contraseña.'),
    );
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
    await expectFooter(page);

    const mail = await e2e.lastMail(member.email);
    expect(mail?.subject).toBe('Restablecer contraseña');
    const link = linkIn(mail!.body);
    expect(link).toMatch(new RegExp(`^${e2e.base}/resetPassword/`));
    await page.goto(link);
    await visible(page.getByText('Restablecer contraseña').first());
    await expectFooter(page);
    await page.getByLabel('Nueva contraseña', { exact: true }).fill(fresh);
    await page.getByLabel('Confirmar contraseña', { exact: true }).fill(fresh);
    await shot(page, 'reset-password');
    await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
    await page.waitForURL('**/login');
    await visible(
      page.getByText('La contraseña se ha restablecido correctamente. Ya puedes iniciar sesión.'),
    );
    await expectFooter(page);

    await submitLogin(page, member.email, member.password);
    await visible(page.getByText('Correo o contraseña incorrectos', { exact: true }));
    expect(path(page)).toBe('/login');

    await submitLogin(page, member.email, fresh);
    await page.waitForURL('**/app/miinformacionpersonal');
    await expectFooter(page);
  });
});

describe('session end', () => {
  it('logs out through the user menu; the old token cookie is refused afterwards', async () => {
    const member = await makeUser(e2e, 'saliente', { role: 'USUARIO' });
    const page = await e2e.page();
    await loginAs(page, member.email, member.password);
    await expectFooter(page);
    const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value;
    expect(token).toBeTruthy();
    const replay = () => fetch(`${e2e.base}/api/v1/auth/session`, { headers: { Cookie: `token=${token}` } });
    expect((await replay()).status).toBe(200);

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await visible(page.getByRole('menuitem', { name: 'Salir' }));
    await shot(page, 'user-menu');
    await page.getByRole('menuitem', { name: 'Salir' }).click();
    await page.waitForURL('**/login');
    await visible(page.getByRole('button', { name: 'Iniciar sesión' }));
    await expectFooter(page);

    expect((await replay()).status).toBe(401);
    const left = (await page.context().cookies()).map((c) => c.name);
    expect(left).not.toContain('token');
    expect(left).not.toContain('infosesion');

    // The private pages are closed again.
    await page.goto('/app/miinformacionpersonal');
    await page.waitForURL('**/login');
    await expectFooter(page);
  });
});

describe('permissions', () => {
  it('shows the no-access page for a screen the member lacks, with a Dashboard button', async () => {
    const member = await makeUser(e2e, 'sinacceso', { role: 'USUARIO' });
    const page = await e2e.page();
    await loginAs(page, member.email, member.password);
    await page.goto('/app/configuracion/seguridad/usuarios');
    await visible(page.getByRole('heading', { name: 'UY!, lo sentimos' }));
    await visible(page.getByText('Aun no tienes acceso a esta pagina', { exact: true }));
    await visible(page.getByText(/solicita los privilegios correspondientes al administrador/));
    expect(path(page)).toBe('/app/configuracion/seguridad/usuarios');
    await expectFooter(page);
    await shot(page, 'no-access');

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/app/miinformacionpersonal');
    await visible(page.getByRole('heading', { name: 'Mi información personal' }));
    await expectFooter(page);
  });

  it('sends a user who may not open Mi información personal to his first screen, from /app and from the Dashboard button', async () => {
    const helper = await makeUser(e2e, 'soloayuda', { perms: ['app:centrodeayuda:sugerencias:view'] });
    const page = await e2e.page();
    await loginAs(page, helper.email, helper.password);
    await page.waitForURL('**/app/centrodeayuda/sugerencias');
    await visible(page.getByRole('heading', { name: 'Sugerencias', level: 1 }));
    await page.goto('/app');
    await page.waitForURL('**/app/centrodeayuda/sugerencias');

    await page.goto('/app/miinformacionpersonal');
    await visible(page.getByRole('heading', { name: 'UY!, lo sentimos' }));
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/app/centrodeayuda/sugerencias');
    await visible(page.getByRole('heading', { name: 'Sugerencias', level: 1 }));
    expect(await page.getByText('UY!, lo sentimos').count()).toBe(0);
    await expectFooter(page);
  });

  it('shows a member only the menu entries it holds', async () => {
    const member = await makeUser(e2e, 'miembro', { role: 'USUARIO' });
    const page = await e2e.page();
    await loginAs(page, member.email, member.password);
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await visible(nav.getByRole('link', { name: 'Mi información personal' }));
    await visible(nav.getByRole('link', { name: 'Mis compras' }));
    await nav.getByRole('button', { name: 'Centro de ayuda' }).click();
    await visible(nav.getByRole('link', { name: 'Preguntas frecuentes' }));
    await visible(nav.getByRole('link', { name: 'Sugerencias' }));
    await expectFooter(page);
    await shot(page, 'shell-member');
    for (const hidden of ['Configuración', 'Consultas', 'Administración']) {
      expect(await nav.getByRole('button', { name: hidden }).count(), `menu group ${hidden}`).toBe(0);
    }
    // Changing the password stays within reach through the user menu.
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
    await page.waitForURL('**/app/configuracion/seguridad/cambiodecontrasena');
    await visible(page.getByRole('heading', { name: 'Cambio de contraseña' }));
    await expectFooter(page);

    // Someone holding a single permission sees exactly that entry: tests/unit/menu.test.ts.
  });
});

describe('settings', () => {
  it('keeps the OSCURO theme across a reload (localStorage "settings")', async () => {
    const member = await makeUser(e2e, 'nocturna', { role: 'USUARIO' });
    const page = await e2e.page();
    await loginAs(page, member.email, member.password);
    const theme = () => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
    expect(await theme()).toBe('CLARO');

    await page.getByRole('button', { name: 'Ajustes de apariencia' }).click();
    await page.getByRole('radio', { name: 'OSCURO' }).check();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'OSCURO');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('settings') ?? 'null'));
    expect(stored).toMatchObject({ theme: 'OSCURO' });
    await shot(page, 'settings-dark');
    await page.keyboard.press('Escape');

    await page.reload();
    await visible(page.getByRole('heading', { name: 'Mi información personal' }));
    expect(await theme()).toBe('OSCURO');
    await page.getByRole('button', { name: 'Ajustes de apariencia' }).click();
    expect(await page.getByRole('radio', { name: 'OSCURO' }).isChecked()).toBe(true);
    await expectFooter(page);
    await shot(page, 'shell-dark');
  });
});
