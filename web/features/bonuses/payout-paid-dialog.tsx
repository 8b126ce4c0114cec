// "Marcar lote pagado": the bank's reference is required (POST /bonos/lotespago/:id/pagar); every
// member-cycle in the batch moves to PAGADO with history and a notification.
import { useEffect } from 'react';
import { FormActions } from '@/components/form/form-actions';
import { TextField } from '@/components/form/text-field';
import { AppDialog } from '@/components/ui/dialog';
import { formatMoney, plural } from '@/lib/format';
import { useApiForm } from '@/lib/use-api-form';
import { markBatchPaid, type PayoutBatch } from '@/features/bonuses/payout-api';
import { markPaidSchema, METODO_LABELS } from '@shared/schemas/payout';

type Props = { batch: PayoutBatch | null; onClose: () => void; onDone: () => void };

export function PayoutPaidDialog({ batch, onClose, onDone }: Props) {
  const form = useApiForm({
    defaultValues: { referencia: '' },
    schema: markPaidSchema,
    send: (body) => markBatchPaid(batch!.id, body.referencia),
    errors: 'notify',
    onSaved: () => onDone(),
  });
  const { busy, setValues, setErrors } = form;
  useEffect(() => {
    setValues({ referencia: '' });
    setErrors({});
  }, [batch?.id, setValues, setErrors]);

  return (
    <AppDialog
      open={batch !== null}
      onClose={onClose}
      busy={busy}
      title="Marcar lote pagado"
      description={
        <>
          {batch &&
            `${METODO_LABELS[batch.metodo] ?? batch.metodo}: ${plural(batch.miembros, 'miembro', 'miembros')} por ${formatMoney(batch.total)}. Cada uno pasa a PAGADO y recibe una notificación.`}
        </>
      }
      showClose={false}
    >
      <form noValidate onSubmit={form.onSubmit} className="grid gap-4">
        <TextField
          label="Referencia del banco"
          name="referencia"
          required
          {...form.field('referencia')}
          maxLength={100}
          hint="El número o código que el banco dio a la transferencia"
        />
        <FormActions busy={busy} onCancel={onClose} label="Marcar pagado" variant="dialog" />
      </form>
    </AppDialog>
  );
}
