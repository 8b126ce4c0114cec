// Form state for a registry entry on the one form pattern (lib/use-api-form.ts): values from the
// record, the shared schema on the request body (toPayload), a required field left empty reads
// 'Este campo es requerido', a change clears the field's message and empties its dependants.
import { MSG } from '@shared/messages';
import type { FieldDef } from '@shared/resource-types';
import { useCallback, useMemo, useState } from 'react';
import type * as v from 'valibot';
import { type FormValues, initialValues, isEmpty, toPayload } from '@/components/form/form-values';
import { useApiForm } from '@/lib/use-api-form';
import type { WriteOptions } from '@/lib/mutation';

type AutoFormOptions<S extends v.GenericSchema, R> = Omit<
  WriteOptions<v.InferOutput<S>, R>,
  'onFieldErrors'
> & {
  /** Body keys outside the fields (a role's permissions, a new user's password). */
  extra?: () => FormValues;
};

export function useAutoForm<S extends v.GenericSchema, R>(
  fields: FieldDef[],
  schema: S,
  record: FormValues | undefined,
  opts: AutoFormOptions<S, R>,
) {
  const start = useMemo(() => initialValues(fields, record), [fields, record]);
  const { extra } = opts;
  // `send` gets the schema's output: the typed body of the entry's route.
  const form = useApiForm<FormValues, S, R>({
    ...opts,
    defaultValues: start,
    schema,
    toBody: (values) => ({ ...toPayload(fields, values), ...extra?.() }),
    adjust: (errors, values) => {
      const out = { ...errors };
      for (const f of fields) if (f.required && isEmpty(values[f.name])) out[f.name] = MSG.required;
      return out;
    },
  });
  // A (re)loaded record replaces what the form shows.
  const [source, setSource] = useState(start);
  if (source !== start) {
    setSource(start);
    form.setValues(start);
  }

  const { rhf } = form;
  const change = useCallback(
    (name: string, value: unknown) => {
      rhf.setValue(name, value);
      rhf.clearErrors(name);
      for (const f of fields) if (f.dependsOn?.field === name) rhf.setValue(f.name, '');
    },
    [fields, rhf],
  );

  return {
    values: form.values,
    errors: form.errors,
    setErrors: form.setErrors,
    clearError: (name: string) => rhf.clearErrors(name),
    change,
    onSubmit: form.onSubmit,
    busy: form.busy,
  };
}
