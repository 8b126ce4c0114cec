// A review-queue item opened by its plain URL (no `?filters=` from the list: a bookmark, a link
// someone pasted) walks the pending queue, as one opened from the list does (decision 0300).
// Before, a decision there jumped to an item already decided ("1 de 2", and reserved it), or left
// the decided item on screen as PENDIENTE; and an empty queue showed as a failed request.
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validacionesIdentidad } from '../../worker/db/schema';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';
import { makeUser, visible } from './helpers';

const LIST = '/app/administracion/controlinformacionpersonal';
let e2e: E2E;
let admin: Page;
let carlos: number;
let diego: number;
const failed: string[] = [];
const consoleErrors: string[] = [];

/** A member whose identity documents were sent `minutes` ago (oldest first in the queue). */
async function submitted(name: string, minutesAgo: number, estado = 'PENDIENTE') {
  const member = await makeUser(e2e, name, { role: 'USUARIO' });
  const at = Date.now() - minutesAgo * 60_000;
  const row = await e2e.server.ports.db
    .insert(validacionesIdentidad)
    .values({ userId: member.id, estado, enviadoAt: at, createdAt: at, updatedAt: at })
    .returning()
    .get();
  return row.id;
}

/** Opens the 'Estados' menu, picks a state and confirms (as tests/e2e/profile.test.ts does). */
async function decide(page: Page, state: string) {
  await page.getByRole('button', { name: 'Estados', exact: true }).click();
  await page.getByRole('menuitem', { name: state, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await visible(dialog.getByText(`Desea cambiar el estado a ${state}?`));
  const done = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/estado/'));
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  expect((await done).status()).toBe(200);
}

const path = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

beforeAll(async () => {
  e2e = await startE2E();
  // The oldest submission was already approved; Carlos and then Diego are pending.
  await submitted('valentina', 30, 'APROBADO');
  carlos = await submitted('carlos', 20);
  diego = await submitted('diego', 10);
  admin = await e2e.page();
  admin.on('response', (r: Response) => {
    if (r.url().includes('/api/') && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  admin.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  await loginAs(admin, E2E_ADMIN.email, E2E_ADMIN.password);
}, 60_000);

afterAll(async () => {
  await e2e?.close();
});

describe('a review item opened by its plain URL', () => {
  it('counts the pending items, and after a decision opens the next pending one', async () => {
    await admin.goto(`${LIST}/view/${carlos}`);
    await visible(admin.getByText(/^carlos · enviado/));
    await visible(admin.getByLabel('Estado actual: PENDIENTE'));
    await visible(admin.getByText('1 de 2', { exact: true }));

    await decide(admin, 'APROBADO');
    await visible(admin.getByText('Registro actualizado correctamente'));
    // Diego, the next pending item, not Valentina (already approved, and older).
    await admin.waitForURL((u) => u.pathname === `${LIST}/view/${diego}`);
    expect(path(admin)).toBe(`${LIST}/view/${diego}`);
    await visible(admin.getByText(/^diego · enviado/));
    await visible(admin.getByLabel('Estado actual: PENDIENTE'));
    await visible(admin.getByText('1 de 1', { exact: true }));
  });

  it('after deciding the last pending item, goes back to the list, quietly', async () => {
    await decide(admin, 'NO APROBADO');
    await admin.waitForURL((u) => u.pathname === LIST);
    await visible(admin.getByRole('heading', { name: 'Control de información personal', exact: true }));
    // The list it returns to is the pending queue, now empty.
    await visible(admin.getByRole('button', { name: 'PENDIENTE', pressed: true }));
    await visible(admin.getByText('No hay datos para mostrar...'));
    // The decided item is not kept on screen as PENDIENTE.
    expect(await admin.getByLabel('Estado actual: PENDIENTE').count()).toBe(0);
    // "No item left" is an answer, not a failed request the console reports.
    expect(failed).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
