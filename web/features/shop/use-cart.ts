// The member's cart (spec §4 "Cart"): minus and plus change the quantity by one and the cart
// reloads; minus at 1 removes the line; paying posts {total_items, total} and reloads the cart
// and the purchases list.
import { useState } from 'react';
import { addLine, type Cart, changeLine, checkout, getCart, removeLine } from '@/features/shop/shop-api';
import { emitShop, useShopEvent } from '@/features/shop/shop-events';
import { invalidate, keyOf, useRead } from '@/lib/query';
import { useWrite } from '@/lib/mutation';

const EMPTY: Cart = { data: [], total_items: 0, total: 0, inicio_suscripcion: null };
const CART = '/miscompras/cart';

export function useCart(enabled: boolean) {
  const res = useRead(enabled ? keyOf(CART) : null, (signal) => getCart(signal));
  const cart = res.data ?? EMPTY;
  const [busy, setBusy] = useState<number | 'pay' | null>(null);
  useShopEvent('cart', res.reload);

  const stepWrite = useWrite({
    send: ({ lineId, quantity, delta }: { lineId: number; quantity: number; delta: 1 | -1 }) =>
      delta === -1 && quantity <= 1 ? removeLine(lineId) : changeLine(lineId, quantity + delta),
    success: null,
    errors: 'notify',
  });
  const payWrite = useWrite({
    send: () => checkout({ total_items: cart.total_items, total: cart.total }),
    success: (res) => `Compra #${res.data.id} registrada: págala con los datos de la compra`,
    invalidates: ['/miscompras/compras'],
  });

  const step = async (lineId: number, quantity: number, delta: 1 | -1) => {
    setBusy(lineId);
    await stepWrite.run({ lineId, quantity, delta });
    setBusy(null);
    await invalidate(CART);
  };

  const pay = async () => {
    setBusy('pay');
    const done = await payWrite.run();
    if (done) emitShop('purchases');
    setBusy(null);
    await invalidate(CART);
    return done ? done.data.id : null;
  };

  return { cart, status: res.status, busy, reload: res.reload, step, pay };
}

/** Adds one unit of a product or subscription type and tells the popover. */
export function useAddToCart() {
  return useWrite({
    send: (item: { producto_id: number } | { tipo_suscripcion_id: number }) => addLine(item),
    success: () => 'Producto agregado al carrito',
    onSaved: () => emitShop('cart'),
  }).run;
}
