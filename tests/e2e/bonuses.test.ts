// Referral bonuses end to end in Chromium. A sponsor with three levels of referrals who bought in
// the month that closed last (Bogotá); the administrator previews and settles that month, pays
// one row from the Estados menu and one in bulk, opens a row's lines and downloads the Excel;
// the sponsor then sees its bonuses with every line, downloads the statement (PDF and Excel), and
// its referral tree and levels.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cicloBonificacionUser, users } from '../../worker/db/schema';
import { cycleWindow, previousCycleKey } from '../../worker/shared/cycles';
import { baseCatalogue, DAY, paid, subscribed, verifiedPayment } from '../setup/bonus-data';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';
import { type E2EUser, expectFooter, makeUser, shot as fullShot, visible, savedDownload } from './helpers';

const MONTHS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];
const CLAVE = previousCycleKey(Date.now());
const LABEL = `${MONTHS[Number(CLAVE.slice(5)) - 1]} ${CLAVE.slice(0, 4)}`;
const WIN = cycleWindow(CLAVE);

let e2e: E2E;
const u: Record<'sponsor' | 'ana' | 'beto' | 'carla' | 'dario' | 'eva', E2EUser> = {} as never;

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.ports.db;
  await baseCatalogue(db);
  // patrocinador → ana, beto (1) → carla under ana, eva under beto (2) → dario under carla (3).
  const tree: [keyof typeof u, string, keyof typeof u | null][] = [
    ['sponsor', 'patrocinador', null],
    ['ana', 'ana', 'sponsor'],
    ['beto', 'beto', 'sponsor'],
    ['carla', 'carla', 'ana'],
    ['eva', 'eva', 'beto'],
    ['dario', 'dario', 'carla'],
  ];
  for (const [key, name, sponsor] of tree) {
    u[key] = await makeUser(e2e, name, { role: 'USUARIO' });
    if (sponsor) await db.update(users).set({ sponsorId: u[sponsor].id }).where(eq(users.id, u[key].id));
  }
  const now = Date.now();
  // Qualified at the end of the cycle and still active today: the sponsor and ana.
  for (const who of [u.sponsor, u.ana]) await subscribed(db, who.id, WIN.start - 5 * DAY, now + 30 * DAY);
  // The two paid below by hand hold complete, verified payment information (decision 0340).
  for (const who of [u.sponsor, u.ana]) await verifiedPayment(db, who.id);
  // beto's subscription ended long ago (VENCIDA); eva's waits for payment (PENDIENTE).
  await subscribed(db, u.beto.id, WIN.start - 90 * DAY, WIN.start - 60 * DAY);
  const pending = await paid(db, u.eva.id, 5_000_000, now, 'NO_PAGADO');
  await db.run(
    sql`insert into suscripciones (user_id, tipo_suscripcion_id, compra_id, estado, created_at, updated_at) values (${u.eva.id}, 1, ${pending}, 'PENDIENTE', 0, 0)`,
  );
  // Purchases paid inside the closed month: 100.000, 200.000 and 50.000 pesos.
  await paid(db, u.ana.id, 10_000_000, WIN.start + 2 * DAY);
  await paid(db, u.carla.id, 20_000_000, WIN.start + 3 * DAY);
  await paid(db, u.dario.id, 5_000_000, WIN.start + 4 * DAY);
}, 180_000);

afterAll(async () => {
  await e2e?.close();
});

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullShot(page, name);
}

const toast = (page: Page, text: string) => visible(page.getByText(text, { exact: true }));
const rowOf = (page: Page, table: string, cell: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: cell, exact: true }) });

describe('referral bonuses', () => {
  it('lets an administrator preview, settle and pay a closed month, and export it', async () => {
    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('button', { name: 'Administración' })
      .click();
    await page.getByRole('link', { name: 'Liquidación de bonos' }).click();
    await visible(page.getByRole('heading', { name: 'Liquidación de bonos', level: 1 }));
    await visible(page.getByText('Aún no se ha liquidado ningún ciclo.'));
    expect(await page.getByLabel('Mes a liquidar').inputValue()).toBe(CLAVE);

    // Dry run: ana 10 % of 200.000 + 5 % of 50.000; the sponsor 10 % + 5 % + 2 %; carla unqualified.
    await page.getByRole('button', { name: 'Vista previa' }).click();
    const preview = `Vista previa de ${LABEL}`;
    await visible(page.getByText(/3 usuarios, 6 líneas, total/));
    expect(await rowOf(page, preview, 'ana').getByRole('cell').allTextContents()).toEqual([
      'ana',
      '2',
      '$ 22.500,00',
      '$ 0,00',
      '$ 0,00',
      '$ 22.500,00',
    ]);
    expect(await rowOf(page, preview, 'patrocinador').getByRole('cell').allTextContents()).toEqual([
      'patrocinador',
      '3',
      '$ 21.000,00',
      '$ 0,00',
      '$ 0,00',
      '$ 21.000,00',
    ]);
    expect(await rowOf(page, preview, 'carla').getByRole('cell').allTextContents()).toEqual([
      'carla',
      '1',
      '$ 0,00',
      '$ 0,00',
      '$ 0,00',
      '$ 0,00',
    ]);

    await page.getByRole('button', { name: 'Liquidar', exact: true }).click();
    await visible(page.getByRole('alertdialog').getByText('Confirmar accion'));
    // The confirmation names the month and what its dry run would write.
    await visible(
      page
        .getByRole('alertdialog')
        .getByText(`${LABEL}: 3 usuarios, 6 líneas, total $ 43.500,00.`, { exact: true }),
    );
    await visible(page.getByText('Esta seguro de realizar esta accion?'));
    await page.getByRole('button', { name: 'Aceptar' }).click();
    await toast(page, `${LABEL} liquidado: 3 usuarios, 6 líneas, total $ 43.500,00.`);
    const cycles = page.getByRole('table', { name: 'Ciclos de bonificación' });
    await visible(cycles.getByText('LIQUIDADO'));
    await visible(cycles.getByText('$ 43.500,00'));
    expect(await cycles.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    // The settled cycle opens below, heaviest total first.
    const grid = `Usuarios del ciclo ${LABEL}`;
    await visible(page.getByRole('heading', { name: grid }));
    await visible(rowOf(page, grid, 'carla'));
    const names = await page
      .getByRole('table', { name: grid })
      .getByRole('row')
      .locator('td:nth-child(2)')
      .allTextContents();
    expect(names).toEqual(['ana', 'patrocinador', 'carla']);

    // One row through the Estados menu.
    await rowOf(page, grid, 'patrocinador').getByRole('button', { name: 'Estados de patrocinador' }).click();
    await page.getByRole('menuitem', { name: 'PAGADO' }).click();
    await visible(page.getByText('Desea cambiar el estado a PAGADO?'));
    await page.getByRole('button', { name: 'Aceptar' }).click();
    await toast(page, 'Registro actualizado correctamente');
    await visible(rowOf(page, grid, 'patrocinador').getByText('PAGADO', { exact: true }));
    expect(await rowOf(page, grid, 'patrocinador').getByRole('checkbox').isDisabled()).toBe(true);

    // Another in bulk, with a comment.
    await rowOf(page, grid, 'ana').getByRole('checkbox', { name: 'Seleccionar ana' }).click();
    await page.getByRole('button', { name: 'Marcar como PAGADO (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Marcar como PAGADO' });
    await visible(dialog.getByText('Desea cambiar el estado a PAGADO? 1 registro por $ 22.500,00.'));
    await dialog.getByLabel('Comentario').fill('Lote de transferencias 7');
    await shot(page, 'bonuses-pay-dialog');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(rowOf(page, grid, 'ana').getByText('PAGADO', { exact: true }));
    await visible(cycles.getByText('2 / 3'));
    const rows = await e2e.server.ports.db
      .select({ userId: cicloBonificacionUser.userId, estado: cicloBonificacionUser.estado })
      .from(cicloBonificacionUser);
    expect(Object.fromEntries(rows.map((r) => [r.userId, r.estado]))).toEqual({
      [u.ana.id]: 'PAGADO',
      [u.sponsor.id]: 'PAGADO',
      [u.carla.id]: 'NO_PAGADO',
    });

    // Filter by state, then a row's lines: carla's are zero for want of a subscription.
    await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'NO PAGADO' });
    await rowOf(page, grid, 'ana').waitFor({ state: 'detached' });
    await rowOf(page, grid, 'carla').getByRole('button', { name: 'Ver detalle de carla' }).click();
    const detail = page.getByRole('dialog', { name: `Bonos de carla · ${LABEL}` });
    await visible(detail.getByText('SIN SUSCRIPCION ACTIVA'));
    expect(await detail.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      'dario',
      '1',
      expect.stringMatching(/^#\d+$/),
      '10.00 %',
      '$ 50.000,00',
      '$ 0,00',
      'SIN SUSCRIPCION ACTIVA',
    ]);
    await shot(page, 'bonuses-row-detail');
    await page.keyboard.press('Escape');
    await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Todos' });
    await visible(rowOf(page, grid, 'ana'));

    // The Excel for the transfers.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar Excel' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(new RegExp(`^liquidacion-${CLAVE}.*\\.xlsx$`));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await savedDownload(file));
    const sheet = wb.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 7)).toEqual([
      'Usuario',
      'Nombres',
      'Apellidos',
      'Identificación',
      'Total (COP)',
      'Estado',
    ]);
    expect(sheet.rowCount).toBe(4);
    await expectFooter(page);
    await shot(page, 'bonuses-settlement');
  });

  it('shows the sponsor its bonuses with every line', async () => {
    // This month so far: carla (level 2 of the sponsor) paid $ 400.000 → 5 % is $ 20.000.
    await paid(e2e.server.ports.db, u.carla.id, 40_000_000, Date.now());
    const page = await e2e.page();
    await loginAs(page, u.sponsor.email, u.sponsor.password);
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByRole('button', { name: 'Mi espacio' }).click();
    await visible(menu.getByRole('link', { name: 'Mis referidos' }));
    await menu.getByRole('link', { name: 'Mis bonos' }).click();
    await visible(page.getByRole('heading', { name: 'Mis bonos', level: 1 }));
    await visible(page.getByText('Total pagado').locator('..').getByText('$ 21.000,00'));
    await visible(page.getByText('Total por pagar').locator('..').getByText('$ 0,00'));
    // The month in course, estimated as the close will settle it, level by level.
    await visible(page.getByRole('heading', { name: /^Este mes, en curso: / }));
    await visible(page.getByTestId('month-estimate').getByText('$ 20.000,00'));
    expect(
      await rowOf(page, 'Bono del mes en curso por nivel', 'Nivel 2').getByRole('cell').allTextContents(),
    ).toEqual(['Nivel 2', '5.00 %', '1', '$ 400.000,00', '$ 20.000,00']);
    const cycle = rowOf(page, 'Ciclos de bonificación', `${LABEL} ${CLAVE}`);
    await visible(cycle.getByText('PAGADO', { exact: true }));
    // The newest cycle opens with its lines: one per level, at the rate used.
    const lines = page.getByRole('table', { name: `Líneas del ciclo ${LABEL}` });
    await visible(lines);
    const cells = async (name: string) =>
      (await rowOf(page, `Líneas del ciclo ${LABEL}`, name).getByRole('cell').allTextContents()).filter(
        (_, i) => i !== 2,
      );
    expect(await cells('ana')).toEqual(['ana', '1', '10.00 %', '$ 100.000,00', '$ 10.000,00', '—']);
    expect(await cells('carla')).toEqual(['carla', '2', '5.00 %', '$ 200.000,00', '$ 10.000,00', '—']);
    expect(await cells('dario')).toEqual(['dario', '3', '2.00 %', '$ 50.000,00', '$ 1.000,00', '—']);
    // The statement's files (issue 24 item 5): the PDF made in the server and the Excel, the same sum.
    await visible(page.getByRole('definition').getByText('$ 21.000,00').first());
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`extracto-bonos-${CLAVE}-patrocinador.pdf`);
    expect(
      readFileSync(await savedDownload(pdf))
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar Excel' }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await savedDownload(xlsx));
    const sum = book
      .getWorksheet('Líneas')!
      .getSheetValues()
      .slice(2)
      .reduce((a: number, r) => a + Number((r as unknown[])[7]), 0);
    expect(sum).toBe(21_000);
    await expectFooter(page);
    await shot(page, 'bonuses-member');
    // Collapsing hides the lines.
    await cycle.getByRole('button', { name: `Ocultar líneas de ${LABEL}` }).click();
    await lines.waitFor({ state: 'detached' });
  });

  it('shows the sponsor its link, its tree level by level, a search, and its referrals by level', async () => {
    const page = await e2e.page();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginAs(page, u.sponsor.email, u.sponsor.password);
    await page.goto('/app/bonosreferidos/referidos');
    await visible(page.getByRole('heading', { name: 'Mis referidos', level: 1 }));
    expect(await page.getByLabel(/^Enlace de referido/).inputValue()).toBe(
      `${e2e.base}/register/${u.sponsor.referralCode}`,
    );
    await page.getByRole('button', { name: 'Copiar enlace' }).click();
    await toast(page, 'Enlace copiado al portapapeles');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${e2e.base}/register/${u.sponsor.referralCode}`,
    );

    // Level 1 first, each node a card with its subscription chip.
    const tree = page.getByRole('tree', { name: 'Árbol de referidos' });
    const node = (name: string) => tree.getByRole('treeitem', { name, exact: true });
    await visible(node('ana'));
    expect(await tree.getByTestId('referral-node').count()).toBe(2);
    await visible(node('ana').getByText('APROBADO').first());
    await visible(node('beto').getByText('VENCIDA').first());
    await visible(node('ana').getByText('1 referido').first());
    // Expanding loads the branch.
    await page.getByRole('button', { name: 'Expandir ana' }).click();
    await visible(node('carla'));
    await visible(node('carla').getByText('SIN ESTADO').first());
    await page.getByRole('button', { name: 'Expandir carla' }).click();
    await visible(node('dario'));
    // Level 3 is the last the bonus pays: no deeper branch to open.
    expect(await page.getByRole('button', { name: 'Expandir dario' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Expandir beto' }).click();
    await visible(node('eva').getByText('PENDIENTE').first());
    await expectFooter(page);
    await shot(page, 'bonuses-tree');

    // A search loads the whole tree and keeps the path to the match.
    await page.getByRole('button', { name: 'Contraer todo' }).click();
    await node('dario').waitFor({ state: 'detached' });
    await page.getByLabel('Buscar por usuario').fill('dar');
    await visible(page.getByText('1 coincidencia'));
    await visible(node('dario').locator('mark').getByText('dar'));
    await node('beto').waitFor({ state: 'detached' });
    await page.getByLabel('Buscar por usuario').fill('zz');
    await visible(page.getByText('Ningún referido coincide con «zz»'));
    await page.getByLabel('Buscar por usuario').fill('');
    await visible(node('beto'));

    // Referrals by level, with their counts.
    await visible(page.getByRole('tab', { name: 'Nivel 1: 2 referidos' }));
    await visible(page.getByRole('tab', { name: 'Nivel 3: 1 referido' }));
    await page.getByRole('tab', { name: 'Nivel 2: 2 referidos' }).click();
    const level2 = page.getByRole('table', { name: 'Referidos de nivel 2' });
    expect(
      (await rowOf(page, 'Referidos de nivel 2', 'carla').getByRole('cell').allTextContents()).slice(0, 4),
    ).toEqual(['carla', 'ana', '2', 'SIN ESTADO']);
    expect(
      (await rowOf(page, 'Referidos de nivel 2', 'eva').getByRole('cell').allTextContents()).slice(0, 4),
    ).toEqual(['eva', 'beto', '2', 'PENDIENTE']);
    expect(await level2.getByRole('row').count()).toBe(3);
    await shot(page, 'bonuses-referrals');
  });

  it('shows an empty tree, and refuses the settlement screen to a member', async () => {
    const page = await e2e.page();
    await loginAs(page, u.dario.email, u.dario.password);
    await page.goto('/app/bonosreferidos/referidos');
    await visible(page.getByRole('heading', { name: 'Árbol de referidos' }));
    await visible(page.getByText('No hay datos para mostrar...').first());
    await page.goto('/app/bonos');
    await visible(page.getByText('Aún no tienes ciclos de bonificación liquidados.'));
    await page.goto('/app/administracion/liquidacionbonos');
    await visible(page.getByText('UY!, lo sentimos'));
    await expectFooter(page);
  });

  it('lets an administrator edit a level’s rate and change a member’s sponsor', async () => {
    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/app/administracion/detallebonos');
    await visible(rowOf(page, 'Detalle de bonos', 'Nivel 3').getByText('2.00 %'));
    await page.getByRole('link', { name: 'Editar nivel 3' }).click();
    await page.getByLabel('Porcentaje').fill('2,5');
    await page.getByLabel('Descripción').fill('Campaña de fin de año');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'Registro actualizado correctamente');
    await page.waitForURL(/\/detallebonos$/);
    await visible(rowOf(page, 'Detalle de bonos', 'Nivel 3').getByText('2.50 %'));
    await visible(page.getByText('Campaña de fin de año'));
    await shot(page, 'bonuses-rates');
    // The rate's history, under its form: the change just saved, with its fields.
    await page.getByRole('link', { name: 'Editar nivel 3' }).click();
    await page.getByRole('button', { name: 'Historial de cambios' }).click();
    const change = page.getByRole('listitem').filter({ hasText: 'Campaña de fin de año' });
    await visible(change.getByText('Descripción'));
    await visible(change.getByText('Porcentaje'));
    await visible(change.getByText('2.50 %')); // stored as 250 basis points, read as on the grid

    // eva moves from beto to ana; her own code is refused with the server's message.
    await page.goto(`/app/consultas/usuariosregistrados/view/${u.eva.id}`);
    await page.getByRole('button', { name: 'Cambiar patrocinador' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar patrocinador' });
    await dialog.getByLabel('Código de referido del nuevo patrocinador').fill(u.eva.referralCode);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await visible(dialog.getByText('El patrocinador no puede ser el mismo usuario ni uno de sus referidos'));
    await shot(page, 'bonuses-sponsor-dialog');
    await dialog.getByLabel('Código de referido del nuevo patrocinador').fill(u.ana.referralCode);
    await dialog.getByLabel('Comentario').fill('Solicitud de la miembro');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'Registro actualizado correctamente');
    const eva = await e2e.server.ports.db
      .select({ sponsorId: users.sponsorId })
      .from(users)
      .where(eq(users.id, u.eva.id))
      .get();
    expect(eva?.sponsorId).toBe(u.ana.id);
    await expectFooter(page);
  });
});
