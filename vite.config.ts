import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The first page most visitors see is /login: preload its lazy chunk and that chunk's imports from
 * index.html, so they download beside the entry instead of after it has run.
 */
function preloadLoginPage(): Plugin {
  return {
    name: 'preload-login-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle ?? {};
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const login = chunks.find((c) => c.facadeModuleId?.endsWith('/features/auth/login-page.tsx'));
        if (!login || login.type !== 'chunk') return [];
        const entry = chunks.find((c) => c.type === 'chunk' && c.isEntry);
        const already = new Set(entry && entry.type === 'chunk' ? [entry.fileName, ...entry.imports] : []);
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const visit = (name: string) => {
          if (files.has(name) || already.has(name)) return;
          files.add(name);
          const chunk = byName.get(name);
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(login.fileName);
        return [...files].map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const }));
      },
    },
  };
}

// The SPA lives in web/ and builds to web/dist, which worker/node.ts serves in production-like
// local runs. The API is proxied in `npm run dev` so cookies stay first-party.
export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss(), preloadLoginPage()],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./worker/shared', import.meta.url)),
      '@': fileURLToPath(new URL('./web', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8787', changeOrigin: false },
    },
  },
});
