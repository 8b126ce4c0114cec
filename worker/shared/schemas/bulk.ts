// Bulk actions (decision 0160): which rows (the chosen ids, or every row matching the grid's filter)
// and, for a state change, the target state and its comment. Server and grid share these.
import * as v from 'valibot';
import { MSG } from '../messages';
import { STATE, PAYMENT, REVIEW, stateLabel, type State, type Transitions } from '../workflow';
import { HELP_STATES } from './help';
import { stateChangeSchema } from './state';

/** The most rows one bulk action takes. */
export const BULK_MAX = 50_000;
export const BULK_TOO_MANY = 'Selecciona como máximo 50,000 registros por acción.';
export const BULK_NOTHING = 'No hay registros seleccionados.';

const rowId = v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1, MSG.invalid));

/**
 * `ids`: the rows chosen one by one; `filtros`: the grid's query string (filters, search) when
 * the user chose "todos los N que coinciden con el filtro". Exactly one of them.
 */
export const bulkSelectionSchema = v.pipe(
  v.object({
    ids: v.optional(v.pipe(v.array(rowId, MSG.invalid), v.maxLength(BULK_MAX, BULK_TOO_MANY))),
    filtros: v.optional(
      v.pipe(
        v.record(
          v.pipe(v.string(MSG.invalid), v.maxLength(40, MSG.invalid)),
          v.pipe(v.string(MSG.invalid), v.maxLength(4000, MSG.invalid)),
          MSG.invalid,
        ),
        v.check((r) => Object.keys(r).length <= 20, MSG.invalid),
      ),
    ),
  }),
  v.check((b) => (b.ids === undefined) !== (b.filtros === undefined), BULK_NOTHING),
  v.check((b) => b.ids === undefined || b.ids.length > 0, BULK_NOTHING),
);

export const bulkStateSchema = v.pipe(
  v.object({
    ...bulkSelectionSchema.pipe[0].entries,
    ...stateChangeSchema.entries,
  }),
  v.check((b) => (b.ids === undefined) !== (b.filtros === undefined), BULK_NOTHING),
  v.check((b) => b.ids === undefined || b.ids.length > 0, BULK_NOTHING),
);

/**
 * The states a bulk state change may set on a grid whose rows live in `lives` (its states): every
 * target the workflow table offers from one of them, less `except` (changes that must go one row at
 * a time). The server's bulk schema and the grid's selection bar both read it.
 */
export function bulkTargets(
  table: Transitions,
  lives: readonly string[],
  except: readonly State[] = [],
): readonly State[] {
  const out: State[] = [];
  for (const from of lives)
    for (const to of table[from] ?? []) if (!out.includes(to) && !except.includes(to)) out.push(to);
  return out;
}

/** A bulk state change whose target is one of `targets` (422 in Spanish otherwise). */
export const bulkStateSchemaFor = (targets: readonly State[]) =>
  v.pipe(
    bulkStateSchema,
    v.check(
      (b) => targets.includes(b.estado),
      (issue) =>
        `El estado ${stateLabel(String((issue.input as { estado?: unknown }).estado ?? ''))} no se puede aplicar en lote.`,
    ),
  );

/**
 * The workflow grids' bulk targets. A purchase's payment is confirmed in bulk (NO_PAGADO → PAGADO);
 * reversing a paid one is a decision taken one purchase at a time, never offered in bulk.
 */
export const BULK_STATES = {
  compras: bulkTargets(PAYMENT, [STATE.NO_PAGADO, STATE.PAGADO], [STATE.NO_PAGADO]),
  suscripciones: bulkTargets(REVIEW, [STATE.PENDIENTE, STATE.APROBADO, STATE.NO_APROBADO]),
  ayuda: bulkTargets(REVIEW, HELP_STATES),
} as const;
