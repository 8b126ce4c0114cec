import { CircleCheckIcon, EyeIcon } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PURCHASE_COLUMNS, PURCHASE_FILTERS } from '@/features/shop/shop-columns';
import { ServerGrid } from '@/components/data-grid/server-grid';
import { PaymentInstructions } from '@/features/shop/payment-instructions';
import { listOwnPurchases, SHOP_API } from '@/features/shop/shop-api';
import { useShopEvent } from '@/features/shop/shop-events';
import { invalidate } from '@/lib/query';

const ENDPOINT = `${SHOP_API}/compras`;
type Row = Awaited<ReturnType<typeof listOwnPurchases>>['data'][number];

/** Right after checkout (the cart sends the new purchase's id): what was bought and how to pay it. */
function CheckoutConfirmation({ id }: { id: number }) {
  return (
    <div className="grid gap-4">
      <Alert variant="success">
        <CircleCheckIcon />
        <AlertTitle>Tu compra #{id} quedó registrada</AlertTitle>
        <AlertDescription>
          <p>
            Está pendiente de pago. Estos son los datos para pagarla; también los encuentras en el{' '}
            <Link to={`/app/miscompras/view/${id}`} className="font-medium underline underline-offset-4">
              detalle de la compra
            </Link>
            , donde adjuntas el comprobante.
          </p>
        </AlertDescription>
      </Alert>
      <PaymentInstructions id={id} detail={`/app/miscompras/view/${id}`} />
    </div>
  );
}

/** 'Mis compras': the member's own purchases; each opens its detail. */
export function PurchasesTab() {
  const paid = (useLocation().state as { paid?: number } | null)?.paid;
  // A payment in the cart adds a purchase.
  useShopEvent('purchases', () => void invalidate(ENDPOINT));
  const actions = useCallback(
    (row: Row) => (
      <Button variant="ghost" size="sm" asChild>
        <Link to={`/app/miscompras/view/${row.id}`} aria-label={`Ver compra ${row.id}`}>
          <EyeIcon />
          Ver
        </Link>
      </Button>
    ),
    [],
  );
  const grid = (
    <ServerGrid
      label="Mis compras"
      prefix="c."
      endpoint={ENDPOINT}
      list={listOwnPurchases}
      columns={PURCHASE_COLUMNS}
      filters={PURCHASE_FILTERS}
      defaultSort={{ field: 'created_at', dir: 'desc' }}
      actions={actions}
    />
  );
  if (!paid) return grid;
  return (
    <div className="grid gap-6">
      <CheckoutConfirmation id={paid} />
      {grid}
    </div>
  );
}
