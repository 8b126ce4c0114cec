// Bodies of Configuración → Tributario (decisions 0431, 0437): the issuer and the DIAN numbering
// resolutions. The form and the route validate with these.
import * as v from 'valibot';
import { INVOICE_MSG } from '../invoicing';
import { MSG } from '../messages';
import { isValidNit, NIT_MESSAGE } from '../nit';
import { email, int, optionalText, text } from './fields';

const date = () => v.pipe(v.string(MSG.required), v.trim(), v.regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalid));

/** DIAN tax regime codes. */
export const TAX_REGIMES = [
  { value: '48', label: '48 · Responsable de IVA' },
  { value: '49', label: '49 · No responsable de IVA' },
] as const;

export const issuerSchema = v.pipe(
  v.object({
    nit: v.pipe(
      text('El NIT', 12),
      v.regex(/^\d{5,12}$/, 'El NIT debe tener solo dígitos, sin el de verificación'),
    ),
    dv: v.pipe(text('El dígito de verificación', 1), v.regex(/^\d$/, MSG.invalid)),
    razon_social: text('La razón social', 200),
    regimen: v.picklist(
      TAX_REGIMES.map((r) => r.value),
      MSG.invalid,
    ),
    responsabilidades: v.pipe(
      text('Las responsabilidades', 100),
      v.regex(
        /^[A-Z0-9-]+(;[A-Z0-9-]+)*$/,
        'Responsabilidades como en el RUT, separadas por «;» (p. ej. O-13;O-15 o R-99-PN)',
      ),
    ),
    direccion: text('La dirección', 200),
    municipio_dane: v.pipe(
      text('El código DANE', 5),
      v.regex(/^\d{5}$/, 'El código DANE del municipio tiene 5 dígitos'),
    ),
    email: email(),
    telefono: optionalText('El teléfono', 30),
  }),
  v.forward(
    v.check((b) => isValidNit(`${b.nit}-${b.dv}`), NIT_MESSAGE),
    ['dv'],
  ),
);
export type IssuerBody = v.InferOutput<typeof issuerSchema>;

export const resolutionSchema = v.pipe(
  v.object({
    numero: v.pipe(
      text('El número de resolución', 30),
      v.regex(/^\d{5,30}$/, 'El número de resolución tiene solo dígitos'),
    ),
    prefijo: v.pipe(
      text('El prefijo', 4),
      v.toUpperCase(),
      v.regex(/^[A-Z0-9]{1,4}$/, 'El prefijo tiene de 1 a 4 letras o dígitos'),
    ),
    desde: int('El número inicial', 1, 9_999_999_999),
    hasta: int('El número final', 1, 9_999_999_999),
    vigente_desde: date(),
    vigente_hasta: date(),
    proveedor_rango_id: v.optional(v.nullable(int('El rango del proveedor', 1)), null),
  }),
  v.forward(
    v.check((b) => b.hasta >= b.desde, INVOICE_MSG.rangeOrder),
    ['hasta'],
  ),
  v.forward(
    v.check((b) => b.vigente_hasta >= b.vigente_desde, INVOICE_MSG.dateOrder),
    ['vigente_hasta'],
  ),
);
export type ResolutionBody = v.InferOutput<typeof resolutionSchema>;

/** The accountant's export: a period of Bogotá dates. */
export const periodSchema = v.object({ desde: date(), hasta: date() });
