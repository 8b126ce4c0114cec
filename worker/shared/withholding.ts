// Withholding at source on referral bonuses (docs/invoicing.md «Retención en la fuente",
// decisions 0445–0448). Isomorphic: the settlement's SQL, the statement and the settings screen
// read the same rule. Money is integer COP cents; rates are basis points.

export const PERSON_TYPES = [
  { codigo: 'NATURAL', nombre: 'Persona natural' },
  { codigo: 'JURIDICA', nombre: 'Persona jurídica (empresa)' },
] as const;
export type PersonType = (typeof PERSON_TYPES)[number]['codigo'];

/** The rates in force for a cycle, fixed when it is claimed: natural, company, threshold in cents. */
export type WithholdingRates = { natural: number; juridica: number; umbral: number };

/**
 * The withholding on a positive base, rounded to the whole peso, half up (decision 0448):
 * `base × rate / 10 000` cents, then to the nearest 100 cents. Never negative.
 */
export function withheld(base: number, rate: number): number {
  if (base <= 0 || rate <= 0) return 0;
  return Math.floor((base * rate + 500_000) / 1_000_000) * 100;
}

/**
 * The rate of a cycle: a company always at the company rate; a natural person at the natural rate
 * until the year's cumulative income from this payer (this cycle included) exceeds the threshold.
 */
export function rateFor(tipo: string | null | undefined, cumulative: number, r: WithholdingRates): number {
  if (tipo === 'JURIDICA') return r.juridica;
  return cumulative > r.umbral ? r.juridica : r.natural;
}

/** The Spanish label of a rate in basis points: 1000 → '10 %', 1150 → '11,5 %'. */
export const rateLabel = (bp: number) => `${String(bp / 100).replace('.', ',')} %`;

/** Right of withdrawal (Ley 1480 de 2011, art. 47): business days after the payment. */
export const WITHDRAWAL_DAYS = 5;

export const RETRACTO_MSG = {
  expired: (limite: string) =>
    `El plazo para ejercer el derecho de retracto venció el ${limite}: son 5 días hábiles desde el pago de la compra (Ley 1480 de 2011, art. 47).`,
  notPaid: 'Solo se puede solicitar el retracto de una compra pagada',
  pending: 'Ya hay una solicitud de retracto pendiente para esta compra',
  created: 'Solicitud de retracto registrada: el administrador la revisará',
  approved: 'Retracto aprobado: la compra fue anulada y el reembolso quedó registrado',
  rejected: 'Retracto rechazado; el miembro fue notificado',
} as const;

export const CERT_MSG = {
  none: (anio: number) => `No hay pagos ni retenciones de bonos registrados a su nombre en ${anio}`,
  year: 'El año no es válido',
  started: 'Generación de certificados iniciada',
} as const;

/** «Certificado de ingresos y retenciones {año}». */
export const certificateTitle = (anio: number) => `Certificado de ingresos y retenciones ${anio}`;
