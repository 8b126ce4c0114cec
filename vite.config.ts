import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';

/** Public pages rendered at build time into `<path>.html`, which Pages, wrangler's assets and
 *  worker/server.ts serve for `<path>` (docs/decisions/0043-prerendered-login.md). */
const PRERENDERED_PAGES = ['/login'];

/** The loading screen inside #root in web/index.html, which a prerendered page replaces. */
const ROOT_CONTENT = /<div id="root">[\s\S]*?<!--\/root--><\/div>/;
/** The element after a prerendered #root that the first paint waits for. */
const END = 'prerendered-end';

/**
 * After the bundle is written, renders each page of PRERENDERED_PAGES with the app's own route
 * table and providers (web/prerender.tsx, loaded through a Vite server in SSR mode) and writes it
 * into a copy of index.html, marked `data-prerendered` for web/main.tsx to hydrate.
 */
function prerenderPages(): Plugin {
  let outDir = '';
  let mode = 'production';
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    async closeBundle() {
      // The build's own mode; no dependency pre-bundling (SSR does not use it), and a cache folder
      // of its own, so node_modules/.vite, which `npm run dev` uses, is left alone.
      const server = await createServer({
        configFile: fileURLToPath(import.meta.url),
        mode,
        cacheDir: fileURLToPath(new URL('./node_modules/.vite-prerender', import.meta.url)),
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
        appType: 'custom',
        logLevel: 'error',
      });
      try {
        const { renderPage } = (await server.ssrLoadModule('/prerender.tsx')) as {
          renderPage: (path: string) => Promise<string>;
        };
        const index = readFileSync(`${outDir}/index.html`, 'utf8');
        if (!ROOT_CONTENT.test(index))
          throw new Error('web/index.html: #root must end with <!--/root--></div>');
        for (const path of PRERENDERED_PAGES) {
          const html = await renderPage(path);
          const page = index
            .replace(
              ROOT_CONTENT,
              () => `<div id="root" data-prerendered="${path}">${html}</div><span id="${END}" hidden></span>`,
            )
            // The first paint waits until the whole page is parsed: a slow phone's parser yields
            // midway, and a half-parsed card, centred, would jump as the rest arrived.
            .replace('</head>', `  <link rel="expect" href="#${END}" blocking="render" />\n  </head>`);
          const file = resolve(outDir, `.${path}.html`);
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, page);
        }
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * The stylesheet first in <head>, before the entry script and the modulepreloads: it is the one
 * file the first paint waits for, and a connection that serves requests in document order would
 * otherwise queue it behind the scripts.
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(/^\s*<link rel="stylesheet"[^>]*>\n?/gm) ?? [];
        if (!sheets.length) return html;
        const rest = sheets.reduce((h, tag) => h.replace(tag, ''), html);
        const at = rest.search(/^\s*<(script|link rel="modulepreload")/m);
        return at < 0 ? html : rest.slice(0, at) + sheets.join('') + rest.slice(at);
      },
    },
  };
}

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** Every module `from` reaches through static imports. */
function staticClosure(graph: ModuleGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Fewer files on the first page. Left alone, the bundler cuts the entry and /login into ~20 chunks
 * by sharing (React DOM, the router, the card, the input, the form hook, valibot...), and each
 * costs a request, on a slow connection a round trip: Lighthouse's simulated phone waited ~0.5 s
 * longer for them. Here /login's modules and everything they import form one chunk, 'boot', which
 * the entry imports too, so /login needs three files: the entry, 'boot' and the bundler's runtime.
 * The other pages import from 'boot' as they did from the small chunks; the modules only the
 * entry reaches (its barrels such as radix-ui's) stay with the bundler.
 */
function bootChunk() {
  const entry = fileURLToPath(new URL('./web/main.tsx', import.meta.url));
  const login = fileURLToPath(new URL('./web/features/auth/login-page.tsx', import.meta.url));
  let members: Set<string> | undefined;
  return (id: string, ctx: ModuleGraph): string | null => {
    if (!members) {
      const fromEntry = staticClosure(ctx, entry);
      members = new Set([...staticClosure(ctx, login)].filter((m) => !fromEntry.has(m)));
    }
    return members.has(id) ? 'boot' : null;
  };
}

// The SPA lives in web/ and builds to web/dist, which worker/node.ts serves in production-like
// local runs. The API is proxied in `npm run dev` so cookies stay first-party.
export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss(), stylesheetFirst(), prerenderPages()],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./worker/shared', import.meta.url)),
      '@': fileURLToPath(new URL('./web', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: bootChunk(), debugName: 'boot' }] } } },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8787', changeOrigin: false },
    },
  },
});
