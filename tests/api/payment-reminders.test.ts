// Issue 23 §7: a member whose purchase is unpaid after N days gets ONE notification with the
// payment instructions again, from the cron's path (runScheduled), never twice for a purchase.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificaciones } from '../../worker/db/schema';
import { runScheduled } from '../../worker/modules/jobs';
import { referenceFor } from '../../worker/shared/payment-reference';
import { buy, markPaid, type Shop, shopApp } from './shop-fixtures';

const DAY = 86_400_000;
let shop: Shop;
beforeAll(async () => {
  shop = await shopApp();
  const post = (path: string, body: unknown) => shop.t.request('POST', path, { cookie: shop.admin, body });
  const method = (
    await post('/api/v1/general/metodosdepago', { nombre: 'Transferencia', tipo: 'CUENTA_BANCARIA' })
  ).json.data.id;
  const bank = (await post('/api/v1/general/bancos', { codigo: '051', nombre: 'Davivienda' })).json.data.id;
  const res = await post('/api/v1/miscompras/cuentasrecaudo', {
    nombre: 'Davivienda ahorros',
    metodo_pago_id: method,
    banco_id: bank,
    tipo_cuenta: 'AH',
    numero: '0550123456',
    titular: 'Membresías 360 S.A.S.',
    tipo_documento: 'NIT',
    documento: '800197268-4',
  });
  if (res.status !== 201) throw new Error(res.text);
});

const cron = () => runScheduled(shop.t.ports, '10 5 * * *', shop.t.clock.now());
const remindersOf = (userId: number) =>
  shop.t.db
    .select()
    .from(notificaciones)
    .where(and(eq(notificaciones.userId, userId), eq(notificaciones.entity, 'compra')));

describe('payment reminders', () => {
  it('reminds once, after the days set, only for purchases still unpaid, with the instructions', async () => {
    const m = await shop.member();
    const unpaid = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const paid = await buy(shop, m.cookie, [{ producto_id: shop.tazaId }]);
    expect((await markPaid(shop, paid.id)).status).toBe(200);
    const before = (await remindersOf(m.id)).length; // the PAGADO notice
    shop.t.clock.advance(3 * DAY - 60_000);
    await cron();
    expect(await remindersOf(m.id)).toHaveLength(before);
    shop.t.clock.advance(60_000);
    expect((await cron()).reminded).toBe(1);
    const notices = (await remindersOf(m.id)).filter((n) => n.titulo.endsWith('pago pendiente'));
    expect(notices).toEqual([
      expect.objectContaining({
        titulo: `Compra #${unpaid.id}: pago pendiente`,
        entityId: unpaid.id,
        mensaje: `Tu compra #${unpaid.id} sigue sin pagar. Paga exactamente $ 50.000,00 con la referencia ${referenceFor(unpaid.id)} a una de estas cuentas: Davivienda ahorros, Davivienda, ahorros, n.º 0550123456, a nombre de Membresías 360 S.A.S., NIT 800197268-4. Después adjunta el comprobante en la compra; un administrador confirmará el pago.`,
      }),
    ]);
    // The next days' runs, and two at once, never remind again.
    shop.t.clock.advance(DAY);
    const again = await Promise.all([cron(), cron()]);
    expect(again.map((r) => r.reminded)).toEqual([0, 0]);
    expect((await remindersOf(m.id)).filter((n) => n.titulo.endsWith('pago pendiente'))).toHaveLength(1);
  });

  it('follows the configured number of days', async () => {
    const m = await shop.member();
    await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const ports = { ...shop.t.ports, config: { ...shop.t.ports.config, paymentReminderDays: 1 } };
    shop.t.clock.advance(DAY);
    expect((await runScheduled(ports, '10 5 * * *', shop.t.clock.now())).reminded).toBe(1);
  });
});
