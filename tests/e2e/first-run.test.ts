// A fresh install (issue 15, "done when"): with the first-start reference data a new member fills
// personal information, beneficiaries, payment information and the profile without any
// administrator work; the administrator's dashboard lists what is still empty, and a 5,000-row
// import goes through the import dialog.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, like } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ciudades } from '../../worker/db/schema';
import { E2E_ADMIN, loginAs, startE2E, type E2E } from '../setup/e2e';
import { makeUser, shot, visible } from './helpers';

let e2e: E2E;
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function save(page: Page, urlPart: string, button = 'Guardar') {
  const done = page.waitForResponse(
    (r) => ['PUT', 'POST'].includes(r.request().method()) && r.url().includes(urlPart),
  );
  await page.getByRole('button', { name: button, exact: true }).click();
  return done;
}

beforeAll(async () => {
  e2e = await startE2E({ referenceData: true });
}, 120_000);
afterAll(async () => e2e?.close());

describe('first run', () => {
  it('a new member fills personal information, beneficiaries, payment and the profile with no administrator work', async () => {
    const m = await makeUser(e2e, 'nuevo', { role: 'USUARIO' });
    const page = await e2e.page();
    await loginAs(page, m.email, m.password);
    await page.goto('/app/miinformacionpersonal');
    await visible(page.getByRole('heading', { name: 'Mi información personal' }));
    await field(page, 'Nombres').fill('Camila');
    await field(page, 'Apellidos').fill('Restrepo');
    await field(page, 'Tipo de identificación').selectOption({ label: 'CC - Cédula de ciudadanía' });
    await field(page, 'Número de identificación').fill('1020304050');
    await field(page, 'Fecha de nacimiento').fill('1992-03-14');
    await field(page, 'Género').selectOption({ label: 'Femenino' });
    await field(page, 'Celular').fill('3001234567');
    await field(page, 'País').selectOption({ label: 'Colombia' });
    await field(page, 'Departamento').selectOption({ label: 'Antioquia' });
    await field(page, 'Ciudad').selectOption({ label: 'Medellín' });
    expect((await save(page, '/general/miinformacion')).status()).toBe(200);

    await page.getByRole('tab', { name: 'Beneficiarios' }).click();
    await page.getByRole('button', { name: 'Agregar beneficiario' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nombre completo').fill('Lucía Restrepo');
    await dialog.getByLabel('Número de identificación').fill('43123456');
    await dialog.getByLabel('Parentesco').selectOption({ label: 'Madre' });
    await dialog.getByLabel('Porcentaje').fill('100');
    expect((await save(page, '/general/beneficiarios')).status()).toBe(201);
    await visible(page.getByRole('cell', { name: 'Lucía Restrepo' }));

    await page.getByRole('tab', { name: 'Información de pago' }).click();
    await field(page, 'Método de pago').selectOption({ label: 'Cuenta bancaria' });
    await field(page, 'Banco').selectOption({ label: 'Bancolombia' });
    await field(page, 'Tipo de cuenta').selectOption({ label: 'Ahorros' });
    await field(page, 'Número de cuenta').fill('12345678901');
    await field(page, 'Titular').fill('Camila Restrepo');
    expect((await save(page, '/general/informacionpago')).status()).toBe(200);
    await shot(page, 'first-run-payment');

    await page.goto('/app/perfil');
    await visible(page.getByRole('heading', { name: 'Mi perfil' }));
    await field(page, 'Nombre público').fill('Camila');
    await field(page, 'Idiomas').selectOption({ label: 'Español' });
    // A catalogue left to the administrator explains itself instead of being a dead end.
    await visible(
      page.getByText(
        'No hay opciones de clasificación todavía. Comunícate con el administrador para que las agregue.',
      ),
    );
    await page.getByRole('button', { name: 'Agregar red social' }).click();
    const red = page.getByRole('group', { name: 'Red social 1' });
    await red.getByLabel('Red', { exact: true }).selectOption({ label: 'Instagram' });
    await red.getByLabel('Usuario', { exact: true }).fill('@camila');
    expect((await save(page, '/general/perfil')).status()).toBe(200);
    await shot(page, 'first-run-profile');

    await page.getByRole('tab', { name: 'Descripción física' }).click();
    await field(page, 'Ojos').selectOption({ label: 'Cafés' });
    await field(page, 'Cabello').selectOption({ label: 'Ondulado' });
    await field(page, 'Piel').selectOption({ label: 'Trigueña' });
    expect((await save(page, '/general/perfil/fisica')).status()).toBe(200);

    await page.getByRole('tab', { name: 'Ubicaciones' }).click();
    await page.getByRole('button', { name: 'Agregar ubicación' }).click();
    const loc = page.getByRole('group', { name: 'Ubicación 1' });
    await loc.getByLabel('País').selectOption({ label: 'Colombia' });
    await loc.getByLabel('Departamento').selectOption({ label: 'Antioquia' });
    expect((await save(page, '/general/perfil/ubicaciones')).status()).toBe(200);
    await shot(page, 'first-run-locations');
  }, 120_000);

  it('the administrator sees the checklist of empty catalogues, each with a link', async () => {
    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/app/reports/dashboard');
    const list = page.getByRole('list', { name: 'Tablas por completar' });
    await visible(list.getByRole('link', { name: 'Servicios', exact: true }));
    for (const filled of [
      'Parentescos',
      'Métodos de pago',
      'Bancos',
      'Ojos',
      'Ciudades',
      'Etnias',
      'Orientaciones sexuales',
      'Identidades sexuales',
    ])
      expect(await list.getByRole('link', { name: filled, exact: true }).count()).toBe(0);
    await shot(page, 'first-run-checklist');
    await list.getByRole('link', { name: 'Servicios', exact: true }).click();
    await page.waitForURL(/\/app\/configuracion\/miperfil\/servicios$/);
    await visible(page.getByRole('heading', { name: 'Servicios', level: 1 }));
  }, 60_000);

  it('imports 5,000 cities from a CSV through the dialog: preview, then apply', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-e2e-'));
    const lines = ['Departamento;Código;Nombre'];
    for (let i = 0; i < 5000; i++)
      lines.push(`${i % 2 ? 'Antioquia' : '25'};${String(70000 + i)};Vereda ${i}`);
    const file = join(dir, 'ciudades.csv');
    writeFileSync(file, lines.join('\r\n'));
    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/app/configuracion/generales/divisionPolitica/ciudades');
    await visible(page.getByRole('heading', { name: 'Ciudades', level: 1 }));
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar ciudades' });
    await dialog.getByLabel('Elegir archivo').setInputFiles(file);
    await visible(dialog.getByTestId('import-summary').getByText('5,000', { exact: true }).first(), 30_000);
    expect(await dialog.getByTestId('import-summary').textContent()).toBe(
      '5,000 filas: 5,000 nuevas, 0 por actualizar.',
    );
    await visible(
      dialog
        .getByRole('table', { name: 'Vista previa de las primeras filas' })
        .getByRole('cell', { name: 'Vereda 0', exact: true }),
    );
    await shot(page, 'import-preview');
    const applied = page.waitForResponse((r) => r.url().includes('/import?aplicar=1'));
    await dialog.getByRole('button', { name: 'Importar 5,000 filas' }).click();
    expect((await applied).status()).toBe(200);
    await visible(page.getByText('Importación completada: 5,000 registros creados y 0 actualizados'));
    const [row] = await e2e.server.ports.db
      .select({ n: count() })
      .from(ciudades)
      .where(like(ciudades.nombre, 'Vereda %'));
    expect(row?.n).toBe(5000);
  }, 120_000);
});
