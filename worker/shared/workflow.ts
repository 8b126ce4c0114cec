// The status workflow of product-spec §4, written once: the server's state-change service and
// the web's status menu both read it. Isomorphic.
export const STATES = [
  'PENDIENTE',
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
  if (['ACTIVO', 'APROBADO', 'PUBLICADO', 'PAGADO'].includes(s)) return 'success';
  if (['INACTIVO', 'NO_PAGADO', 'NO_APROBADO', 'NO_PUBLICADO', 'VENCIDA', 'RECHAZADO'].includes(s))
    return 'danger';
  if (s === 'PENDIENTE') return 'warning';
  return 'neutral';
}

export const NO_STATE = 'SIN ESTADO';
export const stateLabel = (state: string | null | undefined) => (state ? state.replace(/_/g, ' ') : NO_STATE);
export const confirmQuestion = (state: string) => `Desea cambiar el estado a ${stateLabel(state)}?`;
export const transitionRefused = (from: string | null, to: string) =>
  `No se puede cambiar el estado de ${stateLabel(from)} a ${stateLabel(to)}`;
