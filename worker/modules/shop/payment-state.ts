// The one way a purchase's payment state changes (spec §4: NO_PAGADO ⇄ PAGADO): the state change
// with its history row and the member's notification (changeStateOnRequest), then the purchase's
// subscriptions activated or revoked. The purchases screen and the reconciliation queue both call
// it, so a payment confirmed from the queue does exactly what one confirmed from the purchase does.
import { compras } from '../../db/schema';
import type { AppEnv } from '../../platform/ports';
import { changeStateOnRequest, type StateRequest } from '../../platform/state-change';
import { PAYMENT } from '../../shared/workflow';
import { activateSubscriptions, revokeSubscriptions } from './subscription-service';

export async function changePaymentState(
  c: { var: Pick<AppEnv['Variables'], 'db' | 'clock' | 'user'> },
  compra: { id: number; user_id: number },
  body: StateRequest,
  now: number,
) {
  const paid = body.estado === 'PAGADO';
  await changeStateOnRequest(c, body, {
    entity: 'compra',
    table: compras,
    idColumn: compras.id,
    stateColumn: compras.estado,
    id: compra.id,
    transitions: PAYMENT,
    at: now,
    set: () => (paid ? { pagadoAt: now, updatedAt: now } : { updatedAt: now }),
    notify: { userId: compra.user_id, titulo: `Compra #${compra.id}` },
  });
  if (paid) await activateSubscriptions(c.var.db, compra.id, now, c.var.user.id);
  else await revokeSubscriptions(c.var.db, compra.id, now, c.var.user.id);
}
