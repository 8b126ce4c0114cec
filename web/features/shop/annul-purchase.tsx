// "Anular" on a paid purchase (issue 24 item 3): the one way back from PAGADO, for holders of its
// own permission. The dialog asks for the reason (required: it goes to the purchase's history and
// to the member's notification) and says what follows: the subscription ends and the bonuses the
// purchase paid come back as REEMBOLSO lines in the next settlement.
import { P } from '@shared/permissions';
import { annulPurchaseSchema } from '@shared/schemas/shop';
import { BanIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import * as v from 'valibot';
import { FormActions } from '@/components/form/form-actions';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { annulPurchase, SHOP_API } from '@/features/shop/shop-api';
import { useWrite } from '@/lib/mutation';
import { useSession } from '@/lib/session';

type Props = {
  compra: { id: number; estado: string | null };
  onDone?: () => void;
  size?: 'default' | 'sm';
};

export function AnnulPurchaseButton({ compra, onDone, size = 'default' }: Props) {
  const allowed = useSession().can(P.anularCompras);
  const [open, setOpen] = useState(false);
  const id = useId();
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState('');
  const write = useWrite<string>({
    send: (reason) => annulPurchase(compra.id, reason),
    invalidates: [`${SHOP_API}/admin`],
    onSaved: () => {
      setOpen(false);
      setMotivo('');
      onDone?.();
    },
  });
  if (!allowed || compra.estado !== 'PAGADO') return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = v.safeParse(annulPurchaseSchema, { motivo });
    if (!parsed.success) return setError(parsed.issues[0]!.message);
    setError('');
    void write.run(parsed.output.motivo);
  };
  return (
    <>
      <Button
        variant="outline"
        size={size}
        onClick={() => setOpen(true)}
        aria-label={`Anular compra ${compra.id}`}
        title="Anular"
      >
        <BanIcon />
        {size === 'sm' ? null : 'Anular'}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Anular la compra #{compra.id}</DialogTitle>
            <DialogDescription>
              La compra queda NO PAGADA, su suscripción termina y el miembro recibe una notificación con el
              motivo. Si sus bonos ya se liquidaron, la próxima liquidación los descuenta como reembolso.
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <div className="grid gap-1.5">
              <label htmlFor={id} className="text-sm font-medium">
                Motivo de la anulación
              </label>
              <Textarea
                id={id}
                value={motivo}
                maxLength={500}
                onChange={(e) => setMotivo(e.target.value)}
                aria-invalid={!!error}
                aria-describedby={error ? `${id}-error` : undefined}
                placeholder="P. ej.: reembolso solicitado por el miembro"
              />
              {error && (
                <p id={`${id}-error`} className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
            <FormActions busy={write.busy} onCancel={() => setOpen(false)} label="Anular" variant="dialog" />
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
