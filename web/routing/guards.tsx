import { Outlet, useLocation, useMatches } from 'react-router';
import { useSession } from '@/lib/session';
import { isExpired } from '@/lib/session-cookie';
import { Redirect } from '@/lib/redirect';

export type RouteHandle = { title?: string; permissions?: string[] };

/** Public pages (login, register, reset): a signed-in user goes to /app. */
export function PublicOnly() {
  const { state } = useSession();
  const location = useLocation();
  if (state.status === 'authenticated') {
    const from = (location.state as { from?: string } | null)?.from;
    return <Redirect to={from?.startsWith('/app') ? from : '/app'} replace />;
  }
  return <Outlet />;
}

/** Private pages: a visitor, or a session past expires_at, goes to /login. */
export function RequireAuth() {
  const { state } = useSession();
  const location = useLocation();
  if (state.status !== 'authenticated' || isExpired(state.info)) {
    return <Redirect to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  // A role requires two-factor sign-in: only the account page, where it is turned on, opens.
  if (state.totpSetupRequired && location.pathname !== '/app/account')
    return <Redirect to="/app/account" replace />;
  return <Outlet />;
}

/** The deepest matched route's handle (title and permissions). */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title || handle?.permissions) return handle;
  }
  return {};
}
