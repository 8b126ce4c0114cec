// One page of a list from the server (spec §7 "Grid list"): page from 1, perPage, sorts and
// filters as JSON; the answer is {data, total}. Cached per URL grid state (TanStack Query).
import { toSearchParams } from '@shared/list-query';
import { useCallback, useMemo } from 'react';
import type { GridState } from '@/components/data-grid/use-grid-state';
import { ok, resourceClient, withSignal } from '@/lib/client';
import { keyOf, queryClient, useListQuery, type ListPage } from '@/lib/query';

export type Row = Record<string, unknown> & { id: number };

/**
 * The list contract every grid endpoint answers (the registry's list handler types it; the
 * other lists answer the same shape, which tests/api checks).
 */
export const listPage = (endpoint: string, query: Record<string, string>, signal?: AbortSignal) =>
  ok(resourceClient(endpoint).index.$get({ query }, withSignal(signal))) as Promise<ListPage<Row>>;

export function useGridQuery(
  endpoint: string,
  state: Pick<GridState, 'page' | 'perPage' | 'sorts' | 'filters'>,
) {
  const query = useMemo(
    () =>
      toSearchParams({
        page: state.page,
        perPage: state.perPage,
        sorts: state.sorts,
        filters: state.filters,
      }),
    [state.page, state.perPage, state.sorts, state.filters],
  );
  const key = keyOf(endpoint, 'list', query);
  const list = useListQuery<Row>(key, (signal) => listPage(endpoint, query, signal));
  /** Replaces one row in place (after a toggle) without reloading the page. */
  const patchRow = useCallback(
    (row: Row) =>
      queryClient.setQueryData<ListPage<Row>>(key, (old) =>
        old ? { ...old, data: old.data.map((r) => (r.id === row.id ? row : r)) } : old,
      ),
    // The key is derived from endpoint and query.
    [endpoint, query],
  );
  return { ...list, patchRow };
}
