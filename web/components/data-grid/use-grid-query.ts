// One page of a list from the server (spec §7 "Grid list"): page from 1, perPage, sorts and
// filters as JSON; the answer is {data, total}. Cached per URL grid state (TanStack Query).
import { toSearchParams } from '@shared/list-query';
import { useMemo } from 'react';
import type { GridState } from '@/components/data-grid/use-grid-state';
import { ok, resourceClient, withSignal } from '@/lib/client';
import { keyOf, queryClient, type ListPage, type Read, useRead } from '@/lib/query';
import type { ResourceRow } from '@/lib/resource-queries';

/** What every grid row has: the id the row actions and TanStack's row ids use. */
export type GridRow = { id: number };

/**
 * A registry entry's row (lib/resource-queries.ts): its fields are declared as data
 * (worker/shared/resources), so the honest type is a record; the other lists type theirs from
 * their route's reply.
 */
export type { ResourceRow };

/** A list route's call: the query as search params, the page of rows as its reply. */
export type ListFn<T> = (query: Record<string, string>, signal?: AbortSignal) => Promise<ListPage<T>>;

/** The list of a registry entry (its generic router types the reply). */
export const listPage = (endpoint: string, query: Record<string, string>, signal?: AbortSignal) =>
  ok(resourceClient(endpoint).index.$get({ query }, withSignal(signal))) as Promise<ListPage<ResourceRow>>;

/** Replaces one row in every cached page of `endpoint`'s list (after a toggle), without a reload. */
export const patchListRow = <T extends GridRow>(endpoint: string, row: T) =>
  queryClient.setQueriesData<ListPage<T>>({ queryKey: keyOf(endpoint, 'list') }, (old) =>
    old ? { ...old, data: old.data.map((r) => (r.id === row.id ? row : r)) } : old,
  );

export function useGridQuery<T>(
  endpoint: string,
  state: Pick<GridState, 'page' | 'perPage' | 'sorts' | 'filters'>,
  list: ListFn<T>,
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
  const read = useRead(keyOf(endpoint, 'list', query), (signal) => list(query, signal), {
    keepPrevious: true,
  });
  const page: GridPage<T> = { ...read, rows: read.data?.data ?? NO_ROWS, total: read.data?.total ?? 0 };
  return page;
}

const NO_ROWS: never[] = [];

/**
 * One page as the one read shape (lib/query.ts `useRead`; the previous page stays while the next
 * loads, `fetching`), with its rows and total spelled out for the table.
 */
export type GridPage<T> = Read<ListPage<T>> & { rows: T[]; total: number };
