// The two ways a purchase's payment state changes (spec §4, decisions 0241 and 0240), each one function:
// - confirmPayment: NO_PAGADO → PAGADO. The purchases screen, the reconciliation queue, the
//   bank-statement import's confirm-all and the payment gateway's webhook all call it: the state
//   change through changeState (conditional on the state read; history row, member notification,
//   activity and revision in one batch), then the purchase's subscriptions activated.
// - annulPurchase: PAGADO → ANULADA with a required reason (decision 0240), by an
//   administrator holding its own permission or by the gateway when it voids an approved
//   transaction. `pagado_at` is kept: an ANULADA purchase keeps its paid date, the bonus
//   settlement's refunds turn it into REEMBOLSO lines, and it is never paid again (ANULADA is
//   final; docs/decisions/0240 and 0316).
import { isNull } from 'drizzle-orm';
import { compras } from '../../db/schema';
import type { Db } from '../../platform/db';
import { conflict, HttpError } from '../../platform/errors';
import { type Actor } from '../../platform/audit';
import { changeState } from '../../platform/state-change';
import { ANNUL_MSG } from '../../shared/schemas/shop';
import { ANNULMENT, PAYMENT, STATE, transitionRefused } from '../../shared/workflow';
import { creditNoteStatement, invoiceStatement, markDocumentsDue, numberingBlock } from '../invoicing';
import { activateSubscriptions, revokeSubscriptions } from './subscription-service';

type Purchase = { id: number; userId: number };

type Who = {
  at: number;
  /** The user acting; null for the gateway. */
  actorId: number | null;
  /** Who asked, from where, when a route's request is at hand. */
  actor?: Actor;
};

export type PaymentConfirmation = {
  /** False when the purchase was not payable any more (paid or annulled meanwhile): nothing written. */
  confirmed: boolean;
  /** Database requests spent (the bounded steps of the statement import count them). */
  requests: number;
};

/** Requests one confirmation costs: the state change (2), the subscriptions read (1), 5 per subscription. */
export const confirmationCost = (pendingSubscriptions: number) => 3 + 5 * pendingSubscriptions;

/** What every change of a purchase's payment state shares: its row, its history entity, the member told. */
const paymentRow = (compra: Purchase) => ({
  entity: 'compra',
  table: compras,
  idColumn: compras.id,
  stateColumn: compras.estado,
  id: compra.id,
});

/**
 * NO_PAGADO → PAGADO. `ifNotPayable: 'refuse'` (the screens) answers 409 when the purchase is
 * paid or annulled; `'skip'` (the statement import, the gateway) returns `confirmed: false`.
 */
export async function confirmPayment(
  db: Db,
  compra: Purchase,
  opts: Who & {
    comentario: string | null;
    ifNotPayable?: 'refuse' | 'skip';
    /** The bulk action's batch id, carried by every history row written (decision 0160). */
    lote?: string;
  },
): Promise<PaymentConfirmation> {
  // A screen (a person confirming one payment) is told when the numbering resolution ran out or
  // expired; the statement import, the gateway and the bulk action pay, and the invoice waits for
  // its number (decision 0431).
  if (opts.ifNotPayable !== 'skip') {
    const block = await numberingBlock(db, opts.at);
    if (block) throw conflict(block);
  }
  try {
    await changeState(db, {
      ...paymentRow(compra),
      transitions: PAYMENT,
      // A purchase paid once is not paid again (ANULADA has no way out, decision 0316).
      scope: isNull(compras.pagadoAt),
      notify: { userId: compra.userId, titulo: `Compra #${compra.id}` },
      to: STATE.PAGADO,
      comentario: opts.comentario,
      actorId: opts.actorId,
      actor: opts.actor,
      at: opts.at,
      set: { pagadoAt: opts.at, updatedAt: opts.at },
      lote: opts.lote,
      // The purchase's invoice, in the same transaction (decision 0430).
      also: [invoiceStatement(db, compra.id, opts.at)],
    });
  } catch (err) {
    if (!(err instanceof HttpError) || (err.status !== 409 && err.status !== 404)) throw err;
    if (opts.ifNotPayable === 'skip') return { confirmed: false, requests: 2 };
    // 404 here is the scope: the purchase exists (the caller found it) but was paid once; 409 from
    // ANULADA is the same answer (decision 0316).
    if (err.status === 404 || err.message === transitionRefused(STATE.ANULADA, STATE.PAGADO))
      throw conflict(ANNUL_MSG.annulled);
    throw err;
  }
  markDocumentsDue();
  const subs = await activateSubscriptions(db, compra.id, opts.at, opts.actorId, opts.lote, opts.actor);
  return { confirmed: true, requests: confirmationCost(subs) + (opts.ifNotPayable !== 'skip' ? 1 : 0) };
}

/** The history comment and the member's notification of an annulment. */
export const annulComment = (motivo: string) => `Compra anulada: ${motivo}`;

/**
 * PAGADO → ANULADA with the reason in the history and the member's notification, then the
 * purchase's active subscriptions ended. 409 unless the purchase is PAGADO.
 */
export async function annulPurchase(db: Db, compra: Purchase, opts: Who & { motivo: string }) {
  await changeState(db, {
    ...paymentRow(compra),
    transitions: ANNULMENT,
    notify: {
      userId: compra.userId,
      titulo: `Compra #${compra.id} anulada`,
      mensaje: `Tu compra #${compra.id} fue anulada. Motivo: ${opts.motivo}`,
    },
    to: STATE.ANULADA,
    comentario: annulComment(opts.motivo),
    actorId: opts.actorId,
    actor: opts.actor,
    at: opts.at,
    set: { updatedAt: opts.at },
    // The credit note against its invoice, in the same transaction (decision 0434).
    also: [creditNoteStatement(db, compra.id, opts.at, opts.motivo)],
  });
  markDocumentsDue();
  await revokeSubscriptions(db, compra.id, opts.at, opts.actorId, opts.actor);
}
