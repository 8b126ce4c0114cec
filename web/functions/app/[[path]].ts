// Cloudflare Pages: a signed-in document under /app drawn on the server (docs/decisions/0306), as
// worker/server.ts does on Node. The page's API calls reach the API Worker through the service
// binding API (web/wrangler.toml) with the document's cookie; anything not drawn (no session, a
// redirect, a renderer failure) goes on to the static SPA, as before.
import { renderDocument } from '../../dist-server/server-render.js';
import { DOCUMENT_HEADERS } from '../../../worker/platform/document-headers';
import { forwardedApi, servedDocuments } from '../../../worker/platform/served-documents';

type Env = { API: Fetcher; ASSETS: Fetcher };
type Context = { request: Request; env: Env; next: () => Promise<Response> };

export async function onRequestGet({ request, env, next }: Context): Promise<Response> {
  const render = servedDocuments(
    async () => ({ renderDocument }),
    // The SPA's index.html as Pages serves it (at "/": Pages drops the .html name).
    async () => {
      const res = await env.ASSETS.fetch(new URL('/', request.url));
      return res.ok ? res.text() : null;
    },
  );
  const html = await render(
    request,
    forwardedApi(request, (req) => env.API.fetch(req)),
  );
  if (!html) return next();
  return new Response(html, {
    headers: {
      ...DOCUMENT_HEADERS,
      'Content-Type': 'text/html; charset=UTF-8',
      'Cache-Control': 'no-store',
    },
  });
}
