import { InfoIcon, ShoppingCartIcon } from 'lucide-react';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

/**
 * The cart in the top bar. The cart API arrives with the shop module; until then the popover
 * shows the spec's empty-cart message.
 */
export function CartPopover() {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Carrito de compras">
          <ShoppingCartIcon className="size-5" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80">
        <h2 className="mb-3 text-sm font-semibold">Carrito de compras</h2>
        <Alert variant="info">
          <InfoIcon />
          <AlertTitle>No hay productos agregados al carrito</AlertTitle>
        </Alert>
      </PopoverContent>
    </Popover>
  );
}
