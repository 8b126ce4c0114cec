// Withholding settings, UVT values, person type, withdrawal requests (decisions 0445–0452).
import * as v from 'valibot';
import { isValidNit, NIT_MESSAGE } from '../nit';
import { MSG } from '../messages';
import { annulPurchaseSchema } from './shop';
import { PERSON_TYPES } from '../withholding';
import { editVersion, int, optionalText, text } from './fields';

const RATE_RANGE = 'La tarifa debe estar entre 0 % y 100 %';
export const UVT_RANGE = 'El valor de la UVT debe estar entre $ 1 y $ 1.000.000';
export const YEAR_RANGE = 'El año debe estar entre 2000 y 2100';

const rate = (label: string) =>
  v.pipe(int(label, 0, 10_000), v.minValue(0, RATE_RANGE), v.maxValue(10_000, RATE_RANGE));

const nit = () =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(MSG.invalid),
        v.trim(),
        v.check((s) => s === '' || isValidNit(s), NIT_MESSAGE),
      ),
    ),
    null,
  );

/** PUT /configuracion/tributario/retencion: rates in basis points, the threshold in UVT, the agent. */
export const withholdingSettingsSchema = v.object({
  tasa_natural: rate('La tarifa para personas naturales'),
  tasa_juridica: rate('La tarifa para personas jurídicas'),
  umbral_uvt: int('El umbral en UVT', 0, 1_000_000),
  fuente: text('La fuente', 500),
  agente_nit: nit(),
  agente_razon_social: optionalText('La razón social', 200),
  agente_direccion: optionalText('La dirección', 200),
  agente_ciudad: optionalText('La ciudad', 100),
  version: editVersion(),
});
export type WithholdingSettings = v.InferOutput<typeof withholdingSettingsSchema>;

/** PUT /configuracion/tributario/retencion/uvt/{anio}: the value in COP cents (whole pesos). */
export const uvtSchema = v.object({
  valor: v.pipe(
    int('El valor de la UVT', 100, 100_000_000),
    v.check((n) => n % 100 === 0, 'El valor debe ser en pesos enteros'),
  ),
  fuente: text('La fuente', 500),
  version: editVersion(),
});

/** The person type of a member's payment information: a company needs its NIT. */
export const personTypeFields = {
  tipo_persona: v.optional(
    v.picklist(
      PERSON_TYPES.map((t) => t.codigo),
      MSG.invalid,
    ),
    'NATURAL',
  ),
  nit: nit(),
};
export const NIT_REQUIRED = 'El NIT es requerido para una persona jurídica';

/** POST /miscompras/compras/{id}/retracto: the same required reason as an annulment. */
export const withdrawalSchema = annulPurchaseSchema;

/** GET /bonos/certificados/{anio} and the bulk run. */
export const yearParam = v.object({
  anio: v.pipe(
    v.string(),
    v.regex(/^\d{4}$/, YEAR_RANGE),
    v.transform(Number),
    v.minValue(2000, YEAR_RANGE),
    v.maxValue(2100, YEAR_RANGE),
  ),
});
export const monthQuery = v.object({
  mes: v.pipe(
    v.string(MSG.required),
    v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'El mes debe tener la forma AAAA-MM'),
  ),
});
