// Issue 13 item 9 in real Chromium: a member turns on two-factor sign-in on /app/account (QR code,
// code computed here from the shown secret, recovery codes shown once), signs out, signs in with
// a code, signs out again and signs in with a recovery code; a spent recovery code is refused.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../worker/shared/totp';
import { type E2E, startE2E } from '../setup/e2e';
import { makeUser, shot, visible } from './helpers';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await visible(page.getByRole('heading', { name: 'Verificación en dos pasos' }));
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Salir' }).click();
  await page.waitForURL('**/login');
}

/** A code from a step the server has not seen yet (codes are single use within their 30 s). */
async function freshCode(secret: string, after: number) {
  let now = Date.now();
  while (Math.floor(now / 30_000) <= after) {
    await new Promise((r) => setTimeout(r, 500));
    now = Date.now();
  }
  return { code: await totpCode(secret, now), step: Math.floor(now / 30_000) };
}

describe('two-factor sign-in', () => {
  it('enrols with a QR code, then signs in with a code and with a recovery code', async () => {
    const who = await makeUser(e2e, 'dosfactores', { role: 'USUARIO' });
    const page = await e2e.page();
    await page.goto('/login');
    await page.getByLabel('Correo electrónico', { exact: true }).fill(who.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(/\/app\//);

    // Enrol on /app/account.
    await page.goto('/app/account');
    await page.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();
    const qr = page.getByRole('img', { name: 'Código QR para la aplicación de autenticación' });
    await visible(qr);
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(await page.getByTestId('totp-uri').textContent()).toContain(`secret=${secret}`);
    await shot(page, 'totp-enrol');
    let { code, step } = await freshCode(secret, 0);
    await page.getByLabel('Código de verificación', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Confirmar y activar' }).click();
    const list = page.getByLabel('Códigos de recuperación');
    await visible(list);
    const recovery = (await list.locator('li').allTextContents()).map((c) => c.trim());
    expect(recovery).toHaveLength(10);
    await shot(page, 'totp-recovery-codes');
    await page.getByRole('button', { name: 'Ya los guardé' }).click();
    await visible(page.getByText('Te quedan 10 códigos de recuperación.'));

    // Sign out, sign in with a code.
    await signOut(page);
    await passwordStep(page, who.email, who.password);
    await shot(page, 'totp-login-step');
    ({ code, step } = await freshCode(secret, step));
    await page.getByLabel('Código de verificación', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL(/\/app\//);

    // Sign out, sign in with a recovery code; the same one is refused next time.
    await signOut(page);
    await passwordStep(page, who.email, who.password);
    await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
    await page.getByLabel('Código de recuperación', { exact: true }).fill(recovery[0]!);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL(/\/app\//);
    await page.goto('/app/account');
    await visible(page.getByText('Te quedan 9 códigos de recuperación.'));

    await signOut(page);
    await passwordStep(page, who.email, who.password);
    await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
    await page.getByLabel('Código de recuperación', { exact: true }).fill(recovery[0]!);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await visible(page.getByText('El código no es válido'));
    expect(new URL(page.url()).pathname).toBe('/login');
  }, 180_000);
});
