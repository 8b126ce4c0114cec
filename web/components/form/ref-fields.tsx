// Reference fields of the auto-form: options come from the referenced resource's autocomplete
// (narrowed by `dependsOn` when set); a chosen row that is no longer offered keeps its label.
import type { FieldDef } from '@shared/resource-types';
import { RESOURCE_BY_KEY } from '@shared/resources';
import { MultiSelectField } from '@/components/form/multi-select-field';
import { SelectField } from '@/components/form/select-field';
import { optionsOf, useLookups } from '@/lib/lookups';

type Values = Record<string, unknown>;

export function RefSelectField({
  field,
  values,
  record,
  onChange,
  error,
  disabled,
}: {
  field: FieldDef;
  values: Values;
  record?: Values;
  onChange: (v: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const parent = field.dependsOn ? String(values[field.dependsOn.field] ?? '') : '';
  const params = field.dependsOn && parent ? { [field.dependsOn.refField]: parent } : {};
  const waiting = !!field.dependsOn && !parent;
  const lookups = useLookups(field.ref, params, !waiting);
  const value = String(values[field.name] ?? '');
  const list = optionsOf(lookups).map((o) => ({ value: o.id, label: o.label }));
  const saved = record?.[`${field.name}_label`];
  if (
    value &&
    !list.some((o) => String(o.value) === value) &&
    typeof saved === 'string' &&
    String(record?.[field.name]) === value
  ) {
    list.unshift({ value: Number(value), label: saved });
  }
  return (
    <SelectField
      label={field.label}
      required={field.required}
      value={value}
      onValueChange={onChange}
      options={list}
      placeholder={
        waiting
          ? 'Seleccione primero el campo anterior'
          : lookups.status === 'loading'
            ? 'Cargando...'
            : 'Seleccione...'
      }
      disabled={disabled || waiting}
      error={error ?? (lookups.status === 'error' ? 'No fue posible cargar las opciones' : undefined)}
    />
  );
}

export function RefsField({
  field,
  value,
  record,
  onChange,
  error,
  disabled,
}: {
  field: FieldDef;
  value: number[];
  record?: Values;
  onChange: (ids: number[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const lookups = useLookups(field.ref);
  const labelField = (field.ref && RESOURCE_BY_KEY.get(field.ref)?.labelField) || 'nombre';
  const items = (record?.[`${field.name}_items`] as Values[] | undefined) ?? [];
  const knownLabels = Object.fromEntries(
    items.map((i) => [Number(i.id), String(i[labelField] ?? i.nombre ?? '')]),
  );
  return (
    <MultiSelectField
      label={field.label}
      value={value}
      options={optionsOf(lookups)}
      onValueChange={onChange}
      knownLabels={knownLabels}
      loading={lookups.status === 'loading'}
      error={error}
      disabled={disabled}
    />
  );
}
