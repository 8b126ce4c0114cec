import { type ReactNode, StrictMode } from 'react';
import { SettingsProvider } from '@/lib/settings';
import { AppToaster } from '@/shell/app-toaster';

/** What wraps the router, in the browser (main.tsx) and in the build's prerender (prerender.tsx). */
export function AppRoot({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <SettingsProvider>
        {/* Before the router so its toasts are listened to from the first effect on. */}
        <AppToaster />
        {children}
      </SettingsProvider>
    </StrictMode>
  );
}
