// Bulk actions (issue 25): which rows (the chosen ids, or every row matching the grid's filter)
// and, for a state change, the target state and its comment. Server and grid share these.
import * as v from 'valibot';
import { MSG } from '../messages';
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
