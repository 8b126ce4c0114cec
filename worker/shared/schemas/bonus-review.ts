// Money-out settings, manual adjustments and close with review (decisions 0220–0223):
// the request bodies the API validates and the forms that build them. Money travels in integer
// COP cents; the forms show pesos (MoneyField) and send cents.
import * as v from 'valibot';
import { MSG } from '../messages';
import { bool, editVersion, int, optionalText, text } from './fields';

/** The highest minimum payout and the largest single adjustment: $ 100.000.000. */
export const MAX_PESOS = 100_000_000;
const MAX_CENTS = MAX_PESOS * 100;

const RANGE_MINIMO = `El pago mínimo debe estar entre $ 0 y $ 100.000.000`;
const RANGE_MONTO = `El monto debe estar entre $ 1 y $ 100.000.000`;
export const WHOLE_PESOS = 'El valor debe ser en pesos enteros';
export const MONTO_CERO = 'El monto del ajuste no puede ser cero';

/** Integer cents (also numeric strings), whole pesos. */
const cents = (label: string) =>
  v.pipe(
    v.union(
      [
        v.number(MSG.numeric(label)),
        v.pipe(v.string(MSG.numeric(label)), v.regex(/^-?\d+$/, MSG.numeric(label)), v.transform(Number)),
      ],
      MSG.numeric(label),
    ),
    v.number(MSG.numeric(label)),
    v.integer(MSG.numeric(label)),
    v.check((n) => n % 100 === 0, WHOLE_PESOS),
  );

/** PUT /bonos/parametros: the minimum payout in cents and the close-with-review switch. */
export const bonusSettingsSchema = v.object({
  minimo_pago: v.pipe(
    cents('El pago mínimo'),
    v.minValue(0, RANGE_MINIMO),
    v.maxValue(MAX_CENTS, RANGE_MINIMO),
  ),
  aprobacion_cierre: bool(),
  version: editVersion(),
});

/** POST /bonos/ciclos/:id/ajustes: a credit (positive) or debit (negative) in cents on a member's row. */
export const adjustmentSchema = v.object({
  usuario: text('El usuario', 60),
  monto: v.pipe(
    cents('El monto'),
    v.check((n) => n !== 0, MONTO_CERO),
    v.check((n) => Math.abs(n) <= MAX_CENTS, RANGE_MONTO),
  ),
  motivo: v.pipe(
    text('El motivo', 500),
    v.check((s) => s.length === 0 || s.length >= 5, 'El motivo debe tener al menos 5 caracteres'),
  ),
});

/** POST /bonos/ajustes/:id/aprobar: an optional comment and the version the screen read. */
export const approveSchema = v.object({
  comentario: optionalText('El comentario', 500),
  version: editVersion(),
});

/** POST /bonos/ajustes/:id/rechazar: the reason is required. */
export const rejectSchema = v.object({
  comentario: text('El comentario', 500),
  version: editVersion(),
});

/** GET /bonos/ciclos/:id/comparacion: how many of the largest changes per member. */
export const comparisonQuerySchema = v.object({
  top: v.optional(int('La cantidad', 1, 100), 10),
});
