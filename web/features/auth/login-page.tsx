import { MSG } from '@shared/messages';
import { loginSchema } from '@shared/schemas/auth';
import { CircleAlertIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '@/components/form/text-field';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { fieldMessages } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { useLightForm } from '@/lib/use-light-form';
import { useHydrated } from '@/lib/use-hydrated';
import { ForgotPasswordLink } from '@/features/auth/forgot-password-link';
import { TotpStep } from '@/features/auth/totp-step';
import { UnverifiedAlert } from '@/features/auth/unverified-alert';
import { useVerifyToken } from '@/features/auth/use-verify-token';
import { PublicLayout } from '@/components/layout/public-layout';

type Problem = { kind: 'error' | 'unverified'; message: string; email: string };

export default function LoginPage() {
  const { login } = useSession();
  const form = useLightForm({ email: '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  // The page arrives prerendered (vite.config.ts): until React owns the form, its button stays
  // disabled, so Enter cannot submit it natively and put the typed password in a URL.
  const hydrated = useHydrated();
  useVerifyToken();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const data = form.validate(loginSchema);
    if (!data) return;
    setSubmitting(true);
    setProblem(null);
    try {
      // Without two-factor sign-in the public-page guard then moves on to /app.
      const second = await login(data.email, data.password);
      if (second) {
        setChallenge(second.challenge);
        setSubmitting(false);
      }
    } catch (err) {
      const api = err instanceof ApiError ? err : null;
      if (api?.status === 422) form.setErrors(fieldMessages(api));
      const unverified = api?.status === 403 && api.code === 'EMAIL_NO_VERIFICADO';
      setProblem({
        kind: unverified ? 'unverified' : 'error',
        message: api?.message ?? MSG.requestError,
        email: data.email,
      });
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout>
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">
            {challenge ? 'Verificación en dos pasos' : 'Iniciar sesión'}
          </CardTitle>
          <CardDescription>
            {challenge ? MSG.totpAsk : 'Ingresa con tu correo electrónico y tu contraseña.'}
          </CardDescription>
        </CardHeader>
        {challenge ? (
          <CardContent className="grid gap-4">
            <TotpStep
              challenge={challenge}
              onRestart={(message) => {
                setChallenge(null);
                form.set('password', '');
                if (message) setProblem({ kind: 'error', message, email: form.values.email });
              }}
            />
          </CardContent>
        ) : (
          <CardContent className="grid gap-4">
            {problem?.kind === 'unverified' && (
              <UnverifiedAlert email={problem.email} message={problem.message} />
            )}
            {problem?.kind === 'error' && (
              <Alert variant="destructive">
                <CircleAlertIcon />
                <AlertTitle className="line-clamp-none">{problem.message}</AlertTitle>
              </Alert>
            )}
            <form noValidate method="post" onSubmit={submit} className="grid gap-4">
              <TextField
                label="Correo electrónico"
                name="email"
                type="email"
                autoComplete="email"
                required
                {...form.field('email')}
              />
              <TextField
                label="Contraseña"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                {...form.field('password')}
              />
              <Button type="submit" size="lg" disabled={submitting || !hydrated}>
                {submitting ? 'Ingresando...' : 'Iniciar sesión'}
              </Button>
            </form>
            <div className="text-center">
              <ForgotPasswordLink />
            </div>
          </CardContent>
        )}
        <CardFooter className="justify-center text-sm text-muted-foreground">
          ¿No tienes una cuenta?
          <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
            Regístrate
          </Link>
        </CardFooter>
      </Card>
    </PublicLayout>
  );
}
