import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import { singlePathIcons } from './tools/vite/single-path-icons.ts';

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

const webFile = (path: string) => fileURLToPath(new URL(`./web/${path}`, import.meta.url));

/**
 * `import { Dialog } from 'radix-ui'` rewritten to the Radix package each name comes from. The
 * bundle is the same (tree-shaking kept only those anyway), but the module graph then says which
 * parts a file uses, which `pageChunks` needs to put each widget with the pages that use it. The
 * icons' imports are pointed at one module per icon by `singlePathIcons` (decision 0331).
 */
function directImports(): Plugin {
  const require = createRequire(import.meta.url);
  const index = readFileSync(
    resolve(dirname(require.resolve('radix-ui/package.json')), 'dist/index.mjs'),
    'utf8',
  );
  const radix = new Map<string, string>();
  for (const m of index.matchAll(/import \* as (\w+) from "(@radix-ui\/[\w-]+)"/g)) radix.set(m[1]!, m[2]!);
  if (!radix.size) throw new Error("direct-imports: radix-ui's index no longer imports its packages");
  const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']radix-ui["'];?/g;
  return {
    name: 'direct-imports',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]web[\\/].*\.[jt]sx?$/.test(id) || !IMPORT.test(code)) return null;
      IMPORT.lastIndex = 0;
      return code.replace(IMPORT, (whole, list: string) => {
        const out: string[] = [];
        const rest: string[] = [];
        for (const spec of list
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)) {
          const [name, local = name] = spec.split(/\s+as\s+/) as [string, string?];
          const target = radix.get(name);
          if (!target) rest.push(spec);
          else out.push(`import * as ${local} from '${target}';`);
        }
        if (rest.length) out.push(`import { ${rest.join(', ')} } from 'radix-ui';`);
        return out.length ? out.join(' ') : whole;
      });
    },
  };
}

/**
 * Fewer files per page. Left alone, the bundler cuts the code into chunks by sharing (React DOM,
 * the router, the card, the input, each icon, each dialog...), and each costs a request, on a slow
 * connection a round trip (six at a time over HTTP/1.1): Lighthouse's simulated phone waited ~0.5 s
 * longer for /login's ~20 files, and a signed-in grid page fetched ~70. So:
 * - 'boot': /login's modules and everything they import, which the entry imports too, so /login
 *   needs three files: the entry, 'boot' and the bundler's runtime (decision 0043).
 * - then, each the modules its roots import that the entry and /login do not: 'common', what the
 *   other public pages (register, reset, 404) share with the signed-in ones (dialogs, selects,
 *   form fields); 'public', the rest of those pages; 'shell', the signed-in frame (the /app route
 *   table and the layout: top bar, side menu, the query cache, the popovers' triggers, and what
 *   the grid and the dashboard share); 'grid', the registry list screen and the grid most
 *   back-office screens share; 'dashboard', the dashboard without its charts (decision 0105).
 * A signed-in grid page or the dashboard so needs six files. What a screen loads on demand
 * (dialogs, charts, the import preview) stays in chunks of its own.
 */
function pageChunks() {
  const roots = {
    entry: ['main.tsx'],
    login: ['features/auth/login-page.tsx'],
    public: [
      'features/auth/register-page.tsx',
      'features/auth/register-success-page.tsx',
      'features/auth/reset-password-page.tsx',
      'features/not-found/not-found-page.tsx',
    ],
    shell: ['routing/app-routes.tsx', 'shell/app-layout.tsx'],
    grid: ['features/resources/resource-list-page.tsx'],
    dashboard: ['features/dashboard/dashboard-page.tsx'],
  };
  const groups = ['boot', 'common', 'public', 'shell', 'grid', 'dashboard'] as const;
  type Group = (typeof groups)[number];
  let groupOf: Map<string, Group> | undefined;
  const assign = (ctx: ModuleGraph) => {
    const closure = (key: keyof typeof roots) =>
      new Set(roots[key].flatMap((p) => [...staticClosure(ctx, webFile(p))]));
    const entry = closure('entry');
    const login = closure('login');
    const pub = closure('public');
    const shell = closure('shell');
    const grid = closure('grid');
    const dashboard = closure('dashboard');
    const signedIn = new Set([...shell, ...grid, ...dashboard]);
    const members: Record<Group, Set<string>> = {
      boot: login,
      common: new Set([...pub].filter((m) => signedIn.has(m))),
      public: pub,
      // What the two screens share (cards, placeholders, empty states) comes with the frame.
      shell: new Set([...shell, ...[...grid].filter((m) => dashboard.has(m))]),
      grid,
      dashboard,
    };
    const map = new Map<string, Group>();
    for (const group of groups)
      for (const m of members[group]) if (!entry.has(m) && !map.has(m)) map.set(m, group);
    return map;
  };
  return groups.map((group, i) => ({
    name: (id: string, ctx: ModuleGraph) => ((groupOf ??= assign(ctx)).get(id) === group ? group : null),
    priority: groups.length - i,
    debugName: group,
    // 'boot' also takes what its members import from the entry's modules (the entry then imports
    // 'boot'); the others take exactly their members, or the entry, and so /login, would import them.
    includeDependenciesRecursively: group === 'boot',
  }));
}

// The SPA lives in web/ and builds to web/dist, which worker/node.ts serves in production-like
// local runs. The API is proxied in `npm run dev` so cookies stay first-party.
// `vite build --ssr server-render.tsx` builds the server's renderer of signed-in documents
// (docs/decisions/0306) into web/dist-server: one file with every dependency in it, which Node and a
// Cloudflare Pages Function both import.
// `vite build --mode profiling` builds the SPA into web/dist-profiling with React's profiling
// build and the root in a <Profiler> (tests/setup/profiling-react-dom.ts), for the hydration test
// (tests/e2e/hydration.test.ts, decision 0334). It is never deployed.
export default defineConfig(({ isSsrBuild, mode }) => ({
  root: 'web',
  plugins: [
    react(),
    tailwindcss(),
    directImports(),
    // Radix's and sonner's edits are versioned patches in patches/, applied by `npm install`
    // (postinstall) to node_modules, so `npm run dev` runs them too (decision 0330).
    singlePathIcons(),
    ...(isSsrBuild ? [] : [stylesheetFirst(), prerenderPages()]),
  ],
  resolve: {
    alias: [
      { find: '@shared', replacement: fileURLToPath(new URL('./worker/shared', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./web', import.meta.url)) },
      ...(mode === 'profiling'
        ? [
            {
              find: /^react-dom\/client$/,
              replacement: fileURLToPath(new URL('./tests/setup/profiling-react-dom.ts', import.meta.url)),
            },
          ]
        : []),
    ],
  },
  ssr: isSsrBuild ? { noExternal: true, target: 'webworker' } : undefined,
  // The renderer has no public folder of its own: web/public is the SPA's.
  ...(isSsrBuild ? { publicDir: false as const } : {}),
  build: isSsrBuild
    ? {
        outDir: 'dist-server',
        emptyOutDir: true,
        target: 'es2022',
        rolldownOptions: {
          external: ['node:async_hooks'],
          output: { entryFileNames: '[name].js', codeSplitting: false },
        },
      }
    : {
        outDir: mode === 'profiling' ? 'dist-profiling' : 'dist',
        emptyOutDir: true,
        rolldownOptions: { output: { codeSplitting: { groups: pageChunks() } } },
      },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8787', changeOrigin: false },
    },
  },
}));
