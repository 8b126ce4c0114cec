// Form state for a registry entry: values from the record, changes that clear the field's
// message and any field depending on it, validation with the shared schema.
import type { FieldDef } from '@shared/resource-types';
import { useCallback, useMemo, useState } from 'react';
import type * as v from 'valibot';
import { type FormValues, initialValues, validateValues } from '@/components/form/form-values';

export function useAutoForm(fields: FieldDef[], schema: v.GenericSchema, record?: FormValues) {
  const start = useMemo(() => initialValues(fields, record), [fields, record]);
  const [values, setValues] = useState<FormValues>(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [source, setSource] = useState(start);
  // A (re)loaded record replaces what the form shows.
  if (source !== start) {
    setSource(start);
    setValues(start);
    setErrors({});
  }

  const change = useCallback(
    (name: string, value: unknown) => {
      const dependants = fields.filter((f) => f.dependsOn?.field === name).map((f) => f.name);
      setValues((prev) => ({ ...prev, [name]: value, ...Object.fromEntries(dependants.map((d) => [d, ''])) }));
      setErrors((prev) => {
        if (!(name in prev)) return prev;
        const next = { ...prev };
        delete next[name];
        return next;
      });
    },
    [fields],
  );

  /** The body to send, or null after showing the messages under the fields. */
  const validate = useCallback(
    (extra?: FormValues) => {
      const { output, errors: found } = validateValues(schema, fields, values, extra);
      setErrors(found);
      return output;
    },
    [schema, fields, values],
  );

  return { values, errors, setErrors, change, validate };
}
