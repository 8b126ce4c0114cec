import { TextField } from '@/components/form/text-field';
import type { RegisterForm } from '@/features/auth/register-values';

/** User name, e-mail and password. */
export function RegisterAccountFields({ form }: { form: RegisterForm }) {
  const { values, errors, set } = form;
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold text-muted-foreground">Cuenta</legend>
      <TextField
        label="Nombre de usuario"
        required
        autoComplete="username"
        value={values.user_name}
        onValueChange={(v) => set('user_name', v)}
        error={errors.user_name}
        hint="Entre 3 y 40 letras, números, punto, guion o guion bajo."
      />
      <TextField
        label="Correo electrónico"
        required
        type="email"
        autoComplete="email"
        value={values.email}
        onValueChange={(v) => set('email', v)}
        error={errors.email}
      />
      <TextField
        label="Contraseña"
        required
        type="password"
        autoComplete="new-password"
        value={values.password}
        onValueChange={(v) => set('password', v)}
        error={errors.password}
        hint="Entre 8 y 128 caracteres."
      />
      <TextField
        label="Confirmar contraseña"
        required
        type="password"
        autoComplete="new-password"
        value={values.confirmar_password}
        onValueChange={(v) => set('confirmar_password', v)}
        error={errors.confirmar_password}
      />
    </fieldset>
  );
}
