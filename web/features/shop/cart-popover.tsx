import { P } from '@shared/permissions';
import { MSG } from '@shared/messages';
import { InfoIcon, ShoppingCartIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Popover, PopoverContent } from '@/components/ui/popover';
import { TopBarTrigger } from '@/components/layout/top-bar-trigger';
import { Spinner } from '@/components/feedback/spinner';
import { useCart } from '@/features/shop/use-cart';
import { useSession } from '@/lib/session';

// The panel (lines, totals, payment) loads when the popover first opens: the count on the icon
// is all the top bar needs at first (docs/decisions/0105-app-first-load.md).
const CartPanel = lazy(async () => ({ default: (await import('@/features/shop/cart-panel')).CartPanel }));

/** The cart in the top bar (spec §2 "Cart popover"); members without the shop see it empty. */
export function CartPopover() {
  const { can } = useSession();
  const allowed = can(P.misCompras);
  const cart = useCart(allowed);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const count = cart.cart.total_items;

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void cart.reload();
      }}
    >
      <TopBarTrigger
        icon={ShoppingCartIcon}
        label={count ? `Carrito de compras (${count})` : 'Carrito de compras'}
        count={count}
        countClassName="-top-0.5 -end-0.5"
      />
      <PopoverContent align="end" className="w-96 max-w-[calc(100vw-1rem)]">
        <h2 className="mb-3 text-sm font-semibold">Carrito de compras</h2>
        {allowed ? (
          <Suspense
            fallback={
              <div className="flex justify-center p-4">
                <Spinner />
              </div>
            }
          >
            <CartPanel
              cart={cart}
              onPaid={(id) => {
                setOpen(false);
                navigate(`/app/miscompras?tab=compras`, { state: { paid: id } });
              }}
            />
          </Suspense>
        ) : (
          <Alert variant="info">
            <InfoIcon />
            <AlertTitle>{MSG.cartEmpty}</AlertTitle>
          </Alert>
        )}
      </PopoverContent>
    </Popover>
  );
}
