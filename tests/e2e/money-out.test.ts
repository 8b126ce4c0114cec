// Money out end to end in Chromium (issue 24, "Done when"): an operator settles a month on
// Liquidación de bonos, generates the payout batches from "Pagos" (one per payment-method kind,
// the held report listing who is below the minimum or lacks payment information), downloads the
// bank file and marks the batch paid with the bank's reference; the member downloads his statement
// (PDF) from Mis bonos; a purchase annulled after that close («Anular» on the purchases screen)
// shows as ANULADA (its chip, its filter option: decision 0316) and comes back as the exact
// negative REEMBOLSO line when the next month is settled.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../worker/db/schema';
import { cycleKeyAt, cycleWindow, previousCycleKey } from '../../worker/shared/cycles';
import { baseCatalogue, DAY, paid, snapshot, subscribed } from '../setup/bonus-data';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';
import { pdfStrings } from '../setup/pdf-text';
import { type E2EUser, makeUser, shot as fullShot, visible, savedDownload } from './helpers';

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
const label = (clave: string) => `${MONTHS[Number(clave.slice(5)) - 1]} ${clave.slice(0, 4)}`;
// Two closed months: FIRST is settled and paid, then a purchase of it is annulled and NEXT settles.
const NEXT = previousCycleKey(Date.now());
const FIRST = cycleKeyAt(cycleWindow(NEXT).start - 1);
const W1 = cycleWindow(FIRST);
const W2 = cycleWindow(NEXT);
const REFERENCIA = 'TRF-2026-000981';

let e2e: E2E;
type Who = 'sponsor' | 'wallet' | 'low' | 'noinfo' | 'ana' | 'beto' | 'carla' | 'dario' | 'eva';
const u: Record<Who, E2EUser> = {} as never;
let annulled: number;

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.ports.db;
  await baseCatalogue(db);
  const id = async (q: ReturnType<typeof sql>) => (await db.get<{ id: number }>(q)).id;
  // The catalogues the bank file prints (some are seeded: reuse them).
  await db.run(
    sql`insert or ignore into metodos_pago (nombre, tipo, created_at, updated_at) values ('Cuenta bancaria', 'CUENTA_BANCARIA', 0, 0), ('Billetera', 'BILLETERA', 0, 0)`,
  );
  await db.run(
    sql`insert or ignore into bancos (codigo, nombre, created_at, updated_at) values ('1007', 'Bancolombia', 0, 0)`,
  );
  await db.run(
    sql`insert or ignore into tipos_identificacion (codigo, nombre, created_at, updated_at) values ('CC', 'Cédula de ciudadanía', 0, 0)`,
  );
  const bank = await id(sql`select min(id) id from metodos_pago where tipo = 'CUENTA_BANCARIA'`);
  const wallet = await id(sql`select min(id) id from metodos_pago where tipo = 'BILLETERA'`);
  const banco = await id(sql`select id, nombre from bancos where codigo = '1007'`);
  const cc = await id(sql`select id from tipos_identificacion where codigo = 'CC'`);
  // Beneficiaries (roots, subscribed through both months, identity validated) and their buyers.
  const beneficiaries: [Who, string, Who, 'bank' | 'wallet' | null][] = [
    ['sponsor', 'patrocinador', 'ana', 'bank'],
    ['wallet', 'billetera', 'carla', 'wallet'],
    ['low', 'bajo', 'dario', 'bank'],
    ['noinfo', 'sininfo', 'eva', null],
  ];
  const now = Date.now();
  for (const [key, name, buyer, pay] of beneficiaries) {
    u[key] = await makeUser(e2e, name, { role: 'USUARIO' });
    await db.run(
      sql`update users set apellidos = 'Pérez', tipo_identificacion_id = ${cc}, numero_identificacion = ${`1020${u[key].id}`} where id = ${u[key].id}`,
    );
    await db.run(
      sql`insert into validaciones_identidad (user_id, estado, created_at, updated_at) values (${u[key].id}, 'APROBADO', 0, 0)`,
    );
    if (pay === 'bank')
      await db.run(sql`insert into informacion_pago (user_id, metodo_pago_id, banco_id, tipo_cuenta, numero_cuenta, titular, created_at, updated_at)
        values (${u[key].id}, ${bank}, ${banco}, 'AH', ${`4455${u[key].id}`}, ${`Titular ${name}`}, 0, 0)`);
    if (pay === 'wallet')
      await db.run(sql`insert into informacion_pago (user_id, metodo_pago_id, tipo_billetera, numero_cuenta, titular, created_at, updated_at)
        values (${u[key].id}, ${wallet}, 'NEQUI', '3001234567', ${`Titular ${name}`}, 0, 0)`);
    await subscribed(db, u[key].id, W1.start - 5 * DAY, now + 30 * DAY);
    u[buyer] = await makeUser(e2e, buyer, { role: 'USUARIO' });
    await db.update(users).set({ sponsorId: u[key].id }).where(eq(users.id, u[buyer].id));
  }
  u.beto = await makeUser(e2e, 'beto', { role: 'USUARIO' });
  await db.update(users).set({ sponsorId: u.sponsor.id }).where(eq(users.id, u.beto.id));
  // FIRST month, level 1 at 10 %: the sponsor 100.000 + 50.000; billetera 30.000; bajo 15.000
  // (below the $ 20.000 minimum); sininfo 25.000 (no payment information).
  annulled = await paid(db, u.ana.id, 100_000_000, W1.start + 2 * DAY);
  await paid(db, u.beto.id, 50_000_000, W1.start + 3 * DAY);
  await paid(db, u.carla.id, 30_000_000, W1.start + 4 * DAY);
  await paid(db, u.dario.id, 15_000_000, W1.start + 5 * DAY);
  await paid(db, u.eva.id, 25_000_000, W1.start + 6 * DAY);
  // NEXT month: beto buys again, 30.000 for the sponsor.
  await paid(db, u.beto.id, 30_000_000, W2.start + 2 * DAY);
}, 180_000);

afterAll(async () => {
  await e2e?.close();
});

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullShot(page, name);
}

const toast = (page: Page, text: string) => visible(page.getByText(text, { exact: true }));
const rowOf = (page: Page, table: string, cell: string | RegExp) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: cell, exact: true }) });

async function settle(page: Page, clave: string) {
  await page.goto('/app/administracion/liquidacionbonos');
  await visible(page.getByRole('heading', { name: 'Liquidación de bonos', level: 1 }));
  await page.getByLabel('Mes a liquidar').selectOption(clave);
  await page.getByRole('button', { name: 'Liquidar', exact: true }).click();
  await page.getByRole('button', { name: 'Aceptar' }).click();
  await visible(
    page.getByText(
      new RegExp(
        `^${label(clave)} liquidado: \\d+ usuarios?, \\d+ líneas?, total -?\\$ -?[\\d.]+,\\d{2}\\.$`,
      ),
    ),
  );
  await visible(page.getByRole('heading', { name: `Usuarios del ciclo ${label(clave)}` }));
}

describe('money out', () => {
  it('settles a month, generates the payout batches, downloads the bank file and marks it paid', async () => {
    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await settle(page, FIRST);

    const pagos = page.getByRole('heading', { name: `Pagos del ciclo ${label(FIRST)}` });
    await visible(pagos);
    await visible(page.getByText('Aún no hay lotes de pago para este ciclo.'));
    // After a reload (a document drawn by the server) the selected cycle's panels are all there,
    // without clicking «Usuarios» again.
    expect(new URL(page.url()).searchParams.get('ciclo')).toMatch(/^\d+$/);
    await page.reload();
    await visible(pagos);
    await visible(page.getByRole('heading', { name: `Usuarios del ciclo ${label(FIRST)}` }));
    await visible(page.getByText('Aún no hay lotes de pago para este ciclo.'));
    await page.getByRole('button', { name: 'Generar lotes de pago' }).click();
    const batches = `Lotes de pago del ciclo ${label(FIRST)}`;
    await visible(page.getByRole('table', { name: batches }));
    const bankRow = rowOf(page, batches, 'Transferencia bancaria');
    const walletRow = rowOf(page, batches, 'Billetera');
    // The batches pay each row's net: its total less 10 % withholding at source (decision 0447).
    await visible(bankRow.getByText('$ 135.000,00'));
    await visible(walletRow.getByText('$ 27.000,00'));
    expect((await bankRow.getByRole('cell').allTextContents()).slice(1, 6)).toEqual([
      'Transferencia bancaria',
      'Generado',
      '1',
      '$ 135.000,00',
      '—',
    ]);
    // The held report: one below the minimum, one without payment information.
    await visible(page.getByText('Retenidos: 2 miembros'));
    const held = page.getByRole('listitem').filter({ hasText: 'POR DEBAJO DEL MINIMO' });
    await visible(held.getByText('1 miembro · $ 15.000,00'));
    await visible(
      page
        .getByRole('listitem')
        .filter({ hasText: 'SIN INFORMACION DE PAGO' })
        .getByText('1 miembro · $ 25.000,00'),
    );
    await shot(page, 'money-out-payouts');

    // The bank file: holder, account and amount of the one member it pays.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      bankRow
        .getByRole('button', { name: /^Descargar archivo del lote \d+ \(Transferencia bancaria\)$/ })
        .click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^lote-pago-\d+-cuenta_bancaria-[\d-]+\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await savedDownload(file));
    const sheet = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      'Usuario',
      'Titular',
      'Tipo de documento',
      'Número de documento',
      'Código del banco',
      'Banco',
      'Tipo de cuenta',
      'Número de cuenta',
      'Valor (COP)',
    ]);
    expect(rows.slice(1)).toEqual([
      [
        'patrocinador',
        'Titular patrocinador',
        'CC',
        `1020${u.sponsor.id}`,
        '1007',
        'Bancolombia',
        'AH',
        `4455${u.sponsor.id}`,
        135_000,
      ],
    ]);

    // Paid with the bank's reference: the batch and its member's row show it.
    await bankRow.getByRole('button', { name: /^Marcar pagado el lote \d+$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Marcar lote pagado' });
    await visible(dialog.getByText(/Transferencia bancaria: 1 miembro por \$ 135\.000,00\./));
    await dialog.getByRole('button', { name: 'Marcar pagado' }).click();
    await visible(dialog.getByText('Este campo es requerido'));
    await dialog.getByLabel('Referencia del banco').fill(REFERENCIA);
    await shot(page, 'money-out-paid-dialog');
    await dialog.getByRole('button', { name: 'Marcar pagado' }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(bankRow.getByText(REFERENCIA));
    await visible(bankRow.getByText('Pagado', { exact: true }));
    expect(await bankRow.getByRole('button', { name: /^Marcar pagado/ }).count()).toBe(0);
    const grid = `Usuarios del ciclo ${label(FIRST)}`;
    await visible(rowOf(page, grid, 'patrocinador').getByText('PAGADO', { exact: true }));
    await visible(rowOf(page, grid, 'billetera').getByText('NO PAGADO', { exact: true }));
    // Rows the payout rules hold back say why and offer neither PAGADO nor selection: the wallet's
    // row sits in its unpaid batch, bajo's balance is below the minimum.
    await visible(rowOf(page, grid, 'billetera').getByText('En un lote de pago', { exact: true }));
    const low = rowOf(page, grid, 'bajo');
    await visible(low.getByText('Por debajo del mínimo', { exact: true }));
    expect(await low.getByRole('button', { name: 'Estados de bajo' }).isDisabled()).toBe(true);
    expect(await low.getByRole('checkbox', { name: 'Seleccionar bajo' }).isDisabled()).toBe(true);
    const rowsDb = await e2e.server.ports.db.all<{
      user_id: number;
      estado: string;
      referencia_pago: string;
    }>(
      sql`select b.user_id, b.estado, b.referencia_pago from ciclo_bonificacion_user b join ciclos_bonificacion c on c.id = b.ciclo_id where c.clave = ${FIRST} order by b.user_id`,
    );
    expect(rowsDb).toEqual([
      { user_id: u.sponsor.id, estado: 'PAGADO', referencia_pago: REFERENCIA },
      { user_id: u.wallet.id, estado: 'NO_PAGADO', referencia_pago: null },
      { user_id: u.low.id, estado: 'NO_PAGADO', referencia_pago: null },
      { user_id: u.noinfo.id, estado: 'NO_PAGADO', referencia_pago: null },
    ]);
  });

  it('lets the member download his statement as a PDF with the total and the reference', async () => {
    const page = await e2e.page();
    await loginAs(page, u.sponsor.email, u.sponsor.password);
    await page.goto('/app/bonos');
    await visible(page.getByRole('heading', { name: 'Mis bonos', level: 1 }));
    await visible(page.getByText(REFERENCIA));
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`extracto-bonos-${FIRST}-patrocinador.pdf`);
    const bytes = readFileSync(await savedDownload(pdf));
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfStrings(bytes).join('\n');
    expect(text).toContain('$ 150.000,00');
    // Total, withholding at source (10 %) and the net paid.
    expect(text).toContain('Retención en la fuente (10 %)');
    expect(text).toContain('-$ 15.000,00');
    expect(text).toContain('$ 135.000,00');
    expect(text).toContain(REFERENCIA);
    await shot(page, 'money-out-statement');
  });

  it('turns a purchase annulled after the close into the exact negative lines of the next cycle', async () => {
    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/app/administracion/compras');
    await visible(page.getByRole('heading', { name: 'Administración de compras', level: 1 }));
    await page.getByRole('button', { name: `Anular compra ${annulled}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Anular la compra #${annulled}` });
    await dialog.getByLabel('Motivo de la anulación').fill('Contracargo del banco');
    await dialog.getByRole('button', { name: 'Anular', exact: true }).click();
    await toast(page, 'Compra anulada; el miembro fue notificado');
    // Its own state (decision 0316): the ANULADA chip, not a red NO PAGADO, and its filter option.
    const purchases = page.getByRole('table', { name: 'Compras' });
    const row = purchases
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `Ver compra ${annulled}`, exact: true }) });
    await visible(row.getByText('ANULADA', { exact: true }));
    const estado = page.getByRole('search', { name: 'Filtros' }).getByLabel('Estado', { exact: true });
    await estado.selectOption({ label: 'ANULADA' });
    await page.waitForURL(/filters=/);
    await expect.poll(() => purchases.getByText('PAGADO', { exact: true }).count()).toBe(0);
    await visible(row.getByText('ANULADA', { exact: true }));
    await shot(page, 'money-out-annulled');

    await settle(page, NEXT);
    const { lines, users: rows } = await snapshot(e2e.server.ports.db);
    const next = (lines as Record<string, unknown>[]).filter((l) => l.clave === NEXT);
    expect(
      next.map((l) => [l.beneficiario_id, l.compra_id, l.nivel, l.base, l.porcentaje, l.monto, l.motivo]),
    ).toEqual([
      [u.sponsor.id, annulled, 1, -100_000_000, 1000, -10_000_000, 'REEMBOLSO'],
      [u.sponsor.id, annulled + 5, 1, 30_000_000, 1000, 3_000_000, null],
    ]);
    // The sponsor owes 70.000 in NEXT; bajo's 15.000 carries in as saldo anterior.
    const mine = (rows as Record<string, unknown>[]).filter((r) => r.clave === NEXT);
    expect(mine.map((r) => [r.user_id, r.bonos, r.saldo_anterior, r.total])).toEqual([
      [u.sponsor.id, -7_000_000, 0, -7_000_000],
      [u.low.id, 0, 1_500_000, 1_500_000],
    ]);
    const grid = `Usuarios del ciclo ${label(NEXT)}`;
    await visible(rowOf(page, grid, 'patrocinador').getByText('-$ 70.000,00'));
    // The row's lines show the clawback at the original level and rate.
    await rowOf(page, grid, 'patrocinador')
      .getByRole('button', { name: 'Ver detalle de patrocinador' })
      .click();
    const detail = page.getByRole('dialog', { name: `Bonos de patrocinador · ${label(NEXT)}` });
    const refund = detail.getByRole('row').filter({ hasText: 'REEMBOLSO' });
    // The dialog reads its lines after it opens: wait for the row before reading its cells.
    await visible(refund);
    expect(await refund.getByRole('cell').allTextContents()).toEqual([
      'ana',
      '1',
      `#${annulled}`,
      '10.00 %',
      '-$ 1.000.000,00',
      '-$ 100.000,00',
      'REEMBOLSO',
    ]);
  });
});
