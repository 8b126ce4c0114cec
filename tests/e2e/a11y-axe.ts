// axe-core in the real page: its source injected with playwright-core, WCAG 2.x A/AA rules
// (plus label-content-name-mismatch, which axe ships as experimental), serious and critical only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type Finding = { id: string; impact: string; help: string; nodes: string[] };

/** The serious and critical violations on the page as it is now. */
export async function axeFindings(page: Page): Promise<Finding[]> {
  // Evaluated through the DevTools protocol, so the app's CSP (script-src 'self') stays as it is.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{
            violations: {
              id: string;
              impact: string;
              help: string;
              nodes: { target: string[]; html: string }[];
            }[];
          }>;
        };
      }
    ).axe;
    const res = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return res.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`),
      }));
  }, TAGS);
}

/** Waits until the screen has no loading markers (skeletons, aria-busy) left, or gives up quietly. */
export async function settled(page: Page) {
  await page
    .waitForFunction(
      () =>
        !document.querySelector(
          '[aria-busy="true"], [data-slot="skeleton"], [role="progressbar"][data-loading]',
        ),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => {});
  // Then the screen's CSS animations and transitions that end (an entry fade, the main area's
  // padding) have ended, and two frames have been painted after them; endless ones (a spinner)
  // are not waited for. This replaced a fixed 150 ms pause per screen (decision 0292).
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.all(ending.map((a) => a.finished.catch(() => undefined))),
      new Promise((r) => setTimeout(r, 2000)),
    ]);
    for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
  });
}

/** Headings of the screens that stand in for the one asked for: nothing was rendered worth auditing. */
const FAILURE_HEADINGS = [
  'Ha ocurrido un error al momento de cargar los datos', // the route error page (MSG.loadError)
  'Página no encontrada',
];
export const NO_ACCESS_HEADING = 'UY!, lo sentimos';

/**
 * Waits until the page at `path` (no redirect) shows its heading, and returns it; throws if it does
 * not within 10 s, or shows an error page or a load error instead. `expected` names the heading;
 * without it any top-level heading of the app's `main` other than the error and no-access pages'
 * will do. `title` is the route's: the document must carry it first (the route has rendered). So a
 * blank page, a redirect, an error page or the previous route's page is never audited as this one.
 */
export async function screenRendered(
  page: Page,
  path: string,
  expected?: string,
  title?: string,
): Promise<string> {
  const found = await page
    .waitForFunction(
      ({ path, expected, title }) => {
        if (location.pathname !== path) return null;
        // The shell names the document after the route once it has rendered it (app-layout.tsx):
        // until then the heading on screen may still be the previous route's.
        if (title && document.title !== `${title} | 360 web`) return null;
        const h = expected
          ? [...document.querySelectorAll('h1, h2')].find((e) => e.textContent?.trim() === expected)
          : document.querySelector('main h1');
        const text = h?.textContent?.trim();
        return text ? text : null;
      },
      { path, expected, title },
      { timeout: 10_000 },
    )
    .then((h) => h.jsonValue())
    .catch(async () => {
      const seen = await page.evaluate(() => ({
        at: location.pathname,
        headings: [...document.querySelectorAll('h1, h2')].map((e) => e.textContent?.trim()),
      }));
      throw new Error(
        `${path}: ${expected ? `no heading "${expected}"` : 'no heading in main'} (at ${seen.at}, headings ${JSON.stringify(seen.headings)})`,
      );
    });
  if (found === null) throw new Error(`${path}: no heading`);
  if (FAILURE_HEADINGS.includes(found) && found !== expected) throw new Error(`${path}: shows "${found}"`);
  if (found === NO_ACCESS_HEADING && expected !== NO_ACCESS_HEADING)
    throw new Error(`${path}: shows the no-access page`);
  const loadError = await page.getByRole('alert').filter({ hasText: FAILURE_HEADINGS[0]! }).count();
  if (loadError) throw new Error(`${path}: shows "${FAILURE_HEADINGS[0]}"`);
  return found;
}

/** Client-side navigation (no reload): the router listens to popstate. */
export async function goClient(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
