// 'Servicios': the five service catalogues, each a chip picker.
import { MSG } from '@shared/messages';
import { PROFILE_MULTI, SERVICE_KEYS, servicesSchema } from '@shared/schemas/profile';
import { useApiForm } from '@/lib/use-api-form';
import type { ProfileData, SectionProps } from '@/features/profile/profile-api';
import { useSectionConflict } from '@/features/profile/section-conflict';
import type { ComparedField } from '@/components/form/conflict-banner';
import { cachedLabels } from '@/lib/lookups';
import { RefMulti } from '@/features/profile/ref-multi';
import { SaveButton } from '@/features/profile/save-button';
import { PROFILE_SECTIONS } from '@/features/profile/profile-api';

type Values = Record<(typeof SERVICE_KEYS)[number], number[]>;
const valuesOf = (data: ProfileData) =>
  Object.fromEntries(SERVICE_KEYS.map((k) => [k, data.servicios[k] ?? []])) as Values;
const COMPARED: ComparedField[] = SERVICE_KEYS.map((k) => ({
  name: k,
  label: PROFILE_MULTI[k].label,
  format: cachedLabels(PROFILE_MULTI[k].resource),
}));

export function ServicesForm({ data, onSaved }: SectionProps) {
  const conflict = useSectionConflict(data, valuesOf, onSaved);
  const form = useApiForm({
    defaultValues: valuesOf(data),
    schema: servicesSchema,
    // The version this form read (decision 0251): saved meanwhile elsewhere → 409 naming who.
    toBody: (values: Values) => ({ ...values, version: conflict.version }),
    send: PROFILE_SECTIONS.servicios,
    success: MSG.updated,
    invalidates: ['/general/perfil'],
    errors: conflict.errors,
    onSaved: () => {
      conflict.clear();
      onSaved();
    },
  });
  const { values, errors, set } = form;
  const saving = form.busy;

  return (
    <form noValidate onSubmit={form.onSubmit} className="grid gap-6" aria-label="Servicios">
      {conflict.banner(form, COMPARED)}
      <div className="grid gap-4 md:grid-cols-2">
        {SERVICE_KEYS.map((k) => (
          <RefMulti
            key={k}
            label={PROFILE_MULTI[k].label}
            resource={PROFILE_MULTI[k].resource}
            value={values[k]}
            onValueChange={(v) => set(k, v)}
            error={errors[k]}
            disabled={saving}
          />
        ))}
      </div>
      <SaveButton saving={saving} />
    </form>
  );
}
