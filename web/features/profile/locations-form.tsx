// 'Ubicaciones': where the member works; several rows of país / departamento / ciudad / zona.
import { MSG } from '@shared/messages';
import { locationsSchema } from '@shared/schemas/profile';
import { MapPinPlusIcon, Trash2Icon } from 'lucide-react';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { useApiForm } from '@/lib/use-api-form';
import { cachedLabels } from '@/lib/lookups';
import { idOrNull, idText, textOrNull } from '@/features/profile/form-ids';
import { type LocationValue, LocationFields } from '@/features/profile/location-fields';
import type { ProfileData, SectionProps } from '@/features/profile/profile-api';
import { useSectionConflict } from '@/features/profile/section-conflict';
import type { ComparedField } from '@/components/form/conflict-banner';
import { SaveButton } from '@/features/profile/save-button';
import { PROFILE_SECTIONS } from '@/features/profile/profile-api';

type Row = LocationValue & { zona: string };
const MAX = 10;
const empty = (): Row => ({ pais_id: '', departamento_id: '', ciudad_id: '', zona: '' });
const valuesOf = (data: ProfileData): { rows: Row[] } => ({
  rows: data.ubicaciones.map((u) => ({
    pais_id: idText(u.pais_id),
    departamento_id: idText(u.departamento_id),
    ciudad_id: idText(u.ciudad_id),
    zona: u.zona ?? '',
  })),
});
// Each place as country / department / city / zone, named from the options the rows loaded.
const COMPARED: ComparedField[] = [
  {
    name: 'rows',
    label: 'Ubicaciones',
    format: (rows) =>
      ((rows ?? []) as Row[])
        .map((r) =>
          [
            cachedLabels('paises')(r.pais_id),
            cachedLabels('departamentos')(r.departamento_id),
            cachedLabels('ciudades')(r.ciudad_id),
            r.zona,
          ]
            .filter(Boolean)
            .join(' / '),
        )
        .join('; '),
  },
];

export function LocationsForm({ data, onSaved }: SectionProps) {
  const conflict = useSectionConflict(data, valuesOf, onSaved);
  const form = useApiForm({
    defaultValues: valuesOf(data),
    schema: locationsSchema,
    toBody: (values: { rows: Row[] }) => ({
      ubicaciones: values.rows.map((r) => ({
        pais_id: idOrNull(r.pais_id) ?? undefined,
        departamento_id: idOrNull(r.departamento_id),
        ciudad_id: idOrNull(r.ciudad_id),
        zona: textOrNull(r.zona),
      })),
      // The version this form read (decision 0251): saved meanwhile elsewhere → 409 naming who.
      version: conflict.version,
    }),
    send: PROFILE_SECTIONS.ubicaciones,
    success: MSG.updated,
    invalidates: ['/general/perfil'],
    errors: conflict.errors,
    onSaved: () => {
      conflict.clear();
      onSaved();
    },
  });
  const { values, errors, set } = form;
  const rows = values.rows;
  const patch = (i: number, p: Partial<Row>) =>
    set(
      'rows',
      rows.map((r, j) => (j === i ? { ...r, ...p } : r)),
    );
  const rowErrors = (i: number) =>
    Object.fromEntries(
      ['pais_id', 'departamento_id', 'ciudad_id', 'zona'].map((k) => [k, errors[`ubicaciones.${i}.${k}`]]),
    );
  const saving = form.busy;

  return (
    <form noValidate onSubmit={form.onSubmit} className="grid gap-4" aria-label="Ubicaciones">
      {conflict.banner(form, COMPARED)}
      {rows.length === 0 && <p className="text-sm text-muted-foreground">No has agregado ubicaciones.</p>}
      {rows.map((r, i) => (
        <fieldset key={i} className="grid gap-3 rounded-lg border p-4">
          <legend className="px-1 text-sm font-medium">Ubicación {i + 1}</legend>
          {/* items-start: a message under one field must not lift the labels of its neighbours. */}
          <div className="grid items-start gap-3 md:grid-cols-2 xl:grid-cols-[1fr_1fr_1fr_1fr_auto]">
            <LocationFields
              value={r}
              onChange={(loc) => patch(i, loc)}
              errors={rowErrors(i)}
              disabled={saving}
            />
            <TextField
              label="Zona"
              maxLength={120}
              value={r.zona}
              onValueChange={(zona) => patch(i, { zona })}
              error={errors[`ubicaciones.${i}.zona`]}
              disabled={saving}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Quitar ubicación ${i + 1}`}
              disabled={saving}
              onClick={() =>
                set(
                  'rows',
                  rows.filter((_, j) => j !== i),
                )
              }
              className="text-destructive hover:text-destructive xl:mt-[1.625rem]"
            >
              <Trash2Icon />
            </Button>
          </div>
        </fieldset>
      ))}
      {errors.ubicaciones && <p className="text-xs text-destructive">{errors.ubicaciones}</p>}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          variant="outline"
          disabled={saving || rows.length >= MAX}
          onClick={() => set('rows', [...rows, empty()])}
        >
          <MapPinPlusIcon />
          Agregar ubicación
        </Button>
        <SaveButton saving={saving} />
      </div>
    </form>
  );
}
