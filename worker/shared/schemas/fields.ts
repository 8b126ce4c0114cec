// Field builders: every form field and request body is built from these, so the server and the
// forms show the same Spanish messages (docs/product-spec.md §5).
import * as v from 'valibot';
import { MSG } from '../messages';

export const text = (label: string, max = 200) =>
  v.pipe(
    v.string(MSG.required),
    v.trim(),
    v.nonEmpty(MSG.required),
    v.maxLength(max, MSG.maxLength(label, max)),
  );

export const optionalText = (label: string, max = 2000) =>
  v.optional(
    v.nullable(v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(max, MSG.maxLength(label, max)))),
    null,
  );

export const email = () =>
  v.pipe(
    v.string(MSG.required),
    v.trim(),
    v.nonEmpty(MSG.required),
    v.maxLength(254, MSG.maxLength('El correo', 254)),
    v.email(MSG.invalid),
    v.toLowerCase(),
  );

export const password = (label = 'La contraseña') =>
  v.pipe(
    v.string(MSG.required),
    v.nonEmpty(MSG.required),
    v.minLength(8, MSG.lengthBetween(label, 8, 128)),
    v.maxLength(128, MSG.lengthBetween(label, 8, 128)),
  );

/**
 * A positive integer id; accepts numeric strings from forms and query strings. Anything else says
 * what is wrong: not a number → '{label} debe ser numerico', zero or negative → 'El campo es inválido'.
 */
export const id = (label = 'El campo') =>
  v.pipe(
    v.union([v.number(), v.string()], MSG.numeric(label)),
    v.check((x) => x !== '', MSG.required),
    v.transform((x) => (typeof x === 'string' ? (/^\d+$/.test(x) ? Number(x) : Number.NaN) : x)),
    v.number(MSG.numeric(label)),
    v.integer(MSG.numeric(label)),
    v.minValue(1, MSG.invalid),
    v.maxValue(Number.MAX_SAFE_INTEGER, MSG.invalid),
  );

/** The most ids one labels read (`autocomplete?ids=`) takes. */
export const IDS_MAX = 200;

/**
 * A comma-separated list of ids from a query string ("3,7,12"): at least one, at most IDS_MAX,
 * repeated ids taken once.
 */
export const idList = v.pipe(
  v.string(MSG.invalid),
  v.regex(/^\d+(,\d+)*$/, MSG.invalid),
  v.transform((x) => [...new Set(x.split(',').map(Number))]),
  v.check((ids) => ids.every((n) => n >= 1 && n <= Number.MAX_SAFE_INTEGER), MSG.invalid),
  v.check((ids) => ids.length <= IDS_MAX, `Pide como máximo ${IDS_MAX} registros a la vez.`),
);

export const optionalId = (label = 'El campo') => v.optional(v.nullable(id(label)), null);

export const int = (label: string, min = 0, max = 1_000_000_000) =>
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
    v.minValue(min, MSG.min(label, min)),
    v.maxValue(max, MSG.max(label, max)),
  );

export const bool = () =>
  v.union(
    [
      v.boolean(MSG.invalid),
      v.pipe(
        v.picklist(['true', 'false', '1', '0'], MSG.invalid),
        v.transform((s) => s === 'true' || s === '1'),
      ),
    ],
    MSG.invalid,
  );

export type Issues = Record<string, string[]>;

/**
 * A schema written without its own message falls back to valibot's English default ("Invalid
 * type: Expected … but received …"), which also echoes the input. Such an issue reads in Spanish
 * by its kind instead, without the input; a schema's own message is kept as written.
 */
function spanishIssue(issue: v.BaseIssue<unknown>): string {
  if (!issue.message.startsWith('Invalid ')) return issue.message;
  const req = (issue as { requirement?: unknown }).requirement;
  switch (issue.type) {
    case 'min_value':
      return MSG.min('El valor', String(req));
    case 'max_value':
      return MSG.max('El valor', String(req));
    case 'min_length':
      return MSG.minLength('El valor', Number(req));
    case 'max_length':
      return MSG.maxLength('El valor', Number(req));
    case 'integer':
      return 'El valor debe ser un número entero';
    case 'number':
      return MSG.numeric('El valor');
    case 'picklist':
    case 'enum':
    case 'literal':
    case 'union':
    case 'variant':
      return 'El valor no es una de las opciones permitidas';
    default:
      return MSG.invalid;
  }
}

/** Flattens valibot issues into `{field: [messages]}` for 422 bodies and form errors. */
export function issuesByField(issues: readonly v.BaseIssue<unknown>[]): Issues {
  const out: Issues = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    // A missing key is reported by its object schema in English; it reads as a required field.
    const message =
      issue.kind === 'schema' && issue.received === 'undefined' && /object/.test(issue.type)
        ? MSG.required
        : spanishIssue(issue);
    const messages = (out[key] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return out;
}

/** The edit counter a form read (decision 0251): an edit naming an older one is refused with 409. */
export const editVersion = () =>
  v.optional(v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1, MSG.invalid)));
