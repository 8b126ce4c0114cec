// Payout batches (docs/decisions/0200): what the operator sends when marking a batch paid
// or annulling it. Isomorphic: the web form validates with the same schemas.
import * as v from 'valibot';
import { MSG } from '../messages';
import { optionalText } from './fields';
import { STATE } from '../workflow';

export const LOTE_ESTADOS = [STATE.GENERANDO, STATE.GENERADO, STATE.PAGADO, STATE.ANULADO] as const;
export type LoteEstado = (typeof LOTE_ESTADOS)[number];

/** The bank's reference of the transfer (required): printable text, 1–100 characters. */
export const markPaidSchema = v.object({
  referencia: v.pipe(
    v.string(MSG.required),
    v.trim(),
    v.nonEmpty(MSG.required),
    v.maxLength(100, MSG.maxLength('La referencia', 100)),
  ),
});
export const annulBatchSchema = v.object({ motivo: optionalText('El motivo', 500) });

/** How each payment-method kind is named on screen and in file names. */
export const METODO_LABELS: Record<string, string> = {
  CUENTA_BANCARIA: 'Transferencia bancaria',
  BILLETERA: 'Billetera',
  CRIPTOMONEDA: 'Criptomoneda',
};
