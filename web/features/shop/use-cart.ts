// The member's cart (spec §4 "Cart"): minus and plus change the quantity by one and the cart
// reloads; minus at 1 removes the line; paying posts {total_items, total} and reloads the cart
// and the purchases list.
import { MSG } from '@shared/messages';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { api } from '@/lib/api';
import { handleSaveError, notifyError } from '@/lib/api-errors';
import { emitShop, useShopEvent } from '@/features/shop/shop-events';
import { type Cart, SHOP_API } from '@/features/shop/shop-types';

const EMPTY: Cart = { data: [], total_items: 0, total: 0 };

export function useCart(enabled: boolean) {
  const [cart, setCart] = useState<Cart>(EMPTY);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [busy, setBusy] = useState<number | 'pay' | null>(null);

  const load = useCallback(async () => {
    if (!enabled) return;
    try {
      setCart(await api<Cart>('GET', `${SHOP_API}/cart`));
      setStatus('ready');
    } catch (err) {
      console.error(err);
      setStatus('error');
    }
  }, [enabled]);

  useEffect(() => void load(), [load]);
  useShopEvent('cart', load);

  const step = async (lineId: number, quantity: number, delta: 1 | -1) => {
    setBusy(lineId);
    try {
      if (delta === -1 && quantity <= 1) await api('DELETE', `${SHOP_API}/cart/${lineId}`);
      else await api('PUT', `${SHOP_API}/cart/${lineId}`, { qty: quantity + delta });
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(null);
      await load();
    }
  };

  const pay = async () => {
    setBusy('pay');
    try {
      const res = await api<{ data: { id: number } }>('POST', `${SHOP_API}/compras`, { total_items: cart.total_items, total: cart.total });
      toast.success(MSG.created);
      emitShop('purchases');
      return res.data.id;
    } catch (err) {
      handleSaveError(err);
      return null;
    } finally {
      setBusy(null);
      await load();
    }
  };

  return { cart, status, busy, reload: load, step, pay };
}

/** Adds one unit of a product or subscription type and tells the popover. */
export async function addToCart(item: { producto_id: number } | { tipo_suscripcion_id: number }) {
  try {
    await api('POST', `${SHOP_API}/cart`, { ...item, qty: 1 });
    toast.success('Producto agregado al carrito');
    emitShop('cart');
    return true;
  } catch (err) {
    handleSaveError(err);
    return false;
  }
}
