// 'Servicios': the five service catalogues, each a chip picker.
import { PROFILE_MULTI, SERVICE_KEYS, servicesSchema } from '@shared/schemas/profile';
import type { FormEvent } from 'react';
import { useForm } from '@/lib/use-form';
import type { SectionProps } from '@/features/profile/profile-api';
import { RefMulti } from '@/features/profile/ref-multi';
import { SaveButton } from '@/features/profile/save-button';
import { useSave } from '@/features/profile/use-save';

type Values = Record<(typeof SERVICE_KEYS)[number], number[]>;

export function ServicesForm({ data, onSaved }: SectionProps) {
  const { values, errors, set, setErrors, validate } = useForm<Values>(Object.fromEntries(SERVICE_KEYS.map((k) => [k, data.servicios[k] ?? []])) as Values);
  const { saving, save } = useSave(onSaved, setErrors);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = validate(servicesSchema, values);
    if (body) void save('servicios', body);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-label="Servicios">
      <div className="grid gap-4 md:grid-cols-2">
        {SERVICE_KEYS.map((k) => (
          <RefMulti key={k} label={PROFILE_MULTI[k].label} resource={PROFILE_MULTI[k].resource} value={values[k]} onValueChange={(v) => set(k, v)} error={errors[k]} disabled={saving} />
        ))}
      </div>
      <SaveButton saving={saving} />
    </form>
  );
}
