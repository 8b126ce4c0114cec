// Decision 0306: the server's renderer of signed-in documents (web/dist-server, as built) against
// the real API on each target (Hono on Node, the bundled Worker in workerd). It draws what the
// cookie's user may see, with the answers read through the API; it leaves to the SPA whatever it
// should not draw (no session, a redirect, a failed read); and two documents drawn at once never
// share a session.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { configPermission } from '../../worker/shared/permissions';
import type { RenderDocument } from '../../worker/platform/served-documents';
import { ADMIN, makeApp, ORIGIN, type TestApp } from '../setup/app';

const RENDERER = pathToFileURL(resolve('web/dist-server/server-render.js')).href;
const GRID = '/app/configuracion/generales/bancos';
const ROWS = '/api/v1/general/bancos';

let renderDocument: RenderDocument;
let t: TestApp;
let admin: string;
let viewer: string;
let stranger: string;

beforeAll(async () => {
  renderDocument = ((await import(RENDERER)) as { renderDocument: RenderDocument }).renderDocument;
  // The renderer judges the session's expiry by the real clock, as the browser does.
  t = await makeApp({ start: Date.now() });
  admin = await t.login(ADMIN.email, ADMIN.password);
  for (const [codigo, nombre] of [
    ['SD1', 'Banco Servido Uno'],
    ['SD2', 'Banco Servido Dos'],
  ]) {
    const made = await t.request('POST', ROWS, { cookie: admin, body: { codigo, nombre } });
    expect(made.status, made.text).toBe(201);
  }
  viewer = await (await t.makeUser('lector_bancos', [configPermission('generales:bancos', 'view')])).cookie();
  stranger = await (await t.makeUser('sin_bancos', [])).cookie();
});

type Api = (url: string, init?: RequestInit) => Promise<Response>;

/** The document for `path` as the renderer draws it for `cookie`, its API calls on the target. */
function draw(path: string, cookie: string, api: Api = t.fetch) {
  return renderDocument({
    url: `${ORIGIN}${path}`,
    template: readFileSync('web/dist/index.html', 'utf8'),
    api: (pathAndQuery, init) => {
      const headers = new Headers(init?.headers);
      if (cookie) headers.set('cookie', cookie);
      return api(`${ORIGIN}${pathAndQuery}`, { ...init, headers });
    },
  });
}

type Served = {
  path: string;
  session: { user: { email: string }; permissions: string[] };
  queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
};
function servedState(html: string): Served {
  const block = /<script type="application\/json" id="served-state">([\s\S]*?)<\/script>/.exec(html);
  if (!block) throw new Error('no served state');
  // The data block never closes itself early: every "<" inside is escaped.
  expect(block[1]).not.toContain('<');
  return JSON.parse(block[1]!) as Served;
}

describe('the server’s renderer of signed-in documents', () => {
  it('draws a grid with its rows for a user who may see them, with the answers it was drawn with', async () => {
    const html = (await draw(GRID, viewer))!;
    expect(html).toContain('<div id="root" data-served>');
    expect(html).toContain('Banco Servido Dos');
    expect(html).toContain('Powered by 360 web.');
    const state = servedState(html);
    expect(state.path).toBe(GRID);
    expect(state.session.permissions).toEqual([configPermission('generales:bancos', 'view')]);
    const list = state.queries.queries.find((q) => q.queryKey.join('/').startsWith('general/bancos/list'));
    expect(JSON.stringify(list?.state.data)).toContain('Banco Servido Uno');
    // What the user may not do is not drawn: no «Nuevo» without the permission to create.
    expect(html).not.toContain(`href="${GRID}/new"`);
  });

  it('draws the no-access page, without the rows, for a user without the permission', async () => {
    const html = (await draw(GRID, stranger))!;
    expect(html).toContain('UY!, lo sentimos');
    expect(html).not.toContain('Banco Servido');
    expect(JSON.stringify(servedState(html).queries)).not.toContain('Banco Servido');
  });

  it('leaves to the SPA a visitor, a forged or ended session, and a redirect', async () => {
    expect(await draw(GRID, '')).toBeNull();
    expect(await draw(GRID, 'token=forjado')).toBeNull();
    const ended = await t.login(ADMIN.email, ADMIN.password);
    expect((await t.request('POST', '/api/v1/auth/logout', { cookie: ended })).status).toBe(204);
    expect(await draw(GRID, ended)).toBeNull();
    // /app sends each user to the first screen of his menu: the browser follows it.
    expect(await draw('/app', admin)).toBeNull();
  });

  it('leaves the document to the SPA when one of its reads fails', async () => {
    const failing: Api = (url, init) =>
      new URL(url).pathname === ROWS
        ? Promise.resolve(Response.json({ message: 'falla' }, { status: 500 }))
        : t.fetch(url, init);
    expect(await draw(GRID, admin, failing)).toBeNull();
  });

  it('keeps two documents drawn at once apart: each with its own session and answers', async () => {
    const [a, b, c] = await Promise.all([draw(GRID, admin), draw(GRID, stranger), draw(GRID, viewer)]);
    expect(servedState(a!).session.user.email).toBe(ADMIN.email);
    expect(a).toContain(`href="${GRID}/new"`);
    expect(servedState(b!).session.user.email).toMatch(/^sin_bancos/);
    expect(b).not.toContain('Banco Servido');
    expect(servedState(c!).session.user.email).toMatch(/^lector_bancos/);
    expect(c).toContain('Banco Servido Uno');
  });
});

describe('what the renderer leaves behind', () => {
  // Node stays up while anything it holds could still call back. The renderer is loaded when a
  // server starts (servedDocuments().warm()); a stopped server, a benchmark, a one-off script that
  // drew a document must still exit on its own.
  it('lets a process that loaded it and drew a document exit on its own', async () => {
    const script = [
      `const { renderDocument } = await import(${JSON.stringify(RENDERER)});`,
      // A visitor's document: the renderer asks for the session (401) and leaves it to the SPA.
      `const html = await renderDocument({ url: 'http://localhost/app/reports/dashboard', template: '',`,
      `  api: async () => Response.json({ message: 'Sin sesión' }, { status: 401 }) });`,
      `console.log(html === null ? 'drawn' : 'unexpected');`,
    ].join('\n');
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | string>((done) => {
      const timer = setTimeout(() => {
        child.kill();
        done('still running after 15 s');
      }, 15_000);
      child.on('exit', (c) => {
        clearTimeout(timer);
        done(c ?? 'killed');
      });
    });
    expect(out.trim()).toBe('drawn');
    expect(code).toBe(0);
  });

  // Each document has its own query cache: none of it may outlive the document in the server's
  // memory behind a timer (TanStack Query keeps an unobserved query for minutes).
  it('keeps no timer, and so none of its answers, once a document is drawn', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    await draw(GRID, admin); // the first also loads what every later one shares
    const before = timers();
    for (let i = 0; i < 5; i++) {
      expect(await draw(GRID, admin)).toContain('Banco Servido Uno');
      expect(await draw('/app/reports/dashboard', admin)).not.toBeNull();
      expect(await draw(GRID, stranger)).not.toBeNull();
    }
    expect(timers()).toBeLessThanOrEqual(before);
  });
});
