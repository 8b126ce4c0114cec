// Issue 14 and 20 figures: what the first page (/login) costs a visitor, and what the screens used
// all day cost the administrator. Starts the real Node server on a fresh database with the built
// SPA (`npx vite build` first: it also prerenders /login), then
//  1. loads /login in Chromium and sums the gzip size of every JS file the page fetched;
//  2. runs Lighthouse (mobile, simulated throttling, performance only) against /login;
//  3. signs in as the default administrator through the API and runs Lighthouse, with the session
//     cookies set in the browser first, against a registry grid and the dashboard (issue 20).
// Chromium is Debian's (CHROME_PATH, default /usr/bin/chromium). LIGHTHOUSE_RUNS (default 3) runs
// per page; `-- web --signed-in` skips /login; LIGHTHOUSE_JSON=<dir> keeps each run's report.
// LIGHTHOUSE_BASELINE=<dir> (a copy of an older web/dist) measures that build too, in turns with
// the current one against the same server and data, so the machine's load falls on both alike
// (docs/decisions/0105-app-first-load.md); each run also prints the load average when it started.
// `--bound` adds, per signed-in page, two upper bounds for server rendering (decision 0271, session
// 14): the page as the browser finally drew it, served as HTML without JS, and the same HTML with the
// page's modules evaluated but not started (what a hydration that never blocks would leave).
import { createClient } from '@libsql/client';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { compressStatic } from '../worker/platform/adapters/compress-static';
import { startServer } from '../worker/server';
import { buildDashboardData } from './dashboard';
import { printTable } from './stats';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu'];

/** Every JS response of one /login load: file name, raw bytes, gzip bytes (level 9 like `vite build` reports). */
export async function loginJs(base: string) {
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  try {
    const page = await browser.newPage();
    const files: { name: string; raw: number; gzip: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      if (!/javascript/.test(res.headers()['content-type'] ?? '')) return;
      pending.push(
        res.body().then(
          (b) =>
            void files.push({
              name: new URL(res.url()).pathname,
              raw: b.length,
              gzip: gzipSync(b, { level: 9 }).length,
            }),
        ),
      );
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Correo electrónico', { exact: true }).waitFor();
    await Promise.all(pending);
    return files.sort((a, b) => b.gzip - a.gzip);
  } finally {
    await browser.close();
  }
}

type Cookie = { name: string; value: string };

/** One Lighthouse run; `cookies` are set in the fresh browser first (Lighthouse keeps cookies). */
export async function lighthouseScore(url: string, cookies: Cookie[] = [], keep?: string) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  try {
    if (cookies.length) {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await cdp.contexts()[0]!.addCookies(cookies.map((c) => ({ ...c, url: new URL(url).origin })));
      await cdp.close(); // disconnects; the browser and its cookies stay
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    const lhr = result!.lhr;
    if (keep) writeFileSync(keep, JSON.stringify(lhr));
    const value = (id: string) => lhr.audits[id]?.numericValue ?? 0;
    const requests = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)
      ?.items;
    const scripts = (requests ?? []).filter((r) => r.resourceType === 'Script');
    return {
      score: lhr.categories.performance!.score ?? 0,
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      /** Main-thread time (Lighthouse's breakdown, ×4 like its simulated phone's CPU). */
      mainThread: value('mainthread-work-breakdown'),
      /** JS files fetched and their bytes on the wire. */
      scripts: scripts.length,
      scriptBytes: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0),
      finalUrl: lhr.finalDisplayedUrl,
      /** Lighthouse's own failure (e.g. NO_FCP on a starved CPU): the run has no figures. */
      error: lhr.runtimeError?.code,
    };
  } finally {
    await chrome.kill();
  }
}

type NetworkItem = { resourceType?: string; transferSize?: number };
type Run = Awaited<ReturnType<typeof lighthouseScore>> & { load?: number };

/** Per page: the median of each figure over the runs Lighthouse completed, and every run's score, TBT and CLS. */
function summary(title: string, all: Run[]) {
  const runs = all.filter((r) => !r.error);
  if (!runs.length)
    throw new Error(`${title}: ninguna corrida terminó (${all.map((r) => r.error).join(', ')})`);
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  const mid = sorted[Math.floor(sorted.length / 2)]!;
  const med = (f: (r: Run) => number) => [...runs].map(f).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const failed = all.length - runs.length ? `; ${all.length - runs.length} fallidas` : '';
  printTable(`${title}: Lighthouse móvil, desempeño (mediana de ${runs.length}${failed})`, [
    [
      'puntaje',
      `${mid.score.toFixed(2)} (corridas: ${runs.map((r) => r.score.toFixed(2)).join(', ')}; meta ≥ 0,9)`,
    ],
    ['first contentful paint', s(med((r) => r.fcp))],
    ['largest contentful paint', s(med((r) => r.lcp))],
    [
      'total blocking time',
      `${Math.round(med((r) => r.tbt))} ms (${runs.map((r) => Math.round(r.tbt)).join(', ')})`,
    ],
    [
      'cumulative layout shift',
      `${med((r) => r.cls).toFixed(3)} (corridas: ${runs.map((r) => r.cls.toFixed(3)).join(', ')}; meta < 0,05)`,
    ],
    ['trabajo del hilo principal', `${s(med((r) => r.mainThread))} (×4 simulado)`],
    [
      'JS descargado',
      `${(med((r) => r.scriptBytes) / 1024).toFixed(1)} kB en ${med((r) => r.scripts)} archivos`,
    ],
    [
      'carga de la máquina',
      `${runs.map((r) => r.load?.toFixed(1) ?? '?').join(', ')} (promedio de 1 min al empezar)`,
    ],
  ]);
}

/** The default administrator (worker/tools/seed defaults), as a person would sign in. */
export const ADMIN = { email: 'admin@360web.local', password: 'Admin360web!' };

/** Signs in through the API and returns the cookies the browser would keep. */
export async function signIn(base: string): Promise<Cookie[]> {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`login ${res.status}: ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(';');
    const eq = pair!.indexOf('=');
    return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1) };
  });
}

/**
 * Serves another build of the SPA (`dir`, a copy of web/dist) as worker/server.ts serves web/dist,
 * compressed alike, and passes /api/* on to the real server: the same data and session cookies
 * (a cookie of localhost holds for every port). `html` replaces index.html as every page's document.
 */
export async function serveBuild(dir: string, api: string, html?: string) {
  const root = resolve(dir);
  const index = html ?? readFileSync(join(root, 'index.html'), 'utf8');
  const app = new Hono();
  app.use('*', compressStatic());
  app.all('/api/*', async (c) => {
    const url = new URL(c.req.url);
    const headers = new Headers(c.req.raw.headers);
    headers.delete('host');
    const res = await fetch(`${api}${url.pathname}${url.search}`, {
      method: c.req.method,
      headers,
      body: ['GET', 'HEAD'].includes(c.req.method) ? undefined : await c.req.arrayBuffer(),
      redirect: 'manual',
    });
    const out = new Headers(res.headers);
    out.delete('content-encoding');
    out.delete('content-length');
    return new Response(res.body, { status: res.status, headers: out });
  });
  app.use('/assets/*', serveStatic({ root }));
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(index);
  });
  return new Promise<{ base: string; close(): void }>((done) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      done({ base: `http://localhost:${info.port}`, close: () => void s.close() }),
    );
  });
}

/** Tries per Lighthouse run: the first, and two more when Lighthouse fails on its own. */
const MAX_ATTEMPTS = 3;

/**
 * One Lighthouse run of `url`, tried again (up to twice) when Lighthouse itself could not finish
 * it (NO_NAVSTART: it lost the navigation in its trace, about one run in five here): every try,
 * the failed ones first, so the summary counts them and each page still gets the runs asked for.
 * `keep`: where each try's report goes (`<keep>.json`, `<keep>-retry1.json`…).
 */
async function lighthouseAttempts(url: string, cookies: Cookie[], keep?: string) {
  const tries: Run[] = [];
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const load = loadavg()[0];
    const run = await lighthouseScore(
      url,
      cookies,
      keep && `${keep}${attempt ? `-retry${attempt}` : ''}.json`,
    );
    tries.push({ ...run, load });
    if (!run.error) break;
  }
  return tries;
}

/** Signed-in pages measured (issue 20): a registry grid and the administrator's dashboard. */
export const SIGNED_IN_PAGES = ['/app/configuracion/generales/bancos', '/app/reports/dashboard'];

/**
 * The two `--bound` documents of one signed-in page: its DOM once drawn (rows, menu, footer), served
 * without JS; and the same DOM with the page's scripts, whose #root is renamed so web/main.tsx stops
 * after every module was evaluated (the lazy screen chunks are loaded as scripts too).
 */
async function boundDocuments(base: string, path: string, cookies: Cookie[]) {
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  try {
    // Lighthouse's phone viewport, so the drawn page is the one it would measure.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (/javascript/.test(res.headers()['content-type'] ?? '')) scripts.push(new URL(res.url()).pathname);
    });
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await page.locator('main h1').first().waitFor();
    await page.waitForTimeout(1000);
    const drawn = `<!doctype html>${await page.evaluate(() => document.documentElement.outerHTML)}`;
    const htmlOnly = drawn
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link rel="modulepreload"[^>]*>/g, '');
    const lazy = scripts.filter((s) => !drawn.includes(`"${s}"`));
    const modules = drawn
      .replace('id="root"', 'id="root-bound"')
      .replace('</body>', `${lazy.map((s) => `<script type="module" src="${s}"></script>`).join('')}</body>`);
    return { htmlOnly, modules };
  } finally {
    await browser.close();
  }
}

export async function benchWeb(flags: string[] = []) {
  if (!existsSync('web/dist/index.html')) throw new Error('Compile la SPA primero: npx vite build');
  const dir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const server = await startServer({
    port: 0,
    databaseUrl: `file:${join(dir, 'app.db')}`,
    blobDir: join(dir, 'blobs'),
    jwtSecret: 'bench-secret-bench-secret-bench-secret-bench',
    pepper: 'bench-pepper',
    admin: ADMIN,
    supportEmail: 'soporte@bench.local',
    ipLimitPerMinute: 10_000,
    scheduler: false,
  });
  const base = `http://localhost:${server.port}`;
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const keepDir = process.env.LIGHTHOUSE_JSON;
  if (keepDir) mkdirSync(keepDir, { recursive: true });
  try {
    if (!flags.includes('--signed-in')) {
      const files = await loginJs(base);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
      const total = files.reduce((s, f) => s + f.gzip, 0);
      const scores = [];
      for (let i = 0; i < runs; i++)
        scores.push(
          ...(await lighthouseAttempts(`${base}/login`, [], keepDir && join(keepDir, `login-${i}`))),
        );
      printTable('/login: JS del primer ingreso', [
        ...files.map((f): [string, string] => [f.name, `${kb(f.gzip)} gzip (${kb(f.raw)})`]),
        ['total', `${kb(total)} gzip en ${files.length} archivos (meta ≤ 150 kB)`],
      ]);
      summary('/login', scores);
    }
    // Realistic data behind the screens: the reference banks are loaded at start; the dashboard
    // gets 2,000 members and 6,000 purchases over the last year.
    const raw = createClient({ url: `file:${join(dir, 'app.db')}`, concurrency: 1 });
    try {
      await buildDashboardData(raw, Date.now(), { members: 2_000, purchases: 6_000 });
    } finally {
      raw.close();
    }
    const cookies = await signIn(base);
    const baselineDir = process.env.LIGHTHOUSE_BASELINE;
    const baseline = baselineDir ? await serveBuild(baselineDir, base) : null;
    // With a baseline, each turn runs the baseline then the current build.
    const served = baseline
      ? [
          { name: `línea base (${baselineDir})`, base: baseline.base, tag: 'base' },
          { name: 'esta compilación (web/dist)', base, tag: 'page' },
        ]
      : [{ name: '', base, tag: 'page' }];
    const bounds: { close(): void }[] = [];
    try {
      for (const [p, path] of SIGNED_IN_PAGES.entries()) {
        const builds = served.map((b) => ({ ...b }));
        if (flags.includes('--bound')) {
          const docs = await boundDocuments(base, path, cookies);
          const htmlOnly = await serveBuild('web/dist', base, docs.htmlOnly);
          const modules = await serveBuild('web/dist', base, docs.modules);
          bounds.push(htmlOnly, modules);
          if (!baseline) builds[0]!.name = 'esta compilación (web/dist)';
          builds.push(
            { name: 'cota: la página ya dibujada, sin JS', base: htmlOnly.base, tag: 'html' },
            {
              name: 'cota: la página ya dibujada + sus módulos evaluados',
              base: modules.base,
              tag: 'modules',
            },
          );
        }
        const scores: Run[][] = builds.map(() => []);
        for (let i = 0; i < runs; i++) {
          for (const [b, build] of builds.entries()) {
            const attempts = await lighthouseAttempts(
              `${build.base}${path}`,
              cookies,
              keepDir && join(keepDir, `${build.tag}${p}-${i}`),
            );
            const done = attempts.at(-1)!;
            if (!done.error && new URL(done.finalUrl).pathname !== path)
              throw new Error(`${path} terminó en ${done.finalUrl}`);
            scores[b]!.push(...attempts);
          }
        }
        for (const [b, build] of builds.entries())
          summary(`${path} (administrador)${build.name ? `, ${build.name}` : ''}`, scores[b]!);
      }
    } finally {
      baseline?.close();
      for (const b of bounds) b.close();
    }
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
