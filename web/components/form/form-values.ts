// Between a registry record and the auto-form: the values each widget edits, the request body,
// and validation with the shared valibot schema (the same one the API runs).
import { MSG } from '@shared/messages';
import type { FieldDef } from '@shared/resource-types';
import { issuesByField } from '@shared/schemas/fields';
import * as v from 'valibot';
import type { FormErrors } from '@/lib/form-errors';

export type FormValues = Record<string, unknown>;

function initial(f: FieldDef, record?: FormValues): unknown {
  const value = record?.[f.name];
  switch (f.kind) {
    case 'bool':
      return value === undefined || value === null ? (f.defaultValue ?? true) : !!value;
    case 'money':
    case 'percent':
      return typeof value === 'number' ? value : null;
    case 'refs':
      return Array.isArray(value) ? value.map(Number) : [];
    default:
      return value === undefined || value === null ? '' : String(value);
  }
}

export function initialValues(fields: FieldDef[], record?: FormValues): FormValues {
  return Object.fromEntries(fields.map((f) => [f.name, initial(f, record)]));
}

export const isEmpty = (value: unknown) =>
  value === '' || value === null || value === undefined || (typeof value === 'string' && !value.trim());

/** The body to send: numbers as numbers; an empty value is left out, so the schema's default
 * (null, or '' for some) applies and a required one reads as missing. */
export function toPayload(fields: FieldDef[], values: FormValues): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    if (f.readOnly) continue;
    const value = values[f.name];
    if (f.kind === 'bool' || f.kind === 'refs') out[f.name] = value;
    else if (isEmpty(value)) out[f.name] = undefined;
    else if ((f.kind === 'int' || f.kind === 'ref') && /^-?\d+$/.test(String(value).trim()))
      out[f.name] = Number(value);
    else out[f.name] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/** Field messages for the values (plus `extra` body keys outside the fields), or none; a required field left empty reads 'Este campo es requerido'. */
export function validateValues(
  schema: v.GenericSchema,
  fields: FieldDef[],
  values: FormValues,
  extra: FormValues = {},
): { output: FormValues | null; errors: FormErrors } {
  const body = { ...toPayload(fields, values), ...extra };
  const result = v.safeParse(schema, body);
  const errors: FormErrors = {};
  if (!result.success)
    for (const [k, msgs] of Object.entries(issuesByField(result.issues))) errors[k] = msgs[0] ?? MSG.invalid;
  for (const f of fields) if (f.required && isEmpty(values[f.name])) errors[f.name] = MSG.required;
  return Object.keys(errors).length
    ? { output: null, errors }
    : { output: result.success ? (result.output as FormValues) : null, errors };
}
