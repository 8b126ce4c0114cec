// The one form pattern of the private screens (docs/decisions/0042-web-data-layer.md):
// react-hook-form validated by @hookform/resolvers/valibot with the very schema the server
// parses the body with (worker/shared/schemas), and one write path (useWrite) that toasts as
// docs/product-spec.md §8 says and puts the server's 409/422 messages under the fields. The screen
// renders a native <form onSubmit={form.onSubmit}> with a submit button, so Enter submits.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { MSG } from '@shared/messages';
import { type FormEvent, useCallback, useMemo } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  useForm,
} from 'react-hook-form';
import type * as v from 'valibot';
import { fieldBinder, type FormErrors } from '@/lib/form-errors';
import { useWrite, type WriteOptions } from '@/lib/mutation';
import { isEdited, useLeaveGuard } from '@/lib/use-leave-guard';

export type { FormErrors };

/** Like the server's issuesByField: a missing key reads as a required field, not valibot's English. */
const schemaOptions = {
  message: (issue: v.BaseIssue<unknown>) =>
    issue.kind === 'schema' && issue.received === 'undefined' && /object/.test(issue.type)
      ? MSG.required
      : MSG.invalid,
};

/** RHF nests errors by path; the screens read them flat, as `{ 'redes.0.usuario': message }`. */
function flatten(errors: FieldErrors, prefix = ''): FormErrors {
  const out: FormErrors = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { message?: unknown }).message === 'string')
      out[path] = (value as { message: string }).message;
    else Object.assign(out, flatten(value as FieldErrors, path));
  }
  return out;
}

type ApiFormOptions<V extends FieldValues, S extends v.GenericSchema, R> = Omit<
  WriteOptions<v.InferOutput<S>, R>,
  'onFieldErrors'
> & {
  defaultValues: V;
  schema: S;
  /** What the schema validates: the inputs turned into the request body (ids as numbers, blanks as null). */
  toBody?: (values: V) => FieldValues;
  /** Checks on the raw inputs before the schema runs (e.g. an empty number input); messages by field. */
  precheck?: (values: V) => FormErrors;
  /** Last word on the schema's messages (e.g. the registry form's 'required' for an empty field). */
  adjust?: (errors: FormErrors, values: V) => FormErrors;
  /** Checks the schema cannot make (they depend on other state); messages by field. */
  check?: (body: v.InferOutput<S>, values: V) => FormErrors;
};

export function useApiForm<V extends FieldValues, S extends v.GenericSchema, R = unknown>(
  opts: ApiFormOptions<V, S, R>,
) {
  const { schema, toBody, precheck, adjust, check } = opts;
  const resolver = useMemo<Resolver<V>>(() => {
    // The schema checks whatever the inputs make (a blank required field included): its input is
    // any object here, its output the typed body `send` gets.
    const base = valibotResolver(schema as v.GenericSchema<FieldValues, v.InferOutput<S>>, schemaOptions);
    const asErrors = (found: FormErrors) =>
      Object.fromEntries(
        Object.entries(found).map(([k, message]) => [k, { type: 'check', message }]),
      ) as FieldErrors<V>;
    return async (values, context, options) => {
      const early = precheck?.(values) ?? {};
      if (Object.keys(early).length) return { values: {}, errors: asErrors(early) };
      // The schema checks the body, not the inputs: RHF's field names do not apply to it.
      const { criteriaMode, fields, shouldUseNativeValidation } = options;
      const body = toBody ? toBody(values) : values;
      const res = await base(body, context, { criteriaMode, fields, shouldUseNativeValidation });
      if (adjust) {
        const found = adjust(flatten(res.errors as FieldErrors), values);
        if (Object.keys(found).length) return { values: {}, errors: asErrors(found) };
      } else if (Object.keys(res.errors).length) return { values: {}, errors: res.errors as FieldErrors<V> };
      const extra = check?.(res.values as v.InferOutput<S>, values) ?? {};
      if (Object.keys(extra).length) return { values: {}, errors: asErrors(extra) };
      return { values: res.values as V, errors: {} };
    };
  }, [schema, toBody, precheck, adjust, check]);

  // Validation runs on submit only; typing in a field clears its message (as the screens always did).
  const rhf = useForm<V>({
    defaultValues: opts.defaultValues as DefaultValues<V>,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { setValue, clearErrors, setError, reset, handleSubmit } = rhf;
  const values = rhf.watch();
  const errors = flatten(rhf.formState.errors);

  const setErrors = useCallback(
    (found: FormErrors) => {
      clearErrors();
      for (const [name, message] of Object.entries(found))
        if (message) setError(name as Path<V>, { type: 'server', message });
    },
    [clearErrors, setError],
  );
  // Unsaved typing is never lost silently: leaving asks first (web/components/form/leave-guard.tsx).
  // A successful save makes the sent values the form's clean state before the screen's onSaved runs.
  const { release } = useLeaveGuard(isEdited(values, rhf.formState.defaultValues));
  const { onSaved } = opts;
  const saved = useCallback(
    (res: R, vars: v.InferOutput<S>) => {
      release();
      reset(rhf.getValues());
      onSaved?.(res, vars);
    },
    [release, reset, rhf, onSaved],
  );
  const write = useWrite<v.InferOutput<S>, R>({ ...opts, onSaved: saved, onFieldErrors: setErrors });

  const set = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      setValue(name as unknown as Path<V>, value as PathValue<V, Path<V>>);
      clearErrors(name as unknown as Path<V>);
    },
    [setValue, clearErrors],
  );
  const setValues = useCallback((next: V) => reset(next), [reset]);
  /** Clears one message by its path, which may be a body path the inputs do not have (`opciones.0.fecha`). */
  const clearError = useCallback((path: string) => clearErrors(path as Path<V>), [clearErrors]);
  const { run } = write;
  const onSubmit = useCallback(
    (e?: FormEvent) => handleSubmit((body) => void run(body as v.InferOutput<S>))(e),
    [handleSubmit, run],
  );

  const field = fieldBinder(values as V, errors, set);

  return { values, errors, set, field, setValues, setErrors, clearError, onSubmit, busy: write.busy, rhf };
}
