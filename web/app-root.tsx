import { type ReactNode, StrictMode, useEffect } from 'react';
import type { SessionState } from '@/lib/session-api';
import { SessionSeedContext } from '@/lib/session';
import { SettingsProvider } from '@/lib/settings';
import { setHydrating } from '@/lib/use-hydrated';
import { AppToaster } from '@/shell/app-toaster';

/**
 * What wraps the router, in the browser (main.tsx), in the build's prerender (prerender.tsx) and
 * in the server's rendering of a signed-in document (server-render.tsx), which passes the session
 * it was drawn for.
 */
/**
 * Ends the hydration's flag (use-hydrated.ts) at the app's first commit (a fresh render, or the
 * hydration of a prerendered or served page). `<html data-ready>` is the route tree's
 * (lib/page-ready.ts): it says the screen shown takes input, which this first commit may not.
 */
function Hydrated() {
  useEffect(() => setHydrating(false), []);
  return null;
}

export function AppRoot({
  children,
  session = null,
}: {
  children: ReactNode;
  session?: SessionState | null;
}) {
  return (
    <StrictMode>
      <SessionSeedContext.Provider value={session}>
        <SettingsProvider>
          {/* Before the router so its toasts are listened to from the first effect on. */}
          <AppToaster />
          <Hydrated />
          {children}
        </SettingsProvider>
      </SessionSeedContext.Provider>
    </StrictMode>
  );
}
