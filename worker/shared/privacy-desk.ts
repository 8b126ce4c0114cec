// The rights desk's legal figures, written once with their source (docs/privacy.md «Solicitudes de
// los titulares», decision 0415). Terms are Colombian business days (worker/shared/business-days.ts).
// Isomorphic: the desk's screen shows the same chips the server computes.
import { addBusinessDays, businessDaysBetween, type CalendarDate } from './business-days';
import { STATE } from './workflow';

export const REQUEST_TYPES = ['CONSULTA', 'RECLAMO', 'PRUEBA', 'REVOCATORIA', 'SUPRESION'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** A reclamo asks to update or to rectify (Ley 1581 de 2012 art. 15). */
export const CLAIM_REASONS = ['ACTUALIZAR', 'RECTIFICAR'] as const;

export const REQUEST_TYPE_LABELS: Record<RequestType, string> = {
  CONSULTA: 'Consulta (conocer mis datos)',
  RECLAMO: 'Reclamo (actualizar o rectificar)',
  PRUEBA: 'Prueba de la autorización',
  REVOCATORIA: 'Revocatoria de la autorización',
  SUPRESION: 'Supresión de mis datos',
};

type Term = { dias: number; prorroga: number; fuente: string };

/**
 * Consultas (and the proof of authorisation, a consulta of the ledger) are answered within 10
 * business days, extendable once by 5 (art. 14); reclamos, and revocations and suppressions, which
 * the law handles as reclamos, within 15, extendable once by 8 (art. 15).
 */
const CONSULTA_TERM: Term = { dias: 10, prorroga: 5, fuente: 'Ley 1581 de 2012, art. 14' };
const RECLAMO_TERM: Term = { dias: 15, prorroga: 8, fuente: 'Ley 1581 de 2012, art. 15' };
export const TERMS: Record<RequestType, Term> = {
  CONSULTA: CONSULTA_TERM,
  PRUEBA: CONSULTA_TERM,
  RECLAMO: RECLAMO_TERM,
  REVOCATORIA: RECLAMO_TERM,
  SUPRESION: RECLAMO_TERM,
};

/** The requests that are reclamos: they mark the member's record «reclamo en trámite». */
export const isClaim = (tipo: string) => TERMS[tipo as RequestType] === RECLAMO_TERM;

/** An incomplete reclamo: the request for what is missing goes within 5 (business) days of receipt (art. 15). */
export const MISSING_INFO_DAYS = 5;
/** …and it counts as withdrawn 2 months after that request without an answer (art. 15). */
export const WITHDRAWN_AFTER_MONTHS = 2;
/** «Reclamo en trámite» shows on the record within 2 business days of receipt (art. 15). */
export const IN_PROCESS_MARK_DAYS = 2;
/** Incidents are reported to the SIC within 15 business days of detection (decision 0421). */
export const SIC_REPORT_DAYS = 15;
/** Commercial books and their supports are kept 10 years (Ley 962 de 2005, art. 28). */
export const DEFAULT_RETENTION_YEARS = 10;
/** The desk is warned of what falls due within this many business days. */
export const DUE_SOON_DAYS = 3;

export const IN_PROCESS_LABEL = 'Reclamo en trámite';
/** The desk's copy of a member's data answers a consulta only. */
export const DATA_ONLY_FOR_CONSULTA = 'Los datos del titular se descargan sólo para responder una consulta';

/** The due date of a request received on `receivedOn`. */
export const requestDueDate = (tipo: RequestType, receivedOn: CalendarDate) =>
  addBusinessDays(receivedOn, TERMS[tipo].dias);

/** The due date once extended: the extension's business days after the first due date. */
export const extendedDueDate = (tipo: RequestType, dueOn: CalendarDate) =>
  addBusinessDays(dueOn, TERMS[tipo].prorroga);

/** The states in which a request still runs against its clock. */
export const OPEN_STATES = [STATE.RADICADA, STATE.PRORROGADA] as const;

export type DueChip = { tone: 'danger' | 'warning'; label: string } | null;

/** The grid's chip: Vencida once the due date passed, Por vencer within DUE_SOON_DAYS business days. */
export function dueChip(estado: string, dueOn: CalendarDate, today: CalendarDate): DueChip {
  if (!(OPEN_STATES as readonly string[]).includes(estado)) return null;
  if (today > dueOn) return { tone: 'danger', label: 'Vencida' };
  if (businessDaysBetween(today, dueOn) <= DUE_SOON_DAYS) return { tone: 'warning', label: 'Por vencer' };
  return null;
}

/** The radicado of request `id` filed in `year`. */
export const radicadoOf = (year: string, id: number) => `PD-${year}-${String(id).padStart(6, '0')}`;
