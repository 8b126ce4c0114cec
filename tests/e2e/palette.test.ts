// Issue 25 in real Chromium: Ctrl+K opens the command palette (loaded on first open), a fragment
// of a member's document number finds him, Enter opens his record, and he is the first of the
// recent choices next time. The launcher in the top bar opens the same palette. And the countries
// select lists them in Spanish order (Bélgica before Bután).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../worker/db/schema';
import { seedReferenceData } from '../../worker/modules/resources';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';
import { makeUser, shot } from './helpers';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('command palette', () => {
  it('finds a member by a fragment of his document number and opens him', async () => {
    const socio = await makeUser(e2e, 'socio_paleta', { role: 'USUARIO' });
    await e2e.server.ports.db
      .update(users)
      .set({ nombres: 'Valeria', apellidos: 'Ñáñez Ortiz', numeroIdentificacion: '5566778899' })
      .where(eq(users.id, socio.id));
    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const paletteChunks: string[] = [];
    page.on('request', (r) => r.url().includes('command-palette') && paletteChunks.push(r.url()));
    // Nothing of the palette loads before it is opened.
    await page.waitForLoadState('networkidle');
    expect(paletteChunks).toEqual([]);

    await page.getByRole('button', { name: 'Buscar en todo' }).waitFor();
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Buscar' });
    await box.waitFor();
    expect(paletteChunks.length).toBe(1);
    await box.fill('66778');
    const option = page.getByRole('option', { name: /Valeria Ñáñez Ortiz/ });
    await option.waitFor();
    expect(await page.getByRole('group', { name: 'Miembros' }).getByRole('option').count()).toBe(1);
    await shot(page, 'palette-member');
    await box.press('Enter');
    await page.waitForURL(new RegExp(`/app/consultas/usuariosregistrados/view/${socio.id}$`));
    await page.getByText('Valeria', { exact: false }).first().waitFor();

    // The launcher in the top bar opens it again; the member is the first recent choice.
    await page.getByRole('button', { name: 'Buscar en todo' }).click();
    await box.waitFor();
    const recent = page.getByRole('group', { name: 'Recientes' }).getByRole('option').first();
    expect(await recent.textContent()).toContain('Valeria Ñáñez Ortiz');
    expect(await recent.getAttribute('aria-selected')).toBe('true');
    // Arrows move the choice and Escape closes.
    await box.fill('usuarios');
    await page.getByRole('group', { name: 'Pantallas' }).waitFor();
    await box.press('Escape');
    await box.waitFor({ state: 'detached' });
  }, 120_000);
});

describe('Spanish order on screen', () => {
  it('the countries select shows Bélgica before Bután and México before Myanmar', async () => {
    await seedReferenceData(e2e.server.ports.db, Date.now());
    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/app/miinformacionpersonal');
    const pais = page.getByRole('combobox', { name: 'País' });
    await pais.waitFor();
    await pais.locator('option', { hasText: 'Bután' }).waitFor({ state: 'attached' });
    const names = (await pais.locator('option').allTextContents()).map((t) => t.trim());
    const at = (n: string) => names.indexOf(n);
    expect(at('Bélgica')).toBeGreaterThanOrEqual(0);
    expect(at('Bélgica')).toBeLessThan(at('Bután'));
    expect(at('México')).toBeLessThan(at('Myanmar'));
    expect(at('Islas Åland')).toBeLessThan(at('Islas Caimán'));
  }, 120_000);
});
