// A grid's state lives in the URL (page, perPage, sorts, filters, hidden columns) so a list can
// be bookmarked and shared. Keys a grid does not allow are dropped instead of sent; `prefix`
// keeps two grids of one screen (tabs) apart. The one URL-state hook of every ServerGrid.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SortDir } from '@shared/list-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type GridState = {
  page: number;
  perPage: number;
  sorts: Record<string, SortDir>;
  filters: Record<string, unknown>;
  hidden: string[];
};

/** What a grid lets the URL carry. */
export type GridStateSpec = {
  sortable: readonly string[];
  filterable: readonly string[];
  /** Columns the user may hide (the registry grids' column chooser). */
  hideable?: readonly string[];
  /** Prefix of the URL keys ('c.' → `c.page`, `c.filters`...). */
  prefix?: string;
  /** Filter values used while the URL has none (e.g. estado PENDIENTE for a queue). */
  defaults?: Record<string, unknown>;
};

function json(raw: string | null): Record<string, unknown> {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/** An empty filter ('' / null / a range with neither end) is no filter. */
export function isEmptyFilter(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value === 'object')
    return !Object.values(value as object).some((x) => x !== undefined && x !== null && x !== '');
  return false;
}

/** The state the URL holds (without defaults), keeping only what the spec allows. */
export function parseGridState(params: URLSearchParams, spec: GridStateSpec): GridState {
  const key = (k: string) => `${spec.prefix ?? ''}${k}`;
  const page = Number(params.get(key('page')));
  const perPage = Number(params.get(key('perPage')));
  const sorts = Object.fromEntries(
    Object.entries(json(params.get(key('sorts')))).filter(
      ([k, dir]) => spec.sortable.includes(k) && (dir === 'asc' || dir === 'desc'),
    ),
  ) as Record<string, SortDir>;
  const filters = Object.fromEntries(
    Object.entries(json(params.get(key('filters')))).filter(
      ([k, v]) => spec.filterable.includes(k) && !isEmptyFilter(v),
    ),
  );
  const hideable = spec.hideable ?? [];
  const hidden = (params.get(key('hidden')) ?? '').split(',').filter((f) => hideable.includes(f));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
    sorts,
    filters,
    hidden,
  };
}

function toParams(state: GridState, keep: URLSearchParams, prefix = ''): URLSearchParams {
  const next = new URLSearchParams(keep);
  const set = (k: string, value: string | null) =>
    value === null ? next.delete(`${prefix}${k}`) : next.set(`${prefix}${k}`, value);
  set('page', state.page > 1 ? String(state.page) : null);
  set('perPage', state.perPage !== DEFAULT_PAGE_SIZE ? String(state.perPage) : null);
  set('sorts', Object.keys(state.sorts).length ? JSON.stringify(state.sorts) : null);
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([, v]) => !isEmptyFilter(v)));
  set('filters', Object.keys(filters).length ? JSON.stringify(filters) : null);
  set('hidden', state.hidden.length ? state.hidden.join(',') : null);
  return next;
}

const EMPTY = {};

/**
 * `state` is what the server is asked for (defaults applied); `shown` is what the URL holds,
 * which the filter row draws.
 */
export function useGridState(spec: GridStateSpec) {
  const [params, setParams] = useSearchParams();
  const { prefix } = spec;
  const defaults = spec.defaults ?? EMPTY;
  // The spec's arrays are read through their joined key, so a caller may pass literals.
  const specKey = [spec.sortable, spec.filterable, spec.hideable ?? [], [prefix ?? '']]
    .map((a) => a.join())
    .join('|');
  const read = useCallback((from: URLSearchParams) => parseGridState(from, spec), [specKey]);

  const shown = useMemo(() => read(params), [params, read]);
  const state = useMemo(
    () => (defaults === EMPTY ? shown : { ...shown, filters: { ...defaults, ...shown.filters } }),
    [shown, defaults],
  );

  const update = useCallback(
    (patch: Partial<GridState> | ((current: GridState) => Partial<GridState>)) =>
      setParams(
        (prev) => {
          const current = read(prev);
          const next = { ...current, ...(typeof patch === 'function' ? patch(current) : patch) };
          return toParams(next, prev, prefix);
        },
        { replace: true },
      ),
    [setParams, read, prefix],
  );

  /** A new filter value starts again from page 1. */
  const setFilter = useCallback(
    (field: string, value: unknown) =>
      update((current) => ({ page: 1, filters: { ...current.filters, [field]: value } })),
    [update],
  );

  return { state, shown, update, setFilter };
}
