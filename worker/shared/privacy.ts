// Habeas data (docs/privacy.md «Aviso y autorizaciones», decisions 0400–0402): the purposes whose
// authorisation the server's gate needs, what each covers, and the channels of the consent ledger.
// Isomorphic: the registration form and Mi cuenta → Privacidad import it.
import * as v from 'valibot';
import { MSG } from './messages';

/** The mandatory purpose of notice 1 (its code stays in every later version). */
export const MANDATORY_PURPOSE = 'SERVICIO';

/** The sensitive purposes the gate knows, and the fields each one covers (decision 0401). */
export const SENSITIVE_PURPOSES = {
  ORIENTACION_IDENTIDAD: { perfil: ['orientacion_sexual_id', 'identidad_sexual_id'] },
  DESCRIPCION_INTIMA: { fisica: ['busto_id', 'cola_id', 'polla_id', 'depilacion_id'] },
  SERVICIOS_PERFIL: {
    servicios: [
      'servicios',
      'tiposdeoral',
      'tiposdefantasiasyfetiches',
      'tiposdemasajes',
      'serviciosvirtuales',
    ],
  },
  DOCUMENTOS_IDENTIDAD: { documentos: ['frente', 'respaldo', 'selfie'] },
} as const satisfies Record<string, Record<string, readonly string[]>>;
export type SensitivePurpose = keyof typeof SENSITIVE_PURPOSES;
/** The data each sensitive purpose covers, as the access record names it. */
export const SENSITIVE_LABELS: Record<SensitivePurpose, string> = {
  ORIENTACION_IDENTIDAD: 'Orientación sexual e identidad de género',
  DESCRIPCION_INTIMA: 'Descripción física íntima',
  SERVICIOS_PERFIL: 'Servicios del perfil',
  DOCUMENTOS_IDENTIDAD: 'Documentos de identidad',
};
export const GATED_PURPOSES = Object.keys(SENSITIVE_PURPOSES) as SensitivePurpose[];

export const CONSENT_CHANNELS = {
  REGISTRO: 'Registro',
  MI_CUENTA: 'Mi cuenta',
  ADMINISTRADOR: 'Administrador',
} as const;
export type ConsentChannel = keyof typeof CONSENT_CHANNELS;

/** The 422 of the gate: names the purpose the data needs. */
export const needsAuthorization = (nombre: string) =>
  `Para guardar este dato necesitas autorizar la finalidad «${nombre}» en Mi cuenta → Privacidad`;
export const mandatoryMissing = (nombre: string) =>
  `Debes autorizar la finalidad «${nombre}» para registrarte`;
export const OPTIONAL_SENSITIVE =
  'Responder preguntas sobre datos sensibles es opcional: puedes registrarte, comprar, suscribirte, referir y recibir tus bonos sin autorizarlas.';
export const MANDATORY_REVOKE =
  'La finalidad obligatoria no se revoca aquí: para dejar de usar el servicio pide la supresión de tus datos en el Centro de ayuda';

const code = v.pipe(v.string(MSG.invalid), v.trim(), v.regex(/^[A-Z_]{2,40}$/, MSG.invalid));

/** Purpose codes sent with registration. */
export const authorizationsField = v.optional(
  v.pipe(v.array(code, MSG.invalid), v.maxLength(20, MSG.invalid)),
  [],
);

/** A grant or revocation from Mi cuenta. */
export const consentSchema = v.object({ finalidad: code, otorgada: v.boolean(MSG.invalid) });

/** An administrator's record of a consent given outside the app: the evidence is required. */
export const adminConsentSchema = v.object({
  finalidad: code,
  otorgada: v.boolean(MSG.invalid),
  evidencia: v.pipe(
    v.string(MSG.required),
    v.trim(),
    v.nonEmpty('Describe la evidencia de la autorización (documento, grabación, correo)'),
    v.maxLength(500, MSG.maxLength('La evidencia', 500)),
  ),
});

/** Accepting a new notice version at sign-in: the version read and the purposes granted. */
export const acceptNoticeSchema = v.object({
  version: v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1, MSG.invalid)),
  autorizaciones: authorizationsField,
});

/** A new notice version (Configuración → Privacidad). */
export const noticeSchema = v.object({
  texto: v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(20_000, MSG.invalid)),
  finalidades: v.pipe(
    v.array(
      v.object({
        codigo: code,
        nombre: v.pipe(
          v.string(MSG.required),
          v.trim(),
          v.nonEmpty(MSG.required),
          v.maxLength(120, MSG.invalid),
        ),
        texto: v.pipe(
          v.string(MSG.required),
          v.trim(),
          v.nonEmpty(MSG.required),
          v.maxLength(4000, MSG.invalid),
        ),
        obligatoria: v.boolean(MSG.invalid),
        sensible: v.boolean(MSG.invalid),
      }),
      MSG.invalid,
    ),
    v.minLength(1, MSG.required),
    v.maxLength(20, MSG.invalid),
  ),
});
