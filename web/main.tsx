import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { SettingsProvider } from '@/lib/settings';
import { router } from '@/routes';
import { AppToaster } from '@/shell/app-toaster';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');

createRoot(root).render(
  <StrictMode>
    <SettingsProvider>
      {/* Before the router so its toasts are listened to from the first effect on. */}
      <AppToaster />
      <RouterProvider router={router} />
    </SettingsProvider>
  </StrictMode>,
);
