// The payment gateway's Spanish texts (decision 0141), shared by the API and the SPA.
import { STATE } from './workflow';
export const GATEWAY_MSG = {
  notConfigured: 'El pago en línea no está disponible',
  alreadyPaid: 'La compra ya está pagada',
  badSignature: 'Firma del evento inválida',
  staleEvent: 'El evento está fuera del tiempo aceptado: se rechaza como repetido',
  received: 'Evento recibido',
} as const;

/** What the webhook did with a transaction (pasarela_transacciones.resultado). */
export const GATEWAY_RESULTS = [
  STATE.PENDIENTE,
  STATE.RECHAZADA,
  STATE.PROCESANDO,
  STATE.PAGADA,
  STATE.YA_PAGADA,
  STATE.VALOR_DISTINTO,
  STATE.SIN_COMPRA,
  STATE.ANULANDO,
  STATE.ANULADA,
] as const;
export type GatewayResult = (typeof GATEWAY_RESULTS)[number];

/**
 * A transaction's outcomes that no later event changes (Wompi: "usualmente a un estado final
 * (APPROVED, VOIDED, DECLINED o ERROR)"); only an APPROVED transaction pays (decision 0341).
 */
export const GATEWAY_FINAL_UNPAID = ['VOIDED', 'DECLINED', 'ERROR'] as const;

/** The currency purchases are priced in (compras.total is COP cents). */
export const GATEWAY_CURRENCY = 'COP';
