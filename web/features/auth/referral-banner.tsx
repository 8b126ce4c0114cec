import { TriangleAlertIcon, UserRoundCheckIcon } from 'lucide-react';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import type { Referral } from '@/features/auth/use-referral';

export function ReferralBanner({ referral }: { referral: Referral }) {
  if (referral.status === 'idle') return null;
  if (referral.status === 'loading') return <Skeleton className="h-11 w-full" />;
  if (referral.status === 'ready') {
    return (
      <Alert variant="success">
        <UserRoundCheckIcon />
        <AlertTitle>Te invitó {referral.data.data.user_name}</AlertTitle>
      </Alert>
    );
  }
  return (
    <Alert variant="warning">
      <TriangleAlertIcon />
      <AlertTitle className="line-clamp-none">
        {referral.status === 'error' && referral.error.notFound
          ? 'El código de referido no es válido. Puedes registrarte sin referido.'
          : 'No fue posible validar el código de referido. Puedes registrarte sin referido.'}
      </AlertTitle>
    </Alert>
  );
}
