// 'Descripción física': the physical catalogues, height and weight.
import { PHYSICAL_REFS, physicalSchema } from '@shared/schemas/profile';
import type { FormEvent } from 'react';
import { TextField } from '@/components/form/text-field';
import { useForm } from '@/lib/use-form';
import { idOrNull, idText } from '@/features/profile/form-ids';
import type { SectionProps } from '@/features/profile/profile-api';
import { RefSelect } from '@/features/profile/ref-select';
import { SaveButton } from '@/features/profile/save-button';
import { useSave } from '@/features/profile/use-save';

type RefKey = keyof typeof PHYSICAL_REFS;
type Values = Record<RefKey | 'estatura_cm' | 'peso_kg', string>;
const REF_KEYS = Object.keys(PHYSICAL_REFS) as RefKey[];

export function PhysicalForm({ data, onSaved }: SectionProps) {
  const { values, errors, set, setErrors, validate } = useForm<Values>(Object.fromEntries([...REF_KEYS, 'estatura_cm' as const, 'peso_kg' as const].map((k) => [k, idText(data.fisica[k])])) as Values);
  const { saving, save } = useSave(onSaved, setErrors);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = validate(physicalSchema, {
      ...Object.fromEntries(REF_KEYS.map((k) => [k, idOrNull(values[k])])),
      estatura_cm: values.estatura_cm.trim() || null,
      peso_kg: values.peso_kg.trim() || null,
    });
    if (body) void save('fisica', body);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-label="Descripción física">
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {REF_KEYS.map((k) => (
          <RefSelect key={k} label={PHYSICAL_REFS[k].label} resource={PHYSICAL_REFS[k].resource} value={values[k]} onValueChange={(v) => set(k, v)} error={errors[k]} disabled={saving} />
        ))}
        <TextField label="Estatura (cm)" type="number" inputMode="numeric" min={100} max={250} step={1} value={values.estatura_cm} onValueChange={(v) => set('estatura_cm', v)} error={errors.estatura_cm} disabled={saving} />
        <TextField label="Peso (kg)" type="number" inputMode="numeric" min={30} max={250} step={1} value={values.peso_kg} onValueChange={(v) => set('peso_kg', v)} error={errors.peso_kg} disabled={saving} />
      </div>
      <SaveButton saving={saving} />
    </form>
  );
}
