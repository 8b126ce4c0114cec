import './styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppRoot } from '@/app-root';
import { nextTask } from '@/lib/next-task';
import { prepareClassMerge } from '@/lib/cn';
import { keepPrerenderedInputs } from '@/lib/prerendered-inputs';
import { isExpired, readSessionInfo } from '@/lib/session-cookie';
import { readServedState, type ServedState } from '@/lib/served-state';
import { fromSeed, preloadSession, type SessionState } from '@/lib/session-api';
import { applyStoredSettings } from '@/lib/settings-store';
import { installErrorReporting } from '@/lib/error-report';
import { followNavigations } from '@/lib/page-ready';
import { setHydrating } from '@/lib/use-hydrated';
import { createRouter, resolveLazyRoutes, routesWithApp } from '@/routes';

applyStoredSettings();
installErrorReporting();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');

const sessionInfo = readSessionInfo();
const isServed = root.dataset.served !== undefined;

// A page drawn before its code ran, at build time (/login, vite.config.ts) or by the server (a
// signed-in page, web/server-render.tsx), keeps what was typed into its fields so far, whether it
// is hydrated or drawn afresh (lib/prerendered-inputs.ts).
if (root.dataset.prerendered || isServed) keepPrerenderedInputs(root);

// /login is hydrated when the visitor is the one it was rendered for: no live session.
const canHydrate = root.dataset.prerendered === location.pathname && isExpired(sessionInfo);

// A served page is hydrated when it was drawn for this path and for the user whose session the
// browser holds; anyone else gets a fresh render, which replaces it.
const served = isServed ? readServedState(document) : null;
const canHydrateServed =
  !!served &&
  served.path === location.pathname &&
  !isExpired(sessionInfo) &&
  sessionInfo?.user_id === served.session.info.user_id;

// A signed-in user's session is read while the screen's code downloads, not after it ran.
if (!isExpired(sessionInfo) && !canHydrateServed) preloadSession();

/**
 * Renders the app: afresh (`hydrate: false`), or hydrating the page in #root, with the router and
 * the session that page was drawn with (a served document), or none (the prerendered /login).
 */
type Start =
  { hydrate: false } | { hydrate: true; router?: Parameters<typeof createRouter>[0]; session?: SessionState };

async function start(how: Start) {
  const { hydrate } = how;
  const router = createRouter(how.hydrate ? (how.router ?? { hydrationData: { loaderData: {} } }) : {});
  // <html data-ready> goes while a navigation loads the next screen (lib/page-ready.ts).
  followNavigations(router);
  // React Router's RouterProvider reads the router's state when it renders and subscribes to it
  // only when it commits: should the router finish its first load in between (a lazy screen
  // already downloaded, while the first render waits in its transition), that change is lost and
  // the loading screen stays for good (a signed-in user opening /login never went on to /app).
  // So the app is rendered once the router has settled its first match; until then the page in
  // #root (the loading screen or a prerendered page) stays. (decision 0308)
  await settled(router);
  const app = (
    <AppRoot session={how.hydrate ? how.session : null}>
      <RouterProvider router={router} />
    </AppRoot>
  );
  // The first render (or hydration) as a transition, so React works in slices of a few
  // milliseconds and lets the browser in between instead of one long task.
  startTransition(() => {
    if (hydrate) {
      setHydrating(true);
      hydrateRoot(root!, app, {
        onRecoverableError: (error) =>
          console.error('La página precargada no coincidió; se volvió a dibujar.', error),
      });
    } else {
      createRoot(root!).render(app);
    }
  });
}

type Settles = {
  state: { initialized: boolean };
  subscribe(fn: (state: { initialized: boolean }) => void): () => void;
};

/** Resolves once the router has loaded what its first location needs (at once if it had nothing to load). */
function settled(router: Settles): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * The served page's answers into the cache, its screens into the route table, then hydration:
 * each step in a task of its own (nextTask), so that evaluating the screens' code, building the
 * route table and filling the cache are short tasks between which the page stays responsive, not
 * one long one (decision 0307).
 */
async function startServed(state: ServedState) {
  const [{ servedAppChildren }, { hydrateServedAnswers }] = await Promise.all([
    import('@/routing/app-routes'),
    import('@/lib/query'),
  ]);
  await nextTask();
  // The route table with the page's own screen only; the others come on the first navigation.
  const routes = routesWithApp(servedAppChildren(state.matches));
  await resolveLazyRoutes(location.pathname, routes);
  await nextTask();
  hydrateServedAnswers(state.queries);
  await nextTask();
  prepareClassMerge();
  await nextTask();
  await start({
    hydrate: true,
    router: { routes, screensOnly: true, hydrationData: { loaderData: state.loaderData } },
    session: fromSeed(state.session),
  });
}

// Should the page's lazy route fail to load, a fresh render shows the router's error screen
// instead of a prerendered form that never comes alive.
if (canHydrateServed)
  void startServed(served).catch((error) => {
    console.error(error);
    void start({ hydrate: false });
  });
else if (canHydrate)
  void resolveLazyRoutes(location.pathname).then(
    () => start({ hydrate: true }),
    () => start({ hydrate: false }),
  );
else void start({ hydrate: false });
