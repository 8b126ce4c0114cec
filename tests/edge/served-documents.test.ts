// Cloudflare Pages in front of the API Worker, both in workerd: the Pages Function of
// web/functions draws a signed-in /app document on the server (decision 0306), reading the session
// and the screen's first answers from the Worker through the service binding with the document's
// cookie; a visitor without a session, or with a forged one, gets the static SPA as before.
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../worker/modules/resources';
import { DOCUMENT_HEADERS } from '../../worker/platform/document-headers';
import { productionBundle } from '../setup/edge-bundle';
import { EDGE_ADMIN, startEdgeStack, type EdgeStack } from '../setup/edge-stack';
import { buildPagesFunctions, ROOT, type WorkerBundle } from '../setup/worker-bundle';

const ORIGIN = 'http://localhost';
const DIST = join(ROOT, 'web', 'dist');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Pages' static side: a file of web/dist, or index.html (at "/", and for any other path). */
function assets(req: Request): Response {
  const { pathname } = new URL(req.url);
  const file = join(DIST, pathname);
  const found = pathname !== '/' && existsSync(file) && extname(file);
  const path = found ? file : join(DIST, 'index.html');
  return new Response(readFileSync(path), {
    headers: { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' },
  });
}

let stack: EdgeStack;
let pages: WorkerBundle;
let cookie = '';

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'web', 'dist-server', 'server-render.js')))
    throw new Error('Compile antes: npm run build (web/dist y web/dist-server)');
  pages = await buildPagesFunctions();
  stack = await startEdgeStack({
    bundle: await productionBundle(),
    pages: { bundle: pages, assets },
    // The reference catalogues (banks among them), as a first start loads them.
    prepare: async (db) => void (await seedReferenceData(db, Date.now())),
  });
  const api = await stack.mf.getWorker('api');
  const res = await api.fetch(`${ORIGIN}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(EDGE_ADMIN),
  });
  expect(res.status).toBe(200);
  cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}, 180_000);
afterAll(async () => {
  await stack?.close();
  pages?.dispose();
});

const open = (path: string, withCookie = cookie) =>
  stack.mf.dispatchFetch(`${ORIGIN}${path}`, { headers: withCookie ? { Cookie: withCookie } : {} });

/** The JSON block a served document carries for the browser to hydrate. */
function servedState(html: string) {
  const m = /<script type="application\/json" id="served-state">([\s\S]*?)<\/script>/.exec(html);
  return m
    ? (JSON.parse(m[1]!) as {
        path: string;
        session: { user: { email: string } };
        queries: { queries: unknown[] };
      })
    : null;
}

describe('Pages Function: signed-in documents drawn on the server', () => {
  it('draws the grid with its first rows, read from the Worker with the document’s cookie', async () => {
    const res = await open('/app/configuracion/generales/bancos');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root" data-served>');
    // The page's heading and a row the reference data put in the table, in the HTML itself.
    const has = (text: string | RegExp) => (typeof text === 'string' ? html.includes(text) : text.test(html));
    expect(has(/<h1[^>]*>Bancos<\/h1>/)).toBe(true);
    expect(has('Bancolombia')).toBe(true);
    expect(has('Powered by 360 web.')).toBe(true);
    const state = servedState(html);
    expect(state?.path).toBe('/app/configuracion/generales/bancos');
    expect(state?.session.user.email).toBe(EDGE_ADMIN.email);
    expect(state?.queries.queries.length).toBeGreaterThan(0);
  });

  it('sends the SPA’s security headers itself and is never cached', async () => {
    const res = await open('/app/reports/dashboard');
    expect(res.status).toBe(200);
    for (const [name, value] of Object.entries(DOCUMENT_HEADERS)) expect(res.headers.get(name)).toBe(value);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect((await res.text()).includes('data-served')).toBe(true);
  });

  it('leaves a visitor without a session, or with a forged one, to the static SPA', async () => {
    for (const c of ['', 'token=forjado; infosesion=%7B%7D']) {
      const res = await open('/app/configuracion/generales/bancos', c);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html.includes('data-served')).toBe(false);
      expect(html.includes('Cargando...')).toBe(true);
    }
  });

  it('leaves the public pages to the static files', async () => {
    const res = await open('/login');
    expect(res.status).toBe(200);
    expect((await res.text()).includes('data-served')).toBe(false);
  });
});
