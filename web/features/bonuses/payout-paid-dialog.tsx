// "Marcar lote pagado": the bank's reference is required (POST /bonos/lotespago/:id/pagar); every
// member-cycle in the batch moves to PAGADO with history and a notification.
import { MSG } from '@shared/messages';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/feedback/spinner';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatMoney, plural } from '@/lib/format';
import { useWrite } from '@/lib/mutation';
import { markBatchPaid, type PayoutBatch } from '@/features/bonuses/payout-api';
import { METODO_LABELS } from '@shared/schemas/payout';

type Props = { batch: PayoutBatch | null; onClose: () => void; onDone: () => void };

export function PayoutPaidDialog({ batch, onClose, onDone }: Props) {
  const [referencia, setReferencia] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    setReferencia('');
    setError(undefined);
  }, [batch?.id]);
  const write = useWrite({
    send: (ref: string) => markBatchPaid(batch!.id, ref),
    errors: 'notify',
    onFieldErrors: (errors) => setError(errors.referencia?.[0]),
    onSaved: () => onDone(),
  });
  const busy = write.busy;
  const submit = () => {
    const ref = referencia.trim();
    if (!ref) return setError(MSG.required);
    void write.run(ref);
  };

  return (
    <Dialog open={batch !== null} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent showClose={false}>
        <DialogHeader>
          <DialogTitle>Marcar lote pagado</DialogTitle>
          <DialogDescription>
            {batch &&
              `${METODO_LABELS[batch.metodo] ?? batch.metodo}: ${plural(batch.miembros, 'miembro', 'miembros')} por ${formatMoney(batch.total)}. Cada uno pasa a PAGADO y recibe una notificación.`}
          </DialogDescription>
        </DialogHeader>
        <form
          id="payout-paid-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <TextField
            label="Referencia del banco"
            name="referencia"
            required
            value={referencia}
            onValueChange={(v) => {
              setReferencia(v);
              setError(undefined);
            }}
            maxLength={100}
            error={error}
            hint="El número o código que el banco dio a la transferencia"
          />
        </form>
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" form="payout-paid-form" disabled={busy}>
            {busy && <Spinner />}
            Marcar pagado
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
