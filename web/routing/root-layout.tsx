import { Outlet, ScrollRestoration } from 'react-router';
import { SessionProvider } from '@/lib/session';
import { LoadingScreen } from '@/shell/loading-screen';
import { PageReady } from '@/lib/page-ready';

/** Everything below knows the session; nothing renders until it has been checked. */
export function RootLayout() {
  return (
    <SessionProvider fallback={<LoadingScreen />}>
      <Outlet />
      <ScrollRestoration />
      {/* After the screen, so its effects have run when the page says it is ready. */}
      <PageReady />
    </SessionProvider>
  );
}
