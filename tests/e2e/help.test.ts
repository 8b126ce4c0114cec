// The help centre end to end in Chromium, as a new member and an administrator would use it:
// the top bar's popover (suggestion dialog, graphic aids of the current module, FAQ link,
// support e-mail), a question answered and turned into a FAQ that the member then finds by
// searching, and a demonstration request with three options confirmed by mail.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripedPng } from '../setup/files';
import { E2E_ADMIN, type E2E, loginAs, signInByApi, startE2E } from '../setup/e2e';
import { expectFooter, makeUser, shot as fullShot, visible } from './helpers';

const SUPPORT = 'soporte@e2e.local';
let e2e: E2E;
let adminCookie: string;

/** A 320×180 striped PNG, so the graphic aids show in the screenshots. */
const png = (a: [number, number, number], b: [number, number, number]) => stripedPng(320, 180, a, b, 30);

async function adminApi(method: string, path: string, body?: unknown, form?: FormData) {
  const res = await fetch(`${e2e.base}/api/v1${path}`, {
    method,
    headers: {
      Cookie: adminCookie,
      Origin: e2e.base,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  const json = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function aid(
  titulo: string,
  modulo: string,
  descripcion: string,
  colours: [[number, number, number], [number, number, number]],
) {
  const row = await adminApi('POST', '/centrodeayuda/ayudasgraficas', { titulo, modulo, descripcion });
  const form = new FormData();
  form.append('files', new File([new Uint8Array(png(...colours))], `${titulo}.png`));
  await adminApi('POST', `/centrodeayuda/ayudasgraficas/${row.data.id}/images`, undefined, form);
}

beforeAll(async () => {
  e2e = await startE2E();
  adminCookie = (await signInByApi(e2e.base, E2E_ADMIN.email, E2E_ADMIN.password)).header;
  await aid(
    'Cómo enviar una sugerencia',
    'Centro de ayuda',
    'Abre el menú de ayuda y elige «Enviar sugerencia».',
    [
      [128, 0, 32],
      [245, 222, 179],
    ],
  );
  await aid(
    'Adjuntar el comprobante',
    'Mis compras',
    'Desde el detalle de la compra, botón «Adjuntar archivo».',
    [
      [20, 90, 160],
      [230, 240, 250],
    ],
  );
}, 180_000);

afterAll(async () => {
  await e2e?.close();
});

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullShot(page, name);
}
const toast = (page: Page, text: string) => visible(page.getByText(text, { exact: true }));
const field = (scope: Page | ReturnType<Page['getByRole']>, label: string) =>
  scope.getByLabel(label, { exact: true });
const openHelp = async (page: Page) => {
  await page.getByRole('button', { name: 'Ayuda y soporte' }).click();
  await visible(page.getByRole('heading', { name: 'Centro de ayuda' }));
};
/** Every image in the scope has loaded real pixels. */
async function imagesLoaded(scope: ReturnType<Page['getByRole']>) {
  await visible(scope.locator('img'));
  await expect
    .poll(() =>
      scope
        .locator('img')
        .evaluateAll((imgs) =>
          imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
        ),
    )
    .toBe(true);
}

/** A Bogotá date-time `days` from now at `hour`:00, as the input takes it and as it is shown. */
function bogotaDay(days: number, hour: number) {
  const d = new Date(Date.now() - 5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  const hh = String(hour).padStart(2, '0');
  return { input: `${d}T${hh}:00`, shown: `${d} ${hh}:00` };
}

describe('help centre', () => {
  it('a member sends a suggestion from the popover and a question; the answer becomes a FAQ the member finds', async () => {
    const member = await makeUser(e2e, 'socia', { role: 'USUARIO' });
    const page = await e2e.page();
    await loginAs(page, member.email, member.password);

    // The popover: suggestion, graphic aids, FAQ link and the configured support address.
    await openHelp(page);
    const popover = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('heading', { name: 'Centro de ayuda' }) });
    await visible(popover.getByRole('button', { name: 'Enviar sugerencia' }));
    await visible(popover.getByRole('button', { name: 'Ayudas gráficas' }));
    await visible(popover.getByRole('link', { name: 'Preguntas frecuentes' }));
    expect(await popover.getByRole('link', { name: SUPPORT }).getAttribute('href')).toBe(`mailto:${SUPPORT}`);
    await shot(page, 'help-popover');
    // Graphic aids follow the screen: none for personal information yet.
    await popover.getByRole('button', { name: 'Ayudas gráficas' }).click();
    const aidsDialog = page.getByRole('dialog', { name: 'Ayudas gráficas' });
    await visible(aidsDialog.getByText('Módulo: Mi información personal'));
    await visible(aidsDialog.getByText('Este módulo aún no tiene ayudas gráficas.'));
    await page.keyboard.press('Escape');
    await openHelp(page);
    await page.getByRole('link', { name: 'Preguntas frecuentes' }).click();
    await page.waitForURL(/\/app\/centrodeayuda\/preguntasfrecuentes/);
    await visible(page.getByRole('heading', { name: 'Preguntas frecuentes', level: 1 }));
    await visible(page.getByText('No hay datos para mostrar...'));
    await openHelp(page);
    await page.getByRole('button', { name: 'Ayudas gráficas' }).click();
    await visible(aidsDialog.getByText('Módulo: Centro de ayuda'));
    await visible(aidsDialog.getByRole('heading', { name: 'Cómo enviar una sugerencia' }));
    await imagesLoaded(aidsDialog);
    expect(await aidsDialog.getByText('Adjuntar el comprobante').count()).toBe(0);
    await shot(page, 'help-graphic-aids');
    await aidsDialog.getByRole('button', { name: 'Ampliar Cómo enviar una sugerencia, imagen 1' }).click();
    await imagesLoaded(page.getByRole('dialog', { name: 'Cómo enviar una sugerencia' }));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    // The suggestion dialog: the spec's messages, then a suggestion sent upper-cased.
    await openHelp(page);
    await page.getByRole('button', { name: 'Enviar sugerencia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar sugerencia' });
    expect(await field(dialog, 'Correo').inputValue()).toBe(member.email);
    expect(await field(dialog, 'Módulo').inputValue()).toBe('Centro de ayuda');
    await field(dialog, 'Correo').fill('no-es-correo');
    await dialog.getByRole('button', { name: 'Enviar sugerencia' }).click();
    await visible(dialog.getByText('El campo es inválido'));
    await visible(dialog.getByText('Este campo es requerido'));
    await field(dialog, 'Correo').fill('Socia.Activa@e2e.local');
    await field(dialog, 'Tipo de sugerencia').selectOption({ label: 'Mejora' });
    await field(dialog, 'Título').fill('Búsqueda en preguntas');
    await field(dialog, 'Descripción').fill('Me gustaría filtrar las preguntas por módulo');
    await shot(page, 'help-suggestion-dialog');
    await dialog.getByRole('button', { name: 'Enviar sugerencia' }).click();
    await toast(page, 'Registro creado correctamente');
    await dialog.waitFor({ state: 'detached' });
    const suggestionMail = await e2e.lastMail(SUPPORT);
    expect(suggestionMail?.subject).toMatch(/^Nueva sugerencia #\d+: BÚSQUEDA EN PREGUNTAS$/);
    expect(suggestionMail?.body).toContain('Correo: Socia.Activa@e2e.local');
    expect(suggestionMail?.body).toContain('Módulo: CENTRO DE AYUDA');
    await page.goto('/app/centrodeayuda/sugerencias?tab=mias');
    const mine = page.getByRole('table', { name: 'Mis sugerencias' });
    await visible(mine.getByText('ME GUSTARÍA FILTRAR LAS PREGUNTAS POR MÓDULO'));
    await visible(mine.getByText('PENDIENTE'));
    await expectFooter(page);
    await shot(page, 'help-suggestions-mine');

    // A question: pregunta is required.
    await page.goto('/app/centrodeayuda/enviarpreguntas');
    const ask = page.getByRole('form', { name: 'Enviar pregunta' });
    await ask.getByRole('button', { name: 'Enviar pregunta' }).click();
    await visible(ask.getByText('Este campo es requerido'));
    await field(ask, 'Módulo').selectOption({ label: 'Mis compras' });
    await field(ask, 'Funcionalidad').fill('Adjuntos');
    await field(ask, 'Pregunta').fill('¿Cómo adjunto el comprobante de pago?');
    await shot(page, 'help-question-form');
    await ask.getByRole('button', { name: 'Enviar pregunta' }).click();
    await toast(page, 'Registro creado correctamente');
    await page.waitForURL(/tab=mias/);
    await visible(page.getByRole('table', { name: 'Mis preguntas' }).getByText('PENDIENTE'));
    expect((await e2e.lastMail(SUPPORT))?.subject).toBe(
      'Nueva pregunta #1: ¿Cómo adjunto el comprobante de pago?',
    );
    await expectFooter(page);

    // The administrator answers, turns it into a FAQ and links a graphic aid to it.
    const admin = await e2e.page();
    await loginAs(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.goto('/app/centrodeayuda/enviarpreguntas?tab=control');
    const all = admin.getByRole('table', { name: 'Todas las preguntas' });
    await visible(all.getByText(member.userName));
    expect(
      await all.getByRole('button', { name: 'Convertir la pregunta 1 en pregunta frecuente' }).isDisabled(),
    ).toBe(true);
    await all.getByRole('button', { name: 'Responder la pregunta 1' }).click();
    const answer = admin.getByRole('dialog', { name: 'Responder pregunta #1' });
    await visible(answer.getByText('¿Cómo adjunto el comprobante de pago?'));
    await field(answer, 'Respuesta').fill(
      'Abre la compra en Mis compras, elige el tipo «Comprobante de pago» y adjunta el PDF.',
    );
    await shot(admin, 'help-answer-dialog');
    await answer.getByRole('button', { name: 'Guardar respuesta' }).click();
    await toast(admin, 'Registro actualizado correctamente');
    await visible(all.getByText('APROBADO'));
    await all.getByRole('button', { name: 'Convertir la pregunta 1 en pregunta frecuente' }).click();
    await toast(admin, 'Pregunta frecuente creada correctamente');
    await shot(admin, 'help-questions-admin');
    await all.getByRole('link', { name: 'Editar la pregunta frecuente de la pregunta 1' }).click();
    await admin.waitForURL(/\/app\/centrodeayuda\/preguntasfrecuentes\/edit\/\d+$/);
    await visible(admin.getByRole('heading', { name: 'Preguntas frecuentes: editar registro' }));
    expect(await field(admin, 'Pregunta').inputValue()).toBe('¿Cómo adjunto el comprobante de pago?');
    await field(admin, 'Ayudas gráficas').selectOption({ label: 'Adjuntar el comprobante' });
    await expectFooter(admin);
    await shot(admin, 'help-faq-edit');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await toast(admin, 'Registro actualizado correctamente');
    await admin.waitForURL(/\/app\/centrodeayuda\/preguntasfrecuentes$/);

    // The member finds it by searching, with its answer and its graphic aid.
    await page.goto('/app/centrodeayuda/preguntasfrecuentes');
    await field(page, 'Buscar').fill('comprobante');
    await page.waitForURL(/q=comprobante/);
    const group = page.getByRole('region', { name: 'Mis compras' });
    await visible(group.getByText('¿Cómo adjunto el comprobante de pago?'));
    await visible(
      group.getByText('Abre la compra en Mis compras, elige el tipo «Comprobante de pago» y adjunta el PDF.'),
    );
    await visible(group.getByRole('heading', { name: 'Adjuntar el comprobante' }));
    await imagesLoaded(group);
    expect(await page.getByRole('link', { name: /^Editar la pregunta frecuente/ }).count()).toBe(0);
    await expectFooter(page);
    await shot(page, 'help-faq-search');
    await field(page, 'Buscar').fill('inexistente');
    await visible(page.getByText('No hay datos para mostrar...'));
    await page.goto('/app/centrodeayuda/enviarpreguntas?tab=mias');
    const answered = page.getByRole('table', { name: 'Mis preguntas' });
    await visible(answered.getByText('APROBADO'));
    await visible(
      answered.getByText(
        'Abre la compra en Mis compras, elige el tipo «Comprobante de pago» y adjunta el PDF.',
      ),
    );
    await visible(answered.getByRole('link', { name: 'Ver en preguntas frecuentes' }));

    // The administrator attends the suggestion with a comentario; the member reads it.
    await admin.goto('/app/centrodeayuda/sugerencias?tab=control');
    const suggestions = admin.getByRole('table', { name: 'Todas las sugerencias' });
    await visible(suggestions.getByText('Socia.Activa@e2e.local'));
    await suggestions.getByRole('button', { name: /^Estados de la sugerencia/ }).click();
    await admin.getByRole('menuitem', { name: 'APROBADO', exact: true }).click();
    await visible(admin.getByText('Desea cambiar el estado a APROBADO?'));
    await admin.getByLabel('Comentario').fill('Lo tendremos en cuenta para la próxima versión.');
    await admin.getByRole('button', { name: 'Aceptar' }).click();
    await toast(admin, 'Registro actualizado correctamente');
    await visible(suggestions.getByText('APROBADO'));
    await expectFooter(admin);
    await shot(admin, 'help-suggestions-admin');
    await page.goto('/app/centrodeayuda/sugerencias?tab=mias');
    await visible(
      page
        .getByRole('table', { name: 'Mis sugerencias' })
        .getByText('Lo tendremos en cuenta para la próxima versión.'),
    );
    // The administrator's FAQ page carries the edit links.
    await admin.goto('/app/centrodeayuda/preguntasfrecuentes');
    await visible(
      admin.getByRole('link', {
        name: 'Editar la pregunta frecuente: ¿Cómo adjunto el comprobante de pago?',
      }),
    );
  }, 180_000);

  it('a demonstration request with three options is confirmed and the confirmation is mailed', async () => {
    const member = await makeUser(e2e, 'empresaria', { role: 'USUARIO' });
    const page = await e2e.page();
    await loginAs(page, member.email, member.password);
    await page.goto('/app/centrodeayuda/agendardemostracion');
    await visible(page.getByRole('heading', { name: 'Agendar demostración', level: 1 }));
    const form = page.getByRole('form', { name: 'Agendar demostración' });
    await field(form, 'Correo electrónico').fill('');
    await form.getByRole('button', { name: 'Solicitar demostración' }).click();
    expect(await form.getByText('Este campo es requerido').count()).toBe(8);
    await field(form, 'Empresa').fill('Acme andina');
    await field(form, 'Nombre').fill('Laura Gómez');
    await field(form, 'Correo electrónico').fill('laura');
    await field(form, 'Cargo').fill('Gerente comercial');
    await field(form, 'Celular').fill('+57 300 555 1234');
    const [one, two, three] = [bogotaDay(3, 9), bogotaDay(4, 15), bogotaDay(5, 11)];
    await field(form, 'Opción 1').fill(bogotaDay(-1, 9).input);
    await field(form, 'Opción 2').fill(two.input);
    await field(form, 'Opción 3').fill(two.input);
    await form.getByRole('button', { name: 'Solicitar demostración' }).click();
    await visible(form.getByText('El campo es inválido'));
    await field(form, 'Correo electrónico').fill('laura@acme.co');
    await form.getByRole('button', { name: 'Solicitar demostración' }).click();
    await visible(form.getByText('La fecha debe ser posterior a la fecha y hora actual'));
    await visible(form.getByText('Las opciones de fecha deben ser diferentes'));
    await field(form, 'Opción 1').fill(one.input);
    await field(form, 'Opción 3').fill(three.input);
    await shot(page, 'help-demo-form');
    await form.getByRole('button', { name: 'Solicitar demostración' }).click();
    await toast(page, 'Registro creado correctamente');
    await page.waitForURL(/tab=mias/);
    const mine = page.getByRole('table', { name: 'Mis solicitudes de demostración' });
    await visible(mine.getByText('ACME ANDINA'));
    await visible(mine.getByText(`2. ${two.shown}`));
    await visible(mine.getByText('PENDIENTE'));
    const request = await e2e.lastMail(SUPPORT);
    expect(request?.subject).toMatch(/^Nueva solicitud de demostración #\d+$/);
    expect(request?.body).toContain(`Opción 3: ${three.shown}`);

    // The administrator confirms option 2; the requester gets it by mail.
    const admin = await e2e.page();
    await loginAs(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.goto('/app/centrodeayuda/agendardemostracion?tab=control');
    const all = admin.getByRole('table', { name: 'Solicitudes de demostración' });
    await visible(all.getByText('laura@acme.co'));
    await all.getByRole('button', { name: /^Confirmar la demostración/ }).click();
    const confirm = admin.getByRole('dialog', { name: /^Confirmar demostración/ });
    await confirm.getByLabel(`Opción 2: ${two.shown}`).check();
    await field(confirm, 'Comentario').fill('Te enviaremos el enlace de la videollamada.');
    await shot(admin, 'help-demo-confirm');
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await toast(admin, 'Demostración confirmada; se envió el correo al solicitante');
    await visible(all.getByText('APROBADO'));
    expect(await all.getByRole('button', { name: /^Confirmar la demostración/ }).isDisabled()).toBe(true);
    await expectFooter(admin);
    await shot(admin, 'help-demos-admin');
    const mail = await e2e.lastMail('laura@acme.co');
    expect(mail?.subject).toBe('Demostración confirmada');
    expect(mail?.body).toContain(
      `Confirmamos tu demostración para ACME ANDINA el ${two.shown} (hora de Bogotá).`,
    );
    expect(mail?.body).toContain('Te enviaremos el enlace de la videollamada.');

    await page.reload();
    await visible(mine.getByText('APROBADO'));
    await visible(mine.getByLabel('Confirmada'));
    await expectFooter(page);
    await shot(page, 'help-demos-mine');
  }, 180_000);
});
