// Payment reminders (decision 0130): a member whose purchase is still unpaid N days after checkout
// (Config.paymentReminderDays, default 3) gets ONE notification with the payment instructions
// again. Run by the cron (worker/modules/jobs); each purchase is stamped `recordatorio_at` in the
// same conditional statement pair that writes its notification, so no run, repeated or
// concurrent, notifies twice for the same purchase.
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { compras, notificaciones } from '../../db/schema';
import type { Db } from '../../platform/db';
import { referenceFor } from '../../shared/payment-reference';
import { activeAccounts } from './payment-instructions';
import { pesos } from '../../shared/money-out';
import { STATE } from '../../shared/workflow';

export const PAYMENT_REMINDER_DAYS = 3;
const DAY = 86_400_000;
/** Purchases reminded per run; the daily cron picks up the rest the next day. */
const PER_RUN = 200;

type Account = Awaited<ReturnType<typeof activeAccounts>>[number];

/** One line per account: what a member needs to send money there. */
export function accountLine(a: Account): string {
  const parts = [a.nombre];
  if (a.banco) parts.push(a.banco);
  if (a.tipo_cuenta) parts.push(a.tipo_cuenta === 'AH' ? 'ahorros' : 'corriente');
  if (a.numero) parts.push(`n.º ${a.numero}`);
  if (a.titular) parts.push(`a nombre de ${a.titular}`);
  if (a.documento) parts.push(`${a.tipo_documento ?? ''} ${a.documento}`.trim());
  if (a.direccion)
    parts.push(`${a.criptomoneda ?? ''} red ${a.red ?? ''}: ${a.direccion}`.replace(/\s+/g, ' '));
  return parts.join(', ');
}

export function reminderMessage(compra: { id: number; total: number }, accounts: Account[]): string {
  const where = accounts.length
    ? ` a una de estas cuentas: ${accounts.map(accountLine).join('; ')}.`
    : '. Las cuentas de pago están en el detalle de la compra.';
  return `Tu compra #${compra.id} sigue sin pagar. Paga exactamente ${pesos(compra.total)} con la referencia ${referenceFor(compra.id)}${where} Después adjunta el comprobante en la compra; un administrador confirmará el pago.`;
}

/** Reminds the owners of purchases unpaid for `days` days; returns how many were reminded. */
export async function remindUnpaidPurchases(
  db: Db,
  now: number,
  days = PAYMENT_REMINDER_DAYS,
): Promise<number> {
  const due = await db
    .select({ id: compras.id, userId: compras.userId, total: compras.total })
    .from(compras)
    .where(
      and(
        eq(compras.estado, STATE.NO_PAGADO),
        // Not an annulled purchase (NO_PAGADO with a paid date): it is not to be paid again.
        isNull(compras.pagadoAt),
        isNull(compras.recordatorioAt),
        lte(compras.createdAt, now - days * DAY),
      ),
    )
    .orderBy(asc(compras.createdAt))
    .limit(PER_RUN);
  if (!due.length) return 0;
  const accounts = await activeAccounts(db);
  const results = await db.batch(
    due.flatMap((c) => [
      db
        .update(compras)
        .set({ recordatorioAt: now })
        .where(
          and(eq(compras.id, c.id), eq(compras.estado, STATE.NO_PAGADO), isNull(compras.recordatorioAt)),
        ),
      db.run(sql`insert into ${notificaciones} (user_id, titulo, mensaje, entity, entity_id, created_at)
        select ${c.userId}, ${`Compra #${c.id}: pago pendiente`}, ${reminderMessage(c, accounts)}, 'compra', ${c.id}, ${now}
        where changes() = 1`),
    ]) as never,
  );
  return (results as { rowsAffected: number }[]).filter((r, i) => i % 2 === 1 && r.rowsAffected === 1).length;
}
