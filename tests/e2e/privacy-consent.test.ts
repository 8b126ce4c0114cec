// The privacy notice in Chromium (docs/privacy.md «Aviso y autorizaciones»): /register shows each
// purpose as its own unticked checkbox and refuses without the mandatory one; a new version is
// asked of a member in a dialog after he signs in; Mi cuenta → Privacidad grants, revokes and lists.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentLedger, users } from '../../worker/db/schema';
import { type E2E, E2E_ADMIN, loginAs, signInByApi, startE2E } from '../setup/e2e';
import { makeUser, shot, visible } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
}, 180_000);

afterAll(async () => {
  await e2e?.close();
});

const PURPOSES = [
  'Autorizo: Tratamiento básico (obligatoria)',
  'Autorizo: Orientación sexual e identidad de género (opcional)',
  'Autorizo: Descripción íntima y servicios del perfil (opcional)',
  'Autorizo: Documentos de identidad (opcional)',
];

describe('the privacy notice', () => {
  it('/register: every purpose unticked, sensitive ones optional, the mandatory one required', async () => {
    const page = await e2e.page();
    await page.goto('/register');
    await visible(page.getByRole('button', { name: 'Registrarme' }));
    await visible(page.getByRole('heading', { name: 'Aviso de privacidad (versión 1)' }));
    await visible(
      page.getByText('Responder las preguntas sobre datos sensibles es facultativo', { exact: false }),
    );
    for (const name of PURPOSES)
      expect(await page.getByRole('checkbox', { name }).getAttribute('aria-checked')).toBe('false');
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field('Nombres').fill('Lina');
    await field('Apellidos').fill('Mora');
    const tipo = field('Tipo de identificación');
    const cc = await tipo.locator('option', { hasText: /^CC - / }).getAttribute('value');
    await tipo.selectOption(cc!);
    await field('Número de identificación').fill('1020304051');
    await field('Celular').fill('3001234568');
    await field('País').selectOption({ label: 'Colombia' });
    await field('Nombre de usuario').fill('lina.mora');
    await field('Correo electrónico').fill('lina.mora@e2e.local');
    await field('Contraseña').fill('Secreta-e2e-9');
    await field('Confirmar contraseña').fill('Secreta-e2e-9');
    await page.getByRole('checkbox', { name: 'Acepto los términos y condiciones' }).click();
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await visible(
      page.getByText('Debes aceptar el aviso de privacidad para la finalidad «Tratamiento básico»').first(),
    );
    await shot(page, 'register-privacy-refused');
    await page.getByRole('checkbox', { name: PURPOSES[0] }).click();
    await page.getByRole('checkbox', { name: PURPOSES[3] }).click();
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await page.waitForURL('**/register/success');
    const row = await e2e.server.ports.db
      .select()
      .from(users)
      .where(eq(users.email, 'lina.mora@e2e.local'))
      .get();
    const ledger = await e2e.server.ports.db
      .select()
      .from(consentLedger)
      .where(eq(consentLedger.userId, row!.id));
    expect(ledger.map((r) => [r.finalidad, r.canal]).sort()).toEqual([
      ['DOCUMENTOS_IDENTIDAD', 'registro'],
      ['TRATAMIENTO_BASICO', 'registro'],
    ]);
  });

  it('a new version is asked in a dialog after sign-in; Mi cuenta → Privacidad lists and revokes', async () => {
    const member = await makeUser(e2e, 'socia.aviso', { role: 'USUARIO' });
    const admin = await signInByApi(e2e.base, E2E_ADMIN.email, E2E_ADMIN.password);
    const current = (await (await fetch(`${e2e.base}/api/v1/privacidad/aviso`)).json()) as any;
    const res = await fetch(`${e2e.base}/api/v1/privacidad/admin/avisos`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: e2e.base, Cookie: admin.header },
      body: JSON.stringify({
        texto: current.data.texto,
        finalidades: [
          ...current.data.finalidades,
          {
            codigo: 'BOLETINES',
            nombre: 'Boletines',
            texto: 'Enviarle boletines.',
            obligatoria: false,
            sensible: false,
          },
        ],
      }),
    });
    expect(res.status).toBe(201);

    const page = await e2e.page();
    await loginAs(page, member.email, member.password);
    const dialog = page.getByRole('dialog', { name: 'Actualizamos el aviso de privacidad' });
    await visible(dialog);
    await visible(dialog.getByText('Versión 2: revisa lo que cambió desde la versión 1 que aceptaste.'));
    // Only what changed: the new purpose, unticked.
    expect(await dialog.getByRole('checkbox').count()).toBe(1);
    expect(
      await dialog
        .getByRole('checkbox', { name: 'Autorizo: Boletines (opcional)' })
        .getAttribute('aria-checked'),
    ).toBe('false');
    await shot(page, 'privacy-new-version');
    await dialog.getByRole('button', { name: 'Aceptar el aviso' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await visible(page.getByRole('complementary', { name: 'Menú lateral' }));
    expect(await page.getByRole('dialog', { name: 'Actualizamos el aviso de privacidad' }).count()).toBe(0);

    await page.goto('/app/account');
    const card = page.locator('[data-slot="card"]', { has: page.getByText('Historial de autorizaciones') });
    await visible(card);
    const list = card.getByRole('list', { name: 'Finalidades' });
    await list
      .getByRole('listitem')
      .filter({ hasText: 'Documentos de identidad' })
      .getByRole('button', { name: 'Revocar' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revocar' }).click();
    await visible(
      list
        .getByRole('listitem')
        .filter({ hasText: 'Documentos de identidad' })
        .getByRole('button', { name: 'Autorizar' }),
    );
    await visible(card.getByRole('cell', { name: 'Revocada' }));
    await shot(page, 'account-privacy');
    const rows = await e2e.server.ports.db
      .select()
      .from(consentLedger)
      .where(eq(consentLedger.userId, member.id))
      .orderBy(consentLedger.id);
    expect(rows.at(-1)).toMatchObject({
      finalidad: 'DOCUMENTOS_IDENTIDAD',
      otorgada: false,
      canal: 'mi cuenta',
    });
  });
});
