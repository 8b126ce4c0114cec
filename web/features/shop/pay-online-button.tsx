// "Pagar en línea" (decision 0141): shown on an unpaid purchase only when the server has a
// payment gateway configured; it asks for the signed checkout URL and sends the member there.
import { CreditCardIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useWrite } from '@/lib/mutation';
import { keyOf, STALE, useRead } from '@/lib/query';
import { getGateway, startOnlinePayment } from '@/features/shop/shop-api';

export function PayOnlineButton({ purchaseId }: { purchaseId: number }) {
  const offered = useRead(keyOf('/pasarela'), async (signal) => (await getGateway(signal)).data.proveedor, {
    staleTime: STALE.lookups,
  });
  const pay = useWrite({
    send: () => startOnlinePayment(purchaseId),
    success: null,
    errors: 'notify',
    onSaved: (res) => window.location.assign(res.data.url),
  });
  if (!offered.data) return null;
  return (
    <Button onClick={() => void pay.run()} disabled={pay.busy}>
      <CreditCardIcon />
      Pagar en línea
    </Button>
  );
}
