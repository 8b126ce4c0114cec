// Bodies of the privacy notice and the consent ledger (docs/privacy.md «Aviso y autorizaciones»).
import * as v from 'valibot';
import { MSG } from '../messages';
import { id, optionalText, text } from './fields';

const code = () =>
  v.pipe(
    v.string(MSG.required),
    v.trim(),
    v.nonEmpty(MSG.required),
    v.maxLength(40, MSG.maxLength('El código', 40)),
    v.regex(
      /^[A-Z][A-Z0-9_]*$/,
      'El código va en mayúsculas, con dígitos y guiones bajos (p. ej. TRATAMIENTO_BASICO)',
    ),
  );

/** Purpose codes a member authorises (registration, the re-acceptance dialog). */
export const purposeCodes = v.optional(
  v.pipe(
    v.array(v.pipe(v.string(MSG.invalid), v.maxLength(40, MSG.invalid)), MSG.invalid),
    v.maxLength(50, MSG.invalid),
  ),
  [],
);

/** A member grants or revokes one purpose from Mi cuenta → Privacidad. */
export const consentSchema = v.object({
  finalidad: code(),
  otorgada: v.boolean(MSG.invalid),
});

/** An administrator records a grant or revocation he holds proof of (channel 'administrador'). */
export const adminConsentSchema = v.object({
  user_id: id('El usuario'),
  finalidad: code(),
  otorgada: v.boolean(MSG.invalid),
  evidencia: text('La evidencia', 1000),
});

/** The member accepts a published version at sign-in: its mandatory purposes and the sensitive ones ticked. */
export const acceptSchema = v.object({
  version: id('La versión'),
  autorizaciones: purposeCodes,
});

export const purposeSchema = v.object({
  codigo: code(),
  nombre: text('El nombre', 120),
  texto: text('El texto', 3000),
  obligatoria: v.optional(v.boolean(MSG.invalid), false),
  sensible: v.optional(v.boolean(MSG.invalid), false),
});

/** A new version of the notice (Configuración → Privacidad). */
export const noticeSchema = v.pipe(
  v.object({
    texto: text('El texto del aviso', 10_000),
    finalidades: v.pipe(
      v.array(purposeSchema, MSG.invalid),
      v.minLength(1, 'El aviso necesita al menos una finalidad'),
      v.maxLength(30, MSG.invalid),
    ),
    nota: optionalText('La nota', 500),
  }),
  v.forward(
    v.check(
      (d) => d.finalidades.some((f) => f.obligatoria),
      'El aviso necesita al menos una finalidad obligatoria',
    ),
    ['finalidades'],
  ),
  v.forward(
    v.check(
      (d) => new Set(d.finalidades.map((f) => f.codigo)).size === d.finalidades.length,
      'Cada finalidad lleva un código distinto',
    ),
    ['finalidades'],
  ),
  v.forward(
    v.check(
      (d) => d.finalidades.every((f) => !(f.obligatoria && f.sensible)),
      'Una finalidad sensible no puede ser obligatoria',
    ),
    ['finalidades'],
  ),
);
export type NoticeInput = v.InferOutput<typeof noticeSchema>;
