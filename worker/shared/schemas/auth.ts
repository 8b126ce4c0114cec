import * as v from 'valibot';
import { MSG } from '../messages';
import { email, id, optionalId, password, text } from './fields';
import { purposeCodes } from './privacy';

export const loginSchema = v.object({
  email: email(),
  password: v.pipe(
    v.string(MSG.required),
    v.nonEmpty(MSG.required),
    v.maxLength(128, MSG.lengthBetween('La contraseña', 8, 128)),
  ),
});

export const registerSchema = v.pipe(
  v.object({
    nombres: text('Los nombres', 100),
    apellidos: text('Los apellidos', 100),
    user_name: v.pipe(text('El nombre de usuario', 40), v.regex(/^[\p{L}\p{N}._-]{3,40}$/u, MSG.invalid)),
    email: email(),
    password: password(),
    confirmar_password: v.string(MSG.required),
    tipo_identificacion_id: id('El tipo de identificación'),
    numero_identificacion: v.pipe(
      text('El número de identificación', 20),
      v.regex(/^[0-9A-Za-z-]{3,20}$/, MSG.invalid),
    ),
    celular: v.pipe(text('El celular', 20), v.regex(/^\+?[0-9 ]{7,20}$/, MSG.invalid)),
    pais_id: id('El país'),
    departamento_id: optionalId('El departamento'),
    ciudad_id: optionalId('La ciudad'),
    nivel_educativo_id: optionalId('El nivel educativo'),
    terminos_id: id('Los términos y condiciones'),
    acepta_terminos: v.literal(true, MSG.termsRequired),
    /** The purposes of the notice in force he ticked; its mandatory ones are required (decision 0400). */
    autorizaciones: purposeCodes,
    referral_code: v.optional(
      v.nullable(v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(40, MSG.invalid))),
      null,
    ),
  }),
  v.forward(
    v.check((d) => d.password === d.confirmar_password, MSG.passwordMismatch),
    ['confirmar_password'],
  ),
);
export type RegisterInput = v.InferOutput<typeof registerSchema>;

export const emailOnlySchema = v.object({ email: email() });
export const tokenSchema = v.object({
  token: v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required), v.maxLength(200, MSG.invalid)),
});
export const resetPasswordSchema = v.pipe(
  v.object({
    token: v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required), v.maxLength(200, MSG.invalid)),
    password: password(),
    confirmar_password: v.string(MSG.required),
  }),
  v.forward(
    v.check((d) => d.password === d.confirmar_password, MSG.passwordMismatch),
    ['confirmar_password'],
  ),
);
export const changePasswordSchema = v.pipe(
  v.object({
    actual: v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required), v.maxLength(128, MSG.invalid)),
    password: password('La nueva contraseña'),
    confirmar_password: v.string(MSG.required),
  }),
  v.forward(
    v.check((d) => d.password === d.confirmar_password, MSG.passwordMismatch),
    ['confirmar_password'],
  ),
);
