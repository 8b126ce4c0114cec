// `npx tsx bench/profile-web.ts [<dist dir> ...]`: where a signed-in page's main-thread time goes,
// for comparing builds quickly between Lighthouse runs (issue 20, decision 0270). Starts the Node
// server on a fresh database (like bench/web.ts), signs in as the administrator, and loads each
// page of SIGNED_IN_PAGES in Chromium with the CPU slowed 4× (Lighthouse's phone), PROFILE_RUNS
// times (default 3) per build, builds in turns. Per build and page it prints the median of: the
// long tasks' blocking time (the part of each task over 50 ms, as TBT counts it), the number of
// long tasks, the main thread's busy time, and when the first rows (grid) showed.
// PROFILE_CPU=1 also records a CPU profile of the last run and prints the functions with the most
// self time (build with `npx vite build --minify false --outDir <dir>` for readable names).
// PROFILE_PAGE=<part of a path> measures only the matching page.
// The first argument defaults to web/dist; other directories are copies of other builds.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession } from 'playwright-core';
import { createClient } from '@libsql/client';
import { startServer } from '../worker/server';
import { buildDashboardData } from './dashboard';
import { ADMIN, serveBuild, SIGNED_IN_PAGES, signIn } from './web';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

function topSelf(profile: Profile, n = 25) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, n);
}

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string } };
};

/** CPU milliseconds of each top-level task of the busiest renderer main thread. */
function mainThreadTasks(events: TraceEvent[]) {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, number[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (
      e.ph !== 'X' ||
      !mains.has(key) ||
      (e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask')
    )
      continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key)!.push(e.ts, e.ts + (e.dur ?? 0), (e.tdur ?? e.dur ?? 0) / 1000);
  }
  let best: number[] = [];
  for (const flat of byThread.values()) {
    // Top-level only: skip a task nested in the previous one.
    const tasks: number[] = [];
    let end = -1;
    const list = [];
    for (let i = 0; i < flat.length; i += 3) list.push([flat[i]!, flat[i + 1]!, flat[i + 2]!] as const);
    list.sort((a, b) => a[0] - b[0]);
    for (const [start, stop, cpu] of list) {
      if (start < end) continue;
      end = stop;
      tasks.push(cpu);
    }
    if (tasks.reduce((a, b) => a + b, 0) > best.reduce((a, b) => a + b, 0)) best = tasks;
  }
  return best;
}

/** PROFILE_TASKS=1: each long task (×4 over 50 ms) and the events inside it with the most CPU time. */
function describeLongTasks(events: TraceEvent[]) {
  const main = events.filter((e) => e.ph === 'X' && (e.tdur ?? 0) > 0);
  const tops = main.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const t0 = Math.min(...tops.map((e) => e.ts));
  for (const task of tops) {
    const cpu = (task.tdur ?? 0) / 1000;
    if (cpu * 4 <= 50) continue;
    const inner = main
      .filter(
        (e) =>
          e !== task &&
          e.pid === task.pid &&
          e.tid === task.tid &&
          e.ts >= task.ts &&
          e.ts < task.ts + (task.dur ?? 0),
      )
      .filter(
        (e) =>
          ![
            'RunTask',
            'ThreadControllerImpl::RunTask',
            'RunMicrotasks',
            'v8.run',
            'V8.Execute',
            'BlinkScheduler_PerformMicrotaskCheckpoint',
            'Receive mojo message',
            'Receive mojo reply',
          ].includes(e.name),
      )
      .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
      .slice(0, 4)
      .map(
        (e) =>
          `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : ''}${e.args?.data?.type ? ` ${e.args.data.type}` : ''}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''} ${(((e.tdur ?? 0) / 1000) * 4).toFixed(0)}`,
      );
    console.log(
      `    task at ${((task.ts - t0) / 1000).toFixed(0)} ms: ${(cpu * 4).toFixed(0)} ms ×4 — ${inner.join('; ')}`,
    );
  }
}

async function measure(base: string, path: string, cookies: { name: string; value: string }[], cpu: boolean) {
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    if (cpu) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    await browser.startTracing(page, {
      categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
    });
    const t0 = Date.now();
    await page.goto(`${base}${path}`, { waitUntil: 'load' });
    let rowsAt = NaN;
    if (path.includes('configuracion')) {
      await page.locator('main table tbody tr:not([data-skeleton])').first().waitFor({ timeout: 60_000 });
      rowsAt = Date.now() - t0;
    } else {
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2000);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const profile = cpu ? ((await cdp.send('Profiler.stop')) as { profile: Profile }).profile : null;
    // The main thread's top-level tasks, by the thread's CPU time (not wall time: the machine is
    // shared), ×4 like Lighthouse's simulated phone.
    const tasks = mainThreadTasks(trace.traceEvents).map((ms) => ms * 4);
    if (process.env.PROFILE_TASKS) describeLongTasks(trace.traceEvents);
    return {
      tbt: tasks.reduce((s, t) => s + Math.max(0, t - 50), 0),
      busy: tasks.reduce((s, t) => s + t, 0),
      count: tasks.filter((t) => t > 50).length,
      longest: Math.max(0, ...tasks),
      rowsAt,
      profile,
    };
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dirs = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'profile-web-'));
if (!existsSync('web/dist/index.html')) throw new Error('Compile la SPA primero: npx vite build');
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
const api = `http://localhost:${server.port}`;
// The dashboard's data as bench/web.ts gives it: 2,000 members and 6,000 purchases.
const raw = createClient({ url: `file:${join(dir, 'app.db')}`, concurrency: 1 });
try {
  await buildDashboardData(raw, Date.now(), { members: 2_000, purchases: 6_000 });
} finally {
  raw.close();
}
const builds = [
  ...(dirs.length ? [] : [{ name: 'web/dist', base: api, close: () => {} }]),
  ...(await Promise.all(dirs.map(async (d) => ({ name: d, ...(await serveBuild(d, api)) })))),
];
try {
  const cookies = await signIn(api);
  for (const path of SIGNED_IN_PAGES.filter((p) => p.includes(process.env.PROFILE_PAGE ?? ''))) {
    const results = builds.map(() => [] as Awaited<ReturnType<typeof measure>>[]);
    const loads: number[] = [];
    for (let i = 0; i < RUNS; i++)
      for (const [b, build] of builds.entries()) {
        loads.push(loadavg()[0]!);
        results[b]!.push(
          await measure(build.base, path, cookies, !!process.env.PROFILE_CPU && i === RUNS - 1),
        );
      }
    console.log(`\n${path} (load ${loads.map((l) => l.toFixed(1)).join(', ')})`);
    for (const [b, build] of builds.entries()) {
      const r = results[b]!;
      console.log(
        `  ${build.name}: blocking ${Math.round(median(r.map((x) => x.tbt)))} ms (${r.map((x) => Math.round(x.tbt)).join(', ')}), ` +
          `long tasks ${median(r.map((x) => x.count))}, busy ${Math.round(median(r.map((x) => x.busy)))} ms, ` +
          `longest ${Math.round(median(r.map((x) => x.longest)))} ms, rows at ${Math.round(median(r.map((x) => x.rowsAt)))} ms`,
      );
      const profile = r.at(-1)?.profile;
      if (profile)
        for (const [k, ms] of topSelf(profile)) console.log(`      ${ms.toFixed(0).padStart(6)} ms  ${k}`);
    }
  }
} finally {
  for (const b of builds) b.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
