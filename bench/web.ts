// Issue 14 figures: what the first page (/login) costs a visitor. Starts the real Node server on a
// fresh database with the built SPA (`npx vite build` first: it also prerenders /login), then
//  1. loads /login in Chromium and sums the gzip size of every JS file the page fetched;
//  2. runs Lighthouse (mobile, simulated throttling, performance only) against the same URL.
// Chromium is Debian's (CHROME_PATH, default /usr/bin/chromium).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startServer } from '../worker/server';
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

export async function lighthouseScore(url: string) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    const lhr = result!.lhr;
    const ms = (id: string) => `${((lhr.audits[id]?.numericValue ?? 0) / 1000).toFixed(2)} s`;
    return {
      score: lhr.categories.performance!.score ?? 0,
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: `${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0)} ms`,
      cls: (lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
    };
  } finally {
    await chrome.kill();
  }
}

export async function benchWeb() {
  if (!existsSync('web/dist/index.html')) throw new Error('Compile la SPA primero: npx vite build');
  const dir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const server = await startServer({
    port: 0,
    databaseUrl: `file:${join(dir, 'app.db')}`,
    blobDir: join(dir, 'blobs'),
    jwtSecret: 'bench-secret-bench-secret-bench-secret-bench',
    pepper: 'bench-pepper',
    admin: { email: 'admin@bench.local', password: 'Admin-bench-123' },
    supportEmail: 'soporte@bench.local',
    ipLimitPerMinute: 10_000,
    scheduler: false,
  });
  const base = `http://localhost:${server.port}`;
  try {
    const files = await loginJs(base);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    const total = files.reduce((s, f) => s + f.gzip, 0);
    const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
    const scores = [];
    for (let i = 0; i < runs; i++) scores.push(await lighthouseScore(`${base}/login`));
    scores.sort((a, b) => a.score - b.score);
    const mid = scores[Math.floor(scores.length / 2)]!;
    printTable('/login: JS del primer ingreso', [
      ...files.map((f): [string, string] => [f.name, `${kb(f.gzip)} gzip (${kb(f.raw)})`]),
      ['total', `${kb(total)} gzip en ${files.length} archivos (meta ≤ 150 kB)`],
    ]);
    printTable(`Lighthouse móvil, desempeño (mediana de ${runs})`, [
      [
        'puntaje',
        `${mid.score.toFixed(2)} (corridas: ${scores.map((s) => s.score.toFixed(2)).join(', ')}; meta ≥ 0,9)`,
      ],
      ['first contentful paint', mid.fcp],
      ['largest contentful paint', mid.lcp],
      ['total blocking time', mid.tbt],
      [
        'cumulative layout shift',
        `${mid.cls} (la peor corrida: ${scores
          .map((s) => s.cls)
          .sort()
          .at(-1)})`,
      ],
    ]);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
