// Master data in a real browser: the generic grid and form over two lookup tables (create, find,
// edit, export to a real .xlsx, delete), a product with two images, and a member without
// configuration permissions who sees no configuration menu and gets the no-access page.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, FOOTER, loginAs, startE2E, type E2E } from '../setup/e2e';

const SHOTS = '/tmp/shots';
const MEMBER = { email: 'solo.info@e2e.local', password: 'Miembro-e2e-123' };

let e2e: E2E;
let admin: Page;
let files: string;

// ── helpers ──

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A small solid-colour PNG, so the uploaded thumbnails are visible in the screenshot. */
function png(rgb: [number, number, number], size = 24): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** expect.poll gives up after one second by default; the grid debounces and fetches first. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

async function expectFooter(page: Page) {
  await poll(() => page.getByText(FOOTER, { exact: true }).isVisible()).toBe(true);
}

/** Route changes render in a transition: wait for the new screen before touching its fields. */
async function onScreen(page: Page, heading: string) {
  await page.getByRole('heading', { name: heading, level: 1, exact: true }).waitFor();
}

const filters = (page: Page) => page.getByRole('search', { name: 'Filtros' });

async function expectToast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** The data rows of the grid (the header row has no cells). */
const dataRows = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
const rowWith = (page: Page, text: string): Locator => dataRows(page).filter({ hasText: text });

async function headerRowOf(path: string): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0]!;
  return (sheet.getRow(1).values as unknown[]).filter((v) => v !== undefined && v !== null).map(String);
}

async function exportHeaders(page: Page): Promise<{ name: string; headers: string[] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar' }).click(),
  ]);
  const path = join(files, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  return { name: download.suggestedFilename(), headers: await headerRowOf(path) };
}

async function deleteRow(page: Page, text: string, question: string) {
  await rowWith(page, text).getByRole('button', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(question, { exact: true }).waitFor();
  await dialog.getByText('Confirmar accion', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expectToast(page, 'Registro eliminado correctamente');
  await poll(() => rowWith(page, text).count()).toBe(0);
}

/** An API call as the administrator, from Node (cookie session, same-origin header). */
async function adminApi(method: string, path: string, body?: unknown, cookie?: string) {
  const res = await fetch(`${e2e.base}/api/v1${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: e2e.base, ...(cookie ? { Cookie: cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  e2e = await startE2E();
  mkdirSync(SHOTS, { recursive: true });
  files = mkdtempSync(join(tmpdir(), 'e2e-files-'));
  admin = await e2e.page();
  admin.setDefaultTimeout(10_000);
  await loginAs(admin, E2E_ADMIN.email, E2E_ADMIN.password);
});

afterAll(async () => {
  await e2e?.close();
});

describe('master data', () => {
  it('creates, finds, edits, exports and deletes banks', async () => {
    const page = admin;
    await page.goto('/app/configuracion/generales/bancos');
    await page.getByRole('heading', { name: 'Bancos', level: 1 }).waitFor();
    await page.getByText('No hay datos para mostrar...').waitFor();
    await page.getByText('Lo sentimos, no se encontraron registros').waitFor();
    await expectFooter(page);

    for (const [codigo, nombre] of [
      ['BUN', 'Banco Uno E2E'],
      ['BDO', 'Banco Dos E2E'],
    ] as const) {
      await page.getByRole('link', { name: 'Nuevo' }).click();
      await onScreen(page, 'Bancos: nuevo registro');
      await page.getByLabel('Código').fill(codigo);
      await page.getByLabel('Nombre').fill(nombre);
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expectToast(page, 'Registro creado correctamente');
      await page.waitForURL(/\/bancos$/);
      await rowWith(page, nombre).waitFor();
    }
    await expectFooter(page);

    // Each row action is named by a tooltip (web/components/ui/hover-tip.tsx): after the mouse
    // rests on it, and at once on keyboard focus; it describes the control while open, and goes
    // when the mouse leaves or on Escape.
    const edit = rowWith(page, 'Banco Dos E2E').getByRole('link', { name: 'Editar' });
    const tip = page.getByRole('tooltip', { name: 'Editar' });
    await edit.hover();
    await tip.waitFor();
    expect(await edit.locator('xpath=..').getAttribute('aria-describedby')).toBe(
      await tip.getAttribute('id'),
    );
    await page.mouse.move(0, 0);
    await tip.waitFor({ state: 'detached' });
    await edit.focus();
    await tip.waitFor();
    await page.keyboard.press('Escape');
    await tip.waitFor({ state: 'detached' });

    // A required field left empty is refused in the form with the spec's message.
    await page.getByRole('link', { name: 'Nuevo' }).click();
    await onScreen(page, 'Bancos: nuevo registro');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Este campo es requerido').first().waitFor();
    await page.getByRole('link', { name: 'Cancelar' }).click();
    await onScreen(page, 'Bancos');

    // Find: the text filter narrows the server query and lands in the URL (bookmarkable).
    await filters(page).getByLabel('Nombre').fill('Uno');
    await page.waitForURL(/filters=/);
    await poll(() => dataRows(page).count()).toBe(1);
    await rowWith(page, 'Banco Uno E2E').waitFor();
    await page.screenshot({ path: join(SHOTS, 'grid-bancos.png'), fullPage: true });

    // Edit, and come back to the filtered list.
    await rowWith(page, 'Banco Uno E2E').getByRole('link', { name: 'Editar' }).click();
    await onScreen(page, 'Bancos: editar registro');
    await poll(() => page.getByLabel('Nombre').inputValue()).toBe('Banco Uno E2E');
    await page.screenshot({ path: join(SHOTS, 'form-banco.png'), fullPage: true });
    await page.getByLabel('Nombre').fill('Banco Uno Editado');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectToast(page, 'Registro actualizado correctamente');
    await page.waitForURL(/\/bancos\?.*filters=/);
    await filters(page).getByLabel('Nombre').fill('Editado');
    await rowWith(page, 'Banco Uno Editado').waitFor();

    // Export: the visible columns only, with Spanish headers, as a real workbook.
    await page.getByRole('button', { name: 'Columnas' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'ID', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL(/hidden=id/);
    await poll(() => page.getByRole('columnheader', { name: 'ID', exact: true }).count()).toBe(0);
    const excel = await exportHeaders(page);
    expect(excel.name).toMatch(/\.xlsx$/);
    expect(excel.headers).toEqual(['Código', 'Nombre', 'Estado']);

    await deleteRow(page, 'Banco Uno Editado', 'Seguro desea eliminar el banco?');
    await page.getByText('No hay datos para mostrar...').waitFor();
    await expectFooter(page);
  }, 60_000);

  it('creates, finds, edits, exports and deletes a city under a department', async () => {
    const page = admin;
    await page.goto('/app/configuracion/generales/divisionPolitica/ciudades');
    await page.getByRole('heading', { name: 'Ciudades', level: 1 }).waitFor();
    await dataRows(page).first().waitFor();

    await page.getByRole('link', { name: 'Nuevo' }).click();
    await onScreen(page, 'Ciudades: nuevo registro');
    const departamento = page.getByLabel('Departamento');
    await poll(() => departamento.locator('option').count()).toBeGreaterThan(30);
    await departamento.selectOption({ label: 'Antioquia' });
    await page.getByLabel('Código').fill('05999');
    await page.getByLabel('Nombre').fill('Ciudad Prueba E2E');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectToast(page, 'Registro creado correctamente');
    await onScreen(page, 'Ciudades');

    // Find by the department (a reference filter) and the name.
    const deptFilter = filters(page).getByLabel('Departamento');
    await poll(() => deptFilter.locator('option').count()).toBeGreaterThan(30);
    await deptFilter.selectOption({ label: 'Antioquia' });
    await filters(page).getByLabel('Nombre').fill('Prueba E2E');
    await poll(() => dataRows(page).count()).toBe(1);
    const row = rowWith(page, 'Ciudad Prueba E2E');
    await row.getByText('Antioquia').waitFor();
    await expectFooter(page);

    await row.getByRole('link', { name: 'Editar' }).click();
    await onScreen(page, 'Ciudades: editar registro');
    await poll(() => page.getByLabel('Nombre').inputValue()).toBe('Ciudad Prueba E2E');
    await poll(() => page.getByLabel('Departamento').locator('option:checked').textContent()).toBe(
      'Antioquia',
    );
    await page.getByLabel('Departamento').selectOption({ label: 'Caldas' });
    await page.getByLabel('Nombre').fill('Ciudad Editada E2E');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectToast(page, 'Registro actualizado correctamente');
    await onScreen(page, 'Ciudades');
    await filters(page).getByLabel('Departamento').selectOption({ label: 'Caldas' });
    await filters(page).getByLabel('Nombre').fill('Editada');
    await rowWith(page, 'Ciudad Editada E2E').getByText('Caldas').waitFor();

    // The history reads the department by its name, before and after, and a flag as Sí/No.
    await rowWith(page, 'Ciudad Editada E2E').getByRole('link', { name: 'Editar' }).click();
    await onScreen(page, 'Ciudades: editar registro');
    await page.getByRole('button', { name: 'Historial de cambios' }).click();
    const changes = page.getByTestId('revision');
    const moved = changes
      .filter({ hasText: 'Editó' })
      .first()
      .getByRole('row', { name: /Departamento/ });
    await poll(() => moved.innerText()).toMatch(/Departamento\s+Antioquia\s+Caldas/);
    const created = changes.filter({ hasText: 'Creó' }).getByRole('row', { name: /Activo/ });
    await poll(() => created.innerText()).toMatch(/Activo\s+—\s+Sí/);
    await page.getByRole('link', { name: 'Cancelar' }).click();
    await onScreen(page, 'Ciudades');

    const excel = await exportHeaders(page);
    expect(excel.headers).toEqual(['ID', 'Departamento', 'Código', 'Nombre', 'Estado']);

    await deleteRow(page, 'Ciudad Editada E2E', 'Seguro desea eliminar la ciudad?');
    await expectFooter(page);
  }, 60_000);

  it('creates a product with two images and shows the image count', async () => {
    const page = admin;
    await page.goto('/app/configuracion/catalogo/categoriaproductos/new');
    await onScreen(page, 'Categorías de productos: nuevo registro');
    await page.getByLabel('Nombre').fill('Membresías E2E');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectToast(page, 'Registro creado correctamente');

    await page.goto('/app/configuracion/catalogo/productos/new');
    await onScreen(page, 'Productos: nuevo registro');
    await page.getByText('Guarde el registro para agregar las imágenes.').waitFor();
    await page.getByLabel('Código').fill('P-E2E-1');
    await page.getByLabel('Nombre').fill('Producto E2E');
    const categoria = page.getByLabel('Categoría');
    await poll(() => categoria.locator('option').count()).toBe(2);
    await categoria.selectOption({ label: 'Membresías E2E' });
    // A minus is kept and refused with the reason, never saved as a positive price.
    await page.getByLabel('Precio').fill('-5');
    expect(await page.getByLabel('Precio').inputValue()).toBe('-5');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Precio debe ser mayor o igual a $ 0,00').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/\/productos\/new$/);
    await page.getByLabel('Precio').fill('150000');
    expect(await page.getByLabel('Precio').inputValue()).toBe('150.000');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectToast(page, 'Registro creado correctamente');
    // Saved first, then opened for editing with the image manager.
    await page.waitForURL(/\/productos\/edit\/\d+$/);

    const red = join(files, 'rojo.png');
    const blue = join(files, 'azul.png');
    writeFileSync(red, png([200, 30, 40]));
    writeFileSync(blue, png([30, 80, 200]));
    await page.getByLabel('Seleccionar imágenes').setInputFiles([red, blue]);
    await poll(() =>
      page.getByRole('list', { name: 'Imágenes cargadas' }).getByRole('listitem').count(),
    ).toBe(2);
    await page.getByText('2 de 10 imágenes', { exact: false }).waitFor();
    await page.getByRole('img', { name: 'rojo.png' }).waitFor();
    await poll(() =>
      page.getByRole('img', { name: 'azul.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(24);
    await page.screenshot({ path: join(SHOTS, 'form-producto-imagenes.png'), fullPage: true });
    await expectFooter(page);

    await page.getByRole('link', { name: 'Cancelar' }).click();
    await onScreen(page, 'Productos');
    const row = rowWith(page, 'Producto E2E');
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    // selection, ID, Código, Nombre, Categoría, Precio, Imágenes, Estado, Creado, actions
    expect(cells.slice(2, 8)).toEqual([
      'P-E2E-1',
      'Producto E2E',
      'Membresías E2E',
      '$ 150.000,00',
      '2',
      'Activo',
    ]);
    await page.screenshot({ path: join(SHOTS, 'grid-productos.png'), fullPage: true });
    await expectFooter(page);
  }, 60_000);

  it('keeps a member without configuration permissions out of master data', async () => {
    const login = await adminApi('POST', '/auth/login', E2E_ADMIN);
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    const role = await adminApi(
      'POST',
      '/seguridad/roles',
      {
        nombre: 'SOLO INFO E2E',
        descripcion: null,
        activo: true,
        permisos: ['app:general:miinformacionpersonal:view'],
      },
      cookie,
    );
    expect(role.status).toBe(201);
    const user = await adminApi(
      'POST',
      '/seguridad/users',
      {
        user_name: 'solo.info',
        email: MEMBER.email,
        nombres: 'Solo',
        apellidos: 'Info',
        roles: [role.json.data.id],
        activo: true,
        password: MEMBER.password,
        confirmar_password: MEMBER.password,
      },
      cookie,
    );
    expect(user.status).toBe(201);

    const page = await e2e.page();
    await loginAs(page, MEMBER.email, MEMBER.password);
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByText('Mi información personal').waitFor();
    for (const label of ['Configuración', 'Catálogo', 'Generales', 'Seguridad', 'Bancos'])
      expect(await menu.getByText(label, { exact: true }).count()).toBe(0);
    await expectFooter(page);

    await page.goto('/app/configuracion/generales/bancos');
    await page.getByText('UY!, lo sentimos').waitFor();
    await page.getByText('Aun no tienes acceso a esta pagina').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await expectFooter(page);
  }, 60_000);
});
