// The shop end to end in Chromium, as a new member and an administrator would use it: the admin
// sets up a category, two products and a subscription type through the API; the member adds
// them to the cart, changes quantities, pays and attaches the PDF proof; the admin marks the
// purchase PAGADO; the member then sees it PAGADO and the subscription active with its dates.
import { referenceFor } from '../../worker/shared/payment-reference';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripedPng } from '../setup/files';
import { E2E_ADMIN, type E2E, loginAs, signInByApi, startE2E } from '../setup/e2e';
import { expectFooter, makeUser, shot as fullShot, visible } from './helpers';

let e2e: E2E;
let adminCookie: string;
const ids = { kit: 0, taza: 0, plan: 0 };

/** A 160×120 two-tone PNG, so product images show in the screenshots. */
const png = (a: [number, number, number], b: [number, number, number]) => stripedPng(160, 120, a, b, 20);

async function adminApi(method: string, path: string, body?: unknown, form?: FormData) {
  const res = await fetch(`${e2e.base}/api/v1${path}`, {
    method,
    headers: {
      Cookie: adminCookie,
      Origin: e2e.base,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  const json = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  e2e = await startE2E();
  adminCookie = (await signInByApi(e2e.base, E2E_ADMIN.email, E2E_ADMIN.password)).header;
  const cat = await adminApi('POST', '/catalogo/categoriasproductos', { nombre: 'Bienestar' });
  ids.kit = (
    await adminApi('POST', '/catalogo/productos', {
      codigo: 'KIT-01',
      nombre: 'Kit de bienvenida',
      categoria_id: cat.data.id,
      precio: 8_990_000,
      descripcion: 'Camiseta, termo y guía de inicio para nuevos socios.',
    })
  ).data.id;
  ids.taza = (
    await adminApi('POST', '/catalogo/productos', {
      codigo: 'TAZA-02',
      nombre: 'Taza de cerámica',
      categoria_id: cat.data.id,
      precio: 2_550_050,
      descripcion: 'Taza de 350 ml con el logo del club.',
    })
  ).data.id;
  ids.plan = (
    await adminApi('POST', '/miscompras/tipossuscripciones', {
      nombre: 'Plan trimestral',
      precio: 15_000_000,
      duracion_meses: 3,
      descripcion: 'Acceso completo durante tres meses.',
    })
  ).data.id;
  const form = new FormData();
  form.append('files', new File([new Uint8Array(png([128, 0, 32], [245, 222, 179]))], 'kit.png'));
  await adminApi('POST', `/catalogo/productos/${ids.kit}/images`, undefined, form);
}, 180_000);

afterAll(async () => {
  await e2e?.close();
});

/** Full-page shots taken from the top, so the sticky top bar stays where it belongs. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullShot(page, name);
}

const toast = (page: Page, text: string) => visible(page.getByText(text, { exact: true }));
const cartButton = (page: Page) => page.getByRole('button', { name: /^Carrito de compras/ });

async function openCart(page: Page) {
  await cartButton(page).click();
  await visible(page.getByRole('heading', { name: 'Carrito de compras' }));
}

describe('shop', () => {
  it('lets a member buy and attach the proof, and an administrator confirm the payment', async () => {
    const member = await makeUser(e2e, 'compradora', { role: 'USUARIO' });
    const page = await e2e.page();
    await loginAs(page, member.email, member.password);

    // The catalogue: product cards and subscription types.
    await page.goto('/app/miscompras');
    await visible(page.getByRole('heading', { name: 'Mis compras', level: 1 }));
    const kit = page
      .getByRole('region', { name: 'KIT-01 - Kit de bienvenida' })
      .or(page.locator('[aria-label="KIT-01 - Kit de bienvenida"]'));
    await visible(kit);
    await visible(kit.getByText('$ 89.900,00'));
    await visible(page.getByText('$ 25.500,50'));
    await visible(page.getByText('Camiseta, termo y guía de inicio para nuevos socios.'));
    await visible(kit.locator('img'));
    // Search and category filter.
    await page.getByLabel('Buscar', { exact: true }).fill('taza');
    await page.locator('[aria-label="KIT-01 - Kit de bienvenida"]').waitFor({ state: 'detached' });
    await page.getByLabel('Buscar', { exact: true }).fill('');
    await page.getByLabel('Categoría', { exact: true }).selectOption({ label: 'Bienestar' });
    await visible(kit);
    await expectFooter(page);

    // An empty cart says so.
    await openCart(page);
    await visible(page.getByText('No hay productos agregados al carrito'));
    await page.keyboard.press('Escape');

    await kit.getByRole('button', { name: 'Agregar al carrito' }).click();
    await toast(page, 'Producto agregado al carrito');
    await page
      .locator('[aria-label="TAZA-02 - Taza de cerámica"]')
      .getByRole('button', { name: 'Agregar al carrito' })
      .click();
    await page
      .locator('[aria-label="Plan trimestral"]')
      .getByRole('button', { name: 'Agregar al carrito' })
      .click();
    await visible(page.getByRole('button', { name: 'Carrito de compras (3)' }));
    await shot(page, 'shop-catalogue');

    // Quantities: plus twice on the mug, minus once; the kit stays at 1.
    await openCart(page);
    const mug = page.getByRole('listitem', { name: 'TAZA-02 - Taza de cerámica' });
    await mug.getByRole('button', { name: 'Sumar Taza de cerámica' }).click();
    await visible(mug.getByLabel('Cantidad').getByText('2', { exact: true }));
    await mug.getByRole('button', { name: 'Sumar Taza de cerámica' }).click();
    await visible(mug.getByLabel('Cantidad').getByText('3', { exact: true }));
    await mug.getByRole('button', { name: 'Restar Taza de cerámica' }).click();
    await visible(mug.getByLabel('Cantidad').getByText('2', { exact: true }));
    // 89.900 + 2 × 25.500,50 + 150.000 = 290.901,00 — subtotal equals total.
    await visible(page.getByTestId('cart-total').getByText('$ 290.901,00'));
    expect(await page.getByTestId('cart-subtotal').textContent()).toBe('$ 290.901,00');
    await shot(page, 'shop-cart');

    // Minus at 1 removes a line (then add it back).
    const kitLine = page.getByRole('listitem', { name: 'KIT-01 - Kit de bienvenida' });
    await kitLine.getByRole('button', { name: 'Restar Kit de bienvenida' }).click();
    await kitLine.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await kit.getByRole('button', { name: 'Agregar al carrito' }).click();
    await toast(page, 'Producto agregado al carrito');
    await openCart(page);
    await visible(page.getByTestId('cart-total').getByText('$ 290.901,00'));

    await page.getByRole('button', { name: 'Pagar' }).click();
    await visible(page.getByText(/^Compra #\d+ registrada: págala con los datos de la compra$/));
    await page.waitForURL(/\/app\/miscompras\?tab=compras/);
    const grid = page.getByRole('table', { name: 'Mis compras' });
    await visible(grid.getByText('NO PAGADO'));
    await visible(grid.getByText('$ 290.901,00'));
    await shot(page, 'shop-purchases');
    await openCart(page);
    await visible(page.getByText('No hay productos agregados al carrito'));
    await page.keyboard.press('Escape');

    // The purchase: lines, totals, state, history; attach the PDF proof.
    await grid
      .getByRole('link', { name: /^Ver compra/ })
      .first()
      .click();
    await page.waitForURL(/\/app\/miscompras\/view\/\d+$/);
    const purchaseId = Number(page.url().split('/').pop());
    await visible(page.getByRole('heading', { name: `Compra #${purchaseId}` }));
    await visible(page.getByRole('table', { name: 'Productos de la compra' }).getByText('TAZA-02'));
    await visible(page.getByTestId('purchase-total').getByText('$ 290.901,00'));
    await visible(page.getByText('Se activa cuando la compra esté pagada'));
    const proof = {
      name: 'comprobante.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    };
    await page.getByLabel('Adjuntar archivo').setInputFiles(proof);
    await toast(page, 'Seleccione primero el tipo de adjunto');
    await page.getByLabel('Tipo de adjunto').selectOption({ label: 'Comprobante de pago' });
    // The formats named are the chosen type's, as the server says them (a receipt is no .xlsx).
    await page
      .getByLabel('Adjuntar archivo')
      .setInputFiles({ name: 'tabla.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
    await toast(page, 'Tipo de archivo no permitido. Se aceptan: pdf, jpg, png, webp');
    await page.getByLabel('Adjuntar archivo').setInputFiles(proof);
    await toast(page, 'Archivo cargado correctamente');
    await visible(page.getByRole('list', { name: 'Adjuntos de la compra' }).getByText('comprobante.pdf'));
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar comprobante.pdf' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('comprobante.pdf');
    await expectFooter(page);
    await shot(page, 'shop-purchase-view');

    // The administrator confirms the payment.
    const adminPage = await e2e.page();
    await loginAs(adminPage, E2E_ADMIN.email, E2E_ADMIN.password);
    await adminPage.goto('/app/administracion/compras');
    const adminGrid = adminPage.getByRole('table', { name: 'Compras' });
    await visible(adminGrid.getByText(member.userName));
    await adminPage.getByLabel('Estado', { exact: true }).selectOption({ label: 'NO PAGADO' });
    await expect.poll(() => adminGrid.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    await adminGrid.getByRole('button', { name: 'Estados' }).click();
    await adminPage.getByRole('menuitem', { name: 'PAGADO' }).click();
    await visible(adminPage.getByText('Desea cambiar el estado a PAGADO?'));
    await adminPage.getByLabel('Comentario').fill('Transferencia verificada en el extracto');
    await shot(adminPage, 'shop-admin-state-dialog');
    await adminPage.getByRole('button', { name: 'Aceptar' }).click();
    await toast(adminPage, 'Registro actualizado correctamente');
    await adminPage.getByLabel('Estado', { exact: true }).selectOption({ label: 'PAGADO' });
    await visible(adminGrid.getByText(member.userName));
    // Found by the payment reference as the member typed it in his bank app (any case).
    await adminPage.getByLabel('Referencia de pago').fill(referenceFor(purchaseId).toLowerCase());
    await expect.poll(() => adminGrid.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    // The reference reads under the purchase number, as the member wrote it.
    await visible(
      adminGrid.getByRole('cell', { name: `${purchaseId} Ref. ${referenceFor(purchaseId)}`, exact: true }),
    );
    // At 1280 px with the menu open, the sticky actions cover no column: Estado and Adjuntos show.
    const right = (name: string) =>
      adminGrid.getByRole('columnheader', { name, exact: true }).evaluate((e) => e.getBoundingClientRect());
    const actions = await right('Acciones');
    for (const name of ['Estado', 'Adjuntos'])
      expect((await right(name)).right).toBeLessThanOrEqual(actions.left + 1);
    await expectFooter(adminPage);
    await shot(adminPage, 'shop-admin-purchases');
    // The admin can open the purchase and download the proof.
    await adminPage.goto(`/app/administracion/compras/view/${purchaseId}`);
    await visible(adminPage.getByText('Transferencia verificada en el extracto'));
    const [adminFile] = await Promise.all([
      adminPage.waitForEvent('download'),
      adminPage.getByRole('button', { name: 'Descargar comprobante.pdf' }).click(),
    ]);
    expect(adminFile.suggestedFilename()).toBe('comprobante.pdf');

    // The member sees it PAGADO, its history, and the subscription active with its dates.
    await page.reload();
    await visible(page.getByRole('heading', { name: `Compra #${purchaseId}` }));
    await visible(page.getByText('Transferencia verificada en el extracto'));
    const subscriptionLine = page.getByRole('listitem').filter({ hasText: 'Plan trimestral' });
    await visible(subscriptionLine.getByText('APROBADO'));
    await visible(subscriptionLine.getByText(/^Del \d{4}-\d{2}-\d{2} al \d{4}-\d{2}-\d{2}$/));
    await page.goto('/app/miscompras?tab=compras');
    await visible(page.getByRole('table', { name: 'Mis compras' }).getByText('PAGADO', { exact: true }));
    await page.getByRole('tab', { name: 'Mis suscripciones' }).click();
    const subs = page.getByRole('table', { name: 'Mis suscripciones' });
    await visible(subs.getByText('Plan trimestral'));
    await visible(subs.getByText('APROBADO'));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
    await visible(subs.getByText(today, { exact: true }));
    await expectFooter(page);
    await shot(page, 'shop-subscriptions');

    // The administrators' subscription screens list it too.
    await adminPage.goto('/app/administracion/suscripciones/control');
    const control = adminPage.getByRole('table', { name: 'Suscripciones' });
    await visible(control.getByText(member.userName));
    await visible(control.getByText('APROBADO'));
    await expectFooter(adminPage);
    await shot(adminPage, 'shop-subscriptions-control');
    await adminPage.goto('/app/consultas/suscripciones');
    await visible(adminPage.getByRole('heading', { name: 'Consulta de suscripciones', level: 1 }));
    await visible(adminPage.getByRole('table', { name: 'Suscripciones' }).getByText(member.userName));
  }, 180_000);

  it('shows the no-access page to a member without the shop permission and an empty state to a new buyer', async () => {
    const outsider = await makeUser(e2e, 'sincompras', { perms: [] });
    const page = await e2e.page();
    await loginAs(page, outsider.email, outsider.password);
    await page.goto('/app/administracion/compras');
    await visible(page.getByText('Aun no tienes acceso a esta pagina'));
    await expectFooter(page);
    const buyer = await makeUser(e2e, 'nuevacompradora', { role: 'USUARIO' });
    const other = await e2e.page();
    await loginAs(other, buyer.email, buyer.password);
    await other.goto('/app/miscompras?tab=compras');
    await visible(other.getByText('No hay datos para mostrar...'));
    await visible(other.getByText('Lo sentimos, no se encontraron registros'));
  }, 60_000);
});
