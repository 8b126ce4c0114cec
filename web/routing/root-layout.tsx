import { Outlet, ScrollRestoration } from 'react-router';
import { SessionProvider } from '@/lib/session';
import { LoadingScreen } from '@/shell/loading-screen';

/** Everything below knows the session; nothing renders until it has been checked. */
export function RootLayout() {
  return (
    <SessionProvider fallback={<LoadingScreen />}>
      <Outlet />
      <ScrollRestoration />
    </SessionProvider>
  );
}
