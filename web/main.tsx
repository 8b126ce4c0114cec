import './styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { SettingsProvider } from '@/lib/settings';
import { router } from '@/routes';
import { AppToaster } from '@/shell/app-toaster';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');

// The first render as a transition, so React renders it in slices of a few milliseconds and lets
// the browser in between instead of one long task: for a visitor it is the whole login page
// (TBT 420 → 230 ms in paired Lighthouse runs). The HTML's loading screen stays until it commits.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <SettingsProvider>
        {/* Before the router so its toasts are listened to from the first effect on. */}
        <AppToaster />
        <RouterProvider router={router} />
      </SettingsProvider>
    </StrictMode>,
  ),
);
