// GET /reports/dashboard, reloadable; a reload keeps the figures on screen until the new ones land.
import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '@/lib/api';
import type { Dashboard } from '@/features/dashboard/dashboard-types';

type State = { status: 'loading' } | { status: 'error'; forbidden: boolean } | { status: 'ready'; data: Dashboard; reloading: boolean };

export function useDashboard() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const ctrl = new AbortController();
    setState((s) => (s.status === 'ready' ? { ...s, reloading: true } : { status: 'loading' }));
    api<{ data: Dashboard }>('GET', '/reports/dashboard', undefined, { signal: ctrl.signal })
      .then((res) => setState({ status: 'ready', data: res.data, reloading: false }))
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        console.error(err);
        setState({ status: 'error', forbidden: err instanceof ApiError && err.status === 403 });
      });
    return () => ctrl.abort();
  }, [version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { state, reload };
}
