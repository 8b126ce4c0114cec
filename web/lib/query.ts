// TanStack Query for every private screen (docs/decisions/0042-web-data-layer.md): one
// QueryClient, the retry rule, and one read hook with one state shape (useRead, decision 0100).
// Only private pages import this module, so /login stays light.
import {
  type DefaultOptions,
  type DehydratedState,
  hydrate,
  keepPreviousData,
  MutationCache,
  type Query,
  type QueryKey,
  QueryClient,
  useQuery,
  type UseQueryResult,
} from '@tanstack/react-query';
import { createContext, useCallback, useContext } from 'react';
import { ApiError } from '@/lib/api';

/** How long a cached answer counts as fresh. Lookups change rarely; everything else is re-read. */
export const STALE = { lookups: 5 * 60_000, none: 0 } as const;

/** Network failures and 5xx are retried once; a 4xx is an answer (and a 401 already ended the session). */
export function retryOnce(failures: number, err: unknown): boolean {
  if (failures >= 1) return false;
  if (!(err instanceof ApiError)) return false;
  return err.status === 0 || err.status >= 500;
}

/** The answers the server read for this document (web/server-render.tsx): when each was read. */
const served = new Map<string, number>();
/** How long after the page loaded a served answer still counts as just read. */
const SERVED_FRESH_MS = 10_000;
let servedUntil = 0;
/** Still the answer the server put in this document, no write has invalidated it, and the document has just loaded. */
const isServedAnswer = (query: Query) =>
  Date.now() < servedUntil &&
  !query.state.isInvalidated &&
  served.get(query.queryHash) === query.state.dataUpdatedAt;

/** The query defaults of the browser's client and of the server's per-document ones. */
export const QUERY_DEFAULTS = {
  queries: {
    retry: retryOnce,
    retryDelay: 300,
    staleTime: STALE.none,
    // An answer the server read for this very document counts as just read as its screen mounts;
    // every other stale answer is re-read.
    refetchOnMount: (query: Query) => !isServedAnswer(query),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // Offline, a request fails (and says so) instead of waiting, paused, for the connection.
    networkMode: 'always',
  },
  mutations: { retry: false, networkMode: 'always' },
} satisfies DefaultOptions;

/**
 * After any write, no served answer counts as just read any more (decision 0463): a screen that
 * mounts again after a write (a grid keyed anew after an import) reads the server, not the answer
 * the document was drawn with, even inside the first seconds of a page opened by its URL.
 */
export function forgetServedAnswers() {
  servedUntil = 0;
}

export const queryClient = new QueryClient({
  defaultOptions: QUERY_DEFAULTS,
  mutationCache: new MutationCache({ onSuccess: () => forgetServedAnswers() }),
});

/** Puts the answers a server-rendered document carries into the cache before it hydrates. */
export function hydrateServedAnswers(state: DehydratedState) {
  hydrate(queryClient, state);
  servedUntil = Date.now() + SERVED_FRESH_MS;
  for (const q of state.queries) served.set(q.queryHash, q.state.dataUpdatedAt);
}

/**
 * The client the private shell provides: the browser's one, or the server's for the document it
 * renders (each document its own, so no answer crosses between users).
 */
export const AppQueryClient = createContext<QueryClient>(queryClient);
export const useAppQueryClient = () => useContext(AppQueryClient);

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
      // A 404 is an answer the screen shows («not found»), such as a queue item just decided and
      // re-read as it leaves; anything else is a fault worth the console.
      if (!signal.aborted && !(err instanceof ApiError && err.status === 404)) console.error(err);
      throw err;
    }
  };

/** Why a read failed: the screens tell "not found" and "no permission" apart from the rest. */
export type ReadError = { notFound: boolean; forbidden: boolean };

/**
 * The one shape of every read on a private screen (docs/decisions/0100-one-read-shape.md):
 * `idle` (nothing to load: a null key), `loading` (no answer yet), `ready` (the answer; kept on
 * screen while it reloads, `fetching` says so) or `error` (the failure; `data` is the last answer
 * if one was on screen).
 */
export type ReadState<T> =
  | { status: 'idle' | 'loading'; data: undefined; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: T | undefined; error: ReadError };
export type Read<T> = ReadState<T> & { reload: () => void; fetching: boolean };

export type ReadOptions = {
  /** How long an answer counts as fresh (STALE.none for screens, STALE.lookups for catalogues). */
  staleTime?: number;
  /** Keeps the previous key's answer on screen while the next key loads (a page, a filter). */
  keepPrevious?: boolean;
  /** Re-reads on an interval while the tab is visible (the notifications bell). */
  refetchInterval?: number;
  /** false: a failure is not retried (otherwise `retryOnce`). */
  retry?: false;
};

type QueryFacts<T> = Pick<
  UseQueryResult<T>,
  'data' | 'error' | 'isError' | 'isFetching' | 'errorUpdatedAt' | 'dataUpdatedAt'
>;

/**
 * The state a query's facts make: an error shows once the read has stopped and only if it is
 * newer than the answer on screen (a failed reload of a record on screen shows the error).
 */
export function readState<T>(enabled: boolean, q: QueryFacts<T>): ReadState<T> {
  if (!enabled) return { status: 'idle', data: undefined, error: null };
  const failed = q.isError && !q.isFetching && (q.data === undefined || q.errorUpdatedAt > q.dataUpdatedAt);
  if (failed) {
    const status = q.error instanceof ApiError ? q.error.status : 0;
    return { status: 'error', data: q.data, error: { notFound: status === 404, forbidden: status === 403 } };
  }
  if (q.data !== undefined) return { status: 'ready', data: q.data, error: null };
  return { status: 'loading', data: undefined, error: null };
}

/** Reads `key` with `fn` (a null key = nothing to load, e.g. a /new screen or a parent not chosen). */
export function useRead<T>(key: QueryKey | null, fn: Fetch<T>, opts: ReadOptions = {}): Read<T> {
  const q = useQuery({
    queryKey: key ?? ['idle'],
    queryFn: ({ signal }) => logged(fn)(signal),
    enabled: !!key,
    staleTime: opts.staleTime ?? STALE.none,
    placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
    refetchInterval: opts.refetchInterval,
    ...(opts.retry === false ? { retry: false } : {}),
  });
  const { refetch } = q;
  const reload = useCallback(() => void refetch(), [refetch]);
  return { ...readState(!!key, q), reload, fetching: q.isFetching };
}

export type ListPage<R> = { data: R[]; total: number };
