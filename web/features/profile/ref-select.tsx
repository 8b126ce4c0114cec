// A single choice from a registry catalogue (the profile's selects).
import { SelectField } from '@/components/form/select-field';
import { useLookupQuery } from '@/lib/lookups';
import { emptyHint } from '@/components/form/empty-catalogue';

type Props = {
  label: string;
  resource: string;
  value: string;
  onValueChange: (v: string) => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
};

export function RefSelect({ label, resource, value, onValueChange, error, disabled, required }: Props) {
  const lookups = useLookupQuery(resource);
  const { options, loading, error: failed } = lookups;
  return (
    <SelectField
      label={label}
      required={required}
      value={value}
      onValueChange={onValueChange}
      options={options.map((o) => ({ value: o.id, label: o.label }))}
      placeholder={loading ? 'Cargando opciones...' : 'Seleccione...'}
      error={error ?? (failed ? 'No fue posible cargar las opciones' : undefined)}
      disabled={disabled}
      hint={disabled ? undefined : emptyHint(lookups, label)}
    />
  );
}
