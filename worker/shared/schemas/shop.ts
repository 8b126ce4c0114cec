// Request bodies and constants of the shop (decision 0010), used by the API and the screens alike.
// Money is integer COP cents; the server alone computes prices and totals.
import * as v from 'valibot';
import { MSG } from '../messages';
import { id, int, optionalId } from './fields';
import { STATE } from '../workflow';

/** A cart line never goes below 1 nor above this (a larger order is a conversation, not a click). */
export const MAX_QTY = 999;
/** Distinct lines one cart may hold. */
export const MAX_CART_LINES = 100;
/** Attachments one purchase may hold. */
export const MAX_ATTACHMENTS = 20;

const qty = () => int('La cantidad', 1, MAX_QTY);

/** POST /cart: one product or one subscription type, and how many to add (default 1). */
export const cartAddSchema = v.pipe(
  v.object({
    producto_id: v.optional(v.nullable(id('El producto')), null),
    tipo_suscripcion_id: v.optional(v.nullable(id('El tipo de suscripción')), null),
    qty: v.optional(qty(), 1),
  }),
  v.forward(
    v.check((b) => (b.producto_id === null) !== (b.tipo_suscripcion_id === null), MSG.cartPickOne),
    ['producto_id'],
  ),
);

/** PUT /cart/{id}: the new quantity (the web removes a line at 1 with DELETE instead). */
export const cartQtySchema = v.object({ qty: qty() });

/** POST /compras (spec §3 "Purchase payload"): what the member saw; the server recomputes both. */
export const checkoutSchema = v.object({
  total_items: int('El total de artículos', 1, MAX_QTY * MAX_CART_LINES),
  total: int('El total', 0, Number.MAX_SAFE_INTEGER),
});

/** Attachment types offered by the uploader (spec §5: a type must be chosen first). */
export const ATTACHMENT_TYPES = [
  { value: 'COMPROBANTE_PAGO', label: 'Comprobante de pago' },
  { value: 'FACTURA', label: 'Factura' },
  { value: 'OTRO', label: 'Otro' },
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number]['value'];
/** The multipart `tipo` of an attachment: missing → required, anything off the list → invalid. */
export const attachmentTypeSchema = v.object({
  tipo: v.pipe(
    v.string(MSG.required),
    v.nonEmpty(MSG.required),
    v.picklist(
      ATTACHMENT_TYPES.map((t) => t.value),
      MSG.invalid,
    ),
  ),
});
/**
 * The file kinds each attachment type accepts (checked by their bytes): a payment receipt may be
 * a phone screenshot or photo (decision 0130); the others keep the spec's pdf/xlsx.
 */
export const RECEIPT_KINDS = ['pdf', 'jpg', 'png', 'webp'] as const;
export const DOCUMENT_KINDS = ['pdf', 'xlsx'] as const;
export const attachmentKinds = (tipo: string) =>
  tipo === 'COMPROBANTE_PAGO' ? RECEIPT_KINDS : DOCUMENT_KINDS;
export const attachmentTypeLabel = (value: string) =>
  ATTACHMENT_TYPES.find((t) => t.value === value)?.label ?? value;

/**
 * Where the member says he paid (decision 0245): with a payment receipt he may name the collection
 * account, one of the active ones; the administrator sees it as declared, and the reconciliation
 * queue filters by its payment method, by the gateway, or by neither.
 */
export const PAYMENT_METHOD_MSG = {
  question: '¿A qué cuenta pagaste?',
  notSaid: 'Prefiero no indicarlo',
  notActive: 'Elige una de las cuentas de recaudo activas',
  onlyReceipt: 'Solo un comprobante de pago indica a qué cuenta pagaste',
  declared: 'Declarada por el miembro',
  badFilter: 'Filtro inválido: metodo',
  paid: 'Esta compra ya está pagada: no necesita comprobante de pago. Puedes adjuntar una factura u otro documento.',
} as const;
/** The multipart `cuenta_recaudo_id` of an attachment ('' or absent: not said). */
export const receiptAccountSchema = v.object({ cuenta_recaudo_id: optionalId('La cuenta de recaudo') });
/** The queue's `metodo` filter: a payment method's id, or one of these two. */
export const METHOD_GATEWAY = 'pasarela';
export const METHOD_NONE = 'sin_indicar';
export const METHOD_LABELS = { [METHOD_GATEWAY]: 'Pasarela de pagos', [METHOD_NONE]: 'Sin indicar' } as const;
export type MethodFilter = { kind: 'gateway' } | { kind: 'none' } | { kind: 'method'; id: number };
/** A `metodo` filter value as the queue reads it; null when it is none of the three kinds. */
export function parseMethodFilter(value: unknown): MethodFilter | null {
  if (value === METHOD_GATEWAY) return { kind: 'gateway' };
  if (value === METHOD_NONE) return { kind: 'none' };
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,15}$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(n) && n > 0 ? { kind: 'method', id: n } : null;
}

/** Purchase states shown in filters: the payment machine's (worker/shared/workflow.ts, decision 0316). */
export { PURCHASE_STATES } from '../workflow';
/** Subscription states as read: VENCIDA is an APROBADO one whose end has passed. */
export const SUBSCRIPTION_STATES = [STATE.PENDIENTE, STATE.APROBADO, STATE.NO_APROBADO, 'VENCIDA'] as const;
export const EXPIRED = 'VENCIDA';

/** The code a subscription type shows in the cart and on a purchase line (it has none of its own). */
export const subscriptionCode = (tipoId: number) => `SUS-${tipoId}`;

/** A required reason (a rejected receipt, an annulment): the member reads it in his notification. */
export const REASON_MAX = 500;
const reason = () =>
  v.pipe(
    v.string(MSG.required),
    v.trim(),
    v.nonEmpty(MSG.required),
    v.minLength(5, MSG.minLength('El motivo', 5)),
    v.maxLength(REASON_MAX, MSG.maxLength('El motivo', REASON_MAX)),
  );
/** A form that asks only for a reason (web: the shared reason dialog). */
export type ReasonSchema = typeof rejectPaymentSchema;

/** PUT …/conciliacion/{id}/rechazar (decision 0130): why the receipt was not accepted; the member reads it. */
export const rejectPaymentSchema = v.object({ motivo: reason() });
/** PUT …/conciliacion/{id}/confirmar: an optional note for the history. */
export const confirmPaymentSchema = v.object({
  comentario: v.optional(
    v.nullable(
      v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(1000, MSG.maxLength('El comentario', 1000))),
    ),
    null,
  ),
});

/** Annulling a paid purchase (decision 0240): its Spanish texts, shared by the API and the SPA. */
export const ANNUL_MSG = {
  notPaid: 'Solo se puede anular una compra pagada',
  useAnnul:
    'Una compra pagada no vuelve a NO PAGADO con un cambio de estado: usa «Anular» e indica el motivo',
  annulled: 'La compra fue anulada: no se puede volver a pagar',
  done: 'Compra anulada; el miembro fue notificado',
} as const;

/** POST …/admin/compras/{id}/anular: the reason is required (history, notification). */
export const annulPurchaseSchema = v.object({ motivo: reason() });
