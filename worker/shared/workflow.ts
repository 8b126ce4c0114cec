// The status workflow of product-spec §4, written once: the server's state-change service and
// the web's status menu both read it. Isomorphic.
export const STATES = [
  'PENDIENTE',
  'EMITIDA',
  'RECHAZADA',
  'APROBADO',
  'NO_APROBADO',
  'PUBLICADO',
  'NO_PUBLICADO',
  'NO_PAGADO',
  'PAGADO',
  'RECHAZADO',
] as const;
export type State = (typeof STATES)[number];

export type Transitions = Partial<Record<string, readonly State[]>>;

/**
 * Where a review queue starts: its list shows PENDIENTE until the reviewer picks another state,
 * and an item opened without the list's query walks the PENDIENTE items.
 */
export const QUEUE_START: State = 'PENDIENTE';

/** Spec §4 "Choices offered in the status menu". */
export const REVIEW: Transitions = {
  APROBADO: ['NO_APROBADO'],
  NO_APROBADO: ['APROBADO'],
  PENDIENTE: ['APROBADO', 'NO_APROBADO'],
  NO_PAGADO: ['PAGADO'],
};

/** Publication (issue 4): PENDIENTE → PUBLICADO / NO_PUBLICADO, PUBLICADO ↔ NO_PUBLICADO. */
export const PUBLICATION: Transitions = {
  PENDIENTE: ['PUBLICADO', 'NO_PUBLICADO'],
  PUBLICADO: ['NO_PUBLICADO'],
  NO_PUBLICADO: ['PUBLICADO'],
};

/** Publishing needs an approved profile (the server refuses PUBLICADO otherwise: 409). */
export const PUBLISH_REFUSED = 'El perfil debe estar APROBADO antes de publicarlo';
export const mayPublish = (profileState: string | null | undefined) => profileState === 'APROBADO';

/** The publication targets that can succeed: the table's, less PUBLICADO while the profile is not approved. */
export const publicationChoices = (
  from: string | null | undefined,
  profileState: string | null | undefined,
): readonly State[] =>
  choicesFrom(from, PUBLICATION).filter((to) => to !== 'PUBLICADO' || mayPublish(profileState));

/**
 * Payments: an administrator (or the statement import, or the gateway) confirms NO_PAGADO →
 * PAGADO. This is the table of the generic state change and of the status menu: a paid purchase
 * is not flipped back there.
 */
export const PAYMENT: Transitions = {
  NO_PAGADO: ['PAGADO'],
};

/**
 * Annulment (issue 24 item 3): PAGADO → NO_PAGADO only through its own action, with a required
 * reason and its own permission (`POST …/admin/compras/{id}/anular`); the bonus settlement turns
 * an annulled purchase into REEMBOLSO lines in the next cycle.
 */
export const ANNULMENT: Transitions = {
  PAGADO: ['NO_PAGADO'],
};

/**
 * Electronic invoices and credit notes (docs/invoicing.md, decision 0435): a document is born
 * PENDIENTE (numbered when a resolution allows it), the provider's answer makes it EMITIDA (CUFE or
 * CUDE, QR, PDF and XML kept) or RECHAZADA (the provider's message kept); after the data is fixed a
 * rejected one is resent (RECHAZADA → PENDIENTE). An issued document never changes: a reversal is
 * a credit note. Who moves them: the sender (the provider's answer) and, for the resend, staff
 * holding the invoices permission.
 */
export const INVOICE: Transitions = {
  PENDIENTE: ['EMITIDA', 'RECHAZADA'],
  RECHAZADA: ['PENDIENTE'],
};
export const INVOICE_STATE_LABELS: Record<string, string> = {
  PENDIENTE: 'Pendiente',
  EMITIDA: 'Emitida',
  RECHAZADA: 'Rechazada',
};

/**
 * Withdrawal (retracto, Ley 1480 de 2011 art. 47; decision 0449): the member's request waits as
 * PENDIENTE in the administrator's queue; APROBADO annuls the purchase through ANNULMENT (credit
 * note, bonus reversal, refund recorded); RECHAZADO closes it with the administrator's reason.
 * Both ends are final.
 */
export const WITHDRAWAL: Transitions = {
  PENDIENTE: ['APROBADO', 'RECHAZADO'],
};

/** The targets offered from a state; a caller may supply its own list instead (spec §4). */
export function choicesFrom(
  from: string | null | undefined,
  table: Transitions = REVIEW,
  own?: readonly State[],
): readonly State[] {
  if (own) return own;
  return (from && table[from]) || [];
}

export const canTransition = (from: string | null | undefined, to: string, table: Transitions = REVIEW) =>
  choicesFrom(from, table).includes(to as State);

/** Row actions are enabled for every status except NO_APROBADO and NO_PUBLICADO. */
export const rowActionsEnabled = (state: string | null | undefined) =>
  state !== 'NO_APROBADO' && state !== 'NO_PUBLICADO';

export type ChipTone = 'success' | 'danger' | 'warning' | 'neutral';

/** Chip colours: green activo/aprobado/publicado/pagado, red the negatives, warning pendiente. */
export function chipTone(state: string | null | undefined): ChipTone {
  const s = (state ?? '').toUpperCase().replace(/[\s-]/g, '_');
  if (['ACTIVO', 'APROBADO', 'PUBLICADO', 'PAGADO', 'EMITIDA'].includes(s)) return 'success';
  if (
    ['INACTIVO', 'NO_PAGADO', 'NO_APROBADO', 'NO_PUBLICADO', 'VENCIDA', 'RECHAZADO', 'RECHAZADA'].includes(s)
  )
    return 'danger';
  if (s === 'PENDIENTE') return 'warning';
  return 'neutral';
}

export const NO_STATE = 'SIN ESTADO';
export const stateLabel = (state: string | null | undefined) => (state ? state.replace(/_/g, ' ') : NO_STATE);
export const confirmQuestion = (state: string) => `Desea cambiar el estado a ${stateLabel(state)}?`;
export const transitionRefused = (from: string | null, to: string) =>
  `No se puede cambiar el estado de ${stateLabel(from)} a ${stateLabel(to)}`;

/**
 * A data subject's request at the rights desk (docs/privacy.md, decision 0415). RADICADA when
 * filed; the desk may extend it once (PRORROGADA), ask for what is missing (INCOMPLETA: the member
 * completes it and it is RADICADA again, with a new term) or answer it (RESUELTA). An INCOMPLETA
 * left unanswered two months is DESISTIDA (the daily cron).
 */
export const PRIVACY_REQUEST_STATES = [
  'RADICADA',
  'PRORROGADA',
  'INCOMPLETA',
  'RESUELTA',
  'DESISTIDA',
] as const;
export type PrivacyRequestState = (typeof PRIVACY_REQUEST_STATES)[number];
export const PRIVACY_REQUEST: Partial<Record<PrivacyRequestState, readonly PrivacyRequestState[]>> = {
  RADICADA: ['PRORROGADA', 'INCOMPLETA', 'RESUELTA'],
  PRORROGADA: ['RESUELTA'],
  INCOMPLETA: ['RADICADA', 'DESISTIDA'],
};
export const canMovePrivacyRequest = (from: string, to: string) =>
  (PRIVACY_REQUEST[from as PrivacyRequestState] ?? []).includes(to as PrivacyRequestState);

/** A suppression in bounded steps (decision 0418): EN_CURSO → TERMINADA → DEPURADA after retention. */
export const SUPPRESSION: Record<string, readonly string[]> = {
  EN_CURSO: ['TERMINADA'],
  TERMINADA: ['DEPURADA'],
};
