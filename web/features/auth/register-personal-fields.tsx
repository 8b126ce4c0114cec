import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import type { RegisterInitForm } from '@/features/auth/auth-api';
import type { RegisterForm } from '@/features/auth/register-values';

/** Names, identification and education. */
export function RegisterPersonalFields({ form, lookups }: { form: RegisterForm; lookups: RegisterInitForm }) {
  const { values, errors, set } = form;
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold text-muted-foreground">Datos personales</legend>
      <TextField
        label="Nombres"
        required
        autoComplete="given-name"
        value={values.nombres}
        onValueChange={(v) => set('nombres', v)}
        error={errors.nombres}
      />
      <TextField
        label="Apellidos"
        required
        autoComplete="family-name"
        value={values.apellidos}
        onValueChange={(v) => set('apellidos', v)}
        error={errors.apellidos}
      />
      <SelectField
        label="Tipo de identificación"
        required
        value={values.tipo_identificacion_id}
        onValueChange={(v) => set('tipo_identificacion_id', v)}
        options={lookups.tiposIdentificacion.map((t) => ({
          value: t.id,
          label: `${t.codigo} - ${t.nombre}`,
        }))}
        error={errors.tipo_identificacion_id}
      />
      <TextField
        label="Número de identificación"
        required
        value={values.numero_identificacion}
        onValueChange={(v) => set('numero_identificacion', v)}
        error={errors.numero_identificacion}
      />
      <SelectField
        label="Nivel educativo"
        value={values.nivel_educativo_id}
        onValueChange={(v) => set('nivel_educativo_id', v)}
        options={lookups.nivelesEducativos.map((n) => ({ value: n.id, label: n.nombre }))}
        error={errors.nivel_educativo_id}
      />
      <TextField
        label="Celular"
        required
        type="tel"
        autoComplete="tel"
        value={values.celular}
        onValueChange={(v) => set('celular', v)}
        error={errors.celular}
      />
    </fieldset>
  );
}
