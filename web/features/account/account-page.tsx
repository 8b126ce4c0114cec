// /app/account: the account's identity, its password, its open sessions and a
// download of everything it holds. Any signed-in user.
import { ChangePasswordForm } from '@/components/form/change-password-form';
import { ErrorState } from '@/components/feedback/error-state';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { PageHeader } from '@/components/feedback/page-header';
import { AccountDetailsCard } from '@/features/account/account-details-card';
import { getAccount } from '@/features/account/account-api';
import { SessionsCard } from '@/features/account/sessions-card';
import { TwoFactorCard } from '@/features/account/two-factor-card';
import { PrivacyCard } from '@/features/account/privacy-card';
import { keyOf, useRead } from '@/lib/query';

export default function AccountPage() {
  const state = useRead(keyOf('/auth/account'), async (signal) => (await getAccount(signal)).data);
  const { reload } = state;
  return (
    <section className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Mi cuenta"
        description="Tu acceso, la verificación en dos pasos, tus sesiones abiertas, tu privacidad y tus datos."
      />
      {state.status === 'loading' && <FormSkeleton fields={4} />}
      {state.status === 'error' && <ErrorState onRetry={reload} />}
      {state.status === 'ready' && (
        <>
          <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
            <AccountDetailsCard account={state.data} />
            <ChangePasswordForm onChanged={reload} />
          </div>
          <TwoFactorCard />
          <SessionsCard sessions={state.data.sesiones} onChanged={reload} />
          <PrivacyCard />
        </>
      )}
    </section>
  );
}
