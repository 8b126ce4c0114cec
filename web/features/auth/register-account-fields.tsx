import { TextField } from '@/components/form/text-field';
import type { RegisterForm } from '@/features/auth/register-values';

/** User name, e-mail and password. */
export function RegisterAccountFields({ form }: { form: RegisterForm }) {
  const { field } = form;
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold text-muted-foreground">Cuenta</legend>
      <TextField
        label="Nombre de usuario"
        required
        autoComplete="username"
        {...field('user_name')}
        hint="Entre 3 y 40 letras, números, punto, guion o guion bajo."
      />
      <TextField label="Correo electrónico" required type="email" autoComplete="email" {...field('email')} />
      <TextField
        label="Contraseña"
        required
        type="password"
        autoComplete="new-password"
        {...field('password')}
        hint="Entre 8 y 128 caracteres."
      />
      <TextField
        label="Confirmar contraseña"
        required
        type="password"
        autoComplete="new-password"
        {...field('confirmar_password')}
      />
    </fieldset>
  );
}
