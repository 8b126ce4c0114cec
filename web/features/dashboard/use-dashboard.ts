// GET /reports/dashboard (dashboard-api.ts), reloadable; a reload keeps the figures on screen until
// the new ones land. Its types come from the handler (worker/modules/reports/routes.ts).
import { type Dashboard, getDashboard } from '@/features/dashboard/dashboard-api';
import { keyOf, useRead } from '@/lib/query';

export type MemberFigures = Dashboard['miembro'];
export type PlatformFigures = NonNullable<Dashboard['plataforma']>;
export type MonthValue = PlatformFigures['ventas_por_mes'][number];

/** The figures; a reload keeps them on screen (`fetching`) until the new ones land. */
export const useDashboard = () =>
  useRead(keyOf('/reports/dashboard'), async (signal) => (await getDashboard(signal)).data);
