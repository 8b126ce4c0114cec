// The cart popover and the shop screens live in different parts of the page; they tell each
// other "the cart changed" and "a purchase was created" through this tiny bus.
import { useEffect, useRef } from 'react';

type ShopEvent = 'cart' | 'purchases';
const listeners = new Map<ShopEvent, Set<() => void>>();

export function emitShop(event: ShopEvent) {
  for (const fn of listeners.get(event) ?? []) fn();
}

export function useShopEvent(event: ShopEvent, fn: () => void) {
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => {
    const run = () => latest.current();
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set.add(run));
    return () => void set.delete(run);
  }, [event]);
}
