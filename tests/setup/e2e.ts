// End-to-end harness: the real app (worker/server.ts) on a free port with a fresh libSQL file and
// blob folder, the SPA built once into web/dist, and Debian's Chromium through playwright-core.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { startServer } from '../../worker/server';
import { eq, desc } from 'drizzle-orm';
import { backgroundSettled } from '../../worker/platform/background';
import { outbox } from '../../worker/db/schema';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

export const E2E_ADMIN = { email: 'admin@e2e.local', password: 'Admin-e2e-123' };

/**
 * The run's Chromium (tests/setup/e2e-global.ts) when the project started one: closing it only
 * disconnects this file, and the contexts it opened go with it. Otherwise a browser of its own.
 */
export async function openBrowser(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint' as never) as unknown as string | undefined;
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['dist', 'dist-server', 'dist-profiling'].includes(entry.name))
        newest = Math.max(newest, newestMtime(p));
    } else newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds the SPA and the renderer unless their outputs (index.html, the prerendered login.html, web/dist-server) are newer than every source file. */
export function ensureSpaBuilt() {
  const sources = Math.max(newestMtime('web'), newestMtime('worker/shared'));
  const stale = ['web/dist/index.html', 'web/dist/login.html', 'web/dist-server/server-render.js'].some(
    (f) => !existsSync(f) || statSync(f).mtimeMs < sources,
  );
  const vite = (...args: string[]) =>
    execFileSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', ...args, '--logLevel', 'error'],
      {
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
  // The SPA, then the server's renderer of signed-in documents (package.json "build").
  if (stale) {
    vite();
    vite('--ssr', 'server-render.tsx');
  }
}

/**
 * Builds the SPA's profiling variant (`vite build --mode profiling` into web/dist-profiling: React's
 * profiling build, the root in a <Profiler>, vite.config.ts) unless it is newer than every source
 * file, and returns its folder. The server's renderer is the ordinary build's (ensureSpaBuilt).
 */
export function ensureProfilingBuilt(): string {
  ensureSpaBuilt();
  const sources = Math.max(
    newestMtime('web'),
    newestMtime('worker/shared'),
    statSync('vite.config.ts').mtimeMs,
  );
  const stale = ['web/dist-profiling/index.html', 'web/dist-profiling/login.html'].some(
    (f) => !existsSync(f) || statSync(f).mtimeMs < sources,
  );
  if (stale)
    execFileSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--mode', 'profiling', '--logLevel', 'error'],
      { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
  return join(process.cwd(), 'web/dist-profiling');
}

/** `referenceData`: load the first-start catalogues (off by default: most suites create their own). */
/** `mailApi`: an HTTP e-mail API to deliver through (else mail stays in the outbox); `opsEmail`: alerts' address. */
export async function startE2E(
  opts: {
    referenceData?: boolean;
    mailApi?: { url: string; key: string };
    opsEmail?: string;
    /** The built SPA to serve instead of web/dist (ensureProfilingBuilt). */
    spaDir?: string;
  } = {},
) {
  ensureSpaBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'e2e-'));
  const server = await startServer({
    port: 0,
    databaseUrl: `file:${join(dir, 'app.db')}`,
    blobDir: join(dir, 'blobs'),
    jwtSecret: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
    pepper: 'e2e-pepper',
    admin: E2E_ADMIN,
    supportEmail: 'soporte@e2e.local',
    ipLimitPerMinute: 10_000,
    scheduler: false,
    referenceData: opts.referenceData ?? false,
    ...(opts.mailApi ? { mailApi: opts.mailApi } : {}),
    ...(opts.opsEmail ? { opsEmail: opts.opsEmail } : {}),
    ...(opts.spaDir ? { spaDir: opts.spaDir } : {}),
    // Request log lines stay out of the test output.
    log: () => {},
  });
  const base = `http://localhost:${server.port}`;
  server.ports.config.appOrigin = base;
  const browser = await openBrowser();
  const contexts: BrowserContext[] = [];
  return {
    base,
    server,
    browser,
    async page(): Promise<Page> {
      const ctx = await browser.newContext({
        baseURL: base,
        locale: 'es-CO',
        viewport: { width: 1280, height: 860 },
      });
      contexts.push(ctx);
      const page = await ctx.newPage();
      // A page the server drew is on screen before it is alive (decision 0306): like a user who
      // waits for a page to respond, each navigation waits until the app has taken over
      // (<html data-ready>, web/app-root.tsx), or 20 s; the test's own checks decide after that.
      const goto = page.goto.bind(page);
      page.goto = async (url, opts) => {
        const res = await goto(url, opts);
        await page
          .waitForSelector('html[data-ready]', { state: 'attached', timeout: 20_000 })
          .catch(() => {});
        return res;
      };
      return page;
    },
    async lastMail(to: string) {
      await backgroundSettled();
      return server.ports.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).get();
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type E2E = Awaited<ReturnType<typeof startE2E>>;

export async function loginAs(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/app\//);
}

/**
 * Signs in through the API (for a test that does not exercise the login screen): the session's
 * cookies as a `Cookie` header for API calls, and as the browser keeps them, for a context.
 */
export async function signInByApi(base: string, email: string, password: string) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  const pairs = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  return {
    header: pairs.join('; '),
    cookies: pairs.map((pair) => {
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: base };
    }),
  };
}

export const FOOTER = 'Powered by 360 web.';
