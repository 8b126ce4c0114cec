// A single choice from a registry catalogue (the profile's selects).
import { SelectField } from '@/components/form/select-field';
import { optionsOf, useLookups } from '@/lib/lookups';
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
  const lookups = useLookups(resource);
  return (
    <SelectField
      label={label}
      required={required}
      value={value}
      onValueChange={onValueChange}
      options={optionsOf(lookups).map((o) => ({ value: o.id, label: o.label }))}
      placeholder={lookups.status === 'loading' ? 'Cargando opciones...' : 'Seleccione...'}
      error={error ?? (lookups.status === 'error' ? 'No fue posible cargar las opciones' : undefined)}
      disabled={disabled}
      hint={disabled ? undefined : emptyHint(lookups, label)}
    />
  );
}
