import { MSG } from '@shared/messages';
import { registerSchema } from '@shared/schemas/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { queryClient } from '@/lib/query';
import { useApiForm } from '@/lib/use-api-form';
import { register } from '@/features/auth/auth-api';
import { ReferralBanner } from '@/features/auth/referral-banner';
import { RegisterAccountFields } from '@/features/auth/register-account-fields';
import { RegisterLocationFields } from '@/features/auth/register-location-fields';
import { RegisterPersonalFields } from '@/features/auth/register-personal-fields';
import { EMPTY_REGISTER, toRegisterPayload } from '@/features/auth/register-values';
import { TermsField } from '@/features/auth/terms-field';
import { PrivacyNoticeField } from '@/features/auth/privacy-notice-field';
import { useInitForm } from '@/lib/init-form-api';
import { useReferral } from '@/features/auth/use-referral';
import { PublicLayout } from '@/components/layout/public-layout';

/** The register page reads its reference data through the query cache (the /login chunk does not load it). */
export default function RegisterPageWithQueries() {
  return (
    <QueryClientProvider client={queryClient}>
      <RegisterPage />
    </QueryClientProvider>
  );
}

function RegisterPage() {
  const { referralId } = useParams();
  const referral = useReferral(referralId);
  const lookups = useInitForm();
  const navigate = useNavigate();
  const code = referral.status === 'ready' ? (referralId ?? null) : null;
  const terms = lookups.status === 'ready' ? lookups.data.terminos : null;
  const form = useApiForm({
    defaultValues: EMPTY_REGISTER,
    schema: registerSchema,
    toBody: (values) => toRegisterPayload(values, terms, code),
    send: register,
    success: null,
    onSaved: (res) => navigate('/register/success', { state: { message: res?.message } }),
    errors: 'notify',
    fallback: MSG.sendError,
  });
  const submitting = form.busy;
  const submit = (e: FormEvent) => {
    if (lookups.status !== 'ready') return e.preventDefault();
    void form.onSubmit(e);
  };

  return (
    <PublicLayout wide>
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">Crear cuenta</CardTitle>
          <CardDescription>
            Completa tus datos. Te enviaremos un correo para activar la cuenta.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ReferralBanner referral={referral} />
          {lookups.status !== 'ready' && lookups.status !== 'error' && (
            <div aria-busy className="grid gap-4 sm:grid-cols-2">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} className="h-14" />
              ))}
            </div>
          )}
          {lookups.status === 'error' && <ErrorState message={MSG.formError} onRetry={lookups.reload} />}
          {lookups.status === 'ready' && (
            <form noValidate onSubmit={submit} className="grid gap-6">
              <RegisterPersonalFields form={form} lookups={lookups.data} />
              <RegisterLocationFields form={form} paises={lookups.data.paises} />
              <RegisterAccountFields form={form} />
              <PrivacyNoticeField
                value={form.values.autorizaciones}
                onChange={(codes) => form.set('autorizaciones', codes)}
                error={form.errors.autorizaciones}
              />
              <TermsField
                terms={lookups.data.terminos}
                checked={form.values.acepta_terminos}
                onCheckedChange={(checked) => form.set('acepta_terminos', checked)}
                error={form.errors.acepta_terminos ?? form.errors.terminos_id}
              />
              <Button type="submit" size="lg" disabled={submitting || !lookups.data.terminos}>
                {submitting ? 'Enviando...' : 'Registrarme'}
              </Button>
            </form>
          )}
        </CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          ¿Ya tienes una cuenta?
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Inicia sesión
          </Link>
        </CardFooter>
      </Card>
    </PublicLayout>
  );
}
