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

/**
 * One edit of a library's published module: `find` replaced by `replace` in the file `file`
 * matches. The build fails, naming `what`, when the library no longer has that code, rather than
 * silently shipping it unedited.
 */
function libraryEdit(
  name: string,
  file: RegExp,
  find: string | RegExp,
  replace: string,
  what: string,
): Plugin {
  return {
    name,
    transform(code, id) {
      if (!file.test(id)) return null;
      const found = typeof find === 'string' ? code.includes(find) : find.test(code);
      if (!found) throw new Error(`${name}: ${what} was not found in ${id}`);
      return { code: code.replace(find, replace), map: null };
    },
  };
}

// The three edits below keep a served page's hydration from doing its first paint's work again
// (issue 20 §6, decision 0307; tests/e2e/hydration.test.ts watches for what each one removed).

/**
 * sonner's stylesheet comes with the app's (web/styles.css imports sonner/dist/styles.css) instead
 * of being inserted by its module when it runs: a <style> added after the first paint, with rules
 * on `html[dir]`, made the browser restyle every element of a served page.
 */
const sonnerStylesheet = () =>
  libraryEdit(
    'sonner-stylesheet',
    /[\\/]sonner[\\/]dist[\\/]index\.mjs$/,
    /\n__insertCSS\("(?:[^"\\]|\\.)*"\);/,
    '',
    'the __insertCSS call to remove',
  );

/**
 * Radix's popper anchor (every popover and menu trigger) records its element from a ref callback,
 * which is a state update in the middle of React's commit: in the commit of a page's hydration it
 * was synchronous, so React redrew the top bar's popovers and ran every effect of the page in that
 * same long task. Recorded a microtask later, it is an update of its own, after it.
 */
const popperAnchorAfterCommit = () =>
  libraryEdit(
    'popper-anchor-after-commit',
    /[\\/]@radix-ui[\\/]react-popper[\\/]dist[\\/]index\.mjs$/,
    'if (node) {\n          onAnchorChange(node);\n        }',
    'if (node) {\n          queueMicrotask(() => onAnchorChange(node));\n        }',
    'the anchor ref callback to defer',
  );

/**
 * Radix's useId sets its state from a layout effect to the value it already holds (React's own
 * useId gave it one while rendering): a SyncLane update per dialog, menu and tooltip. React drops
 * most as unchanged, but one on a component with other work pending made it render again at once,
 * in the commit's task. It is set only when React gave no id (React before 18).
 */
const radixIdWithoutUpdate = () =>
  libraryEdit(
    'radix-id-without-update',
    /[\\/]@radix-ui[\\/]react-id[\\/]dist[\\/]index\.mjs$/,
    'if (!deterministicId) setId(',
    'if (!deterministicId && !id) setId(',
    "the layout effect's setId",
  );

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
 * `import { XIcon } from 'lucide-react'` and `import { Dialog } from 'radix-ui'` rewritten to the
 * one module each name comes from (the icon's file, the Radix package). The bundle is the same
 * (tree-shaking kept only those anyway), but the module graph then says which parts a file uses,
 * which `pageChunks` needs to put each icon and widget with the pages that use it.
 */
function directImports(): Plugin {
  const require = createRequire(import.meta.url);
  const read = (pkg: string, file: string) =>
    readFileSync(resolve(dirname(require.resolve(`${pkg}/package.json`)), file), 'utf8');
  const icons = new Map<string, string>();
  for (const m of read('lucide-react', 'dist/esm/lucide-react.mjs').matchAll(
    /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g,
  ))
    for (const name of m[1]!.matchAll(/default as (\w+)/g))
      icons.set(name[1]!, `lucide-react/dist/esm/icons/${m[2]}.mjs`);
  const radix = new Map<string, string>();
  for (const m of read('radix-ui', 'dist/index.mjs').matchAll(
    /import \* as (\w+) from "(@radix-ui\/[\w-]+)"/g,
  ))
    radix.set(m[1]!, m[2]!);
  const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["'](lucide-react|radix-ui)["'];?/g;
  return {
    name: 'direct-imports',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]web[\\/].*\.[jt]sx?$/.test(id) || !IMPORT.test(code)) return null;
      IMPORT.lastIndex = 0;
      return code.replace(IMPORT, (whole, list: string, pkg: string) => {
        const out: string[] = [];
        const rest: string[] = [];
        for (const spec of list
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)) {
          const [name, local = name] = spec.split(/\s+as\s+/) as [string, string?];
          const target = pkg === 'lucide-react' ? icons.get(name) : radix.get(name);
          if (!target) rest.push(spec);
          else if (pkg === 'lucide-react') out.push(`import ${local} from '${target}';`);
          else out.push(`import * as ${local} from '${target}';`);
        }
        if (rest.length) out.push(`import { ${rest.join(', ')} } from '${pkg}';`);
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
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  plugins: [
    react(),
    tailwindcss(),
    directImports(),
    sonnerStylesheet(),
    popperAnchorAfterCommit(),
    radixIdWithoutUpdate(),
    singlePathIcons(),
    ...(isSsrBuild ? [] : [stylesheetFirst(), prerenderPages()]),
  ],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./worker/shared', import.meta.url)),
      '@': fileURLToPath(new URL('./web', import.meta.url)),
    },
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
        outDir: 'dist',
        emptyOutDir: true,
        rolldownOptions: { output: { codeSplitting: { groups: pageChunks() } } },
      },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8787', changeOrigin: false },
    },
  },
}));
