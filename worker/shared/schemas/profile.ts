// Schemas of the member's own data, shared by the API and the forms.
import * as v from 'valibot';
import { NIT_REQUIRED, personTypeFields } from './tax-withholding';
import { CONSTANTS } from '../constants';
import { MSG } from '../messages';
import { isValidNit, NIT_MESSAGE } from '../nit';
import { editVersion, int, optionalId, optionalText, id, text } from './fields';
import { bogotaWall } from '../bogota';

const ids = (max = 50) =>
  v.optional(
    v.pipe(
      v.array(v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1, MSG.invalid)), MSG.invalid),
      v.maxLength(max, MSG.invalid),
    ),
    [],
  );
const date = () => v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required), v.isoDate(MSG.invalid));

export const ADULT_MESSAGE = 'Debes ser mayor de edad (18 años o más)';

/** Whole years between a birth date and now, in Bogotá. */
export function ageOn(birth: string, nowMs: number): number {
  const today = bogotaWall(nowMs);
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age--;
  return age;
}

export const personalInfoSchema = v.object({
  nombres: text('Los nombres', 100),
  apellidos: text('Los apellidos', 100),
  tipo_identificacion_id: id('El tipo de identificación'),
  numero_identificacion: v.pipe(
    text('El número de identificación', 20),
    v.regex(/^[0-9A-Za-z.-]{3,20}$/, MSG.invalid),
  ),
  fecha_nacimiento: date(),
  genero: v.picklist(
    CONSTANTS.generos.map((g) => g.codigo),
    MSG.required,
  ),
  celular: v.pipe(text('El celular', 20), v.regex(/^\+?[0-9 ]{7,20}$/, MSG.invalid)),
  pais_id: id('El país'),
  departamento_id: optionalId('El departamento'),
  ciudad_id: optionalId('La ciudad'),
  direccion: optionalText('La dirección', 200),
  nivel_educativo_id: optionalId('El nivel educativo'),
  /** The version the form read (decision 0251): a stale one is a 409. */
  version: editVersion(),
});
export type PersonalInfo = v.InferOutput<typeof personalInfoSchema>;

/** Rules that need the identification type's code or the clock (checked on both sides). */
export function personalInfoErrors(
  body: PersonalInfo,
  tipoCodigo: string | undefined,
  nowMs: number,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (tipoCodigo === 'NIT' && !isValidNit(body.numero_identificacion))
    errors.numero_identificacion = [NIT_MESSAGE];
  if (ageOn(body.fecha_nacimiento, nowMs) < 18) errors.fecha_nacimiento = [ADULT_MESSAGE];
  if (ageOn(body.fecha_nacimiento, nowMs) > 120) errors.fecha_nacimiento = [MSG.invalid];
  return errors;
}

export const beneficiarioSchema = v.object({
  nombre: text('El nombre', 150),
  tipo_identificacion_id: optionalId('El tipo de identificación'),
  numero_identificacion: v.pipe(
    text('El número de identificación', 20),
    v.regex(/^[0-9A-Za-z.-]{3,20}$/, MSG.invalid),
  ),
  parentesco_id: id('El parentesco'),
  /** Basis points: 2550 = 25,50 %. */
  porcentaje: int('El porcentaje', 1, 10_000),
  /** The version the form read (decision 0251): a stale one is a 409. */
  version: editVersion(),
});
export const BENEFICIARIES_OVER_100 =
  'La suma de los porcentajes de los beneficiarios no puede superar 100 %';

export const paymentInfoSchema = v.object({
  metodo_pago_id: id('El método de pago'),
  banco_id: optionalId('El banco'),
  tipo_cuenta: v.optional(
    v.nullable(
      v.picklist(
        CONSTANTS.tiposCuenta.map((t) => t.codigo),
        MSG.invalid,
      ),
    ),
    null,
  ),
  numero_cuenta: v.optional(
    v.nullable(
      v.pipe(
        v.string(MSG.invalid),
        v.trim(),
        v.maxLength(40, MSG.maxLength('El número de cuenta', 40)),
        v.regex(/^[0-9A-Za-z-]*$/, MSG.invalid),
      ),
    ),
    null,
  ),
  titular: optionalText('El titular', 150),
  tipo_billetera: v.optional(
    v.nullable(
      v.picklist(
        CONSTANTS.tiposBilletera.map((t) => t.codigo),
        MSG.invalid,
      ),
    ),
    null,
  ),
  criptomoneda_id: optionalId('La criptomoneda'),
  direccion_billetera: v.optional(
    v.nullable(
      v.pipe(
        v.string(MSG.invalid),
        v.trim(),
        v.maxLength(120, MSG.maxLength('La dirección de la billetera', 120)),
        v.regex(/^[0-9A-Za-z:_-]*$/, MSG.invalid),
      ),
    ),
    null,
  ),
  /** Natural person (default) or company with its NIT: decides the withholding rate (decision 0445). */
  ...personTypeFields,
  /** The version the form read (decision 0251): a stale one is a 409. */
  version: editVersion(),
});
export type PaymentInfo = v.InferOutput<typeof paymentInfoSchema>;
/** The payment details' fields (the schema's, but the version): the form's and a restore's. */
export const PAYMENT_KEYS = Object.keys(paymentInfoSchema.entries).filter((k) => k !== 'version') as Exclude<
  keyof PaymentInfo,
  'version'
>[];

/** Which fields each kind of payment method needs (the form shows only these). */
export const PAYMENT_FIELDS: Record<string, (keyof PaymentInfo)[]> = {
  CUENTA_BANCARIA: ['banco_id', 'tipo_cuenta', 'numero_cuenta', 'titular'],
  BILLETERA: ['tipo_billetera', 'numero_cuenta', 'titular'],
  CRIPTOMONEDA: ['criptomoneda_id', 'direccion_billetera'],
};

/** A bank account number as the payout file carries it: digits only. */
export const BANK_ACCOUNT_DIGITS = 'El número de cuenta bancaria solo lleva dígitos (entre 6 y 20)';

export function paymentInfoErrors(body: PaymentInfo, tipo: string | undefined): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const f of PAYMENT_FIELDS[tipo ?? ''] ?? [])
    if (body[f] === null || body[f] === undefined || body[f] === '') errors[f] = [MSG.required];
  if (tipo === 'CUENTA_BANCARIA' && body.numero_cuenta && !/^\d{6,20}$/.test(body.numero_cuenta))
    errors.numero_cuenta = [BANK_ACCOUNT_DIGITS];
  if (body.tipo_persona === 'JURIDICA' && !body.nit) errors.nit = [NIT_REQUIRED];
  return errors;
}

/** Single-choice profile fields and the registry catalogue each one reads. */
export const PROFILE_REFS = {
  clasificacion_id: { label: 'Clasificación', resource: 'clasificacionusuarios' },
  identidad_sexual_id: { label: 'Identidad sexual', resource: 'identidadessexuales' },
  orientacion_sexual_id: { label: 'Orientación sexual', resource: 'orientacionessexuales' },
  etnia_id: { label: 'Etnia', resource: 'etnia' },
} as const;
export const PHYSICAL_REFS = {
  ojos_id: { label: 'Ojos', resource: 'ojos' },
  cabello_id: { label: 'Cabello', resource: 'cabello' },
  cuerpo_id: { label: 'Cuerpo', resource: 'cuerpo' },
  piel_id: { label: 'Piel', resource: 'piel' },
  busto_id: { label: 'Busto', resource: 'busto' },
  cola_id: { label: 'Cola', resource: 'cola' },
  polla_id: { label: 'Polla', resource: 'polla' },
  depilacion_id: { label: 'Depilación', resource: 'depilacion' },
} as const;
/** Multi-selects kept in perfil_opciones, keyed by catalogue. */
export const PROFILE_MULTI = {
  idiomas: { label: 'Idiomas', resource: 'idioma' },
  servicios: { label: 'Servicios', resource: 'servicios' },
  tiposdeoral: { label: 'Tipos de oral', resource: 'tiposdeoral' },
  tiposdefantasiasyfetiches: { label: 'Fantasías y fetiches', resource: 'tiposdefantasiasyfetiches' },
  tiposdemasajes: { label: 'Masajes', resource: 'tiposdemasajes' },
  serviciosvirtuales: { label: 'Servicios virtuales', resource: 'serviciosvirtuales' },
} as const;
export const SERVICE_KEYS = [
  'servicios',
  'tiposdeoral',
  'tiposdefantasiasyfetiches',
  'tiposdemasajes',
  'serviciosvirtuales',
] as const;

export const profileSchema = v.object({
  nombre_publico: text('El nombre público', 80),
  descripcion: optionalText('La descripción', 3000),
  ...(Object.fromEntries(Object.entries(PROFILE_REFS).map(([k, f]) => [k, optionalId(f.label)])) as Record<
    keyof typeof PROFILE_REFS,
    ReturnType<typeof optionalId>
  >),
  idiomas: ids(),
  redes: v.optional(
    v.pipe(
      v.array(v.object({ red_id: id('La red'), usuario: text('El usuario', 120) }), MSG.invalid),
      v.maxLength(20, MSG.invalid),
    ),
    [],
  ),
  /** The version the form read (decision 0251): a stale one is a 409. */
  version: editVersion(),
});

export const physicalSchema = v.object({
  ...(Object.fromEntries(Object.entries(PHYSICAL_REFS).map(([k, f]) => [k, optionalId(f.label)])) as Record<
    keyof typeof PHYSICAL_REFS,
    ReturnType<typeof optionalId>
  >),
  estatura_cm: v.optional(v.nullable(int('La estatura (cm)', 100, 250)), null),
  peso_kg: v.optional(v.nullable(int('El peso (kg)', 30, 250)), null),
  /** The version the form read (decision 0251): a stale one is a 409. */
  version: editVersion(),
});

export const servicesSchema = v.object({
  ...(Object.fromEntries(SERVICE_KEYS.map((k) => [k, ids(100)])) as Record<
    (typeof SERVICE_KEYS)[number],
    ReturnType<typeof ids>
  >),
  /** The version the form read (decision 0251): a stale one is a 409. */
  version: editVersion(),
});

export const locationsSchema = v.object({
  ubicaciones: v.pipe(
    v.array(
      v.object({
        pais_id: id('El país'),
        departamento_id: optionalId('El departamento'),
        ciudad_id: optionalId('La ciudad'),
        zona: optionalText('La zona', 120),
      }),
      MSG.invalid,
    ),
    v.maxLength(10, 'Puedes registrar hasta 10 ubicaciones'),
  ),
  /** The version the form read (decision 0251): a stale one is a 409. */
  version: editVersion(),
});

export const GALLERY_MAX = 20;
export const IDENTITY_DOCS = ['frente', 'respaldo', 'selfie'] as const;
export const IDENTITY_DOC_LABELS: Record<(typeof IDENTITY_DOCS)[number], string> = {
  frente: 'Documento (frente)',
  respaldo: 'Documento (respaldo)',
  selfie: 'Selfie con el documento',
};

/** Last four characters visible, the rest masked (decision 0343, SECURITY row 28). */
export const mask = (value: string | null | undefined) =>
  value ? `${'•'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}` : (value ?? null);
