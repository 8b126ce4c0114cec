import './styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppRoot } from '@/app-root';
import { keepPrerenderedInputs } from '@/lib/prerendered-inputs';
import { isExpired, readSessionInfo } from '@/lib/session-cookie';
import { preloadSession } from '@/lib/session-api';
import { applyStoredSettings } from '@/lib/settings-store';
import { createRouter, resolveLazyRoutes } from '@/routes';

applyStoredSettings();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');

// A page prerendered at build time (/login, vite.config.ts) is hydrated when the visitor is the one
// it was rendered for: no live session. Anyone else gets a fresh render, which replaces it.
// Either way, what was typed into its fields so far is kept (lib/prerendered-inputs.ts).
if (root.dataset.prerendered) keepPrerenderedInputs(root);
const canHydrate = root.dataset.prerendered === location.pathname && isExpired(readSessionInfo());

// A signed-in user's session is read while the screen's code downloads, not after it ran.
if (!isExpired(readSessionInfo())) preloadSession();

function start(hydrate: boolean) {
  const router = createRouter(hydrate ? { hydrationData: { loaderData: {} } } : {});
  const app = (
    <AppRoot>
      <RouterProvider router={router} />
    </AppRoot>
  );
  // The first render (or hydration) as a transition, so React works in slices of a few
  // milliseconds and lets the browser in between instead of one long task.
  startTransition(() => {
    if (hydrate) {
      hydrateRoot(root!, app, {
        onRecoverableError: (error) =>
          console.error('La página precargada no coincidió; se volvió a dibujar.', error),
      });
    } else {
      createRoot(root!).render(app);
    }
  });
}

// Should the page's lazy route fail to load, a fresh render shows the router's error screen
// instead of a prerendered form that never comes alive.
if (canHydrate)
  void resolveLazyRoutes(location.pathname).then(
    () => start(true),
    () => start(false),
  );
else start(false);
