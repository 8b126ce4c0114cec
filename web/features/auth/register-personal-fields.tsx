import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import type { RegisterInitForm } from '@/features/auth/auth-api';
import type { RegisterForm } from '@/features/auth/register-values';

/** Names, identification and education. */
export function RegisterPersonalFields({ form, lookups }: { form: RegisterForm; lookups: RegisterInitForm }) {
  const { field } = form;
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold text-muted-foreground">Datos personales</legend>
      <TextField label="Nombres" required autoComplete="given-name" {...field('nombres')} />
      <TextField label="Apellidos" required autoComplete="family-name" {...field('apellidos')} />
      <SelectField
        label="Tipo de identificación"
        required
        {...field('tipo_identificacion_id')}
        options={lookups.tiposIdentificacion.map((t) => ({
          value: t.id,
          label: `${t.codigo} - ${t.nombre}`,
        }))}
      />
      <TextField label="Número de identificación" required {...field('numero_identificacion')} />
      <SelectField
        label="Nivel educativo"
        {...field('nivel_educativo_id')}
        options={lookups.nivelesEducativos.map((n) => ({ value: n.id, label: n.nombre }))}
      />
      <TextField label="Celular" required type="tel" autoComplete="tel" {...field('celular')} />
    </fieldset>
  );
}
