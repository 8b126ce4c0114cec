import { SelectField } from '@/components/form/select-field';
import type { Lookup } from '@/features/auth/auth-api';
import type { RegisterForm } from '@/features/auth/register-values';
import { useDependentOptions } from '@/features/auth/use-register-lookups';

const toOptions = (items: Lookup[]) => items.map((i) => ({ value: i.id, label: i.nombre }));

/** Country, then its departments, then the department's cities. */
export function RegisterLocationFields({ form, paises }: { form: RegisterForm; paises: Lookup[] }) {
  const { values, errors, set, field } = form;
  const departments = useDependentOptions('departamentos', values.pais_id);
  const cities = useDependentOptions('ciudades', values.departamento_id);

  return (
    <fieldset className="grid gap-4 sm:grid-cols-3">
      <legend className="mb-3 text-sm font-semibold text-muted-foreground">Ubicación</legend>
      <SelectField
        label="País"
        required
        value={values.pais_id}
        onValueChange={(v) => {
          set('pais_id', v);
          set('departamento_id', '');
          set('ciudad_id', '');
        }}
        options={toOptions(paises)}
        error={errors.pais_id}
      />
      <SelectField
        label="Departamento"
        value={values.departamento_id}
        onValueChange={(v) => {
          set('departamento_id', v);
          set('ciudad_id', '');
        }}
        options={toOptions(departments.data ?? [])}
        placeholder={departments.status === 'loading' ? 'Cargando...' : 'Seleccione...'}
        disabled={!values.pais_id || departments.status === 'loading'}
        error={errors.departamento_id}
      />
      <SelectField
        label="Ciudad"
        {...field('ciudad_id')}
        options={toOptions(cities.data ?? [])}
        placeholder={cities.status === 'loading' ? 'Cargando...' : 'Seleccione...'}
        disabled={!values.departamento_id || cities.status === 'loading'}
      />
    </fieldset>
  );
}
