// 'Cambiar contraseña' on the user form: an administrator sets a new password (the server ends
// that user's sessions).
import { FormActions } from '@/components/form/form-actions';
import { MSG } from '@shared/messages';
import { setPasswordSchema } from '@shared/security-resources';
import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { NewPasswordFields } from '@/components/form/new-password-fields';
import { Button } from '@/components/ui/button';
import { AppDialog } from '@/components/ui/dialog';
import { useApiForm } from '@/lib/use-api-form';
import { setUserPassword } from '@/features/security/security-api';

const EMPTY = { password: '', confirmar_password: '' };

export function ChangePasswordDialog({ userId, userName }: { userId: number; userName: string }) {
  const [open, setOpen] = useState(false);
  const form = useApiForm({
    defaultValues: EMPTY,
    schema: setPasswordSchema,
    send: (body) => setUserPassword(userId, body),
    success: MSG.updated,
    onSaved: () => openChange(false),
  });
  const saving = form.busy;

  function openChange(next: boolean) {
    setOpen(next);
    if (!next) {
      form.setValues(EMPTY);
      form.setErrors({});
    }
  }

  return (
    <AppDialog
      open={open}
      onClose={() => openChange(false)}
      title="Cambiar contraseña"
      description={
        <>Nueva contraseña para {userName}. Entre 8 y 128 caracteres; se cerrarán sus sesiones abiertas.</>
      }
      trigger={
        <Button variant="outline">
          <KeyRoundIcon />
          Cambiar contraseña
        </Button>
      }
    >
      <form noValidate onSubmit={form.onSubmit} className="grid gap-4">
        <NewPasswordFields
          values={form.values}
          onChange={(field, v) => form.set(field, v)}
          errors={form.errors}
        />
        <FormActions
          busy={saving}
          onCancel={() => openChange(false)}
          busyLabel="Guardando..."
          variant="dialog"
        />
      </form>
    </AppDialog>
  );
}
