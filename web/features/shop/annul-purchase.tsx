// "Anular" on a paid purchase (decision 0240): the one way back from PAGADO, for holders of its
// own permission. The dialog asks for the reason (required: it goes to the purchase's history and
// to the member's notification) and says what follows: the subscription ends and the bonuses the
// purchase paid come back as REEMBOLSO lines in the next settlement.
import { P } from '@shared/permissions';
import { annulPurchaseSchema } from '@shared/schemas/shop';
import { BanIcon } from 'lucide-react';
import { useState } from 'react';
import { ReasonDialog } from '@/components/form/reason-dialog';
import { Button } from '@/components/ui/button';
import { annulPurchase, SHOP_API } from '@/features/shop/shop-api';
import { useSession } from '@/lib/session';
import { STATE } from '@shared/workflow';

type Props = {
  compra: { id: number; estado: string | null };
  onDone?: () => void;
  size?: 'default' | 'sm';
};

export function AnnulPurchaseButton({ compra, onDone, size = 'default' }: Props) {
  const allowed = useSession().can(P.anularCompras);
  const [open, setOpen] = useState(false);
  if (!allowed || compra.estado !== STATE.PAGADO) return null;

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
      <ReasonDialog
        key={compra.id}
        open={open}
        onOpenChange={setOpen}
        title={`Anular la compra #${compra.id}`}
        description="La compra queda NO PAGADA, su suscripción termina y el miembro recibe una notificación con el motivo. Si sus bonos ya se liquidaron, la próxima liquidación los descuenta como reembolso."
        label="Motivo de la anulación"
        placeholder="P. ej.: reembolso solicitado por el miembro"
        submitLabel="Anular"
        schema={annulPurchaseSchema}
        send={(motivo) => annulPurchase(compra.id, motivo)}
        invalidates={[`${SHOP_API}/admin`]}
        onSaved={() => {
          setOpen(false);
          onDone?.();
        }}
      />
    </>
  );
}
