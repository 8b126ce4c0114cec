import { emailOnlySchema } from '@shared/schemas/auth';
import { CircleCheckIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { TextField } from '@/components/form/text-field';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { AppDialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { notifyError } from '@/lib/api-errors';
import { fieldMessages } from '@/lib/form-errors';
import { requestReset } from '@/features/auth/auth-api';
import { useLightForm } from '@/lib/use-light-form';

/**
 * Asks for a reset link; the answer is the same whether or not the address exists. Loaded on the
 * first click of its link (forgot-password-link.tsx), so /login does not ship the dialog code.
 */
export default function ForgotPasswordDialog({
  open,
  setOpen,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useLightForm({ email: '' });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setAnswer(null);
      form.setValues({ email: '' });
      form.setErrors({});
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const data = form.validate(emailOnlySchema);
    if (!data) return;
    setSending(true);
    try {
      const res = await requestReset(data);
      setAnswer(res?.message ?? '');
    } catch (err) {
      form.setErrors(fieldMessages(err));
      notifyError(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <AppDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title="Recuperar contraseña"
      description="Te enviaremos un enlace para restablecer tu contraseña."
    >
      {answer !== null ? (
        <>
          <Alert variant="success">
            <CircleCheckIcon />
            <AlertTitle className="line-clamp-none">{answer}</AlertTitle>
          </Alert>
          <DialogFooter>
            <DialogClose asChild>
              <Button>Cerrar</Button>
            </DialogClose>
          </DialogFooter>
        </>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-4">
          <TextField
            id="forgot-email"
            label="Correo electrónico de la cuenta"
            type="email"
            autoComplete="email"
            required
            {...form.field('email')}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancelar</Button>
            </DialogClose>
            <Button type="submit" disabled={sending}>
              {sending ? 'Enviando...' : 'Enviar enlace'}
            </Button>
          </DialogFooter>
        </form>
      )}
    </AppDialog>
  );
}
