// GET /reports/dashboard, reloadable; a reload keeps the figures on screen until the new ones land.
// Its types come from the handler (worker/modules/reports/routes.ts) through the typed client.
import { client, ok, withSignal } from '@/lib/client';
import { keyOf, useRead } from '@/lib/query';

const getDashboard = (signal?: AbortSignal) =>
  ok(client.reports.dashboard.$get(undefined, withSignal(signal)));
export type Dashboard = Awaited<ReturnType<typeof getDashboard>>['data'];
export type MemberFigures = Dashboard['miembro'];
export type PlatformFigures = NonNullable<Dashboard['plataforma']>;
export type MonthValue = PlatformFigures['ventas_por_mes'][number];

/** The figures; a reload keeps them on screen (`fetching`) until the new ones land. */
export const useDashboard = () =>
  useRead(keyOf('/reports/dashboard'), async (signal) => (await getDashboard(signal)).data);
