import { MSG } from '@shared/messages';
import { resetPasswordSchema } from '@shared/schemas/auth';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldMessages, notifyError } from '@/lib/api-errors';
import { resetPassword } from '@/features/auth/auth-api';
import { useForm } from '@/lib/use-form';
import { PublicLayout } from '@/shell/public-layout';

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const form = useForm({ password: '', confirmar_password: '' });
  const [submitting, setSubmitting] = useState(false);
  const navigate = useNavigate();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const data = form.validate(resetPasswordSchema, { token, ...form.values });
    if (!data) return;
    setSubmitting(true);
    try {
      const res = await resetPassword(data);
      toast.success(res?.message ?? MSG.resetDone);
      navigate('/login', { replace: true });
    } catch (err) {
      form.setErrors(fieldMessages(err));
      notifyError(err);
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout>
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">Restablecer contraseña</CardTitle>
          <CardDescription>Escribe tu nueva contraseña (entre 8 y 128 caracteres).</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={submit} className="grid gap-4">
            <TextField
              label="Nueva contraseña"
              type="password"
              autoComplete="new-password"
              required
              value={form.values.password}
              onValueChange={(v) => form.set('password', v)}
              error={form.errors.password ?? form.errors.token}
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
            <Button type="submit" size="lg" disabled={submitting}>
              {submitting ? 'Guardando...' : 'Restablecer contraseña'}
            </Button>
          </form>
        </CardContent>
        <CardFooter className="justify-center text-sm">
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Volver a iniciar sesión
          </Link>
        </CardFooter>
      </Card>
    </PublicLayout>
  );
}
