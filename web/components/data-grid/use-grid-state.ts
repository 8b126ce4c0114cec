// The grid's state lives in the URL (page, perPage, sorts, filters, hidden columns) so a list
// can be bookmarked and shared. Keys a resource does not allow are dropped instead of sent.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SortDir } from '@shared/list-query';
import type { ResourceDef } from '@shared/resource-types';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type GridState = {
  page: number;
  perPage: number;
  sorts: Record<string, SortDir>;
  filters: Record<string, unknown>;
  hidden: string[];
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

export function parseGridState(params: URLSearchParams, def: ResourceDef): GridState {
  const page = Number(params.get('page'));
  const perPage = Number(params.get('perPage'));
  const sortable = new Set([
    'id',
    'created_at',
    ...def.columns.filter((c) => c.sortable).map((c) => c.field),
  ]);
  const sorts = Object.fromEntries(
    Object.entries(json(params.get('sorts'))).filter(
      ([k, dir]) => sortable.has(k) && (dir === 'asc' || dir === 'desc'),
    ),
  ) as Record<string, SortDir>;
  const allowed = new Set(def.filters.map((f) => f.field));
  const filters = Object.fromEntries(
    Object.entries(json(params.get('filters'))).filter(([k, v]) => allowed.has(k) && !isEmptyFilter(v)),
  );
  const columns = new Set(def.columns.map((c) => c.field));
  const hidden = (params.get('hidden') ?? '').split(',').filter((f) => columns.has(f));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
    sorts,
    filters,
    hidden,
  };
}

function toParams(state: GridState, keep: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(keep);
  const set = (key: string, value: string | null) =>
    value === null ? next.delete(key) : next.set(key, value);
  set('page', state.page > 1 ? String(state.page) : null);
  set('perPage', state.perPage !== DEFAULT_PAGE_SIZE ? String(state.perPage) : null);
  set('sorts', Object.keys(state.sorts).length ? JSON.stringify(state.sorts) : null);
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([, v]) => !isEmptyFilter(v)));
  set('filters', Object.keys(filters).length ? JSON.stringify(filters) : null);
  set('hidden', state.hidden.length ? state.hidden.join(',') : null);
  return next;
}

export function useGridState(def: ResourceDef) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseGridState(params, def), [params, def]);

  const update = useCallback(
    (patch: Partial<GridState>) => {
      setParams((prev) => toParams({ ...parseGridState(prev, def), ...patch }, prev), { replace: true });
    },
    [setParams, def],
  );

  /** A new filter value starts again from page 1. */
  const setFilter = useCallback(
    (field: string, value: unknown) => {
      setParams(
        (prev) => {
          const current = parseGridState(prev, def);
          return toParams({ ...current, page: 1, filters: { ...current.filters, [field]: value } }, prev);
        },
        { replace: true },
      );
    },
    [setParams, def],
  );

  return { state, update, setFilter };
}
