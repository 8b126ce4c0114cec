// A new password and its confirmation, as every form that sets one asks for them (the reset link,
// an administrator's «Cambiar contraseña»): new-password autocomplete, both required, each with
// its own message (the schema's or the server's).
import { TextField } from '@/components/form/text-field';

type Field = 'password' | 'confirmar_password';

type Props = {
  values: Record<Field, string>;
  onChange: (field: Field, value: string) => void;
  errors: Partial<Record<Field, string>>;
};

export function NewPasswordFields({ values, onChange, errors }: Props) {
  return (
    <>
      <TextField
        label="Nueva contraseña"
        type="password"
        autoComplete="new-password"
        required
        value={values.password}
        onValueChange={(v) => onChange('password', v)}
        error={errors.password}
      />
      <TextField
        label="Confirmar contraseña"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmar_password}
        onValueChange={(v) => onChange('confirmar_password', v)}
        error={errors.confirmar_password}
      />
    </>
  );
}
