// The route table as data (product-spec §2). Public pages, then /app with its guards; each
// private entry carries its title and the permissions it needs (see routing/*-routes.ts).
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { CONFIG_ROUTES } from '@/routing/config-routes';
import { PermissionGate, PublicOnly, RequireAuth, type RouteHandle } from '@/routing/guards';
import { PRIVATE_ROUTES } from '@/routing/private-routes';
import { RootLayout } from '@/routing/root-layout';
import { RouteError } from '@/routing/route-error';
import type { AppRoute, ScreenModule } from '@/routing/route-types';
import { LoadingScreen } from '@/shell/loading-screen';

const pending = () => import('@/features/pending/pending-screen');

const lazyScreen = (load: () => Promise<ScreenModule>) => async () => ({ Component: (await load()).default });

const publicPage = (path: string, load: () => Promise<ScreenModule>): RouteObject => ({ path, lazy: lazyScreen(load) });

function toRouteObject(r: AppRoute): RouteObject {
  const handle: RouteHandle = { title: r.title, permissions: r.permissions };
  return { path: r.path, handle, lazy: lazyScreen(r.screen ?? pending) };
}

export const APP_ROUTES: AppRoute[] = [...PRIVATE_ROUTES, ...CONFIG_ROUTES];

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
        path: '/app',
        Component: RequireAuth,
        children: [
          {
            lazy: async () => ({ Component: (await import('@/shell/app-layout')).AppLayout }),
            children: [
              { index: true, element: <Navigate to="/app/miinformacionpersonal" replace /> },
              { Component: PermissionGate, children: APP_ROUTES.map(toRouteObject) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routeObjects);
