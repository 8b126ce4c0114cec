import { getCatalog, getCategories, getOffers } from '@/features/shop/shop-api';
import { keyOf, STALE, useDataQuery } from '@/lib/query';

export const CATALOG_PAGE = 12;

/** One page of the active products, narrowed by category and search. */
export function useCatalog(params: { categoria_id?: number; q?: string; page: number }) {
  const query = { ...params, page: String(params.page), perPage: String(CATALOG_PAGE) };
  const res = useDataQuery(
    keyOf('/miscompras/catalogo', query),
    (signal) => getCatalog(query, signal),
    undefined,
    { keepPrevious: true },
  );
  const data = { rows: res.data?.data ?? [], total: res.data?.total ?? 0 };
  // As before: a new page or filter shows the loading state until it lands.
  return {
    status: res.fetching && res.status !== 'error' ? ('loading' as const) : res.status,
    data,
    reload: res.reload,
  };
}

/** The categories with products (they change rarely: cached like a lookup). */
export const useCategories = () =>
  useDataQuery(
    keyOf('/miscompras/catalogo/categorias'),
    (signal) => getCategories(signal).then((r) => r.data),
    [],
    { staleTime: STALE.lookups },
  );

/** The active subscription types. */
export const useOffers = () =>
  useDataQuery(
    keyOf('/miscompras/catalogo/suscripciones'),
    (signal) => getOffers(signal).then((r) => r.data),
    [],
  );
