import * as v from 'valibot';
import { MSG } from '../messages';

const codeField = v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(20, MSG.invalid));

/** The six digits that confirm an enrolment. */
export const totpConfirmSchema = v.object({
  code: v.pipe(
    v.string(MSG.required),
    v.trim(),
    v.nonEmpty(MSG.required),
    v.regex(/^\d{6}$/, MSG.totpCodeFormat),
  ),
});

/** Turning two-factor sign-in off asks for the password. */
export const totpDisableSchema = v.object({
  password: v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required), v.maxLength(128, MSG.invalid)),
});

/** The second step of a sign-in: the challenge from the first, and a code or a recovery code. */
export const loginTotpSchema = v.pipe(
  v.object({
    challenge: v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required), v.maxLength(100, MSG.invalid)),
    code: v.optional(v.nullable(codeField), null),
    recovery_code: v.optional(v.nullable(codeField), null),
  }),
  v.forward(
    v.check((b) => !!(b.code || b.recovery_code), MSG.required),
    ['code'],
  ),
);
