// Loads one page of a list from the server (spec §7 "Grid list"): page from 1, perPage, sorts
// and filters as JSON; the answer is {data, total}.
import { toSearchParams } from '@shared/list-query';
import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/api';
import type { GridState } from '@/components/data-grid/use-grid-state';

export type Row = Record<string, unknown> & { id: number };

type Load = { rows: Row[]; total: number; loading: boolean; error: boolean; loaded: boolean };

export function useGridData(endpoint: string, state: GridState) {
  const [load, setLoad] = useState<Load>({ rows: [], total: 0, loading: true, error: false, loaded: false });
  const [version, setVersion] = useState(0);
  const query = JSON.stringify(toSearchParams({ page: state.page, perPage: state.perPage, sorts: state.sorts, filters: state.filters }));

  useEffect(() => {
    const ctrl = new AbortController();
    setLoad((l) => ({ ...l, loading: true, error: false }));
    api<{ data: Row[]; total: number }>('GET', endpoint, JSON.parse(query), { signal: ctrl.signal })
      .then((res) => setLoad({ rows: res?.data ?? [], total: res?.total ?? 0, loading: false, error: false, loaded: true }))
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        console.error(err);
        setLoad((l) => ({ ...l, loading: false, error: true }));
      });
    return () => ctrl.abort();
  }, [endpoint, query, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  /** Replaces one row in place (after a toggle) without reloading the page. */
  const patchRow = useCallback((row: Row) => setLoad((l) => ({ ...l, rows: l.rows.map((r) => (r.id === row.id ? row : r)) })), []);

  return { ...load, reload, patchRow };
}
