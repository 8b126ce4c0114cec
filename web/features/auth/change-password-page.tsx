import { MSG } from '@shared/messages';
import { changePasswordSchema } from '@shared/schemas/auth';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { api } from '@/lib/api';
import { fieldMessages, handleSaveError } from '@/lib/api-errors';
import { useSession } from '@/lib/session';
import { useForm } from '@/lib/use-form';

const EMPTY = { actual: '', password: '', confirmar_password: '' };

/** /app/configuracion/seguridad/cambiodecontrasena: any signed-in user changes their password. */
export default function ChangePasswordPage() {
  const form = useForm(EMPTY);
  const [saving, setSaving] = useState(false);
  const { refresh } = useSession();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const data = form.validate(changePasswordSchema);
    if (!data) return;
    setSaving(true);
    try {
      const res = await api<{ message?: string }>('PUT', '/auth/password', data);
      toast.success(res?.message ?? MSG.passwordChanged);
      form.setValues(EMPTY);
      // The server ended every session and opened a new one for this tab: pick up its expiry.
      await refresh();
    } catch (err) {
      form.setErrors(fieldMessages(err));
      handleSaveError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Cambio de contraseña</h1>
      <Card className="max-w-xl">
        <form noValidate onSubmit={submit} className="grid gap-6">
          <CardHeader>
            <CardTitle>Cambiar contraseña</CardTitle>
            <CardDescription>La nueva contraseña debe tener entre 8 y 128 caracteres.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <TextField
              label="Contraseña actual"
              type="password"
              autoComplete="current-password"
              required
              value={form.values.actual}
              onValueChange={(v) => form.set('actual', v)}
              error={form.errors.actual}
            />
            <TextField
              label="Nueva contraseña"
              type="password"
              autoComplete="new-password"
              required
              value={form.values.password}
              onValueChange={(v) => form.set('password', v)}
              error={form.errors.password}
            />
            <TextField
              label="Confirmar contraseña"
              type="password"
              autoComplete="new-password"
              required
              value={form.values.confirmar_password}
              onValueChange={(v) => form.set('confirmar_password', v)}
              error={form.errors.confirmar_password}
            />
          </CardContent>
          <CardFooter className="justify-end">
            <Button type="submit" disabled={saving}>
              {saving ? 'Guardando...' : 'Guardar'}
            </Button>
          </CardFooter>
        </form>
      </Card>
    </section>
  );
}
