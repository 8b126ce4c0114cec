// Decisions 0307 and 0334: a page drawn before its code ran (a signed-in page drawn by the server,
// /login drawn at build time) comes alive without doing its first paint's work again. While it
// arrives and hydrates (until <html data-ready>, and a second more), in a fresh context:
//  - React renders nothing synchronously from a commit: an update set in a layout effect or a ref
//    callback is rendered at once, in the commit's long task, running every effect of the page with
//    it. React's <Profiler> reports such a render as phase `nested-update`; of a hydration's commit
//    it reports plain `update`, so a commit that comes in the same task as the one before (no
//    timer ran between them) fails too, and so does a commit before the previous one's passive
//    effects are done (a forced render from inside them, as useSyncExternalStore's);
//  - nothing outside #root changes but <html data-ready> (no <style> added, no attribute of <html>
//    set again: either made the browser restyle every element of the page);
//  - no Intl formatter is built (the first one loads ICU's locale data: tens of milliseconds);
//  - a closed dialog, popover or menu has nothing in the document.
// The page is the profiling build of the same SPA (ensureProfilingBuilt: React's profiling build,
// the root in a <Profiler>), since production React calls no Profiler callback. These are the
// page's costs, checked by what the page does rather than by timing it (timings: bench/web.ts).
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, type E2E, ensureProfilingBuilt, signInByApi, startE2E } from '../setup/e2e';

let e2e: E2E;
let cookies: Parameters<BrowserContext['addCookies']>[0];
beforeAll(async () => {
  e2e = await startE2E({ spaDir: ensureProfilingBuilt() });
  ({ cookies } = await signInByApi(e2e.base, E2E_ADMIN.email, E2E_ADMIN.password));
});
afterAll(async () => {
  await e2e?.close();
});

/**
 * Installed before the page's scripts (a string: the test's own code is transpiled with helpers
 * the page does not have). `window.__profiler` receives the root <Profiler>'s callbacks
 * (tests/setup/profiling-react-dom.ts): onRender at each commit with its phase ('mount',
 * 'update', 'nested-update'), onPostCommit once that commit's passive effects have run. A timer
 * set at each commit tells whether the next one came in a task of its own. Popper's anchor set
 * from its ref callback (the patch in patches/ undone) makes the served pages fail here.
 */
const WATCH = `
  window.__seen = { phases: [], order: '', outside: [], intl: 0 };
  const seen = window.__seen;
  let sameTask = false;
  window.__profiler = {
    onRender(id, phase) {
      seen.phases.push(phase + (sameTask ? ', in the task of the commit before' : ''));
      seen.order += 'R';
      sameTask = true;
      setTimeout(() => { sameTask = false; });
    },
    onPostCommit() { seen.order += 'P'; },
  };
  for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'RelativeTimeFormat', 'Collator', 'ListFormat']) {
    const Original = Intl[name];
    Intl[name] = new Proxy(Original, {
      construct(target, args) { seen.intl++; return Reflect.construct(target, args); },
      apply(target, self, args) { seen.intl++; return Reflect.apply(target, self, args); },
    });
  }
  for (const [proto, name] of [[Number.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleDateString'], [Date.prototype, 'toLocaleTimeString'], [String.prototype, 'localeCompare']]) {
    const original = proto[name];
    proto[name] = function (...args) { seen.intl++; return original.apply(this, args); };
  }
  const describe = (n) => n.nodeType === 1 ? n.tagName.toLowerCase() + (n.getAttribute('rel') ? '[rel=' + n.getAttribute('rel') + ']' : '') : n.nodeName;
  // Nodes the parser adds are the document; from the moment parsing ends (readyState
  // 'interactive', just before module scripts run) an added node is the page's code at work.
  let parsed = false;
  const check = (records) => {
    for (const r of records) {
      const root = document.getElementById('root');
      if (root && root.contains(r.target)) continue;
      if (r.type === 'attributes') {
        if (!(r.target === document.documentElement && r.attributeName === 'data-ready'))
          seen.outside.push('attribute ' + r.attributeName + ' of ' + describe(r.target));
      } else if (r.type === 'childList' && parsed) {
        for (const n of r.addedNodes) {
          // The page's title, and the modules a dynamic import preloads, change no style.
          if (r.target.nodeName === 'TITLE' || (n.nodeName === 'LINK' && n.getAttribute('rel') === 'modulepreload')) continue;
          seen.outside.push('added ' + describe(n) + ' to ' + describe(r.target));
        }
      }
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true });
  document.addEventListener('readystatechange', () => {
    if (parsed) return;
    check(observer.takeRecords());
    parsed = true;
  });
`;

type Seen = { phases: string[]; order: string; outside: string[]; intl: number };

async function load(path: string, signedIn: boolean) {
  const context = await e2e.browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    if (signedIn) await context.addCookies(cookies);
    await context.addInitScript(WATCH);
    const page = await context.newPage();
    await page.goto(`${e2e.base}${path}`);
    await page.waitForSelector('html[data-ready]');
    await page.waitForTimeout(1000);
    const got = await page.evaluate(() => ({
      seen: (window as unknown as { __seen: Seen }).__seen,
      served: document.getElementById('root')!.dataset.served !== undefined,
      prerendered: document.getElementById('root')!.dataset.prerendered,
      overlays: document.querySelectorAll(
        '[role=dialog], [role=alertdialog], [role=menu], [data-radix-popper-content-wrapper]',
      ).length,
      footer: document.querySelector('footer')?.textContent ?? '',
    }));
    return got;
  } finally {
    await context.close();
  }
}

/** What hydrating `got`'s page did beyond attaching its handlers: nothing, as the header says. */
function expectNoSecondPaint(got: Awaited<ReturnType<typeof load>>) {
  // The first commit is the hydration itself.
  expect(got.seen.phases[0]).toBe('mount');
  expect(got.seen.phases.filter((p) => p !== 'mount' && p !== 'update')).toEqual([]);
  // Each commit's passive effects ran before the next commit: none was forced from inside them.
  expect(got.seen.order).not.toMatch(/RR/);
  expect(got.seen.outside).toEqual([]);
  expect(got.seen.intl).toBe(0);
  expect(got.overlays).toBe(0);
}

describe('a page drawn before its code ran hydrates without doing its work again', () => {
  for (const path of ['/app/configuracion/generales/bancos', '/app/reports/dashboard'])
    it(`served ${path}`, async () => {
      const got = await load(path, true);
      expect(got.served).toBe(true);
      expect(got.footer).toContain('Powered by 360 web.');
      expectNoSecondPaint(got);
    });

  it('prerendered /login', async () => {
    const got = await load('/login', false);
    expect(got.prerendered).toBe('/login');
    expectNoSecondPaint(got);
  });
});
