// Electronic invoicing in Chromium (docs/invoicing.md): with the issuer and a numbering resolution
// registered and the provider answering (the fake Factus of tests/setup/fake-factus.ts behind the
// real adapter), a member's paid purchase shows its invoice — number, CUFE, QR — and he downloads
// its PDF; the administrator annuls it with «Anular» and the credit note appears with its CUDE.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipossuscripciones } from '../../worker/db/schema';
import { factusInvoicing } from '../../worker/platform/adapters/factus';
import { backgroundSettled } from '../../worker/platform/background';
import { E2E_ADMIN, type E2E, loginAs, signInByApi, startE2E } from '../setup/e2e';
import { FACTUS_CREDENTIALS, fakeFactus } from '../setup/fake-factus';
import { makeUser, shot, visible } from './helpers';

let e2e: E2E;
let planId: number;
const toast = (page: Page, text: string) => visible(page.getByText(text, { exact: true }));

async function api(cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${e2e.base}/api/v1${path}`, {
    method,
    headers: { Cookie: cookie, Origin: e2e.base, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => null)) as any;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  e2e = await startE2E();
  const fake = fakeFactus();
  e2e.server.ports.invoicing = factusInvoicing({ url: fake.url, ...FACTUS_CREDENTIALS }, fake.fetch);
  const admin = (await signInByApi(e2e.base, E2E_ADMIN.email, E2E_ADMIN.password)).header;
  await api(admin, 'PUT', '/configuracion/tributario/emisor', {
    nit: '900373115',
    dv: '3',
    razon_social: 'Membresías 360 S.A.S.',
    regimen: '48',
    responsabilidades: 'O-13',
    direccion: 'Carrera 7 # 71-21',
    municipio_dane: '11001',
    email: 'facturacion@e2e.local',
  });
  await api(admin, 'POST', '/configuracion/tributario/resoluciones', {
    numero: '18764000000001',
    prefijo: 'FE',
    desde: 1,
    hasta: 5000,
    vigente_desde: '2026-01-01',
    vigente_hasta: '2099-12-31',
  });
  const now = Date.now();
  const plan = await e2e.server.ports.db
    .insert(tipossuscripciones)
    .values({ nombre: 'Plan mensual', precio: 11_900_000, duracionMeses: 1, createdAt: now, updatedAt: now })
    .returning()
    .get();
  planId = plan.id;
}, 180_000);
afterAll(async () => e2e?.close());

describe('electronic invoice', () => {
  it('a member pays, sees and downloads his invoice; the annulment brings its credit note', async () => {
    const member = await makeUser(e2e, `compradora${Date.now()}`, { role: 'USUARIO' });
    const cookie = (await signInByApi(e2e.base, member.email, member.password)).header;
    await api(cookie, 'POST', '/miscompras/cart', { tipo_suscripcion_id: planId });
    const cart = await api(cookie, 'GET', '/miscompras/cart');
    const compra = (
      await api(cookie, 'POST', '/miscompras/compras', { total_items: cart.total_items, total: cart.total })
    ).data;

    // The administrator confirms the payment on the purchase's screen.
    const admin = await e2e.page();
    await loginAs(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.goto(`/app/administracion/compras/view/${compra.id}`);
    await admin.getByRole('button', { name: 'Estados' }).click();
    await admin.getByRole('menuitem', { name: 'PAGADO' }).click();
    await admin.getByRole('button', { name: 'Aceptar' }).click();
    await toast(admin, 'Registro actualizado correctamente');
    await backgroundSettled();

    // The member sees the invoice validated: number, CUFE, QR, and downloads its PDF.
    const page = await e2e.page();
    await loginAs(page, member.email, member.password);
    await page.goto(`/app/miscompras/view/${compra.id}`);
    const card = page.getByRole('heading', { name: 'Factura electrónica' });
    await visible(card);
    await visible(page.getByText('FE1', { exact: true }));
    await visible(page.getByText('cufe-SETP990000001'));
    await visible(page.getByRole('img', { name: 'Código QR de factura FE1' }));
    // Base and VAT inside the price: 119.000 at 19 % is 100.000 + 19.000.
    await visible(page.getByText('$ 100.000,00', { exact: true }));
    await visible(page.getByText('$ 19.000,00', { exact: true }));
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('factura-FE1.pdf');
    const bytes = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(bytes).toString()).toBe('%PDF-1.4 SETP990000001');
    const mail = await e2e.lastMail(member.email);
    expect(mail?.subject).toBe(`Factura FE1 de tu compra #${compra.id}`);
    await shot(page, 'invoicing-member-invoice');

    // «Anular»: the credit note appears on the purchase's screen.
    await admin.goto(`/app/administracion/compras/view/${compra.id}`);
    await admin.getByRole('button', { name: `Anular compra ${compra.id}`, exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: `Anular la compra #${compra.id}` });
    await dialog.getByLabel('Motivo de la anulación').fill('El cliente desistió');
    await dialog.getByRole('button', { name: 'Anular', exact: true }).click();
    await toast(admin, 'Compra anulada; el miembro fue notificado');
    await backgroundSettled();
    await admin.reload();
    const note = admin.getByRole('region', { name: 'Nota crédito' });
    await visible(note);
    await visible(note.getByText('NC1', { exact: true }));
    await visible(note.getByText('cude-NC1'));
    await shot(admin, 'invoicing-credit-note');
  }, 120_000);
});
