// Grid state of a shop list kept in the URL (page, perPage, sorts, filters) so it can be
// bookmarked; `prefix` keeps two grids of one screen (tabs) apart.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SortDir } from '@shared/list-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type ListState = {
  page: number;
  perPage: number;
  sorts: Record<string, SortDir>;
  filters: Record<string, unknown>;
};

function json(raw: string | null): Record<string, unknown> {
  try {
    const v = raw ? JSON.parse(raw) : {};
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === '' ||
  (typeof v === 'object' &&
    !Object.values(v as object).some((x) => x !== undefined && x !== null && x !== ''));

export function useListState(opts: { prefix?: string; sortable: string[]; filterable: string[] }) {
  const [params, setParams] = useSearchParams();
  const prefix = opts.prefix ?? '';
  const p = (k: string) => `${prefix}${k}`;
  const key = `${opts.sortable.join()}|${opts.filterable.join()}|${opts.prefix ?? ''}`;

  const read = useCallback(
    (from: URLSearchParams): ListState => {
      const page = Number(from.get(p('page')));
      const perPage = Number(from.get(p('perPage')));
      const sorts = Object.fromEntries(
        Object.entries(json(from.get(p('sorts')))).filter(
          ([k, d]) => opts.sortable.includes(k) && (d === 'asc' || d === 'desc'),
        ),
      ) as Record<string, SortDir>;
      const filters = Object.fromEntries(
        Object.entries(json(from.get(p('filters')))).filter(
          ([k, v]) => opts.filterable.includes(k) && !isEmpty(v),
        ),
      );
      return {
        page: Number.isInteger(page) && page >= 1 ? page : 1,
        perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
        sorts,
        filters,
      };
    },
    [key], // the option arrays are read through their joined key
  );

  const state = useMemo(() => read(params), [params, read]);

  const update = useCallback(
    (patch: Partial<ListState> | ((current: ListState) => Partial<ListState>)) =>
      setParams(
        (prev) => {
          const current = read(prev);
          const s = { ...current, ...(typeof patch === 'function' ? patch(current) : patch) };
          const next = new URLSearchParams(prev);
          const set = (k: string, v: string | null) => (v === null ? next.delete(p(k)) : next.set(p(k), v));
          const filters = Object.fromEntries(Object.entries(s.filters).filter(([, v]) => !isEmpty(v)));
          set('page', s.page > 1 ? String(s.page) : null);
          set('perPage', s.perPage !== DEFAULT_PAGE_SIZE ? String(s.perPage) : null);
          set('sorts', Object.keys(s.sorts).length ? JSON.stringify(s.sorts) : null);
          set('filters', Object.keys(filters).length ? JSON.stringify(filters) : null);
          return next;
        },
        { replace: true },
      ),
    [setParams, read],
  );

  /** A new filter value starts again from page 1. */
  const setFilter = useCallback(
    (field: string, value: unknown) =>
      update((s) => ({ page: 1, filters: { ...s.filters, [field]: value } })),
    [update],
  );

  return { state, update, setFilter };
}
