// The change-password card (PUT /auth/password, changePasswordSchema), shared by
// /app/configuracion/seguridad/cambiodecontrasena and /app/account. The server ends every session
// of the user and hands this tab a fresh cookie, so the session is re-read afterwards.
import { MSG } from '@shared/messages';
import { changePasswordSchema } from '@shared/schemas/auth';
import { ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { TextField } from '@/components/form/text-field';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/session';
import { changeOwnPassword } from '@/lib/session-api';
import { useApiForm } from '@/lib/use-api-form';

const EMPTY = { actual: '', password: '', confirmar_password: '' };

export function ChangePasswordForm({ className, onChanged }: { className?: string; onChanged?: () => void }) {
  const [changed, setChanged] = useState(false);
  const { refresh } = useSession();
  const form = useApiForm({
    defaultValues: EMPTY,
    schema: changePasswordSchema,
    send: (body) => changeOwnPassword(body),
    success: MSG.passwordChanged,
    onSaved: async () => {
      form.setValues(EMPTY);
      setChanged(true);
      await refresh();
      onChanged?.();
    },
  });
  const saving = form.busy;

  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      required
      value={form.values[name]}
      onValueChange={(v) => {
        setChanged(false);
        form.set(name, v);
      }}
      error={form.errors[name]}
    />
  );

  return (
    <Card className={className}>
      <form noValidate onSubmit={form.onSubmit} className="grid gap-6" aria-label="Cambiar contraseña">
        <CardHeader>
          <CardTitle>Cambiar contraseña</CardTitle>
          <CardDescription>
            La nueva contraseña debe tener entre 8 y 128 caracteres. Al cambiarla se cierran tus otras
            sesiones.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {changed && (
            <Alert variant="success">
              <ShieldCheckIcon />
              <AlertTitle>{MSG.passwordChanged}</AlertTitle>
              <AlertDescription>
                Se cerraron las sesiones abiertas en otros dispositivos y navegadores; esta sigue activa.
              </AlertDescription>
            </Alert>
          )}
          {field('actual', 'Contraseña actual', 'current-password')}
          {field('password', 'Nueva contraseña', 'new-password')}
          {field('confirmar_password', 'Confirmar contraseña', 'new-password')}
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={saving}>
            {saving ? 'Guardando...' : 'Guardar'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
