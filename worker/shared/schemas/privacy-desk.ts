// Bodies of the rights desk and the incidents register (docs/privacy.md), shared by the API and
// the screens: the same Spanish messages on both sides.
import * as v from 'valibot';
import { MSG } from '../messages';
import { CLAIM_REASONS, REQUEST_TYPES } from '../privacy-desk';
import { id, text } from './fields';
import { STATE } from '../workflow';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const REQUEST_TYPE_REQUIRED = 'Elija el tipo de solicitud';
export const CLAIM_REASON_REQUIRED = 'Indique si el reclamo es para actualizar o para rectificar';

/** A member's request from Centro de ayuda. */
export const privacyRequestSchema = v.pipe(
  v.object({
    tipo: v.picklist(REQUEST_TYPES, REQUEST_TYPE_REQUIRED),
    motivo: v.optional(v.nullable(v.picklist(CLAIM_REASONS, CLAIM_REASON_REQUIRED)), null),
    descripcion: text('La descripción', 4000),
  }),
  v.forward(
    v.check((b) => b.tipo !== 'RECLAMO' || !!b.motivo, CLAIM_REASON_REQUIRED),
    ['motivo'],
  ),
);
export type PrivacyRequestBody = v.InferOutput<typeof privacyRequestSchema>;

/** The member completes an incomplete request with what was asked of him. */
export const privacyCompleteSchema = v.object({ descripcion: text('La información', 4000) });

/** What the desk does: answer, extend once with its reason, or ask for what is missing. */
export const privacyResolveSchema = v.object({
  estado: v.picklist([STATE.RESUELTA, STATE.PRORROGADA, STATE.INCOMPLETA], MSG.invalid),
  respuesta: text('La respuesta', 8000),
});
export type PrivacyResolveBody = v.InferOutput<typeof privacyResolveSchema>;

/** An incident: what, detected when, which data, which members. */
export const incidentSchema = v.object({
  descripcion: text('La descripción', 4000),
  detectado_el: v.pipe(
    v.string(MSG.required),
    v.trim(),
    v.nonEmpty(MSG.required),
    v.regex(DATE, MSG.invalid),
  ),
  datos: text('Los datos comprometidos', 2000),
  miembros: v.pipe(
    v.optional(v.array(id('El miembro'), MSG.invalid), []),
    v.maxLength(10_000, 'Registre como máximo 10000 miembros por incidente'),
    v.transform((ids) => [...new Set(ids)]),
  ),
});
export type IncidentBody = v.InferOutput<typeof incidentSchema>;
