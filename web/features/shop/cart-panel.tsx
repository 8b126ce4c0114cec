// The content of the top bar's cart popover (spec §2 "Cart popover", §4 "Cart").
import { MSG } from '@shared/messages';
import { InfoIcon } from 'lucide-react';
import { ErrorState } from '@/components/feedback/error-state';
import { Spinner } from '@/components/feedback/spinner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { CartLineRow } from '@/features/shop/cart-line-row';
import type { useCart } from '@/features/shop/use-cart';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';

type Props = { cart: ReturnType<typeof useCart>; onPaid: (purchaseId: number) => void };

export function CartPanel({ cart: state, onPaid }: Props) {
  const { cart, status, busy, step, pay, reload } = state;
  if (status === 'loading' || status === 'idle')
    return <Skeleton className="h-24 w-full" aria-label="Cargando carrito" />;
  if (status === 'error') return <ErrorState message={MSG.loadError} onRetry={reload} />;
  if (!cart.data.length) {
    return (
      <Alert variant="info">
        <InfoIcon />
        <AlertTitle>{MSG.cartEmpty}</AlertTitle>
      </Alert>
    );
  }
  const payNow = async () => {
    const id = await pay();
    if (id) onPaid(id);
  };
  return (
    <div className="grid gap-3">
      <ul className="max-h-80 divide-y overflow-y-auto pe-1" aria-label="Productos del carrito">
        {cart.data.map((line) => (
          <CartLineRow
            key={line.id}
            line={line}
            busy={busy !== null}
            onStep={(delta) => step(line.id, line.quantity, delta)}
          />
        ))}
      </ul>
      <Separator />
      <dl className="grid grid-cols-2 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Artículos</dt>
        <dd className="text-end tabular-nums">{formatNumber(cart.total_items)}</dd>
        <dt className="text-muted-foreground">Subtotal</dt>
        <dd className="text-end tabular-nums" data-testid="cart-subtotal">
          {formatMoney(cart.total)}
        </dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-end font-semibold tabular-nums" data-testid="cart-total">
          {formatMoney(cart.total)}
        </dd>
      </dl>
      {cart.inicio_suscripcion !== null && (
        // Plans never overlap (decision 0465): one bought while another runs starts when it ends.
        <Alert variant="info" role="note">
          <InfoIcon />
          <AlertTitle>Ya tienes un plan activo hasta el {formatDate(cart.inicio_suscripcion)}</AlertTitle>
          <AlertDescription>
            El plan que compras empezará el {formatDate(cart.inicio_suscripcion)}, cuando termine el actual.
          </AlertDescription>
        </Alert>
      )}
      <Button onClick={payNow} disabled={busy !== null || cart.total_items === 0}>
        {busy === 'pay' && <Spinner />}
        Pagar
      </Button>
    </div>
  );
}
