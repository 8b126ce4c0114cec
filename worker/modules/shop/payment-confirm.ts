// Confirming a purchase's payment outside the purchase screen (issue 23: the bank-statement
// import and the payment gateway): the same state change as `PUT …/admin/compras/estado/:id` —
// NO_PAGADO → PAGADO through changeState (conditional on the state read, its history row and the
// member's notification in one batch), then the purchase's subscriptions activated as today.
import type { Db } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { changeState } from '../../platform/state-change';
import { paymentChange } from './payment-state';
import { activateSubscriptions } from './subscription-service';

export type PaymentConfirmation = {
  /** False when the purchase was not NO_PAGADO any more (paid by another path): nothing written. */
  confirmed: boolean;
  /** Database requests spent (the callers' bounded steps count them). */
  requests: number;
};

/** Requests one confirmation costs: the state change (2), the subscriptions read (1), 5 per subscription. */
export const confirmationCost = (pendingSubscriptions: number) => 3 + 5 * pendingSubscriptions;

export async function confirmPurchasePayment(
  db: Db,
  purchase: { id: number; userId: number },
  opts: { at: number; actorId: number | null; comentario: string },
): Promise<PaymentConfirmation> {
  try {
    await changeState(db, {
      ...paymentChange(purchase),
      to: 'PAGADO',
      comentario: opts.comentario,
      actorId: opts.actorId,
      at: opts.at,
      set: { pagadoAt: opts.at, updatedAt: opts.at },
    });
  } catch (err) {
    // 409: already PAGADO (or changed meanwhile); 404: gone. Either way this path confirms nothing.
    if (err instanceof HttpError && (err.status === 409 || err.status === 404))
      return { confirmed: false, requests: 2 };
    throw err;
  }
  const subs = await activateSubscriptions(db, purchase.id, opts.at, opts.actorId);
  return { confirmed: true, requests: confirmationCost(subs) };
}
