// Issue 20: a registry grid's first load does not move what is already on screen. On a phone
// (Lighthouse's 412 × 823 screen) the placeholders are painted first (the list reply is held back
// until they are), then the rows replace them: the page's layout shift stays under 0.05, with a
// few rows and with a page that fills the screen.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bancos } from '../../worker/db/schema';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const GRID = '/app/configuracion/generales/bancos';

async function addBanks(from: number, count: number) {
  const t = Date.now();
  await e2e.server.ports.db.insert(bancos).values(
    Array.from({ length: count }, (_, i) => ({
      codigo: String(100 + from + i),
      nombre: `Banco de prueba ${String(from + i).padStart(2, '0')}`,
      createdAt: t,
      updatedAt: t,
    })),
  );
}

/** Opens the grid afresh on a phone-sized page and returns the layout shift summed over the load. */
async function firstLoadShift(page: Page, rows: number): Promise<number> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The list's reply waits until the placeholders are on screen, as on a slow phone.
  await page.route('**/api/v1/general/bancos?*', async (route) => {
    await page.locator('tbody tr[aria-hidden]').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(300);
    await route.continue();
  });
  await page.goto(GRID);
  await expect
    .poll(() => page.locator('tbody tr:not([aria-hidden])').count(), { timeout: 20_000 })
    .toBe(rows);
  await page.waitForTimeout(500);
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

async function phonePage() {
  const ctx = await e2e.browser.newContext({
    baseURL: e2e.base,
    locale: 'es-CO',
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await ctx.newPage();
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  return { ctx, page };
}

describe('a registry grid reserves its space on first load', () => {
  it('with a few rows: layout shift < 0.05', async () => {
    await addBanks(1, 3);
    const { ctx, page } = await phonePage();
    try {
      expect(await firstLoadShift(page, 3)).toBeLessThan(0.05);
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it('with a page of rows longer than the screen: layout shift < 0.05', async () => {
    await addBanks(4, 27);
    const { ctx, page } = await phonePage();
    try {
      expect(await firstLoadShift(page, 30)).toBeLessThan(0.05);
    } finally {
      await ctx.close();
    }
  }, 120_000);
});
