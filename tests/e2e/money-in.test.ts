// Issue 23 "done when", in Chromium on a fresh install: the administrator adds a bank account
// (Cuentas de recaudo); a member checks out, sees the exact amount, the payment reference and the
// account, and uploads a PNG screenshot as the receipt, saying which account he paid into
// (decision 0245); the administrator finds it in the reconciliation queue by that payment method
// and confirms it there; the member's subscription activates and he is notified.
import { and, eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificaciones, suscripciones, tipossuscripciones } from '../../worker/db/schema';
import { referenceFor } from '../../worker/shared/payment-reference';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';
import { stripedPng } from '../setup/files';
import { makeUser, shot, visible } from './helpers';

let e2e: E2E;
const toast = (page: Page, text: string) => visible(page.getByText(text, { exact: true }));

beforeAll(async () => {
  e2e = await startE2E({ referenceData: true });
  // The subscription a member buys (the catalogue itself is not this test's subject).
  const now = Date.now();
  await e2e.server.ports.db.insert(tipossuscripciones).values({
    nombre: 'Plan mensual',
    precio: 9_990_000,
    duracionMeses: 1,
    descripcion: 'Acceso completo durante un mes.',
    createdAt: now,
    updatedAt: now,
  });
}, 180_000);
afterAll(async () => e2e?.close());

describe('money in', () => {
  it('an account, a checkout with its instructions, a PNG receipt and a confirmation from the queue', async () => {
    // The administrator adds the bank account members pay into.
    const admin = await e2e.page();
    await loginAs(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.goto('/app/configuracion/miscompras/cuentasrecaudo/new');
    await visible(admin.getByLabel('Nombre', { exact: true }));
    await admin.getByLabel('Nombre', { exact: true }).fill('Bancolombia ahorros');
    // Only the fields of the chosen method's kind show, required: none before a method is chosen;
    // a wallet address typed for a cryptocurrency is dropped when the method becomes a bank.
    expect(await admin.getByLabel('Banco', { exact: true }).count()).toBe(0);
    expect(await admin.getByLabel('Red', { exact: true }).count()).toBe(0);
    await admin.getByLabel('Método de pago', { exact: true }).selectOption({ label: 'Criptomoneda' });
    await admin.getByLabel('Red', { exact: true }).fill('TRC20');
    expect(await admin.getByLabel('Banco', { exact: true }).count()).toBe(0);
    await admin.getByLabel('Método de pago', { exact: true }).selectOption({ label: 'Cuenta bancaria' });
    expect(await admin.getByLabel('Red', { exact: true }).count()).toBe(0);
    expect(await admin.getByLabel('Titular', { exact: true }).getAttribute('aria-required')).toBe('true');
    await admin.getByLabel('Banco', { exact: true }).selectOption({ label: 'Bancolombia' });
    await admin.getByLabel('Tipo de cuenta', { exact: true }).selectOption({ label: 'Ahorros (AH)' });
    await admin.getByLabel('Número de cuenta o celular', { exact: true }).fill('12345678901');
    await admin.getByLabel('Titular', { exact: true }).fill('Membresías 360 S.A.S.');
    await admin.getByLabel('Tipo de documento', { exact: true }).selectOption({ label: 'NIT' });
    await admin.getByLabel('Documento del titular', { exact: true }).fill('800197268-4');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await toast(admin, 'Registro creado correctamente');
    expect(
      await e2e.server.ports.db.all(
        sql`select numero, red, direccion from cuentas_recaudo where nombre = 'Bancolombia ahorros'`,
      ),
    ).toEqual([{ numero: '12345678901', red: null, direccion: null }]);

    // A member buys the plan and sees how to pay it.
    const member = await makeUser(e2e, 'pagador', { role: 'USUARIO' });
    const page = await e2e.page();
    await loginAs(page, member.email, member.password);
    await page.goto('/app/miscompras');
    await page
      .locator('[aria-label="Plan mensual"]')
      .getByRole('button', { name: 'Agregar al carrito' })
      .click();
    await visible(page.getByRole('button', { name: 'Carrito de compras (1)' }));
    await page.getByRole('button', { name: /^Carrito de compras/ }).click();
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL(/\/app\/miscompras\?tab=compras/);
    const confirmation = page.getByText(/^Tu compra #\d+ quedó registrada$/);
    await visible(confirmation);
    const purchaseId = Number(/#(\d+)/.exec((await confirmation.textContent()) ?? '')![1]);
    const reference = referenceFor(purchaseId);
    await visible(page.getByTestId('payment-reference').getByText(reference));
    await visible(page.getByTestId('payment-amount').getByText('$ 99.900,00 COP'));
    const account = page.getByRole('listitem', { name: 'Cuenta Bancolombia ahorros' });
    await visible(account.getByText('12345678901'));
    await visible(account.getByText('NIT 800197268-4'));
    await shot(page, 'money-in-checkout');
    // The receipt goes on the purchase's detail, which the steps link to (not «abajo»).
    const step = page
      .getByRole('listitem')
      .filter({ hasText: 'Adjunta el comprobante en el detalle de la compra' });
    expect(await step.getByRole('link', { name: 'detalle de la compra' }).getAttribute('href')).toBe(
      `/app/miscompras/view/${purchaseId}`,
    );

    // On the purchase: the same instructions, and the receipt as a phone screenshot.
    await page.goto(`/app/miscompras/view/${purchaseId}`);
    await visible(page.getByTestId('payment-reference').getByText(reference));
    await page.getByLabel('Tipo de adjunto').selectOption({ label: 'Comprobante de pago' });
    await page
      .getByLabel('¿A qué cuenta pagaste?')
      .selectOption({ label: 'Bancolombia ahorros (Cuenta bancaria)' });
    await page.getByLabel('Adjuntar archivo').setInputFiles({
      name: 'captura.png',
      mimeType: 'image/png',
      buffer: stripedPng(120, 200, [20, 120, 60], [240, 240, 240], 12),
    });
    await toast(page, 'Archivo cargado correctamente');
    await visible(page.getByRole('list', { name: 'Adjuntos de la compra' }).getByText('captura.png'));
    await visible(page.getByText('Cuenta a la que pagaste', { exact: true }));

    // The administrator confirms it from the reconciliation queue, the receipt beside it.
    await admin.goto('/app/administracion/conciliacion');
    await visible(admin.getByRole('heading', { name: 'Conciliación de pagos', level: 1 }));
    const item = admin.getByRole('link', { name: `Ver compra ${purchaseId}` });
    await visible(item);
    // By payment method: not among those that said none, but under the bank account's method.
    const method = admin.getByRole('search', { name: 'Filtros' }).getByLabel('Método', { exact: true });
    await method.selectOption({ label: 'Sin indicar' });
    await admin.waitForURL(/filters=/);
    await item.waitFor({ state: 'detached' });
    await method.selectOption({ label: 'Cuenta bancaria' });
    await visible(item);
    await visible(admin.getByRole('cell', { name: 'Bancolombia ahorros (Cuenta bancaria)' }));
    await item.click();
    await visible(admin.getByRole('heading', { name: `Compra #${purchaseId}` }));
    await visible(admin.getByText('Cuenta declarada por el miembro', { exact: true }));
    const receipt = admin.getByRole('img', { name: 'Comprobante de pago: captura.png' });
    await visible(receipt);
    await expect.poll(() => receipt.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    await shot(admin, 'money-in-queue-item');
    // At 1280 px the amounts sit beside the receipt: the lines' table needs no sideways scroll.
    const lines = admin.getByRole('table', { name: 'Productos de la compra' });
    expect(
      await lines.evaluate((t) => {
        const box = t.closest('[data-slot="table-container"]') ?? t.parentElement!;
        return box.scrollWidth - box.clientWidth;
      }),
    ).toBeLessThanOrEqual(0);
    // The decided purchase leaves the queue: its re-read answers 404, which is not a console error.
    const errors: string[] = [];
    admin.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await admin.getByRole('button', { name: 'Confirmar pago' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Confirmar pago' }).click();
    await toast(admin, 'Pago confirmado');
    await admin.waitForURL(/\/app\/administracion\/conciliacion(\?|$)/);
    await admin.waitForLoadState('networkidle');
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);

    // The member's subscription is active and he was told.
    const sub = await e2e.server.ports.db
      .select()
      .from(suscripciones)
      .where(eq(suscripciones.compraId, purchaseId))
      .get();
    expect(sub?.estado).toBe('APROBADO');
    const notice = await e2e.server.ports.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, member.id), eq(notificaciones.entity, 'compra')))
      .get();
    expect(notice?.titulo).toBe(`Compra #${purchaseId}`);
    await page.goto('/app/miscompras?tab=suscripciones');
    await visible(page.getByRole('button', { name: /^Notificaciones \(\d+ sin leer\)$/ }));
    await page.getByRole('button', { name: /^Notificaciones/ }).click();
    await visible(page.getByText(`Compra #${purchaseId}`, { exact: true }));
    await shot(page, 'money-in-notified');
  }, 240_000);
});
