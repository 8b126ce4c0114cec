// What the registration form holds and the body it sends (the reply types live in auth-api.ts).
import type { Terms } from '@/features/auth/auth-api';
import type { fieldBinder, FormErrors } from '@/lib/form-errors';

/** What the inputs hold; ids stay strings until the schema converts them. */
export type RegisterValues = {
  nombres: string;
  apellidos: string;
  user_name: string;
  email: string;
  password: string;
  confirmar_password: string;
  tipo_identificacion_id: string;
  numero_identificacion: string;
  celular: string;
  pais_id: string;
  departamento_id: string;
  ciudad_id: string;
  nivel_educativo_id: string;
  acepta_terminos: boolean;
  /** The notice's purposes he ticked (none until he ticks them). */
  autorizaciones: string[];
};

export const EMPTY_REGISTER: RegisterValues = {
  nombres: '',
  apellidos: '',
  user_name: '',
  email: '',
  password: '',
  confirmar_password: '',
  tipo_identificacion_id: '',
  numero_identificacion: '',
  celular: '',
  pais_id: '',
  departamento_id: '',
  ciudad_id: '',
  nivel_educativo_id: '',
  acepta_terminos: false,
  autorizaciones: [],
};

/** The request body before validation: blanks become null, the terms and referral are attached. */
export function toRegisterPayload(values: RegisterValues, terms: Terms | null, referralCode: string | null) {
  const orNull = (s: string) => (s === '' ? null : s);
  return {
    ...values,
    departamento_id: orNull(values.departamento_id),
    ciudad_id: orNull(values.ciudad_id),
    nivel_educativo_id: orNull(values.nivel_educativo_id),
    terminos_id: terms?.id,
    referral_code: referralCode,
  };
}

export type RegisterForm = {
  values: RegisterValues;
  errors: FormErrors;
  set: <K extends keyof RegisterValues>(name: K, value: RegisterValues[K]) => void;
  field: ReturnType<typeof fieldBinder<RegisterValues>>;
};
