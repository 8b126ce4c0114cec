// The rights desk end to end in Chromium (docs/privacy.md «Solicitudes de los titulares»): a
// member files a consulta from Centro de ayuda and downloads his data; the desk answers it before
// its due date; a supresión runs to the end from the desk's screen.
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacidadSolicitudes, users } from '../../worker/db/schema';
import { bogotaDateOf } from '../../worker/shared/business-days';
import { P } from '../../worker/shared/permissions';
import { requestDueDate } from '../../worker/shared/privacy-desk';
import { type E2E, E2E_ADMIN, loginAs, signInByApi, startE2E } from '../setup/e2e';
import { makeUser, savedDownload, shot, visible } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
}, 180_000);

afterAll(async () => {
  await e2e?.close();
});

describe('the rights desk', () => {
  it('a member files a consulta and downloads his data; the desk answers before the due date', async () => {
    const member = await makeUser(e2e, 'titular', { role: 'USUARIO' });
    const page = await e2e.page();
    await loginAs(page, member.email, member.password);
    await page.goto('/app/centrodeayuda/solicitudesdatos');
    await visible(page.getByRole('heading', { name: 'Mis solicitudes de datos' }));
    await page.getByLabel('Tipo de solicitud').selectOption('CONSULTA');
    await page.getByLabel('Descripción').fill('Quiero saber qué datos tienen de mí');
    await page.getByRole('button', { name: 'Radicar solicitud' }).click();
    const due = requestDueDate('CONSULTA', bogotaDateOf(Date.now()));
    const list = page.getByRole('list', { name: 'Solicitudes radicadas' });
    await visible(list.getByText(/^PD-\d{4}-\d{6}$/));
    await visible(list.getByText(due, { exact: true }));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar mis datos' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mis-datos-titular-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await savedDownload(download))));
    expect(JSON.parse(strFromU8(files['cuenta.json']!)).email).toBe(member.email);
    expect(JSON.parse(strFromU8(files['solicitudes_de_datos.json']!))).toHaveLength(1);

    const desk = await makeUser(e2e, 'mesadatos', { perms: [P.solicitudesDatos] });
    const deskPage = await e2e.page();
    await loginAs(deskPage, desk.email, desk.password);
    await deskPage.goto('/app/administracion/solicitudesdatos');
    const table = deskPage.getByRole('table', { name: 'Solicitudes de datos' });
    await visible(table.getByText('titular', { exact: true }));
    await table.getByRole('button', { name: 'Atender' }).click();
    await deskPage
      .getByLabel('Respuesta')
      .fill('Le enviamos sus datos: puede descargarlos en Centro de ayuda.');
    await deskPage.getByRole('button', { name: 'Enviar', exact: true }).click();
    await visible(table.getByText('RESUELTA', { exact: true }));
    const row = await e2e.server.ports.db
      .select()
      .from(privacidadSolicitudes)
      .where(eq(privacidadSolicitudes.userId, member.id))
      .get();
    expect(row?.estado).toBe('RESUELTA');
    expect(bogotaDateOf(row!.respondidaAt!) <= row!.venceEl).toBe(true);
    expect((await e2e.lastMail(member.email))?.body).toContain('Le enviamos sus datos');
    await page.reload();
    await visible(page.getByText('Le enviamos sus datos: puede descargarlos en Centro de ayuda.'));
  }, 120_000);

  it('a supresión runs to the end from the desk', async () => {
    const member = await makeUser(e2e, 'suprimible', { role: 'USUARIO' });
    const cookie = (await signInByApi(e2e.base, member.email, member.password)).header;
    const filed = await fetch(`${e2e.base}/api/v1/privacidad/solicitudes`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: e2e.base, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tipo: 'SUPRESION', descripcion: 'Supriman mis datos' }),
    });
    expect(filed.status).toBe(201);
    const { data } = (await filed.json()) as { data: { radicado: string } };
    const desk = await makeUser(e2e, 'mesasupresion', { perms: [P.solicitudesDatos] });
    const page = await e2e.page();
    await loginAs(page, desk.email, desk.password);
    await page.goto('/app/administracion/solicitudesdatos');
    const table = page.getByRole('table', { name: 'Solicitudes de datos' });
    const line = table.getByRole('row').filter({ hasText: data.radicado });
    await visible(line.getByText('Reclamo en trámite'));
    await line.getByRole('button', { name: 'Atender' }).click();
    await page.getByLabel('Respuesta').fill('Suprimimos sus datos.');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await visible(
      page.getByText(/^Supresión terminada\. Los libros se conservan hasta el \d{4}-\d{2}-\d{2}\.$/),
      30_000,
    );
    const u = await e2e.server.ports.db.select().from(users).where(eq(users.id, member.id)).get();
    expect(u?.activo).toBe(false);
    expect(u?.email).not.toBe(member.email);
    const again = await fetch(`${e2e.base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: e2e.base },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
  }, 120_000);

  it('a member sees which area looked at his data; the desk sees who and from where', async () => {
    const member = await makeUser(e2e, 'consultado', { role: 'USUARIO' });
    await e2e.server.ports.db
      .update(users)
      .set({ numeroIdentificacion: '7080901234', celular: '3107654321' })
      .where(eq(users.id, member.id));
    const admin = await signInByApi(e2e.base, E2E_ADMIN.email, E2E_ADMIN.password);
    const read = await fetch(`${e2e.base}/api/v1/consultas/usuariosregistrados/${member.id}/personal`, {
      headers: { Cookie: admin.header },
    });
    expect(((await read.json()) as any).data.numero_identificacion).toBe('7080901234');

    const page = await e2e.page();
    await loginAs(page, member.email, member.password);
    await page.goto('/app/account');
    const list = page.getByRole('list', { name: 'Consultas de tus datos' });
    const item = list.getByRole('listitem').filter({ hasText: 'Número de identificación' });
    await visible(item);
    await visible(item.getByText(/^Consultas · .*ADMINISTRADOR/));
    await visible(list.getByRole('listitem').filter({ hasText: 'Celular' }));
    await list.scrollIntoViewIfNeeded();
    await shot(page, 'account-who-looked');
    await page.setViewportSize({ width: 390, height: 844 });
    await list.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'account-who-looked-390');

    const cookie = (await signInByApi(e2e.base, member.email, member.password)).header;
    const filed = await fetch(`${e2e.base}/api/v1/privacidad/solicitudes`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: e2e.base, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tipo: 'CONSULTA', descripcion: '¿Quién vio mis datos?' }),
    });
    const { data } = (await filed.json()) as { data: { radicado: string } };
    const desk = await makeUser(e2e, 'mesaaccesos', { perms: [P.solicitudesDatos] });
    const deskPage = await e2e.page();
    await loginAs(deskPage, desk.email, desk.password);
    await deskPage.goto('/app/administracion/solicitudesdatos');
    const line = deskPage
      .getByRole('table', { name: 'Solicitudes de datos' })
      .getByRole('row')
      .filter({ hasText: data.radicado });
    await line.getByRole('button', { name: `Accesos a los datos del titular de ${data.radicado}` }).click();
    const accesses = deskPage.getByRole('list', { name: 'Accesos a los datos del titular' });
    await visible(accesses.getByRole('listitem').filter({ hasText: 'Número de identificación' }));
    await visible(accesses.getByText(/ADMINISTRADOR · admin/).first());
    await shot(deskPage, 'desk-who-looked');
    await deskPage.setViewportSize({ width: 390, height: 844 });
    await shot(deskPage, 'desk-who-looked-390');
    expect(await deskPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }, 120_000);
});
