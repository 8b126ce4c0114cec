// The route table as data (docs/product-spec.md §2). Public pages, then /app with its guards; each
// private entry carries its title and the permissions it needs (see routing/*-routes.ts). The
// same table renders /login at build time (prerender.tsx) and runs in the browser (main.tsx).
import { createBrowserRouter, type HydrationState, matchRoutes, type RouteObject } from 'react-router';
import { PublicOnly, RequireAuth } from '@/routing/guards';
import { RootLayout } from '@/routing/root-layout';
import { RouteError } from '@/routing/route-error';
import { lazyScreen, type ScreenModule } from '@/routing/lazy-screen';
import { LoadingScreen } from '@/shell/loading-screen';
import { Redirect } from '@/lib/redirect';

const publicPage = (path: string, load: () => Promise<ScreenModule>): RouteObject => ({
  path,
  lazy: lazyScreen(load),
});

export const routeObjects: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RouteError,
    children: [
      { index: true, element: <Redirect to="/login" replace /> },
      {
        Component: PublicOnly,
        children: [
          publicPage('/login', () => import('@/features/auth/login-page')),
          publicPage('/register', () => import('@/features/auth/register-page')),
          publicPage('/register/success', () => import('@/features/auth/register-success-page')),
          publicPage('/register/:referralId', () => import('@/features/auth/register-page')),
          publicPage('/resetPassword/:token', () => import('@/features/auth/reset-password-page')),
        ],
      },
      publicPage('/404', () => import('@/features/not-found/not-found-page')),
      {
        // Its screens arrive on the first navigation under /app (patchRoutesOnNavigation below).
        id: 'app',
        path: '/app',
        Component: RequireAuth,
        // /app goes to the first screen of the user's menu: /app/miinformacionpersonal for whoever
        // may open it (spec §2), another screen for one who may not (routing/landing.tsx).
        children: [{ index: true, lazy: lazyScreen(() => import('@/routing/landing')) }],
      },
      { path: '*', element: <Redirect to="/404" replace /> },
    ],
  },
];

/**
 * The route table with /app's screens already in it: what the server renders a signed-in document
 * with (server-render.tsx) and the browser hydrates it with, so both number the routes alike.
 */
export function routesWithApp(appChildren: RouteObject[]): RouteObject[] {
  const withApp = (r: RouteObject): RouteObject =>
    r.id === 'app' ? ({ ...r, children: [...r.children!, ...appChildren] } as RouteObject) : r;
  return routeObjects.map((root) => ({ ...root, children: root.children?.map(withApp) }) as RouteObject);
}

/**
 * The browser's router; /app's screens are patched in on the first navigation under /app, unless
 * the table already has them (a server-rendered document, `routesWithApp`).
 */
export function createRouter(
  opts: { hydrationData?: HydrationState; routes?: RouteObject[]; screensOnly?: boolean } = {},
) {
  const { routes = routeObjects, hydrationData, screensOnly = false } = opts;
  // A table of the public pages gets /app's tree on the first navigation under /app; a served
  // page's table (servedAppChildren: the tree with its own screen) gets the other screens then.
  let patched = routes !== routeObjects && !screensOnly;
  return createBrowserRouter(routes, {
    hydrationData,
    // /app/... first matches only the splat above, so the router asks here before it settles.
    async patchRoutesOnNavigation({ path, patch }) {
      if (patched || !path.startsWith('/app/')) return;
      const { appChildren, allScreenRoutes, SCREENS_ROUTE_ID } = await import('@/routing/app-routes');
      if (patched) return;
      if (screensOnly) patch(SCREENS_ROUTE_ID, allScreenRoutes());
      else patch('app', appChildren);
      patched = true;
    },
  });
}

/**
 * Loads the lazy routes that match `path` into the route table before the router exists, as
 * hydration needs: a router that still had to load them would first render its fallback, not
 * the prerendered page.
 */
export async function resolveLazyRoutes(path: string, routes = routeObjects): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
