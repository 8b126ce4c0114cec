// The light form state of the prerendered /login bundle (login, forgot password): values,
// per-field messages, validation with the shared valibot schema. No react-hook-form here, to
// keep that first page small; every other form uses useApiForm (lib/use-api-form.ts).
import { issuesByField } from '@shared/schemas/fields';
import { useCallback, useState } from 'react';
import * as v from 'valibot';
import { fieldBinder, type FormErrors, firstMessages } from '@/lib/form-errors';

export function useLightForm<T extends Record<string, unknown>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FormErrors>({});

  const set = useCallback(<K extends keyof T>(name: K, value: T[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setErrors((prev) => {
      if (!(name in prev)) return prev;
      const next = { ...prev };
      delete next[name as string];
      return next;
    });
  }, []);

  /** Runs the schema; on failure shows the messages under the fields and returns null. */
  const validate = useCallback(
    <S extends v.GenericSchema>(schema: S, data: unknown = values): v.InferOutput<S> | null => {
      const result = v.safeParse(schema, data);
      if (result.success) {
        setErrors({});
        return result.output;
      }
      setErrors(firstMessages(issuesByField(result.issues)));
      return null;
    },
    [values],
  );

  const field = fieldBinder(values, errors, set);

  return { values, errors, set, field, setValues, setErrors, validate };
}
