// Issue 20 §6, decision 0307: a page drawn before its code ran (a signed-in page drawn by the
// server, /login drawn at build time) comes alive without doing its first paint's work again.
// While it arrives and hydrates (until <html data-ready>, and a second more), in a fresh context:
//  - React renders nothing synchronously: no update at SyncLane from a commit or its effects, which
//    made React redraw the page and run every effect in the hydration's long task (seen through
//    React's DevTools hook, which production React calls at each commit);
//  - nothing outside #root changes but <html data-ready> (no <style> added, no attribute of <html>
//    set again: either made the browser restyle every element of the page);
//  - no Intl formatter is built (the first one loads ICU's locale data: tens of milliseconds);
//  - a closed dialog, popover or menu has nothing in the document.
// These are the page's costs, checked by what the page does rather than by timing it (timings are
// bench/web.ts's, in the README).
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, type E2E, signInByApi, startE2E } from '../setup/e2e';

let e2e: E2E;
let cookies: Parameters<BrowserContext['addCookies']>[0];
beforeAll(async () => {
  e2e = await startE2E();
  ({ cookies } = await signInByApi(e2e.base, E2E_ADMIN.email, E2E_ADMIN.password));
});
afterAll(async () => {
  await e2e?.close();
});

/**
 * Installed before the page's scripts (a string: the test's own code is transpiled with helpers
 * the page does not have). Production React calls the DevTools hook at each commit and after each
 * commit's passive effects; it passes no priority, so a synchronous render is read from the root's
 * pending lanes and from the order of those calls. Those are React 19's internals (lane bits, the
 * hook's calls): after a React upgrade, check that the mutations listed in decision 0307 still make
 * this test fail.
 */
const WATCH = `
  window.__seen = { commits: [], order: '', outside: [], intl: 0 };
  const seen = window.__seen;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    onScheduleFiberRoot() {},
    // At a commit, root.pendingLanes holds what this commit's layout effects and ref callbacks
    // scheduled: SyncHydrationLane (1) or SyncLane (2) there is a render React runs at once.
    onCommitFiberRoot(id, root) { seen.commits.push((root.pendingLanes & 3) !== 0 ? 'sync' : 'concurrent'); seen.order += 'C'; },
    onCommitFiberUnmount() {},
    // Called when a commit's passive effects have run. Two in a row: a commit happened while the
    // earlier one's passive effects ran, which only a SyncLane update does (useSyncExternalStore's).
    onPostCommitFiberRoot() { seen.order += 'P'; },
    checkDCE() {},
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

type Seen = { commits: string[]; order: string; outside: string[]; intl: number };

async function load(path: string, signedIn: boolean) {
  const context = await e2e.browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    if (signedIn) await context.addCookies(cookies);
    await context.addInitScript(WATCH);
    const page = await context.newPage();
    await page.goto(`${e2e.base}${path}`);
    await page.waitForSelector('html[data-ready]');
    await page.waitForTimeout(1000);
    return await page.evaluate(() => ({
      seen: (window as unknown as { __seen: Seen }).__seen,
      served: document.getElementById('root')!.dataset.served !== undefined,
      prerendered: document.getElementById('root')!.dataset.prerendered,
      overlays: document.querySelectorAll(
        '[role=dialog], [role=alertdialog], [role=menu], [data-radix-popper-content-wrapper]',
      ).length,
      footer: document.querySelector('footer')?.textContent ?? '',
    }));
  } finally {
    await context.close();
  }
}

/** What hydrating `got`'s page did beyond attaching its handlers: nothing, as the header says. */
function expectNoSecondPaint(got: Awaited<ReturnType<typeof load>>) {
  expect(got.seen.commits.length).toBeGreaterThan(0);
  expect(got.seen.commits.filter((c) => c === 'sync')).toEqual([]);
  expect(got.seen.order).not.toContain('PP');
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
