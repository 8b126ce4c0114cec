// The children of /app: the private layout and every private screen (product-spec §2). Loaded on
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
    path: r.path,
    handle,
    lazy: lazyScreen(r.screen ?? pending),
    ...(endpoint ? { loader: primeFirstPage(endpoint), shouldRevalidate: () => false } : {}),
  };
}

export const APP_ROUTES: AppRoute[] = [...SCREEN_ROUTES, ...CONFIG_ROUTES];

export const appChildren: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('@/shell/app-layout')).AppLayout }),
    children: [{ Component: PermissionGate, children: APP_ROUTES.map(toRouteObject) }],
  },
];
