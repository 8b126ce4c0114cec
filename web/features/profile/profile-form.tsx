// 'Perfil': public name, description, the single-choice catalogues, languages and networks.
import { useEffect } from 'react';
import { MSG } from '@shared/messages';
import { PROFILE_REFS, profileSchema } from '@shared/schemas/profile';
import { TextareaField } from '@/components/form/textarea-field';
import { TextField } from '@/components/form/text-field';
import { useApiForm } from '@/lib/use-api-form';
import { idOrNull, idText, textOrNull } from '@/features/profile/form-ids';
import type { ProfileData, SectionProps } from '@/features/profile/profile-api';
import { useSectionConflict } from '@/features/profile/section-conflict';
import type { ComparedField } from '@/components/form/conflict-banner';
import { cachedLabels } from '@/lib/lookups';
import { RefMulti } from '@/features/profile/ref-multi';
import { RefSelect } from '@/features/profile/ref-select';
import { SaveButton } from '@/features/profile/save-button';
import { type SocialRow, SocialRows } from '@/features/profile/social-rows';
import { PROFILE_SECTIONS } from '@/features/profile/profile-api';

type RefKey = keyof typeof PROFILE_REFS;
type Values = { nombre_publico: string; descripcion: string; idiomas: number[]; redes: SocialRow[] } & Record<
  RefKey,
  string
>;
const REF_KEYS = Object.keys(PROFILE_REFS) as RefKey[];

const valuesOf = (data: ProfileData): Values => {
  const p = data.perfil;
  return {
    nombre_publico: p.nombre_publico ?? '',
    descripcion: p.descripcion ?? '',
    idiomas: p.idiomas ?? [],
    redes: (p.redes ?? []).map((r) => ({ red_id: String(r.red_id), usuario: r.usuario })),
    ...(Object.fromEntries(REF_KEYS.map((k) => [k, idText(p[k])])) as Record<RefKey, string>),
  };
};

/** The section's fields as the conflict banner compares them. */
const COMPARED: ComparedField[] = [
  { name: 'nombre_publico', label: 'Nombre público' },
  { name: 'descripcion', label: 'Descripción' },
  { name: 'idiomas', label: 'Idiomas', format: cachedLabels('idioma') },
  ...REF_KEYS.map((k) => ({
    name: k,
    label: PROFILE_REFS[k].label,
    format: cachedLabels(PROFILE_REFS[k].resource),
  })),
  {
    name: 'redes',
    label: 'Redes sociales',
    format: (rows) =>
      ((rows ?? []) as SocialRow[]).map((r) => `${cachedLabels('redes')(r.red_id)}: ${r.usuario}`).join(', '),
  },
];

export function ProfileForm({ data, onSaved, missing }: SectionProps) {
  const conflict = useSectionConflict(data, valuesOf, onSaved);
  const form = useApiForm({
    defaultValues: valuesOf(data),
    schema: profileSchema,
    toBody: (values: Values) => ({
      nombre_publico: values.nombre_publico,
      descripcion: textOrNull(values.descripcion),
      idiomas: values.idiomas,
      redes: values.redes.map((r) => ({ red_id: idOrNull(r.red_id) ?? undefined, usuario: r.usuario })),
      ...Object.fromEntries(REF_KEYS.map((k) => [k, idOrNull(values[k])])),
      // The version this form read (decision 0251): saved meanwhile elsewhere → 409 naming who.
      version: conflict.version,
    }),
    send: PROFILE_SECTIONS.perfil,
    success: MSG.updated,
    invalidates: ['/general/perfil'],
    errors: conflict.errors,
    onSaved: () => {
      conflict.clear();
      onSaved();
    },
  });
  const { values, errors, set, setErrors, field } = form;
  const saving = form.busy;
  // 'Enviar a revisión' refused for missing fields: their messages under the fields.
  useEffect(() => {
    if (missing && Object.keys(missing).length) setErrors(missing);
  }, [missing, setErrors]);

  return (
    <form noValidate onSubmit={form.onSubmit} className="grid gap-6" aria-label="Perfil">
      {conflict.banner(form, COMPARED)}
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Nombre público"
          required
          maxLength={80}
          {...field('nombre_publico')}
          disabled={saving}
        />
        <RefMulti label="Idiomas" resource="idioma" {...field('idiomas')} disabled={saving} />
        <TextareaField
          label="Descripción"
          className="md:col-span-2"
          rows={4}
          maxLength={3000}
          {...field('descripcion')}
          disabled={saving}
        />
        {REF_KEYS.map((k) => (
          <RefSelect
            key={k}
            label={PROFILE_REFS[k].label}
            resource={PROFILE_REFS[k].resource}
            value={values[k]}
            onValueChange={(v) => set(k, v)}
            error={errors[k]}
            disabled={saving}
          />
        ))}
      </div>
      <SocialRows
        rows={values.redes}
        onChange={(rows) => set('redes', rows)}
        errors={errors}
        disabled={saving}
      />
      <SaveButton saving={saving} />
    </form>
  );
}
