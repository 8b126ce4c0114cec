// Which documents the server draws for a signed-in user (web/server-render.tsx, decision 0306), and
// the loading of the renderer the build wrote. Used by Node (worker/server.ts) and by the Pages
// Function that answers /app/* on Cloudflare (functions/app/[[path]].ts).
import { TOKEN_COOKIE } from './session-cookies';

/** The renderer's entry (web/dist-server/server-render.js). */
export type RenderDocument = (input: {
  url: string;
  template: string;
  api: (pathAndQuery: string, init?: RequestInit) => Promise<Response>;
}) => Promise<string | null>;

/** The document request's headers its in-process API calls carry: who is asking, and from where. */
const FORWARDED = ['cookie', 'user-agent', 'accept-language', 'cf-connecting-ip', 'x-forwarded-for'];

/**
 * The renderer's `api` for a document request: each call sent with `send` (the app in process, a
 * service binding) as a request to the same origin, carrying the document's FORWARDED headers.
 */
export function forwardedApi(doc: Request, send: (req: Request) => Response | Promise<Response>) {
  return async (pathAndQuery: string, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    for (const name of FORWARDED) {
      const value = doc.headers.get(name);
      if (value) headers.set(name, value);
    }
    return send(new Request(new URL(pathAndQuery, doc.url), { ...init, headers }));
  };
}

/** The session cookie (HttpOnly) whose presence makes a document worth drawing on the server. */
const SESSION_TOKEN = new RegExp(`(?:^|;\\s*)${TOKEN_COOKIE}=`);

/** A navigation to a page under /app by a browser that holds a session. */
export function wantsServedDocument(req: Request): boolean {
  if (req.method !== 'GET') return false;
  const { pathname } = new URL(req.url);
  if (pathname !== '/app' && !pathname.startsWith('/app/')) return false;
  return SESSION_TOKEN.test(req.headers.get('cookie') ?? '');
}

/**
 * `(request, api) => html | null`: the drawn document, or null for the caller to answer as before
 * (the SPA's index.html). A renderer that is missing or fails never costs the page: the error is
 * logged and the SPA draws it in the browser. `warm()` loads the renderer ahead of the first
 * document (a server starting): loaded by that document, it made it wait ~1.5 s on Node.
 */
export function servedDocuments(
  renderer: URL | (() => Promise<{ renderDocument: RenderDocument }>),
  template: () => string | null | Promise<string | null>,
) {
  let loaded: Promise<RenderDocument | null> | null = null;
  const load = () =>
    (loaded ??= (typeof renderer === 'function' ? renderer() : import(renderer.href)).then(
      (m: { renderDocument: RenderDocument }) => m.renderDocument,
      (err: unknown) => {
        console.error('Sin renderizador de documentos (web/dist-server): se sirve la SPA.', err);
        return null;
      },
    ));
  const draw = async (req: Request, api: Parameters<RenderDocument>[0]['api']): Promise<string | null> => {
    if (!wantsServedDocument(req)) return null;
    const [render, html] = await Promise.all([load(), template()]);
    if (!render || !html) return null;
    try {
      return await render({ url: req.url, template: html, api });
    } catch (err) {
      console.error('No se pudo dibujar el documento en el servidor; se sirve la SPA.', err);
      return null;
    }
  };
  return Object.assign(draw, { warm: () => void load() });
}
