import { MSG } from '@shared/messages';
import { MailWarningIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { notifyError } from '@/lib/api-errors';
import { resendVerification } from '@/features/auth/auth-api';

/** Login refused because the address is not verified yet: offer to send the e-mail again. */
export function UnverifiedAlert({ email, message }: { email: string; message: string }) {
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      await resendVerification(email);
      toast.success(MSG.verificationResent);
    } catch (err) {
      notifyError(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Alert variant="warning">
      <MailWarningIcon />
      <AlertTitle className="line-clamp-none">{message}</AlertTitle>
      <AlertDescription>
        <Button variant="outline" size="sm" className="mt-2" disabled={sending} onClick={resend}>
          Reenviar correo de verificación
        </Button>
      </AlertDescription>
    </Alert>
  );
}
