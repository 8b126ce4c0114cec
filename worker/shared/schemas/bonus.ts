import * as v from 'valibot';
import { isCycleKey } from '../cycles';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../list-query';
import { MSG } from '../messages';
import { editVersion, int, optionalText } from './fields';

const CYCLE_FORM = 'El ciclo debe tener la forma AAAA-MM';
export const cycleKeySchema = v.object({
  // Missing is «requerido»; present in another shape (202610, «noviembre») names the form.
  clave: v.pipe(
    v.string((issue) => (issue.received === 'undefined' ? MSG.required : CYCLE_FORM)),
    v.check(isCycleKey, CYCLE_FORM),
  ),
});
export const rateSchema = v.object({
  porcentaje: int('El porcentaje', 0, 10_000),
  descripcion: optionalText('La descripción', 200),
  /** The version the form read (decision 0251): a stale one is a 409. */
  version: editVersion(),
});
export const sponsorSchema = v.object({
  referral_code: v.pipe(
    v.string(MSG.required),
    v.trim(),
    v.nonEmpty(MSG.required),
    v.maxLength(40, MSG.invalid),
  ),
  comentario: optionalText('El comentario', 500),
});
export const ONLY_CLOSED = 'Solo se pueden liquidar meses cerrados';
export const SPONSOR_LOOP = 'El patrocinador no puede ser el mismo usuario ni uno de sus referidos';
/** A page of the cycle preview (grid contract): page from 1, perPage one of the list sizes. */
export const previewQuerySchema = v.object({
  ...cycleKeySchema.entries,
  page: v.optional(int('La página', 1, 1_000_000), 1),
  perPage: v.optional(
    v.pipe(
      int('El tamaño de página', 1, 100),
      v.check(
        (n) => (PAGE_SIZES as readonly number[]).includes(n),
        `El tamaño de página debe ser ${PAGE_SIZES.join(', ')}`,
      ),
    ),
    DEFAULT_PAGE_SIZE,
  ),
});

/** A page of a member statement's lines on screen (decision 0230): the grid's page contract. */
export const statementQuerySchema = v.object({
  page: previewQuerySchema.entries.page,
  perPage: previewQuerySchema.entries.perPage,
});
