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
  await page.waitForTimeout(150);
}

/** Client-side navigation (no reload): the router listens to popstate. */
export async function goClient(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
