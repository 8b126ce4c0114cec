// The server's rendering of a signed-in document (docs/decisions/0306-server-rendered-documents.md):
// the page the browser would draw for /app/..., with the session and the screen's first answers,
// read from the API in process with the document's own cookie, drawn into the HTML and carried
// beside it for web/main.tsx to hydrate. Built by `vite build --ssr` (package.json "build") into
// web/dist-server, which Node (worker/server.ts) and Cloudflare Pages (functions/app) import.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  dehydrate,
  type Query,
  QueryCache,
  type QueryClient as QueryClientType,
  QueryClient,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
// The edge build: the renderer runs on Node and in a Pages Function. The browser build React picks
// for a web-worker target opens a MessageChannel as it loads, which on Node kept a process that
// loaded the renderer (a server that has stopped, a benchmark) from ever exiting.
import { renderToString } from 'react-dom/server.edge';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppRoot } from '@/app-root';
import { setRequestFetch } from '@/lib/client';
import { AppQueryClient, QUERY_DEFAULTS } from '@/lib/query';
import { ServerRedirect } from '@/lib/redirect';
import { askSession, type SessionState, toSeed } from '@/lib/session-api';
import { isExpired } from '@/lib/session-cookie';
import { type ServedState, SERVED_STATE_ID } from '@/lib/served-state';
import { appChildren } from '@/routing/app-routes';
import { routesWithApp } from '@/routes';

/** An in-process call to the API with the document request's cookie (path and query, init). */
export type ApiCall = (pathAndQuery: string, init?: RequestInit) => Promise<Response>;

const documentFetch = new AsyncLocalStorage<typeof fetch>();
setRequestFetch(() => documentFetch.getStore());

/**
 * A query cache that notes the queries the screen's components asked for and may read (not those
 * waiting on a choice: `enabled: false`), which the next round then reads.
 */
function wantedQueries() {
  const cache = new QueryCache();
  const wanted = new Set<Query>();
  const build = cache.build.bind(cache);
  cache.build = ((client, options, state) => {
    const query = build(client, options, state);
    // An observer's options (useQuery's) carry `enabled`; the cache's own type does not name it.
    const enabled = (options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
    if ((typeof enabled === 'function' ? enabled(query as unknown as Query) : enabled) !== false)
      wanted.add(query as unknown as Query);
    return query;
  }) as QueryCache['build'];
  const take = () => {
    const asked = [...wanted].filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle');
    wanted.clear();
    return asked;
  };
  return { cache, take };
}

/** The routes, with every screen (so the static handler resolves the one asked for). */
const routes = routesWithApp(appChildren);
const handler = createStaticHandler(routes);

/** Rounds of "draw, then read what the drawing asked for": the frame and a screen need two. */
const MAX_ROUNDS = 3;

/** `<` escaped, so no answer can close the data block or open a comment in it. */
const asScriptData = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The SPA's loading screen inside #root of web/index.html, which the rendered page replaces. */
const ROOT_CONTENT = /<div id="root">[\s\S]*?<!--\/root--><\/div>/;

/**
 * The document for `url` drawn for the session its cookie carries, or null when there is none
 * to draw for (no session, a redirect, a route that is not a page): the caller then answers with
 * the SPA's index.html, as without server rendering.
 */
export async function renderDocument(input: {
  url: string;
  /** web/dist/index.html. */
  template: string;
  api: ApiCall;
}): Promise<string | null> {
  const { url, template, api } = input;
  const origin = new URL(url).origin;
  const fetchInProcess: typeof fetch = (target, init) => {
    const href = target instanceof Request ? target.url : String(target);
    const u = new URL(href, origin);
    return api(u.pathname + u.search, init);
  };
  return documentFetch.run(fetchInProcess, async () => {
    const session = await askSession();
    if (session.status !== 'authenticated' || isExpired(session.info)) return null;
    const context = await handler.query(new Request(url));
    if (context instanceof Response) return null;
    const queries = wantedQueries();
    const client = new QueryClient({
      queryCache: queries.cache,
      // No retry: a failed read is left to the browser, which asks again as it would have anyway.
      // An answer read here is fresh, as the browser will take it: drawn as settled, not reloading.
      defaultOptions: {
        ...QUERY_DEFAULTS,
        queries: { ...QUERY_DEFAULTS.queries, retry: false, staleTime: Infinity, refetchOnMount: false },
      },
    });
    const router = createStaticRouter(handler.dataRoutes, context);
    // A redirect met while drawing (the /app landing, a two-factor set-up, a record that does not
    // exist) is the browser's to follow: the document is left to the SPA.
    let redirected = false;
    const onRedirect = () => {
      redirected = true;
    };
    const draw = () =>
      renderToString(
        <ServerRedirect.Provider value={onRedirect}>
          <Document client={client} session={session}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Document>
        </ServerRedirect.Provider>,
      );
    let html = draw();
    for (let round = 1; round < MAX_ROUNDS && !redirected; round++) {
      const asked = queries.take();
      if (!asked.length) break;
      await Promise.all(asked.map((q) => q.fetch().catch(() => undefined)));
      html = draw();
    }
    // A read that failed here is the browser's to show (its error, its retry) and to ask again:
    // the document is left to the SPA rather than drawn with a state the browser would not share.
    if (
      redirected ||
      client
        .getQueryCache()
        .getAll()
        .some((q) => q.state.status === 'error')
    )
      return null;
    const state: ServedState = {
      path: new URL(url).pathname,
      session: toSeed(session),
      queries: dehydrate(client),
      loaderData: context.loaderData,
      matches: context.matches.map((m) => m.route.id),
    };
    if (!ROOT_CONTENT.test(template)) throw new Error('index.html: #root must end with <!--/root--></div>');
    return template.replace(
      ROOT_CONTENT,
      () =>
        `<div id="root" data-served>${html}</div>` +
        `<script type="application/json" id="${SERVED_STATE_ID}">${asScriptData(state)}</script>`,
    );
  });
}

function Document({
  client,
  session,
  children,
}: {
  client: QueryClientType;
  session: SessionState;
  children: ReactNode;
}) {
  return (
    <AppQueryClient.Provider value={client}>
      <AppRoot session={session}>{children}</AppRoot>
    </AppQueryClient.Provider>
  );
}
