// The product card of spec §2: code-and-name label, price in COP, description, image and the
// 'Agregar al carrito' button. Subscription types use the same card with their duration.
import { ImageOffIcon, RepeatIcon, ShoppingCartIcon } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '@/components/feedback/spinner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { formatMoney } from '@/lib/format';

type Props = {
  label: string;
  precio: number;
  descripcion: string | null;
  image?: string | null;
  badge?: string;
  subscription?: boolean;
  onAdd: () => Promise<unknown>;
};

export function ItemCard({ label, precio, descripcion, image, badge, subscription, onAdd }: Props) {
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    await onAdd();
    setBusy(false);
  };
  return (
    <Card role="group" className="gap-0 overflow-hidden py-0" aria-label={label}>
      <div className="relative aspect-[4/3] bg-muted">
        {image ? (
          <img src={image} alt={label} loading="lazy" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-muted-foreground">
            {subscription ? (
              <RepeatIcon aria-hidden className="size-10" />
            ) : (
              <ImageOffIcon aria-hidden className="size-10" />
            )}
          </div>
        )}
        {badge && (
          <Badge variant="secondary" className="absolute top-2 start-2">
            {badge}
          </Badge>
        )}
      </div>
      <CardContent className="grid flex-1 content-start gap-2 px-4 pt-4">
        <h3 className="line-clamp-2 font-semibold leading-snug">{label}</h3>
        <p className="text-lg font-bold text-primary tabular-nums">{formatMoney(precio)}</p>
        <p className="line-clamp-3 text-sm text-muted-foreground">{descripcion || 'Sin descripción'}</p>
      </CardContent>
      <CardFooter className="px-4 pt-3 pb-4">
        <Button className="w-full" onClick={add} disabled={busy}>
          {busy ? <Spinner /> : <ShoppingCartIcon />}
          Agregar al carrito
        </Button>
      </CardFooter>
    </Card>
  );
}
