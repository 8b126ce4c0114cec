// GET /reports/dashboard, reloadable; a reload keeps the figures on screen until the new ones land.
// Its types come from the handler (worker/modules/reports/routes.ts) through the typed client.
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { client, ok, withSignal } from '@/lib/client';
import { keyOf } from '@/lib/query';

const getDashboard = (signal?: AbortSignal) =>
  ok(client.reports.dashboard.$get(undefined, withSignal(signal)));
export type Dashboard = Awaited<ReturnType<typeof getDashboard>>['data'];
export type MemberFigures = Dashboard['miembro'];
export type PlatformFigures = NonNullable<Dashboard['plataforma']>;
export type MonthValue = PlatformFigures['ventas_por_mes'][number];

type State =
  | { status: 'loading' }
  | { status: 'error'; forbidden: boolean }
  | { status: 'ready'; data: Dashboard; reloading: boolean };

export function useDashboard() {
  const q = useQuery({
    queryKey: keyOf('/reports/dashboard'),
    queryFn: async ({ signal }) => (await getDashboard(signal)).data,
  });
  let state: State;
  if (q.isError && !q.isFetching)
    state = { status: 'error', forbidden: q.error instanceof ApiError && q.error.status === 403 };
  else if (q.data !== undefined) state = { status: 'ready', data: q.data, reloading: q.isFetching };
  else state = { status: 'loading' };
  const { refetch } = q;
  return { state, reload: () => void refetch() };
}
