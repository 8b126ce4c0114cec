import { getCatalog, getCategories, getOffers } from '@/features/shop/shop-api';
import { keyOf, STALE, useRead } from '@/lib/query';

export const CATALOG_PAGE = 12;

/** One page of the active products, narrowed by category and search. */
/** A new page or filter keeps the last one on screen (`fetching`) until it lands. */
export function useCatalog(params: { categoria_id?: number; q?: string; page: number }) {
  const query = { ...params, page: String(params.page), perPage: String(CATALOG_PAGE) };
  return useRead(keyOf('/miscompras/catalogo', query), (signal) => getCatalog(query, signal), {
    keepPrevious: true,
  });
}

/** The categories with products (they change rarely: cached like a lookup). */
export const useCategories = () =>
  useRead(keyOf('/miscompras/catalogo/categorias'), (signal) => getCategories(signal).then((r) => r.data), {
    staleTime: STALE.lookups,
  });

/** The active subscription types. */
export const useOffers = () =>
  useRead(keyOf('/miscompras/catalogo/suscripciones'), (signal) => getOffers(signal).then((r) => r.data));
