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
 * Marks `<html data-ready>` once the app has taken over the page (its first commit: a fresh render,
 * or the hydration of a prerendered or served page), and ends the hydration's flag (use-hydrated.ts).
 * No style reads the mark (restyling the page for it cost a long task, decision 0307); the browser
 * tests wait for it before using a page.
 */
function Ready() {
  useEffect(() => {
    setHydrating(false);
    document.documentElement.dataset.ready = '';
  }, []);
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
          <Ready />
          {children}
        </SettingsProvider>
      </SessionSeedContext.Provider>
    </StrictMode>
  );
}
