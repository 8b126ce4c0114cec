// The route table as data (product-spec §2). Public pages, then /app with its guards; each
// private entry carries its title and the permissions it needs (see routing/*-routes.ts).
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PublicOnly, RequireAuth } from '@/routing/guards';
import { RootLayout } from '@/routing/root-layout';
import { RouteError } from '@/routing/route-error';
import { lazyScreen, type ScreenModule } from '@/routing/lazy-screen';
import { LoadingScreen } from '@/shell/loading-screen';

const publicPage = (path: string, load: () => Promise<ScreenModule>): RouteObject => ({ path, lazy: lazyScreen(load) });

export const routeObjects: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RouteError,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },
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
        children: [{ index: true, element: <Navigate to="/app/miinformacionpersonal" replace /> }],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

let appPatched = false;

export const router = createBrowserRouter(routeObjects, {
  // /app/... first matches only the splat below, so the router asks here before it settles.
  async patchRoutesOnNavigation({ path, patch }) {
    if (appPatched || !path.startsWith('/app/')) return;
    const { appChildren } = await import('@/routing/app-routes');
    if (!appPatched) patch('app', appChildren);
    appPatched = true;
  },
});
