// The children of /app: the private layout and every private screen (docs/product-spec.md §2). Loaded on
// the first navigation under /app and patched into the router (web/routes.tsx), so the tables of
// ~150 routes and the registry behind them stay out of the first page's JS.
import { DEFAULT_PAGE_SIZE, toSearchParams } from '@shared/list-query';
import { RESOURCES } from '@shared/resources';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { apiUrl } from '@/lib/api';
import { prime } from '@/lib/client';
import { isExpired, readSessionInfo } from '@/lib/session-cookie';
import { CONFIG_ROUTES } from '@/routing/config-routes';
import type { RouteHandle } from '@/routing/guards';
import { lazyScreen } from '@/routing/lazy-screen';
import { PermissionGate } from '@/routing/permission-gate';
import type { AppRoute } from '@/routing/route-types';
import { SCREEN_ROUTES } from '@/routing/screens';

const pending = () => import('@/features/pending/pending-screen');

/** A registry list's path → its API endpoint. */
const LIST_ENDPOINTS = new Map(RESOURCES.map((def) => [def.route, def.endpoint]));
/** The URL keys that change which page of rows a grid asks for (use-grid-state.ts). */
const GRID_KEYS = ['page', 'perPage', 'sorts', 'filters'];

/**
 * A registry list's first page is asked for beside the screen's code, not after its first render
 * (decision 0105): when the URL carries no grid state, the grid will ask for page 1 of the default
 * size, which `prime` starts now and the grid's own call then takes. Only on entering the route.
 */
const primeFirstPage =
  (endpoint: string) =>
  ({ request }: LoaderFunctionArgs) => {
    // The server renders the first page into the document itself (web/server-render.tsx).
    if (import.meta.env.SSR) return null;
    const { searchParams } = new URL(request.url);
    if (isExpired(readSessionInfo()) || GRID_KEYS.some((k) => searchParams.has(k))) return null;
    // The path and query the grid's call sends (use-grid-query.ts: `index.$get({ query })`).
    const query = new URLSearchParams(toSearchParams({ page: 1, perPage: DEFAULT_PAGE_SIZE }));
    prime(`${apiUrl(endpoint)}?${query}`);
    return null;
  };

function toRouteObject(r: AppRoute): RouteObject {
  const handle: RouteHandle = { title: r.title, permissions: r.permissions };
  const endpoint = LIST_ENDPOINTS.get(r.path);
  return {
    // Its path is its id: the same on the server and in the browser whichever routes each table
    // holds (servedAppChildren below).
    id: r.path,
    path: r.path,
    handle,
    lazy: lazyScreen(r.screen ?? pending),
    ...(endpoint ? { loader: primeFirstPage(endpoint), shouldRevalidate: () => false } : {}),
  };
}

export const APP_ROUTES: AppRoute[] = [...SCREEN_ROUTES, ...CONFIG_ROUTES];

/** The route under the private layout holding every screen, where the rest are patched in (routes.tsx). */
export const SCREENS_ROUTE_ID = 'app-screens';

const screenRoutes: RouteObject[] = APP_ROUTES.map(toRouteObject);

const appTree = (screens: RouteObject[]): RouteObject[] => [
  {
    id: 'app-layout',
    lazy: async () => ({ Component: (await import('@/shell/app-layout')).AppLayout }),
    children: [{ id: SCREENS_ROUTE_ID, Component: PermissionGate, children: screens }],
  },
];

/** The children of /app: the private layout, its permission gate and every screen. */
export const appChildren: RouteObject[] = appTree(screenRoutes);

/**
 * The same tree holding only the screens among `ids` (the routes a served document matched, by
 * id): what the browser hydrates a served page with. A router given every screen ranks all of
 * them (~250) before its first render, a long task on a phone (decision 0307); the others are patched
 * in on the first navigation elsewhere (`patchScreens`).
 */
export function servedAppChildren(ids: readonly string[]): RouteObject[] {
  return appTree(screenRoutes.filter((r) => ids.includes(r.id!)));
}

/** Every screen, for React Router's `patch` into SCREENS_ROUTE_ID (those already there are kept). */
export const allScreenRoutes = (): RouteObject[] => screenRoutes;
