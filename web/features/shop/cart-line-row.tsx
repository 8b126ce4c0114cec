import { MinusIcon, PackageIcon, PlusIcon, RepeatIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { CartLine } from '@/features/shop/shop-api';
import { formatMoney } from '@/lib/format';

type Props = { line: CartLine; busy: boolean; onStep: (delta: 1 | -1) => void };

/** One cart line: thumbnail, code and name, unit price, minus / quantity / plus, subtotal. */
export function CartLineRow({ line, busy, onStep }: Props) {
  const Icon = line.tipo === 'suscripcion' ? RepeatIcon : PackageIcon;
  return (
    <li className="flex gap-3 py-3" aria-label={`${line.codigo} - ${line.nombre}`}>
      {line.thumbnail ? (
        <img src={line.thumbnail} alt="" className="size-12 shrink-0 rounded-md border object-cover" />
      ) : (
        <span className="flex size-12 shrink-0 items-center justify-center rounded-md border bg-muted text-muted-foreground">
          <Icon aria-hidden className="size-5" />
        </span>
      )}
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="truncate text-sm font-medium" title={`${line.codigo} - ${line.nombre}`}>
          {line.codigo} - {line.nombre}
        </p>
        <p className="text-xs text-muted-foreground tabular-nums">{formatMoney(line.precio)} c/u</p>
        {!line.disponible && <p className="text-xs text-destructive">Ya no está disponible</p>}
        <div className="flex items-center justify-between gap-2">
          <div className="flex items-center gap-1">
            <Button
              variant="outline"
              size="icon"
              className="size-7"
              aria-label={`Restar ${line.nombre}`}
              disabled={busy}
              onClick={() => onStep(-1)}
            >
              <MinusIcon />
            </Button>
            <span role="status" className="w-8 text-center text-sm tabular-nums" aria-label="Cantidad">
              {line.quantity}
            </span>
            <Button
              variant="outline"
              size="icon"
              className="size-7"
              aria-label={`Sumar ${line.nombre}`}
              disabled={busy}
              onClick={() => onStep(1)}
            >
              <PlusIcon />
            </Button>
          </div>
          <span className="text-sm font-medium tabular-nums">{formatMoney(line.subtotal)}</span>
        </div>
      </div>
    </li>
  );
}
