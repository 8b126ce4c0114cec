// «Solicitar retracto» on the member's paid purchase (Ley 1480 de 2011 art. 47, decision 0449):
// shown while the 5 business days after the payment last; the reason goes to the administrators'
// queue. A pending or decided request is shown instead of the button.
import { withdrawalSchema } from '@shared/schemas/tax-withholding';
import { STATE, stateLabel } from '@shared/workflow';
import { Undo2Icon } from 'lucide-react';
import { useState } from 'react';
import { ReasonDialog } from '@/components/form/reason-dialog';
import { Button } from '@/components/ui/button';
import { getWithdrawal, requestWithdrawal, SHOP_API } from '@/features/shop/shop-api';
import { useRead } from '@/lib/query';

const dayLabel = (d: string) => d.split('-').reverse().join('/');

export function WithdrawPurchase({ compra }: { compra: { id: number; estado: string | null } }) {
  const [open, setOpen] = useState(false);
  const key = compra.estado === STATE.PAGADO ? [SHOP_API, 'compras', String(compra.id), 'retracto'] : null;
  const state = useRead(key, (signal) => getWithdrawal(compra.id, signal));
  if (state.status !== 'ready') return null;
  const w = state.data.data;
  if (w.solicitud)
    return (
      <p className="text-sm text-muted-foreground" role="status">
        Solicitud de retracto: {stateLabel(w.solicitud.estado)}
      </p>
    );
  if (!w.disponible || !w.limite) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Undo2Icon />
        Solicitar retracto
      </Button>
      <ReasonDialog
        key={compra.id}
        open={open}
        onOpenChange={setOpen}
        title={`Retracto de la compra #${compra.id}`}
        description={`Puedes retractarte de esta compra hasta el ${dayLabel(w.limite)} (5 días hábiles desde el pago, Ley 1480 de 2011, art. 47). Un administrador revisará la solicitud; si la aprueba, la compra se anula y se te reembolsa.`}
        label="Motivo del retracto"
        placeholder="P. ej.: el producto no es lo que esperaba"
        submitLabel="Solicitar retracto"
        schema={withdrawalSchema}
        send={(motivo) => requestWithdrawal(compra.id, motivo)}
        invalidates={[SHOP_API]}
        onSaved={() => {
          setOpen(false);
          state.reload();
        }}
      />
    </>
  );
}
