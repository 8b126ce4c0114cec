import * as v from 'valibot';
import { MSG } from '../messages';
import { STATES } from '../workflow';

/** State-change payload (spec §3): estado and an optional comentario. */
export const stateChangeSchema = v.object({
  estado: v.picklist(STATES, MSG.invalid),
  comentario: v.optional(
    v.nullable(
      v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(1000, MSG.maxLength('El comentario', 1000))),
    ),
    null,
  ),
});

/** Several rows at once (e.g. paying many bonus rows). */
export const bulkStateChangeSchema = v.object({
  ids: v.pipe(
    v.array(v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1, MSG.invalid)), MSG.invalid),
    v.minLength(1, MSG.required),
    v.maxLength(1000, MSG.invalid),
  ),
  ...stateChangeSchema.entries,
});
