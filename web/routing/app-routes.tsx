// The children of /app: the private layout and every private screen (product-spec §2). Loaded on
// the first navigation under /app and patched into the router (web/routes.tsx), so the tables of
// ~150 routes and the registry behind them stay out of the first page's JS.
import type { RouteObject } from 'react-router';
import { CONFIG_ROUTES } from '@/routing/config-routes';
import type { RouteHandle } from '@/routing/guards';
import { lazyScreen } from '@/routing/lazy-screen';
import { PermissionGate } from '@/routing/permission-gate';
import type { AppRoute } from '@/routing/route-types';
import { SCREEN_ROUTES } from '@/routing/screens';

const pending = () => import('@/features/pending/pending-screen');

function toRouteObject(r: AppRoute): RouteObject {
  const handle: RouteHandle = { title: r.title, permissions: r.permissions };
  return { path: r.path, handle, lazy: lazyScreen(r.screen ?? pending) };
}

export const APP_ROUTES: AppRoute[] = [...SCREEN_ROUTES, ...CONFIG_ROUTES];

export const appChildren: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('@/shell/app-layout')).AppLayout }),
    children: [{ Component: PermissionGate, children: APP_ROUTES.map(toRouteObject) }],
  },
];
