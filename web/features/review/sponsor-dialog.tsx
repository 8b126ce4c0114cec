// 'Cambiar patrocinador' (administrators): moves a member under the member holding a referral
// code → PUT /consultas/usuariosregistrados/:id/sponsor {referral_code, comentario}. The
// server refuses an unknown code or one of the member's own branch (422, shown under the field).
import { FormActions } from '@/components/form/form-actions';
import { MSG } from '@shared/messages';
import { sponsorSchema } from '@shared/schemas/bonus';
import { UserCogIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { AppDialog } from '@/components/ui/dialog';
import { useApiForm } from '@/lib/use-api-form';
import { changeSponsor } from '@/features/review/review-api';

const EMPTY = { referral_code: '', comentario: '' };

export function SponsorDialog({ userId, userName }: { userId: string; userName: string }) {
  const [open, setOpen] = useState(false);
  const form = useApiForm({
    defaultValues: EMPTY,
    schema: sponsorSchema,
    toBody: (v) => ({ referral_code: v.referral_code, comentario: v.comentario.trim() || null }),
    send: (body) => changeSponsor(Number(userId), body),
    success: null,
    onSaved: (res) => {
      toast.success(MSG.updated, { description: `Nuevo patrocinador de ${userName}: ${res.data.sponsor}` });
      setOpen(false);
    },
    errors: 'notify',
  });
  const busy = form.busy;

  const show = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    form.setValues(EMPTY);
    form.setErrors({});
  };

  return (
    <>
      <Button variant="outline" onClick={() => show(true)}>
        <UserCogIcon />
        Cambiar patrocinador
      </Button>
      <AppDialog
        open={open}
        onClose={() => show(false)}
        title="Cambiar patrocinador"
        description={
          <>
            {userName} quedará como referido directo del miembro dueño del código. El cambio queda en el
            histórico.
          </>
        }
      >
        <form onSubmit={form.onSubmit} noValidate className="grid gap-4">
          <TextField
            label="Código de referido del nuevo patrocinador"
            required
            autoComplete="off"
            maxLength={40}
            value={form.values.referral_code}
            onValueChange={(v) => form.set('referral_code', v.toUpperCase())}
            error={form.errors.referral_code}
          />
          <TextareaField
            label="Comentario"
            rows={3}
            maxLength={500}
            hint="Opcional"
            {...form.field('comentario')}
          />
          <FormActions busy={busy} onCancel={() => show(false)} variant="dialog" />
        </form>
      </AppDialog>
    </>
  );
}
