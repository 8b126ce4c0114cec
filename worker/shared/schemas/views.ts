// Saved views of a grid (decision 0161): what the grid's URL carries (filters, sorts,
// hidden columns, page size), a name, and who sees it.
import * as v from 'valibot';
import { MSG } from '../messages';
import { id } from './fields';

export const VIEW_SCOPES = ['PERSONAL', 'ROL', 'GLOBAL'] as const;
export type ViewScope = (typeof VIEW_SCOPES)[number];
export const VIEW_ROLE_REQUIRED = 'Elige el rol con el que se comparte la vista.';
export const VIEW_DEFAULT_NEEDS_ROLE =
  'Solo una vista compartida con un rol puede ser la predeterminada del rol.';

const key = v.pipe(v.string(MSG.invalid), v.maxLength(60, MSG.invalid));

export const viewStateSchema = v.pipe(
  v.object({
    filters: v.optional(v.record(key, v.unknown()), {}),
    sorts: v.optional(v.record(key, v.picklist(['asc', 'desc'], MSG.invalid)), {}),
    hidden: v.optional(v.pipe(v.array(key, MSG.invalid), v.maxLength(100, MSG.invalid)), []),
    perPage: v.optional(
      v.pipe(
        v.number(MSG.invalid),
        v.integer(MSG.invalid),
        v.minValue(1, MSG.invalid),
        v.maxValue(100, MSG.invalid),
      ),
    ),
  }),
  v.check((s) => JSON.stringify(s).length <= 8000, MSG.invalid),
);
export type ViewState = v.InferOutput<typeof viewStateSchema>;

export const viewSchema = v.object({
  grid: v.pipe(v.string(MSG.invalid), v.minLength(1, MSG.required), v.maxLength(200, MSG.invalid)),
  nombre: v.pipe(
    v.string(MSG.invalid),
    v.trim(),
    v.minLength(1, MSG.required),
    v.maxLength(80, MSG.maxLength('El nombre', 80)),
  ),
  estado: viewStateSchema,
  alcance: v.optional(v.picklist(VIEW_SCOPES, MSG.invalid), 'PERSONAL'),
  role_id: v.optional(v.nullable(id('El rol')), null),
  predeterminada: v.optional(v.boolean(MSG.invalid), false),
});
