// The payment gateway's Spanish texts (issue 23 item 6), shared by the API and the SPA.
export const GATEWAY_MSG = {
  notConfigured: 'El pago en línea no está disponible',
  alreadyPaid: 'La compra ya está pagada',
  badSignature: 'Firma del evento inválida',
  received: 'Evento recibido',
} as const;

/** What the webhook did with a transaction (pasarela_transacciones.resultado). */
export const GATEWAY_RESULTS = [
  'PENDIENTE',
  'RECHAZADA',
  'PROCESANDO',
  'PAGADA',
  'YA_PAGADA',
  'VALOR_DISTINTO',
  'SIN_COMPRA',
  'ANULANDO',
  'ANULADA',
] as const;
export type GatewayResult = (typeof GATEWAY_RESULTS)[number];

/** The currency purchases are priced in (compras.total is COP cents). */
export const GATEWAY_CURRENCY = 'COP';
