// Withdrawal and withholding in Chromium (decisions 0449, 0450): a member withdraws a paid purchase
// from its detail and an administrator approves it in Administración → Retractos (the purchase is
// annulled); a member downloads his «Certificado de ingresos y retenciones» from Mis bonos and it
// shows his year's paid and withheld figures. (The payout file paying the net is in
// money-out.test.ts.)
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';
import { pdfStrings } from '../setup/pdf-text';
import { type E2EUser, makeUser, savedDownload, shot, visible } from './helpers';
import { readFileSync } from 'node:fs';

let e2e: E2E;
let member: E2EUser;
let compra = 0;
const YEAR = new Date().getUTCFullYear();

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.ports.db;
  member = await makeUser(e2e, 'retracto', { role: 'USUARIO' });
  const at = Date.now();
  const [row] = await db.all<{ id: number }>(
    sql`insert into compras (user_id, checkout_key, total_items, total, estado, pagado_at, created_at, updated_at)
      values (${member.id}, 'e2e-retracto', 1, 5000000, 'PAGADO', ${at}, ${at}, ${at}) returning id`,
  );
  compra = row!.id;
  // A settled January with his bonus: $ 50.000, withheld $ 5.000 (10 %), net $ 45.000.
  const [cycle] = await db.all<{ id: number }>(
    sql`insert into ciclos_bonificacion (clave, inicio, fin, estado, iniciado_at, liquidado_at, origen)
      values (${`${YEAR}-01`}, 0, 1, 'LIQUIDADO', ${at}, ${at}, 'prueba') returning id`,
  );
  await db.run(sql`insert into ciclo_bonificacion_user (ciclo_id, user_id, total, bonos, lineas, estado, created_at, retencion, retencion_tasa, neto)
    values (${cycle!.id}, ${member.id}, 5000000, 5000000, 1, 'NO_PAGADO', ${at}, 500000, 1000, 4500000)`);
}, 180_000);
afterAll(async () => e2e?.close());

describe('withdrawal and certificate', () => {
  it('a member withdraws a paid purchase and an administrator approves it', async () => {
    const page = await e2e.page();
    await loginAs(page, member.email, member.password);
    await page.goto(`/app/miscompras/view/${compra}`);
    await page.getByRole('button', { name: 'Solicitar retracto' }).click();
    const dialog = page.getByRole('dialog', { name: `Retracto de la compra #${compra}` });
    await visible(dialog.getByText(/5 días hábiles desde el pago/));
    await dialog.getByLabel('Motivo del retracto').fill('El producto no es lo que esperaba');
    await dialog.getByRole('button', { name: 'Solicitar retracto' }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(page.getByText('Solicitud de retracto: PENDIENTE'));
    await shot(page, 'withdrawal-requested');

    const admin = await e2e.page();
    await loginAs(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.goto('/app/administracion/retractos');
    const row = admin.getByRole('row').filter({ hasText: `#${compra}` });
    await visible(row.getByText('El producto no es lo que esperaba'));
    await row.getByRole('button', { name: `Aprobar el retracto de la compra ${compra}` }).click();
    await visible(admin.getByText('No hay solicitudes de retracto.'));
    const [after] = await e2e.server.ports.db.all<{ estado: string; reembolso: number }>(
      sql`select c.estado, r.reembolso from compras c join retractos r on r.compra_id = c.id where c.id = ${compra}`,
    );
    expect(after).toEqual({ estado: 'ANULADA', reembolso: 5000000 });
  });

  it('a member downloads his certificate of income and withholding', async () => {
    const page = await e2e.page();
    await loginAs(page, member.email, member.password);
    await page.goto('/app/bonos');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Certificado de ingresos y retenciones ${YEAR}` }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`certificado-retenciones-${YEAR}-retracto.pdf`);
    const text = pdfStrings(new Uint8Array(readFileSync(await savedDownload(file)))).join('\n');
    expect(text).toContain(`Certificado de ingresos y retenciones ${YEAR}`);
    expect(text).toMatch(/Enero\n\$ 50\.000,00\n\$ 5\.000,00/);
    expect(text).toMatch(/Total del año\n\$ 50\.000,00\n\$ 5\.000,00/);
  });
});
