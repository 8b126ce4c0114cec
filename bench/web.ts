// Issue 14 and 20 figures: what the first page (/login) costs a visitor, and what the screens used
// all day cost the administrator. Starts the real Node server on a fresh database with the built
// SPA (`npx vite build` first: it also prerenders /login), then
//  1. loads /login in Chromium and sums the gzip size of every JS file the page fetched;
//  2. runs Lighthouse (mobile, simulated throttling, performance only) against /login;
//  3. signs in as the default administrator through the API and runs Lighthouse, with the session
//     cookies set in the browser first, against a registry grid and the dashboard (issue 20).
// Chromium is Debian's (CHROME_PATH, default /usr/bin/chromium). LIGHTHOUSE_RUNS (default 3) runs
// per page; `-- web --signed-in` skips /login; LIGHTHOUSE_JSON=<dir> keeps each run's report.
import { createClient } from '@libsql/client';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
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
    return {
      score: lhr.categories.performance!.score ?? 0,
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      finalUrl: lhr.finalDisplayedUrl,
      /** Lighthouse's own failure (e.g. NO_FCP on a starved CPU): the run has no figures. */
      error: lhr.runtimeError?.code,
    };
  } finally {
    await chrome.kill();
  }
}

type Run = Awaited<ReturnType<typeof lighthouseScore>>;

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
  ]);
}

/** The default administrator (worker/tools/seed defaults), as a person would sign in. */
const ADMIN = { email: 'admin@360web.local', password: 'Admin360web!' };

/** Signs in through the API and returns the cookies the browser would keep. */
async function signIn(base: string): Promise<Cookie[]> {
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

/** Signed-in pages measured (issue 20): a registry grid and the administrator's dashboard. */
export const SIGNED_IN_PAGES = ['/app/configuracion/generales/bancos', '/app/reports/dashboard'];

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
        scores.push(await lighthouseScore(`${base}/login`, [], keepDir && join(keepDir, `login-${i}.json`)));
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
    for (const [p, path] of SIGNED_IN_PAGES.entries()) {
      const scores: Run[] = [];
      for (let i = 0; i < runs; i++) {
        const run = await lighthouseScore(
          `${base}${path}`,
          cookies,
          keepDir && join(keepDir, `page${p}-${i}.json`),
        );
        if (new URL(run.finalUrl).pathname !== path) throw new Error(`${path} terminó en ${run.finalUrl}`);
        scores.push(run);
      }
      summary(`${path} (administrador)`, scores);
    }
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
