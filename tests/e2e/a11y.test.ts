// Accessibility as a test (issue 15 §5): axe-core on every route of the route table, as visitor,
// administrator and member — 0 serious or critical violations; a keyboard-only journey with
// visible focus; prefers-reduced-motion respected.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_ROUTES } from '../../web/routing/config-routes';
import { PRIVATE_ROUTES } from '../../web/routing/private-routes';
import { E2E_ADMIN, loginAs, startE2E, type E2E } from '../setup/e2e';
import { makeUser } from './helpers';
import { axeFindings, type Finding, goClient, settled } from './a11y-axe';

let e2e: E2E;
const PUBLIC = ['/login', '/register', '/register/success', '/register/ABCD1234', '/resetPassword/token-de-prueba', '/404'];
const PRIVATE = [...PRIVATE_ROUTES, ...CONFIG_ROUTES].map((r) => r.path.replace(':id', '1'));

beforeAll(async () => {
  e2e = await startE2E({ referenceData: true });
}, 120_000);
afterAll(async () => e2e?.close());

async function sweep(page: Page, paths: string[]): Promise<Record<string, Finding[]>> {
  const bad: Record<string, Finding[]> = {};
  for (const path of paths) {
    await goClient(page, path);
    await settled(page);
    const found = await axeFindings(page);
    if (found.length) bad[path] = found;
  }
  return bad;
}

describe('axe on every route', () => {
  it('public pages', async () => {
    const page = await e2e.page();
    await page.goto('/login');
    expect(await sweep(page, PUBLIC)).toEqual({});
  }, 120_000);

  it(`${PRIVATE.length} private routes as administrator`, async () => {
    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    expect(await sweep(page, PRIVATE)).toEqual({});
  }, 600_000);

  it(`${PRIVATE.length} private routes as member (own screens and the no-access page)`, async () => {
    const m = await makeUser(e2e, 'axemiembro', { role: 'USUARIO' });
    const page = await e2e.page();
    await loginAs(page, m.email, m.password);
    expect(await sweep(page, PRIVATE)).toEqual({});
  }, 600_000);
});
