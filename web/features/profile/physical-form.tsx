// 'Descripción física': the physical catalogues, height and weight.
import { MSG } from '@shared/messages';
import { PHYSICAL_REFS, physicalSchema } from '@shared/schemas/profile';
import { TextField } from '@/components/form/text-field';
import { useApiForm } from '@/lib/use-api-form';
import { idOrNull, idText } from '@/features/profile/form-ids';
import type { ProfileData, SectionProps } from '@/features/profile/profile-api';
import { useSectionConflict } from '@/features/profile/section-conflict';
import type { ComparedField } from '@/components/form/conflict-banner';
import { cachedLabels } from '@/lib/lookups';
import { RefSelect } from '@/features/profile/ref-select';
import { SaveButton } from '@/features/profile/save-button';
import { PROFILE_SECTIONS } from '@/features/profile/profile-api';

type RefKey = keyof typeof PHYSICAL_REFS;
type Values = Record<RefKey | 'estatura_cm' | 'peso_kg', string>;
const REF_KEYS = Object.keys(PHYSICAL_REFS) as RefKey[];
const valuesOf = (data: ProfileData) =>
  Object.fromEntries(
    [...REF_KEYS, 'estatura_cm' as const, 'peso_kg' as const].map((k) => [k, idText(data.fisica[k])]),
  ) as Values;
const COMPARED: ComparedField[] = [
  ...REF_KEYS.map((k) => ({
    name: k,
    label: PHYSICAL_REFS[k].label,
    format: cachedLabels(PHYSICAL_REFS[k].resource),
  })),
  { name: 'estatura_cm', label: 'Estatura (cm)' },
  { name: 'peso_kg', label: 'Peso (kg)' },
];

export function PhysicalForm({ data, onSaved }: SectionProps) {
  const conflict = useSectionConflict(data, valuesOf, onSaved);
  const form = useApiForm({
    defaultValues: valuesOf(data),
    schema: physicalSchema,
    toBody: (values: Values) => ({
      ...Object.fromEntries(REF_KEYS.map((k) => [k, idOrNull(values[k])])),
      estatura_cm: values.estatura_cm.trim() || null,
      peso_kg: values.peso_kg.trim() || null,
      // The version this form read (decision 0251): saved meanwhile elsewhere → 409 naming who.
      version: conflict.version,
    }),
    send: PROFILE_SECTIONS.fisica,
    success: MSG.updated,
    invalidates: ['/general/perfil'],
    errors: conflict.errors,
    onSaved: () => {
      conflict.clear();
      onSaved();
    },
  });
  const { values, errors, set, field } = form;
  const saving = form.busy;

  return (
    <form noValidate onSubmit={form.onSubmit} className="grid gap-6" aria-label="Descripción física">
      {conflict.banner(form, COMPARED)}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {REF_KEYS.map((k) => (
          <RefSelect
            key={k}
            label={PHYSICAL_REFS[k].label}
            resource={PHYSICAL_REFS[k].resource}
            value={values[k]}
            onValueChange={(v) => set(k, v)}
            error={errors[k]}
            disabled={saving}
          />
        ))}
        <TextField
          label="Estatura (cm)"
          type="number"
          inputMode="numeric"
          min={100}
          max={250}
          step={1}
          {...field('estatura_cm')}
          disabled={saving}
        />
        <TextField
          label="Peso (kg)"
          type="number"
          inputMode="numeric"
          min={30}
          max={250}
          step={1}
          {...field('peso_kg')}
          disabled={saving}
        />
      </div>
      <SaveButton saving={saving} />
    </form>
  );
}
