// GET /reports/dashboard, reloadable; a reload keeps the figures on screen until the new ones land.
// Its types come from the handler (worker/modules/reports/routes.ts) through the typed client.
import type { InferResponseType } from 'hono/client';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api';
import { client, ok } from '@/lib/client';

export type Dashboard = InferResponseType<typeof client.reports.dashboard.$get, 200>['data'];
export type MemberFigures = Dashboard['miembro'];
export type PlatformFigures = NonNullable<Dashboard['plataforma']>;
export type MonthValue = PlatformFigures['ventas_por_mes'][number];

type State = { status: 'loading' } | { status: 'error'; forbidden: boolean } | { status: 'ready'; data: Dashboard; reloading: boolean };

export function useDashboard() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const ctrl = new AbortController();
    setState((s) => (s.status === 'ready' ? { ...s, reloading: true } : { status: 'loading' }));
    ok(client.reports.dashboard.$get(undefined, { init: { signal: ctrl.signal } }))
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
