// The one way a purchase's payment state changes (spec §4: NO_PAGADO ⇄ PAGADO): the state change
// with its history row and the member's notification (changeStateOnRequest), then the purchase's
// subscriptions activated or revoked. The purchases screen and the reconciliation queue both call
// it, so a payment confirmed from the queue does exactly what one confirmed from the purchase does.
import { compras } from '../../db/schema';
import type { AppEnv } from '../../platform/ports';
import { changeStateOnRequest, type StateRequest } from '../../platform/state-change';
import { PAYMENT } from '../../shared/workflow';
import { activateSubscriptions, revokeSubscriptions } from './subscription-service';

/**
 * What every change of a purchase's payment state shares: its row, the payment workflow and the
 * member's notification. The screens (below) and the statement import and gateway
 * (payment-confirm.ts) build their change from it.
 */
export const paymentChange = (compra: { id: number; userId: number }) => ({
  entity: 'compra',
  table: compras,
  idColumn: compras.id,
  stateColumn: compras.estado,
  id: compra.id,
  transitions: PAYMENT,
  notify: { userId: compra.userId, titulo: `Compra #${compra.id}` },
});

export async function changePaymentState(
  c: { var: Pick<AppEnv['Variables'], 'db' | 'clock' | 'user'> },
  compra: { id: number; user_id: number },
  body: StateRequest,
  now: number,
) {
  const paid = body.estado === 'PAGADO';
  await changeStateOnRequest(c, body, {
    ...paymentChange({ id: compra.id, userId: compra.user_id }),
    at: now,
    set: () => (paid ? { pagadoAt: now, updatedAt: now } : { updatedAt: now }),
  });
  if (paid) await activateSubscriptions(c.var.db, compra.id, now, c.var.user.id);
  else await revokeSubscriptions(c.var.db, compra.id, now, c.var.user.id);
}
