// The bank statement screen (Administración → Conciliación bancaria) as an operator uses it: the
// app's own file picker, a movement matched by the payment reference, its amount as money reads
// everywhere else, the statement still open after a reload, and counts in the singular for one.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceFor } from '../../worker/shared/payment-reference';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';
import { makeUser, shot, visible } from './helpers';

let e2e: E2E;
let compra = 0;

beforeAll(async () => {
  e2e = await startE2E();
  const member = await makeUser(e2e, 'extracto', { role: 'USUARIO' });
  const at = Date.now();
  const [row] = await e2e.server.ports.db.all<{ id: number }>(
    sql`insert into compras (user_id, checkout_key, total_items, total, estado, created_at, updated_at)
      values (${member.id}, 'e2e-extracto', 1, 9990000, 'NO_PAGADO', ${at}, ${at}) returning id`,
  );
  compra = row!.id;
}, 180_000);
afterAll(async () => e2e?.close());

describe('bank statement', () => {
  it('imports a statement with the app’s picker, keeps it open after a reload and confirms one purchase', async () => {
    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    // In the payments queue, a purchase without a receipt says so, and rejecting it rejects the payment.
    await page.goto(`/app/administracion/conciliacion/view/${compra}`);
    await visible(page.getByText('Sin comprobante de pago', { exact: true }));
    await page.getByRole('button', { name: 'Rechazar', exact: true }).click();
    await visible(page.getByRole('dialog', { name: 'Rechazar el pago' }));
    await page.getByRole('button', { name: 'Cancelar' }).click();

    await page.goto('/app/administracion/extractos');
    await visible(page.getByText('Todavía no hay extractos importados'));
    await visible(page.getByText('Ningún archivo elegido', { exact: true }));
    await page.getByLabel('Elegir archivo').setInputFiles({
      name: 'extracto.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Fecha;Descripción;Valor\n25/11/2026;TRANSF REF ${referenceFor(compra)};99.900\n`),
    });
    await visible(page.getByText('extracto.csv', { exact: true }));
    await page.getByRole('button', { name: 'Importar extracto' }).click();
    const movement = page.getByRole('row').filter({ hasText: referenceFor(compra) });
    await visible(movement.getByText('$ 99.900,00', { exact: true }));
    await shot(page, 'statement-imported');

    // A reload keeps the newest statement open.
    await page.reload();
    await visible(
      page
        .getByRole('row')
        .filter({ hasText: referenceFor(compra) })
        .getByText('$ 99.900,00'),
    );

    await page.getByRole('button', { name: 'Confirmar todas las conciliadas' }).click();
    await visible(page.getByText('Se confirmará el pago de 1 compra conciliada. ¿Desea continuar?'));
    await page.getByRole('button', { name: 'Aceptar' }).click();
    await visible(page.getByRole('status').getByText(/· 1 compra confirmada$/));
    const [paid] = await e2e.server.ports.db.all<{ estado: string }>(
      sql`select estado from compras where id = ${compra}`,
    );
    expect(paid!.estado).toBe('PAGADO');
  });
});
