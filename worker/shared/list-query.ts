// The grid's list query (spec §7 "Grid list", §9): pages from 1, page sizes 10/20/50/100
// (default 100), sorts and filters as JSON objects. Isomorphic: the grid writes it, the API reads it.
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 100;

export type SortDir = 'asc' | 'desc';
export type DateRange = { from?: string; to?: string };
export type ListQuery = {
  page: number;
  perPage: number;
  sorts: Record<string, SortDir>;
  filters: Record<string, unknown>;
};
export type ListResult<T> = { data: T[]; total: number };

export function toSearchParams(q: Partial<ListQuery> & { columns?: string[] }): Record<string, string> {
  const out: Record<string, string> = {};
  if (q.page) out.page = String(q.page);
  if (q.perPage) out.perPage = String(q.perPage);
  if (q.sorts && Object.keys(q.sorts).length) out.sorts = JSON.stringify(q.sorts);
  if (q.filters && Object.keys(q.filters).length) out.filters = JSON.stringify(q.filters);
  if (q.columns?.length) out.columns = JSON.stringify(q.columns);
  return out;
}
