// TanStack Query for every private screen (docs/decisions/0042-web-data-layer.md): one
// QueryClient, the retry rule, and the few state shapes the screens already draw (a record, a
// whole answer, a grid page). Only private pages import this module, so /login stays light.
import { keepPreviousData, type QueryKey, QueryClient, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '@/lib/api';

/** How long a cached answer counts as fresh. Lookups change rarely; everything else is re-read. */
export const STALE = { lookups: 5 * 60_000, none: 0 } as const;

/** Network failures and 5xx are retried once; a 4xx is an answer (and a 401 already ended the session). */
export function retryOnce(failures: number, err: unknown): boolean {
  if (failures >= 1) return false;
  if (!(err instanceof ApiError)) return false;
  return err.status === 0 || err.status >= 500;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: retryOnce,
      retryDelay: 300,
      staleTime: STALE.none,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
    mutations: { retry: false },
  },
});

/** Keys are the API path split in segments (plus the query object), so a write invalidates by prefix. */
export const keyOf = (path: string, ...rest: unknown[]): QueryKey => [
  ...path.split('/').filter(Boolean),
  ...rest,
];

/** Invalidates every cached answer under `path` (its lists, records and sub-resources). */
export const invalidate = (...paths: string[]) =>
  Promise.all(paths.map((p) => queryClient.invalidateQueries({ queryKey: keyOf(p) })));

type Fetch<T> = (signal: AbortSignal) => Promise<T>;

const logged =
  <T>(fn: Fetch<T>): Fetch<T> =>
  async (signal) => {
    try {
      return await fn(signal);
    } catch (err) {
      if (!signal.aborted) console.error(err);
      throw err;
    }
  };

export type RecordState<T> =
  { status: 'idle' | 'loading' } | { status: 'error'; notFound: boolean } | { status: 'ready'; data: T };

/**
 * One record for a screen (a null key = nothing to load, e.g. a /new screen). A reload keeps the
 * record on screen; another record starts from the skeleton.
 */
export function useRecordQuery<T>(
  key: QueryKey | null,
  fn: Fetch<T>,
  opts: { keepPrevious?: boolean; staleTime?: number } = {},
) {
  const q = useQuery({
    queryKey: key ?? ['idle'],
    queryFn: ({ signal }) => logged(fn)(signal),
    enabled: !!key,
    staleTime: opts.staleTime ?? STALE.none,
    placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
  });
  const reload = useCallback(() => void q.refetch(), [q.refetch]);
  let state: RecordState<T>;
  if (!key) state = { status: 'idle' };
  else if (q.data !== undefined) state = { status: 'ready', data: q.data };
  else if (q.isError)
    state = { status: 'error', notFound: q.error instanceof ApiError && q.error.status === 404 };
  else state = { status: 'loading' };
  // A failed reload of a record on screen shows the error, as before.
  if (key && q.isError && !q.isFetching && q.data !== undefined && q.errorUpdatedAt > q.dataUpdatedAt)
    state = { status: 'error', notFound: q.error instanceof ApiError && q.error.status === 404 };
  return { state, reload, fetching: q.isFetching };
}

export type Get<T> = {
  status: 'loading' | 'ready' | 'error';
  data: T | null;
  forbidden: boolean;
  reload: () => void;
};

/** A whole answer; keeps the last one on screen while reloading. */
export function useGetQuery<T>(key: QueryKey | null, fn: Fetch<T>, staleTime: number = STALE.none): Get<T> {
  const q = useQuery({
    queryKey: key ?? ['idle'],
    queryFn: ({ signal }) => logged(fn)(signal),
    enabled: !!key,
    staleTime,
  });
  const reload = useCallback(() => void q.refetch(), [q.refetch]);
  const failed = q.isError && !q.isFetching && (q.data === undefined || q.errorUpdatedAt > q.dataUpdatedAt);
  return {
    status: failed ? 'error' : q.data !== undefined ? 'ready' : 'loading',
    data: q.data ?? null,
    forbidden: q.error instanceof ApiError && q.error.status === 403,
    reload,
  };
}

export type ListPage<R> = { data: R[]; total: number };

/** One page of a server list keyed by its URL grid state; the previous page stays while the next loads. */
export function useListQuery<R>(key: QueryKey, fn: Fetch<ListPage<R> | undefined>) {
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => logged(fn)(signal),
    placeholderData: keepPreviousData,
  });
  const reload = useCallback(() => void q.refetch(), [q.refetch]);
  const error = q.isError && !q.isFetching;
  return {
    rows: q.data?.data ?? [],
    total: q.data?.total ?? 0,
    loading: q.isFetching,
    error,
    loaded: q.isSuccess || (q.data !== undefined && !q.isPlaceholderData),
    reload,
  };
}

export type GetState<T> = { status: 'loading' | 'ready' | 'error'; data: T };

/** `{data}` answers with a stand-in until the first one lands; keeps the last one while reloading. */
export function useDataQuery<T>(
  key: QueryKey | null,
  fn: Fetch<T>,
  initial: T,
  opts: { staleTime?: number; keepPrevious?: boolean } = {},
) {
  const q = useQuery({
    queryKey: key ?? ['idle'],
    queryFn: ({ signal }) => logged(fn)(signal),
    enabled: !!key,
    staleTime: opts.staleTime ?? STALE.none,
    placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
  });
  const reload = useCallback(() => void q.refetch(), [q.refetch]);
  const failed = q.isError && !q.isFetching;
  const status: GetState<T>['status'] = failed ? 'error' : q.data !== undefined ? 'ready' : 'loading';
  return { status, data: q.data ?? initial, reload, fetching: q.isFetching };
}
