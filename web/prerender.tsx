// Build-time rendering of public pages (vite.config.ts, prerenderPages): the same route table and
// providers as the browser (main.tsx), rendered for a visitor without a session, so the page's
// markup paints with the CSS before any script has run. main.tsx then hydrates it.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppRoot } from '@/app-root';
import { routeObjects } from '@/routes';

export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routeObjects);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response)
    throw new Error(`${path} answers ${context.status}; only a page can be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline script (the CSP allows none); the routes have no loaders, so the
  // browser's router starts from empty hydration data (main.tsx).
  return renderToString(
    <AppRoot>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
  );
}
