// 'Cambiar contraseña' on the user form: an administrator sets a new password (the server ends
// that user's sessions).
import { MSG } from '@shared/messages';
import { setPasswordSchema } from '@shared/security-resources';
import { KeyRoundIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { fieldMessages, handleSaveError } from '@/lib/api-errors';
import { useForm } from '@/lib/use-form';
import { setUserPassword } from '@/features/security/security-api';

const EMPTY = { password: '', confirmar_password: '' };

export function ChangePasswordDialog({ userId, userName }: { userId: number; userName: string }) {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const form = useForm(EMPTY);

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.setValues(EMPTY);
      form.setErrors({});
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate(setPasswordSchema);
    if (!body) return;
    setSaving(true);
    try {
      const res = await setUserPassword(userId, body);
      toast.success(res?.message ?? MSG.updated);
      openChange(false);
    } catch (err) {
      form.setErrors(fieldMessages(err));
      handleSaveError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <KeyRoundIcon />
          Cambiar contraseña
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Cambiar contraseña</DialogTitle>
            <DialogDescription>Nueva contraseña para {userName}. Entre 8 y 128 caracteres; se cerrarán sus sesiones abiertas.</DialogDescription>
          </DialogHeader>
          <TextField label="Nueva contraseña" type="password" autoComplete="new-password" required value={form.values.password} onValueChange={(v) => form.set('password', v)} error={form.errors.password} />
          <TextField label="Confirmar contraseña" type="password" autoComplete="new-password" required value={form.values.confirmar_password} onValueChange={(v) => form.set('confirmar_password', v)} error={form.errors.confirmar_password} />
          <DialogFooter>
            <Button variant="outline" onClick={() => openChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Guardando...' : 'Guardar'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
