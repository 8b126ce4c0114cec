// País → departamento → ciudad: each select offers the children of the one before it, from the
// registry's autocomplete narrowed by the parent id.
import { SelectField } from '@/components/form/select-field';
import { optionsOf, useLookups } from '@/lib/lookups';

export type LocationValue = { pais_id: string; departamento_id: string; ciudad_id: string };
type Errors = Partial<Record<keyof LocationValue, string>>;

const toOptions = (items: { id: number; label: string }[]) =>
  items.map((i) => ({ value: i.id, label: i.label }));

export function LocationFields({
  value,
  onChange,
  errors = {},
  disabled,
  required = true,
}: {
  value: LocationValue;
  onChange: (next: LocationValue) => void;
  errors?: Errors;
  disabled?: boolean;
  required?: boolean;
}) {
  const paises = useLookups('paises');
  const departamentos = useLookups(
    'departamentos',
    value.pais_id ? { pais_id: value.pais_id } : {},
    !!value.pais_id,
  );
  const ciudades = useLookups(
    'ciudades',
    value.departamento_id ? { departamento_id: value.departamento_id } : {},
    !!value.departamento_id,
  );
  // Short enough for a quarter-width select (longer placeholders were cut).
  const placeholder = (loading: boolean, waiting?: string) =>
    waiting ? `Elija el ${waiting}` : loading ? 'Cargando...' : 'Seleccione...';
  return (
    <>
      <SelectField
        label="País"
        required={required}
        value={value.pais_id}
        onValueChange={(pais_id) => onChange({ pais_id, departamento_id: '', ciudad_id: '' })}
        options={toOptions(optionsOf(paises))}
        placeholder={placeholder(paises.status === 'loading')}
        disabled={disabled}
        error={errors.pais_id}
      />
      <SelectField
        label="Departamento"
        value={value.departamento_id}
        onValueChange={(departamento_id) => onChange({ ...value, departamento_id, ciudad_id: '' })}
        options={toOptions(optionsOf(departamentos))}
        placeholder={placeholder(departamentos.status === 'loading', value.pais_id ? undefined : 'país')}
        disabled={disabled || !value.pais_id}
        error={errors.departamento_id}
      />
      <SelectField
        label="Ciudad"
        value={value.ciudad_id}
        onValueChange={(ciudad_id) => onChange({ ...value, ciudad_id })}
        options={toOptions(optionsOf(ciudades))}
        placeholder={placeholder(
          ciudades.status === 'loading',
          value.departamento_id ? undefined : 'departamento',
        )}
        disabled={disabled || !value.departamento_id}
        error={errors.ciudad_id}
      />
    </>
  );
}
