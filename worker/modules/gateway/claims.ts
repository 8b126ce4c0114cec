// Finishing a transaction the webhook has claimed (docs/decisions/0242, 0243).
// The webhook first records what it is about to do on the transaction's row — PROCESANDO (pay the
// purchase) or ANULANDO (annul it: the gateway voided an approved transaction) — and then does it
// here. If the process dies in between, the row stays claimed: the daily cron finds rows claimed
// longer than GATEWAY_RETRY_MINUTES ago and finishes them through the same function. Finishing is
// safe to repeat and to run twice at once: the payment and the annulment are conditional state
// changes, and the outcome written (PAGADA / YA_PAGADA, ANULADA) is read from the purchase's own
// history, so two runs write the same answer.
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { compras, pasarelaTransacciones, stateHistory } from '../../db/schema';
import type { Db } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import type { GatewayResult } from '../../shared/gateway';
import { annulPurchase, confirmPayment } from '../shop';
import { STATE } from '../../shared/workflow';

/** A claim older than this is taken as abandoned by a crashed delivery. */
export const GATEWAY_RETRY_MINUTES = 15;
/** Claims finished per cron run (each costs a handful of requests). */
const RESUME_LIMIT = 50;

export type Claim = {
  id: number;
  proveedor: string;
  transaccionId: string;
  compraId: number | null;
  resultado: string;
};

/** The history comment of a payment by a gateway transaction: also how a later run recognises it. */
export const paidComment = (provider: string, transactionId: string) =>
  `Pago en línea (${provider}), transacción ${transactionId.slice(0, 60)}`;

/** The annulment's reason when the gateway voids an approved transaction. */
export const voidedReason = (provider: string, transactionId: string) =>
  `la pasarela de pagos (${provider}) anuló la transacción ${transactionId.slice(0, 60)}`;

async function purchaseOf(db: Db, compraId: number) {
  return db
    .select({ id: compras.id, userId: compras.userId, estado: compras.estado, pagadoAt: compras.pagadoAt })
    .from(compras)
    .where(eq(compras.id, compraId))
    .get();
}

/** Whether this transaction's payment is in the purchase's history. */
async function paidByIt(db: Db, compraId: number, comment: string) {
  const row = await db
    .select({ id: stateHistory.id })
    .from(stateHistory)
    .where(
      and(
        eq(stateHistory.entity, 'compra'),
        eq(stateHistory.entityId, compraId),
        eq(stateHistory.toState, STATE.PAGADO),
        eq(stateHistory.comentario, comment),
      ),
    )
    .get();
  return !!row;
}

/** Does what the claim says and records the outcome; returns it. */
export async function finishClaim(db: Db, claim: Claim, now: number): Promise<GatewayResult> {
  const compra = claim.compraId ? await purchaseOf(db, claim.compraId) : undefined;
  let resultado: GatewayResult;
  if (claim.resultado === STATE.ANULANDO) {
    if (compra?.estado === STATE.PAGADO)
      try {
        await annulPurchase(
          db,
          { id: compra.id, userId: compra.userId },
          { at: now, actorId: null, motivo: voidedReason(claim.proveedor, claim.transaccionId) },
        );
      } catch (err) {
        // 409: annulled (or changed) meanwhile; nothing left to do.
        if (!(err instanceof HttpError && err.status === 409)) throw err;
      }
    resultado = STATE.ANULADA;
  } else {
    const comment = paidComment(claim.proveedor, claim.transaccionId);
    const done = compra
      ? await confirmPayment(
          db,
          { id: compra.id, userId: compra.userId },
          { at: now, actorId: null, comentario: comment, ifNotPayable: 'skip' },
        )
      : { confirmed: false };
    resultado =
      done.confirmed || (compra && (await paidByIt(db, compra.id, comment))) ? STATE.PAGADA : STATE.YA_PAGADA;
  }
  await db
    .update(pasarelaTransacciones)
    .set({ resultado })
    .where(and(eq(pasarelaTransacciones.id, claim.id), eq(pasarelaTransacciones.resultado, claim.resultado)));
  return resultado;
}

/**
 * The daily cron's pass: claims left PROCESANDO or ANULANDO for more than `minutes` (a delivery
 * that died half-way) are finished. Returns how many.
 */
export async function resumeGatewayClaims(db: Db, now: number, minutes = GATEWAY_RETRY_MINUTES) {
  const stuck = await db
    .select({
      id: pasarelaTransacciones.id,
      proveedor: pasarelaTransacciones.proveedor,
      transaccionId: pasarelaTransacciones.transaccionId,
      compraId: pasarelaTransacciones.compraId,
      resultado: pasarelaTransacciones.resultado,
    })
    .from(pasarelaTransacciones)
    .where(
      and(
        inArray(pasarelaTransacciones.resultado, [STATE.PROCESANDO, STATE.ANULANDO]),
        lte(pasarelaTransacciones.reclamadoAt, now - minutes * 60_000),
      ),
    )
    .orderBy(asc(pasarelaTransacciones.id))
    .limit(RESUME_LIMIT);
  for (const claim of stuck) await finishClaim(db, claim, now);
  return stuck.length;
}
