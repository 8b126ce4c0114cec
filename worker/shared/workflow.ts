// Every state machine of the product, written once (decision 0315): each one's states, how users
// see them (label and chip tone) and its transitions. The server's state changes, the SQL that
// filters by state, the web's chips, filters and status menus and the PDFs all read this table;
// code names a state through STATE (`STATE.PAGADO`), never a string literal — the lint rule
// `workflow/no-state-literal` (tools/lint/workflow-rules.js) refuses one outside this file.
// Isomorphic: the SPA imports it.

export type ChipTone = 'success' | 'danger' | 'warning' | 'neutral';

/** How a state looks to users: its Spanish label (spec §4 shows the name with spaces) and its chip. */
type Look = { readonly label: string; readonly tone: ChipTone };

/**
 * The vocabulary: every state name any machine below uses, with its label and chip tone (green
 * the positive ends, red the negative ones, amber what waits for someone, grey the rest). A name
 * means one thing wherever it appears; a machine may relabel a state for its own screen (INVOICE).
 */
const LOOKS = {
  // review, publication, withdrawals, adjustments (spec §4)
  PENDIENTE: { label: 'PENDIENTE', tone: 'warning' },
  APROBADO: { label: 'APROBADO', tone: 'success' },
  NO_APROBADO: { label: 'NO APROBADO', tone: 'danger' },
  RECHAZADO: { label: 'RECHAZADO', tone: 'danger' },
  PUBLICADO: { label: 'PUBLICADO', tone: 'success' },
  NO_PUBLICADO: { label: 'NO PUBLICADO', tone: 'danger' },
  // payment of a purchase, payout rows and batches
  NO_PAGADO: { label: 'NO PAGADO', tone: 'danger' },
  PAGADO: { label: 'PAGADO', tone: 'success' },
  // An annulled purchase (decision 0316): grey, not the red of a purchase still awaiting payment.
  ANULADA: { label: 'ANULADA', tone: 'neutral' },
  GENERANDO: { label: 'GENERANDO', tone: 'neutral' },
  GENERADO: { label: 'GENERADO', tone: 'neutral' },
  ANULADO: { label: 'ANULADO', tone: 'neutral' },
  // electronic invoices and credit notes
  EMITIDA: { label: 'EMITIDA', tone: 'success' },
  RECHAZADA: { label: 'RECHAZADA', tone: 'danger' },
  // settlement cycles
  EN_PROCESO: { label: 'EN PROCESO', tone: 'neutral' },
  LIQUIDADO: { label: 'LIQUIDADO', tone: 'neutral' },
  // bank statements, their movements' match and confirmation
  CONCILIANDO: { label: 'CONCILIANDO', tone: 'neutral' },
  LISTO: { label: 'LISTO', tone: 'neutral' },
  CONFIRMANDO: { label: 'CONFIRMANDO', tone: 'neutral' },
  CONFIRMADO: { label: 'CONFIRMADO', tone: 'neutral' },
  CONCILIADO: { label: 'CONCILIADO', tone: 'neutral' },
  AMBIGUO: { label: 'AMBIGUO', tone: 'neutral' },
  SIN_CONCILIAR: { label: 'SIN CONCILIAR', tone: 'neutral' },
  CONFIRMADA: { label: 'CONFIRMADA', tone: 'neutral' },
  YA_PAGADA: { label: 'YA PAGADA', tone: 'neutral' },
  // payment-gateway transactions (what the webhook did)
  PROCESANDO: { label: 'PROCESANDO', tone: 'neutral' },
  ANULANDO: { label: 'ANULANDO', tone: 'neutral' },
  PAGADA: { label: 'PAGADA', tone: 'neutral' },
  VALOR_DISTINTO: { label: 'VALOR DISTINTO', tone: 'neutral' },
  SIN_COMPRA: { label: 'SIN COMPRA', tone: 'neutral' },
  // privacy requests and suppressions
  RADICADA: { label: 'RADICADA', tone: 'neutral' },
  PRORROGADA: { label: 'PRORROGADA', tone: 'neutral' },
  INCOMPLETA: { label: 'INCOMPLETA', tone: 'neutral' },
  RESUELTA: { label: 'RESUELTA', tone: 'neutral' },
  DESISTIDA: { label: 'DESISTIDA', tone: 'neutral' },
  EN_CURSO: { label: 'EN CURSO', tone: 'neutral' },
  TERMINADA: { label: 'TERMINADA', tone: 'neutral' },
  DEPURADA: { label: 'DEPURADA', tone: 'neutral' },
} as const satisfies Record<string, Look>;

export type WorkflowState = keyof typeof LOOKS;

/** The state names, for code: `STATE.PAGADO` is `'PAGADO'`, typed as that literal. */
export const STATE = Object.freeze(
  Object.fromEntries(Object.keys(LOOKS).map((s) => [s, s])) as { readonly [S in WorkflowState]: S },
);
/** Every workflow state name (the lint rule reads this list). */
export const WORKFLOW_STATES = Object.keys(LOOKS) as readonly WorkflowState[];

/** The states a status menu or a generic state change may name (spec §4); the review-like grids. */
export const STATES = [
  STATE.PENDIENTE,
  STATE.EMITIDA,
  STATE.RECHAZADA,
  STATE.APROBADO,
  STATE.NO_APROBADO,
  STATE.PUBLICADO,
  STATE.NO_PUBLICADO,
  STATE.NO_PAGADO,
  STATE.PAGADO,
  STATE.RECHAZADO,
  STATE.ANULADA,
] as const;
export type State = (typeof STATES)[number];

export type Transitions = Partial<Record<string, readonly State[]>>;

/**
 * One machine: the states its rows may hold (`final`: no way out), labels a screen shows other
 * than the vocabulary's, and its transitions. The transition tables exported below (REVIEW,
 * PAYMENT, …) are these machines' `transitions`.
 */
export type Machine<S extends WorkflowState = WorkflowState> = {
  readonly name: string;
  readonly states: readonly S[];
  readonly final: readonly S[];
  readonly labels?: Partial<Record<S, string>>;
  readonly transitions: Partial<Record<S, readonly S[]>>;
};
const machine = <S extends WorkflowState>(m: Machine<S>) => m;

const { PENDIENTE, APROBADO, NO_APROBADO, RECHAZADO, PUBLICADO, NO_PUBLICADO } = STATE;
const { NO_PAGADO, PAGADO, ANULADA, EMITIDA, RECHAZADA } = STATE;

/** Spec §4 "Choices offered in the status menu" (profiles, identity, media, help, subscriptions). */
export const REVIEW_MACHINE = machine({
  name: 'revisión',
  states: [PENDIENTE, APROBADO, NO_APROBADO, NO_PAGADO, PAGADO],
  final: [],
  transitions: {
    APROBADO: [NO_APROBADO],
    NO_APROBADO: [APROBADO],
    PENDIENTE: [APROBADO, NO_APROBADO],
    // A payout row's manual payment goes through the generic state change (bonuses/routes.ts).
    NO_PAGADO: [PAGADO],
  },
});
export const REVIEW: Transitions = REVIEW_MACHINE.transitions;

/**
 * Where a review queue starts: its list shows PENDIENTE until the reviewer picks another state,
 * and an item opened without the list's query walks the PENDIENTE items.
 */
export const QUEUE_START: State = PENDIENTE;

/** Publication: PENDIENTE → PUBLICADO / NO_PUBLICADO, PUBLICADO ↔ NO_PUBLICADO. */
export const PUBLICATION_MACHINE = machine({
  name: 'publicación',
  states: [PENDIENTE, PUBLICADO, NO_PUBLICADO],
  final: [],
  transitions: {
    PENDIENTE: [PUBLICADO, NO_PUBLICADO],
    PUBLICADO: [NO_PUBLICADO],
    NO_PUBLICADO: [PUBLICADO],
  },
});
export const PUBLICATION: Transitions = PUBLICATION_MACHINE.transitions;

/** Publishing needs an approved profile (the server refuses PUBLICADO otherwise: 409). */
export const PUBLISH_REFUSED = 'El perfil debe estar APROBADO antes de publicarlo';
export const mayPublish = (profileState: string | null | undefined) => profileState === APROBADO;

/** The publication targets that can succeed: the table's, less PUBLICADO while the profile is not approved. */
export const publicationChoices = (
  from: string | null | undefined,
  profileState: string | null | undefined,
): readonly State[] =>
  choicesFrom(from, PUBLICATION).filter((to) => to !== PUBLICADO || mayPublish(profileState));

/**
 * A purchase's payment. An administrator (or the statement import, or the gateway) confirms
 * NO_PAGADO → PAGADO; a paid purchase is annulled (ANNULMENT) to ANULADA, which is final: it is
 * never paid again (decisions 0240, 0316). PAYMENT is the table of the generic state change and of
 * the status menu: a paid purchase is not flipped back there.
 */
export const PURCHASE_MACHINE = machine({
  name: 'pago de una compra',
  states: [NO_PAGADO, PAGADO, ANULADA],
  final: [ANULADA],
  transitions: { NO_PAGADO: [PAGADO], PAGADO: [ANULADA] },
});
export const PAYMENT: Transitions = { NO_PAGADO: [PAGADO] };

/**
 * Annulment: PAGADO → ANULADA only through its own action, with a required reason and its own
 * permission (`POST …/admin/compras/{id}/anular`; a withdrawal's approval and the gateway's void
 * take the same path); the bonus settlement turns an annulled purchase into REEMBOLSO lines in the
 * next cycle (docs/bonus-rules.md, decision 0316).
 */
export const ANNULMENT: Transitions = { PAGADO: [ANULADA] };

/** The purchase states the grids filter by and the exports write (the machine's, in its order). */
export const PURCHASE_STATES = PURCHASE_MACHINE.states;

/**
 * Electronic invoices and credit notes (docs/invoicing.md, decision 0435): a document is born
 * PENDIENTE (numbered when a resolution allows it), the provider's answer makes it EMITIDA (CUFE or
 * CUDE, QR, PDF and XML kept) or RECHAZADA (the provider's message kept); after the data is fixed a
 * rejected one is resent (RECHAZADA → PENDIENTE). An issued document never changes: a reversal is
 * a credit note. Who moves them: the sender (the provider's answer) and, for the resend, staff
 * holding the invoices permission.
 */
export const INVOICE_MACHINE = machine({
  name: 'factura o nota crédito',
  states: [PENDIENTE, EMITIDA, RECHAZADA],
  final: [EMITIDA],
  labels: { PENDIENTE: 'Pendiente', EMITIDA: 'Emitida', RECHAZADA: 'Rechazada' },
  transitions: { PENDIENTE: [EMITIDA, RECHAZADA], RECHAZADA: [PENDIENTE] },
});
export const INVOICE: Transitions = INVOICE_MACHINE.transitions;
export const INVOICE_STATE_LABELS: Record<string, string> = { ...INVOICE_MACHINE.labels };

/**
 * Withdrawal (retracto, Ley 1480 de 2011 art. 47; decision 0449): the member's request waits as
 * PENDIENTE in the administrator's queue; APROBADO annuls the purchase through ANNULMENT (credit
 * note, bonus reversal, refund recorded); RECHAZADO closes it with the administrator's reason.
 * Both ends are final.
 */
export const WITHDRAWAL_MACHINE = machine({
  name: 'retracto',
  states: [PENDIENTE, APROBADO, RECHAZADO],
  final: [APROBADO, RECHAZADO],
  transitions: { PENDIENTE: [APROBADO, RECHAZADO] },
});
export const WITHDRAWAL: Transitions = WITHDRAWAL_MACHINE.transitions;

/** A manual adjustment of a payout row (decision 0221): a second administrator approves or rejects it. */
export const ADJUSTMENT_MACHINE = machine({
  name: 'ajuste de bonos',
  states: [PENDIENTE, APROBADO, RECHAZADO],
  final: [APROBADO, RECHAZADO],
  transitions: { PENDIENTE: [APROBADO, RECHAZADO] },
});

/**
 * A member's row of a settled cycle (ciclo_bonificacion_user): NO_PAGADO until a payout batch
 * (or an administrator, through REVIEW's NO_PAGADO → PAGADO) pays it.
 */
export const PAYOUT_ROW_MACHINE = machine({
  name: 'pago de bonos',
  states: [NO_PAGADO, PAGADO],
  final: [PAGADO],
  transitions: { NO_PAGADO: [PAGADO] },
});

/**
 * A payout batch (lotes_pago, decision 0200): generated in bounded steps, GENERANDO → GENERADO →
 * PAGADO (with the bank's reference), or ANULADO before it is paid (its rows payable again).
 */
export const PAYOUT_BATCH_MACHINE = machine({
  name: 'lote de pago',
  states: [STATE.GENERANDO, STATE.GENERADO, PAGADO, STATE.ANULADO],
  final: [PAGADO, STATE.ANULADO],
  transitions: { GENERANDO: [STATE.GENERADO, STATE.ANULADO], GENERADO: [PAGADO, STATE.ANULADO] },
});

/** A settlement cycle (docs/bonus-rules.md): EN_PROCESO while its bounded steps run, then LIQUIDADO. */
export const SETTLEMENT_CYCLE_MACHINE = machine({
  name: 'ciclo de liquidación',
  states: [STATE.EN_PROCESO, STATE.LIQUIDADO],
  final: [STATE.LIQUIDADO],
  transitions: { EN_PROCESO: [STATE.LIQUIDADO] },
});

/**
 * An uploaded bank statement (decision 0140): CONCILIANDO while its movements are matched, LISTO when
 * all are, CONFIRMANDO while its matched purchases are confirmed, CONFIRMADO at the end.
 */
export const BANK_STATEMENT_MACHINE = machine({
  name: 'extracto bancario',
  states: [STATE.CONCILIANDO, STATE.LISTO, STATE.CONFIRMANDO, STATE.CONFIRMADO],
  final: [STATE.CONFIRMADO],
  transitions: {
    CONCILIANDO: [STATE.LISTO],
    LISTO: [STATE.CONFIRMANDO],
    CONFIRMANDO: [STATE.CONFIRMADO],
  },
});
/** A statement movement's match (`resultado`) and what confirming it did (`confirmacion`): final values. */
export const MOVEMENT_MATCHES = [STATE.CONCILIADO, STATE.AMBIGUO, STATE.SIN_CONCILIAR] as const;
export const MOVEMENT_CONFIRMATIONS = [STATE.CONFIRMADA, STATE.YA_PAGADA] as const;

/**
 * A payment-gateway transaction (`resultado`, decision 0141): PROCESANDO while the webhook holds it,
 * then what it did — PAGADA, YA_PAGADA, RECHAZADA (the gateway did not approve it),
 * VALOR_DISTINTO, SIN_COMPRA; a voided approved one is ANULANDO while the purchase is annulled,
 * then ANULADA.
 */
export const GATEWAY_MACHINE = machine({
  name: 'transacción de la pasarela',
  states: [
    STATE.PROCESANDO,
    STATE.PAGADA,
    STATE.YA_PAGADA,
    RECHAZADA,
    STATE.VALOR_DISTINTO,
    STATE.SIN_COMPRA,
    STATE.ANULANDO,
    ANULADA,
  ],
  final: [STATE.YA_PAGADA, RECHAZADA, STATE.VALOR_DISTINTO, STATE.SIN_COMPRA, ANULADA],
  transitions: {
    PROCESANDO: [STATE.PAGADA, STATE.YA_PAGADA, RECHAZADA, STATE.VALOR_DISTINTO, STATE.SIN_COMPRA],
    PAGADA: [STATE.ANULANDO],
    ANULANDO: [ANULADA],
  },
});

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
  state !== NO_APROBADO && state !== NO_PUBLICADO;

/**
 * Statuses that are not workflow states but are shown as chips too: a user's ACTIVO / INACTIVO and
 * a subscription whose end has passed (VENCIDA, read, never stored).
 */
const OTHER_TONES: Record<string, ChipTone> = { ACTIVO: 'success', INACTIVO: 'danger', VENCIDA: 'danger' };

const isWorkflowState = (s: string): s is WorkflowState => Object.prototype.hasOwnProperty.call(LOOKS, s);

/** A chip's colour, from the table (an unknown status is grey). */
export function chipTone(state: string | null | undefined): ChipTone {
  const s = (state ?? '').toUpperCase().replace(/[\s-]/g, '_');
  if (isWorkflowState(s)) return LOOKS[s].tone;
  return OTHER_TONES[s] ?? 'neutral';
}

export const NO_STATE = 'SIN ESTADO';
/**
 * A state as users read it: the machine's own label when it has one, else the table's (NO_PAGADO
 * shows «NO PAGADO»); a name the table does not know is shown with spaces for its underscores.
 */
export function stateLabel(state: string | null | undefined, m?: Machine): string {
  if (!state) return NO_STATE;
  const own = m?.labels?.[state as WorkflowState];
  if (own) return own;
  return isWorkflowState(state) ? LOOKS[state].label : state.replace(/_/g, ' ');
}
export const confirmQuestion = (state: string) => `Desea cambiar el estado a ${stateLabel(state)}?`;
export const transitionRefused = (from: string | null, to: string) =>
  `No se puede cambiar el estado de ${stateLabel(from)} a ${stateLabel(to)}`;

/** A machine's states as filter options (value and label), in its order. */
export const stateOptions = (states: readonly string[], m?: Machine) =>
  states.map((s) => ({ value: s, label: stateLabel(s, m) }));

/**
 * A data subject's request at the rights desk (docs/privacy.md, decision 0415). RADICADA when
 * filed; the desk may extend it once (PRORROGADA), ask for what is missing (INCOMPLETA: the member
 * completes it and it is RADICADA again, with a new term) or answer it (RESUELTA). An INCOMPLETA
 * left unanswered two months is DESISTIDA (the daily cron).
 */
export const PRIVACY_REQUEST_MACHINE = machine({
  name: 'solicitud de privacidad',
  states: [STATE.RADICADA, STATE.PRORROGADA, STATE.INCOMPLETA, STATE.RESUELTA, STATE.DESISTIDA],
  final: [STATE.RESUELTA, STATE.DESISTIDA],
  transitions: {
    RADICADA: [STATE.PRORROGADA, STATE.INCOMPLETA, STATE.RESUELTA],
    PRORROGADA: [STATE.RESUELTA],
    INCOMPLETA: [STATE.RADICADA, STATE.DESISTIDA],
  },
});
export const PRIVACY_REQUEST_STATES = PRIVACY_REQUEST_MACHINE.states;
export type PrivacyRequestState = (typeof PRIVACY_REQUEST_STATES)[number];
export const PRIVACY_REQUEST: Partial<Record<PrivacyRequestState, readonly PrivacyRequestState[]>> =
  PRIVACY_REQUEST_MACHINE.transitions;
export const canMovePrivacyRequest = (from: string, to: string) =>
  (PRIVACY_REQUEST[from as PrivacyRequestState] ?? []).includes(to as PrivacyRequestState);

/** A suppression in bounded steps (decision 0418): EN_CURSO → TERMINADA → DEPURADA after retention. */
export const SUPPRESSION_MACHINE = machine({
  name: 'supresión',
  states: [STATE.EN_CURSO, STATE.TERMINADA, STATE.DEPURADA],
  final: [STATE.DEPURADA],
  transitions: { EN_CURSO: [STATE.TERMINADA], TERMINADA: [STATE.DEPURADA] },
});
export const SUPPRESSION: Record<string, readonly string[]> = SUPPRESSION_MACHINE.transitions;

/** Every machine, for the table's own checks (each state in the vocabulary, each transition between its states). */
export const MACHINES: readonly Machine[] = [
  REVIEW_MACHINE,
  PUBLICATION_MACHINE,
  PURCHASE_MACHINE,
  INVOICE_MACHINE,
  WITHDRAWAL_MACHINE,
  ADJUSTMENT_MACHINE,
  PAYOUT_ROW_MACHINE,
  PAYOUT_BATCH_MACHINE,
  SETTLEMENT_CYCLE_MACHINE,
  BANK_STATEMENT_MACHINE,
  GATEWAY_MACHINE,
  PRIVACY_REQUEST_MACHINE,
  SUPPRESSION_MACHINE,
];
