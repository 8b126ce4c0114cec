// Money out (docs/bonus-rules.md «Paying out»), declared once for the settlement, the payout
// batches, the manual state change, the statement and the web. Isomorphic. Money is integer COP
// cents.
import { formatPesos } from './number-format';
import { STATE } from './workflow';

/** Default minimum payout: $ 20.000 (the settings row parametros_bonificacion holds the live one). */
export const DEFAULT_MIN_PAYOUT = 2_000_000;

/** Why a member-cycle row is not in a payout batch (the held report's reason column). */
export const HOLD = {
  sinInformacion: 'SIN INFORMACION DE PAGO',
  sinVerificar: 'INFORMACION DE PAGO SIN VERIFICAR',
  bajoMinimo: 'POR DEBAJO DEL MINIMO',
  negativo: 'SALDO NEGATIVO',
} as const;
export type HoldReason = (typeof HOLD)[keyof typeof HOLD];

/** Spanish reasons the API answers when a row cannot be paid (422) or is already spoken for (409). */
export const MONEY_OUT_MESSAGES = {
  negativo:
    'El saldo de este ciclo es negativo: no se puede pagar. Se compensa con las bonificaciones de los próximos ciclos.',
  bajoMinimo:
    'El saldo de este ciclo está por debajo del pago mínimo: pasa como saldo anterior al siguiente ciclo.',
  arrastrado: 'El saldo de este ciclo ya pasó como saldo anterior a un ciclo posterior.',
  enLote: 'Este ciclo ya está en un lote de pago.',
  cicloSinAprobar: 'El ciclo debe ser aprobado por un segundo administrador antes de generar los pagos.',
  mismoAutor: 'Un ajuste debe aprobarlo un administrador distinto de quien lo registró.',
  propio: 'Un ajuste a tus propios bonos lo registra y lo decide otro administrador.',
  // Adjustments and close with review (review helper, decisions 0220–0223).
  pagado: 'Este ciclo del miembro ya fue pagado: un ajuste ya no puede cambiarlo.',
  cicloNoLiquidado: 'El ciclo aún no está liquidado.',
  ajusteDecidido: 'Este ajuste ya fue aprobado o rechazado.',
  sinFila:
    'Este usuario no tiene bonificación en el ciclo. Registra el ajuste en un ciclo donde tenga bonificación.',
  mismoLiquidador: 'El cierre debe aprobarlo un administrador distinto de quien ejecutó la liquidación.',
  // Two-person rules per person, not per account (decision 0345).
  cuentaDelAutor:
    'Este ajuste debe aprobarlo otra persona: tu cuenta la creó o la administra quien lo registró.',
  cuentaDelLiquidador:
    'El cierre debe aprobarlo otra persona: tu cuenta la creó o la administra quien ejecutó la liquidación.',
  cicloAprobado: 'Este ciclo ya fue aprobado.',
  cicloSinLiquidar: 'Solo se pueden generar pagos de un ciclo liquidado.',
  // The one gate of every path that pays a row (decision 0340).
  sinInformacion:
    'El miembro no tiene información de pago completa: su bonificación no se puede pagar hasta que la registre.',
  sinVerificar:
    'La información de pago del miembro no está verificada (su validación de identidad no está aprobada): no se puede pagar.',
  loteNoGenerado: 'Solo se puede marcar pagado un lote ya generado y sin pagar.',
  loteNoAnulable: 'Solo se puede anular un lote que todavía no está pagado.',
} as const;

/** Why a row cannot take an adjustment now (approval moves its total), or null when it can. */
export function adjustmentBlock(row: {
  estado: string;
  arrastradoA: number | null;
  loteId: number | null;
}): 'pagado' | 'arrastrado' | 'enLote' | null {
  if (row.estado !== STATE.NO_PAGADO) return 'pagado';
  if (row.arrastradoA != null) return 'arrastrado';
  if (row.loteId != null) return 'enLote';
  return null;
}

/** A cycle as the money-out gate reads it. */
export type GateCycle = { estado: string; aprobadoAt: number | null };

/**
 * Close with review: why a cycle's rows cannot be paid yet (not settled; not approved while the
 * setting parametros_bonificacion.aprobacion_cierre is on), or null when they can.
 */
export function cycleBlock(
  cycle: GateCycle,
  aprobacionCierre: boolean,
): 'cicloSinLiquidar' | 'cicloSinAprobar' | null {
  if (cycle.estado !== STATE.LIQUIDADO) return 'cicloSinLiquidar';
  if (aprobacionCierre && cycle.aprobadoAt == null) return 'cicloSinAprobar';
  return null;
}

/** Whether a settled cycle's payouts may be generated (or its rows paid by hand): cycleBlock is null. */
export const payoutsAllowed = (cycle: GateCycle, aprobacionCierre: boolean) =>
  cycleBlock(cycle, aprobacionCierre) === null;

/** The parts of a member-cycle row that decide whether it can be paid. */
export type PayableRow = {
  estado: string;
  total: number;
  arrastradoA: number | null;
  loteId: number | null;
};

/** A short name of each reason payBlock gives, for a grid cell (the whole reason: MONEY_OUT_MESSAGES). */
export const PAYOUT_BLOCK_LABELS = {
  cicloSinLiquidar: 'Ciclo sin liquidar',
  cicloSinAprobar: 'Cierre sin aprobar',
  arrastrado: 'Pasó al ciclo siguiente',
  enLote: 'En un lote de pago',
  negativo: 'Saldo negativo',
  bajoMinimo: 'Por debajo del mínimo',
  sinInformacion: 'Sin información de pago',
  sinVerificar: 'Información de pago sin verificar',
} as const;
export type PayoutBlock = keyof typeof PAYOUT_BLOCK_LABELS;
/** The reasons that come from the row itself (payoutBlock). */
export type RowBlock = 'arrastrado' | 'enLote' | 'negativo' | 'bajoMinimo';

/**
 * Why the row itself cannot be paid now, or null when it can: already carried, already in a batch,
 * a negative balance, or a positive balance below the minimum (which carries into the next cycle).
 * PAGADO rows are not payable either (the caller's workflow table already refuses them).
 */
export function payoutBlock(row: PayableRow, minimo: number): RowBlock | null {
  if (row.arrastradoA != null) return 'arrastrado';
  if (row.loteId != null) return 'enLote';
  if (row.total < 0) return 'negativo';
  if (row.total < minimo) return 'bajoMinimo';
  return null;
}

/** Everything the money-out gate reads about one unpaid row. */
export type PayFacts = PayableRow & {
  ciclo: GateCycle;
  aprobacionCierre: boolean;
  minimo: number;
  /** The member's payment information is present and complete for its kind (decision 0201). */
  informacionCompleta: boolean;
  /** His identity validation is APROBADO: the information is verified (decision 0201). */
  verificada: boolean;
};

/**
 * The one gate of money out (SECURITY row 22, docs/decisions/0340): why an unpaid row cannot be
 * paid now, or null when it can. In order: its cycle (cycleBlock), the row (payoutBlock), then the
 * member's payment information, present and verified — what a payout batch requires of a row.
 * The manual payment (one row or many) asks it for each row; the payout batch applies the same
 * facts in SQL when a row enters a batch (worker/modules/bonuses/payouts.ts) and asks cycleBlock
 * again when the batch is marked paid.
 */
export function payBlock(f: PayFacts): PayoutBlock | null {
  return (
    cycleBlock(f.ciclo, f.aprobacionCierre) ??
    payoutBlock(f, f.minimo) ??
    (!f.informacionCompleta ? 'sinInformacion' : !f.verificada ? 'sinVerificar' : null)
  );
}

/**
 * A row whose balance carries into the member's next cycle at settlement: unpaid, free, below the
 * minimum (negative included), and not zero (a zero balance has nothing to carry, and carrying it
 * would make an empty row every month).
 */
export const carries = (row: PayableRow, minimo: number) =>
  row.estado === STATE.NO_PAGADO &&
  row.arrastradoA == null &&
  row.loteId == null &&
  row.total < minimo &&
  row.total !== 0;

/** The statement's line kinds beyond the bonus lines (the web and the PDF label them this way). */
export const STATEMENT_LABELS = {
  saldoAnterior: 'Saldo anterior',
  ajuste: 'Ajuste manual',
  reembolso: 'Reembolso',
  total: 'Total del ciclo',
  retencion: 'Retención en la fuente',
  neto: 'Neto a pagar',
} as const;

/** "Retención en la fuente (10 %)": the statement's withholding line with the row's rate. */
export const withholdingLabel = (bp: number) =>
  bp ? `${STATEMENT_LABELS.retencion} (${String(bp / 100).replace('.', ',')} %)` : STATEMENT_LABELS.retencion;

/**
 * The one money formatter (decision 0321): es-CO pesos with two decimals, '$ 20.000,00',
 * '-$ 1.234,50' (spec §9), truncated to whole cents, for the statement (screen, PDF, Excel's text
 * cells), the screens' money column (web/lib/format.ts), messages, reminders and search results. Without Intl (number-format.ts), so the
 * Worker's PDF and the browser print the same characters (all of them in WinAnsi: Helvetica's).
 */
export function pesos(cents: number): string {
  return formatPesos(Math.trunc(cents) / 100);
}

/** A rate in basis points as the statement prints it (the grids' percent column): 1000 → '10.00 %'. */
export const ratePercent = (bp: number) => `${(bp / 100).toFixed(2)} %`;
