// Habeas data in Chromium (decisions 0400, 0401): a member registers with and without a sensitive
// authorisation and finds his consent ledger in Mi cuenta → Privacidad.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentLedger, users } from '../../worker/db/schema';
import { type E2E, startE2E } from '../setup/e2e';
import { visible } from './helpers';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function register(page: Page, who: { user: string; email: string }, sensitive: string[]) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await page.goto('/register');
  await visible(page.getByRole('button', { name: 'Registrarme' }));
  await field('Nombres').fill('Sara');
  await field('Apellidos').fill('Privada');
  const tipo = field('Tipo de identificación');
  await tipo.selectOption((await tipo.locator('option', { hasText: /^CC - / }).getAttribute('value'))!);
  await field('Número de identificación').fill('43112233');
  await field('Celular').fill('3009998877');
  await field('País').selectOption({ label: 'Colombia' });
  await field('Nombre de usuario').fill(who.user);
  await field('Correo electrónico').fill(who.email);
  await field('Contraseña').fill('Secreta-e2e-1');
  await field('Confirmar contraseña').fill('Secreta-e2e-1');
  await page.getByRole('checkbox', { name: 'Acepto los términos y condiciones' }).click();
  // Each sensitive purpose is its own unticked choice, and the form says answering is optional.
  await visible(page.getByText(/Responder preguntas sobre datos sensibles es opcional/));
  for (const box of await page.getByRole('checkbox', { name: /opcional, dato sensible/ }).all())
    expect(await box.getAttribute('aria-checked')).toBe('false');
  // Without the mandatory purpose the server refuses and names it.
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await visible(
    page.getByText('Debes autorizar la finalidad «Prestación del servicio» para registrarte').first(),
  );
  await page.getByRole('checkbox', { name: /Autorizo: Prestación del servicio/ }).click();
  for (const name of sensitive)
    await page.getByRole('checkbox', { name: new RegExp(`Autorizo: ${name}`) }).click();
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await page.waitForURL('**/register/success');
  const db = e2e.server.ports.db;
  await db.update(users).set({ emailVerifiedAt: Date.now() }).where(eq(users.email, who.email));
  return (await db.select().from(users).where(eq(users.email, who.email)).get())!;
}

async function openPrivacy(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('Secreta-e2e-1');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL('**/app/**');
  await page.goto('/app/account/privacidad');
  return page.getByRole('table', { name: 'Historial de autorizaciones' });
}

describe('privacy at registration', () => {
  it('registers with a sensitive authorisation and sees it in his ledger', async () => {
    const page = await e2e.page();
    const u = await register(page, { user: 'sara.con', email: 'sara.con@e2e.local' }, [
      'Descripción física íntima',
    ]);
    const rows = await e2e.server.ports.db.select().from(consentLedger).where(eq(consentLedger.userId, u.id));
    expect(rows.map((r) => r.finalidad).sort()).toEqual(['DESCRIPCION_INTIMA', 'SERVICIO']);
    const ledger = await openPrivacy(page, 'sara.con@e2e.local');
    await visible(ledger.getByRole('cell', { name: 'Descripción física íntima' }));
    await visible(ledger.getByRole('cell', { name: 'Prestación del servicio' }));
    expect(await ledger.getByRole('cell', { name: 'Registro' }).count()).toBe(2);
    expect(
      await page
        .getByRole('switch', { name: 'Autorizar Descripción física íntima' })
        .getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('registers without any sensitive authorisation: only the mandatory purpose is in his ledger', async () => {
    const page = await e2e.page();
    const u = await register(page, { user: 'sara.sin', email: 'sara.sin@e2e.local' }, []);
    const rows = await e2e.server.ports.db.select().from(consentLedger).where(eq(consentLedger.userId, u.id));
    expect(rows.map((r) => r.finalidad)).toEqual(['SERVICIO']);
    const ledger = await openPrivacy(page, 'sara.sin@e2e.local');
    await visible(ledger.getByRole('cell', { name: 'Prestación del servicio' }));
    expect(await ledger.getByRole('row').count()).toBe(2);
    expect(
      await page
        .getByRole('switch', { name: 'Autorizar Descripción física íntima' })
        .getAttribute('aria-checked'),
    ).toBe('false');
  });
});
