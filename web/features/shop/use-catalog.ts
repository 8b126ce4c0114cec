import { useEffect, useState } from 'react';
import { api } from '@/lib/api';
import { type CatalogProduct, SHOP_API, type SubscriptionOffer } from '@/features/shop/shop-types';

export const CATALOG_PAGE = 12;

type Load<T> = { status: 'loading' | 'ready' | 'error'; data: T };

/** One page of the active products, narrowed by category and search. */
export function useCatalog(params: { categoria_id?: number; q?: string; page: number }, version: number) {
  const [state, setState] = useState<Load<{ rows: CatalogProduct[]; total: number }>>({ status: 'loading', data: { rows: [], total: 0 } });
  const key = JSON.stringify(params);
  useEffect(() => {
    const ctrl = new AbortController();
    setState((s) => ({ ...s, status: 'loading' }));
    api<{ data: CatalogProduct[]; total: number }>('GET', `${SHOP_API}/catalogo`, { ...JSON.parse(key), perPage: CATALOG_PAGE }, { signal: ctrl.signal })
      .then((res) => setState({ status: 'ready', data: { rows: res.data, total: res.total } }))
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        console.error(err);
        setState((s) => ({ ...s, status: 'error' }));
      });
    return () => ctrl.abort();
  }, [key, version]);
  return state;
}

/** A small list that loads once: the active subscription types, or the categories with products. */
export function useShopList<T>(path: string, version = 0) {
  const [state, setState] = useState<Load<T[]>>({ status: 'loading', data: [] });
  useEffect(() => {
    const ctrl = new AbortController();
    api<{ data: T[] }>('GET', `${SHOP_API}${path}`, undefined, { signal: ctrl.signal })
      .then((res) => setState({ status: 'ready', data: res.data }))
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        console.error(err);
        setState({ status: 'error', data: [] });
      });
    return () => ctrl.abort();
  }, [path, version]);
  return state;
}

export type { SubscriptionOffer };
