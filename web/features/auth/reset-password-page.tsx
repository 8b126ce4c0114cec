import { MSG } from '@shared/messages';
import { resetPasswordSchema } from '@shared/schemas/auth';
import { Link, useNavigate, useParams } from 'react-router';
import { NewPasswordFields } from '@/components/form/new-password-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { resetPassword } from '@/features/auth/auth-api';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query';
import { useApiForm } from '@/lib/use-api-form';
import { PublicLayout } from '@/components/layout/public-layout';

/** The form's write goes through the query client (the /login chunk does not load it). */
export default function ResetPasswordPageWithQueries() {
  return (
    <QueryClientProvider client={queryClient}>
      <ResetPasswordPage />
    </QueryClientProvider>
  );
}

function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const form = useApiForm({
    defaultValues: { password: '', confirmar_password: '' },
    schema: resetPasswordSchema,
    toBody: (values) => ({ token, ...values }),
    send: resetPassword,
    success: MSG.resetDone,
    onSaved: () => navigate('/login', { replace: true }),
    errors: 'notify',
  });
  const submitting = form.busy;
  const submit = form.onSubmit;

  return (
    <PublicLayout>
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">Restablecer contraseña</CardTitle>
          <CardDescription>Escribe tu nueva contraseña (entre 8 y 128 caracteres).</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={submit} className="grid gap-4">
            <NewPasswordFields
              values={form.values}
              onChange={(field, v) => form.set(field, v)}
              errors={{ ...form.errors, password: form.errors.password ?? form.errors.token }}
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
