// The privacy notice's sensitive purposes and the profile fields each one covers (docs/privacy.md
// «Aviso y autorizaciones», decision 0403). Isomorphic: the server gates on it, the forms explain it.
import { SERVICE_KEYS } from './schemas/profile';

/** The mandatory purpose of the first version; a published version names its own (decision 0400). */
export const BASIC_PURPOSE = 'TRATAMIENTO_BASICO';

/** The sensitive purposes whose data the platform can hold, and what each one covers. */
export const SENSITIVE_PURPOSES = {
  ORIENTACION_IDENTIDAD: {
    /** Columns of `perfiles` (the profile form's keys). */
    profile: ['identidad_sexual_id', 'orientacion_sexual_id'],
    options: [],
    identity: false,
  },
  PERFIL_SEXUAL: {
    profile: ['busto_id', 'cola_id', 'polla_id', 'depilacion_id'],
    /** Catalogues of `perfil_opciones`. */
    options: [...SERVICE_KEYS],
    identity: false,
  },
  DOCUMENTOS_IDENTIDAD: { profile: [], options: [], identity: true },
} as const satisfies Record<string, { profile: string[]; options: string[]; identity: boolean }>;
export type SensitivePurpose = keyof typeof SENSITIVE_PURPOSES;
export const SENSITIVE_CODES = Object.keys(SENSITIVE_PURPOSES) as SensitivePurpose[];

/** The sensitive purpose that covers a profile field or catalogue, if any. */
export function purposeOfField(field: string): SensitivePurpose | undefined {
  return SENSITIVE_CODES.find((p) => {
    const s = SENSITIVE_PURPOSES[p];
    return (
      (s.profile as readonly string[]).includes(field) || (s.options as readonly string[]).includes(field)
    );
  });
}

/** Where a grant or revocation came from (the ledger's `canal`). */
export const CONSENT_CHANNELS = ['registro', 'mi cuenta', 'administrador'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

export {
  consentRequired,
  MANDATORY_NOT_REVOCABLE,
  mandatoryRequired,
  SENSITIVE_OPTIONAL,
  UNKNOWN_PURPOSE,
} from './privacy-texts';
