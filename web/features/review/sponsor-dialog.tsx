// 'Cambiar patrocinador' (administrators): moves a member under the member holding a referral
// code → PUT /consultas/usuariosregistrados/:id/sponsor {referral_code, comentario}. The
// server refuses an unknown code or one of the member's own branch (422, shown under the field).
import { MSG } from '@shared/messages';
import { sponsorSchema } from '@shared/schemas/bonus';
import { UserCogIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Spinner } from '@/components/feedback/spinner';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldMessages, notifyError } from '@/lib/api-errors';
import { useForm } from '@/lib/use-form';
import { changeSponsor } from '@/features/review/review-api';

const EMPTY = { referral_code: '', comentario: '' };

export function SponsorDialog({ userId, userName }: { userId: string; userName: string }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm(EMPTY);

  const show = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    form.setValues(EMPTY);
    form.setErrors({});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate(sponsorSchema, { referral_code: form.values.referral_code, comentario: form.values.comentario.trim() || null });
    if (!body) return;
    setBusy(true);
    try {
      const res = await changeSponsor(Number(userId), body);
      toast.success(MSG.updated, { description: `Nuevo patrocinador de ${userName}: ${res.data.sponsor}` });
      setOpen(false);
    } catch (err) {
      form.setErrors(fieldMessages(err));
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outline" onClick={() => show(true)}>
        <UserCogIcon />
        Cambiar patrocinador
      </Button>
      <Dialog open={open} onOpenChange={show}>
        <DialogContent>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Cambiar patrocinador</DialogTitle>
              <DialogDescription>{userName} quedará como referido directo del miembro dueño del código. El cambio queda en el histórico.</DialogDescription>
            </DialogHeader>
            <TextField
              label="Código de referido del nuevo patrocinador"
              required
              autoComplete="off"
              maxLength={40}
              value={form.values.referral_code}
              onValueChange={(v) => form.set('referral_code', v.toUpperCase())}
              error={form.errors.referral_code}
            />
            <TextareaField label="Comentario" rows={3} maxLength={500} hint="Opcional" value={form.values.comentario} onValueChange={(v) => form.set('comentario', v)} error={form.errors.comentario} />
            <DialogFooter>
              <Button variant="outline" disabled={busy} onClick={() => show(false)}>
                Cancelar
              </Button>
              <Button type="submit" disabled={busy}>
                {busy && <Spinner />}
                Guardar
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
