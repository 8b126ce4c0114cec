// Issue 4 in real Chromium: a member fills every section of personal information and profile,
// sends identity documents and a gallery; the administrator rejects the identity validation with a
// comment, the member reads it and sends again, the administrator approves it, approves the
// profile (and an image) and publishes it; the history and the twelve-tab detail show it all.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { P } from '../../worker/shared/permissions';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';
import { expectFooter, makeUser, shot, visible, type E2EUser } from './helpers';

let e2e: E2E;
let admin: Page;
let member: Page;
let modelo: E2EUser;
let bancolombia: number;
const files: Record<string, string> = {};

/** A solid-colour PNG of w×h pixels, so screenshots show something. */
function png(w: number, h: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: w }, () => [r, g, b]).flat()),
  ]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function create(endpoint: string, data: object): Promise<number> {
  const res = await admin.request.post(`/api/v1${endpoint}`, { data, headers: { Origin: e2e.base } });
  if (res.status() !== 201) throw new Error(`${endpoint}: ${res.status()} ${await res.text()}`);
  return (await res.json()).data.id;
}

/** Activates or deactivates the bank the member chose. */
async function toggleBank(value: boolean) {
  const res = await admin.request.put('/api/v1/general/bancos/toggle', {
    data: { id: bancolombia, value },
    headers: { Origin: e2e.base },
  });
  if (res.status() !== 200) throw new Error(`toggle: ${res.status()} ${await res.text()}`);
}

const toast = (page: Page, text: string | RegExp) => visible(page.getByText(text).first());
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Opens the 'Estados' menu, picks a state, writes the comment and confirms. */
async function decide(page: Page, state: string, comentario?: string, menu = 'Estados', shotName?: string) {
  await page.getByRole('button', { name: menu, exact: true }).click();
  await page.getByRole('menuitem', { name: state, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await visible(dialog.getByText(`Desea cambiar el estado a ${state}?`));
  if (comentario) await dialog.getByLabel('Comentario').fill(comentario);
  if (shotName) await shot(page, shotName);
  const done = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/estado/'));
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  expect((await done).status()).toBe(200);
}

/** Saves a form and waits for the server's answer. */
async function save(page: Page, urlPart: string, button = 'Guardar') {
  const done = page.waitForResponse(
    (r) => ['PUT', 'POST'].includes(r.request().method()) && r.url().includes(urlPart),
  );
  await page.getByRole('button', { name: button, exact: true }).click();
  return done;
}

beforeAll(async () => {
  e2e = await startE2E();
  const dir = mkdtempSync(join(tmpdir(), 'profile-e2e-'));
  const colours: Record<string, [number, number, number]> = {
    frente: [40, 90, 200],
    respaldo: [60, 160, 90],
    selfie: [200, 120, 40],
    selfie2: [220, 180, 60],
    foto: [150, 40, 60],
    g1: [90, 30, 140],
    g2: [20, 140, 160],
  };
  for (const [name, c] of Object.entries(colours))
    writeFileSync((files[name] = join(dir, `${name}.png`)), png(160, 120, c));

  admin = await e2e.page();
  await loginAs(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await create('/general/parentescos', { nombre: 'Hija' });
  bancolombia = await create('/general/bancos', { codigo: '007', nombre: 'Bancolombia' });
  await create('/general/metodosdepago', { nombre: 'Transferencia bancaria', tipo: 'CUENTA_BANCARIA' });
  await create('/general/metodosdepago', { nombre: 'Cripto', tipo: 'CRIPTOMONEDA' });
  await create('/miperfil/clasificacionusuarios', { nombre: 'VIP' });
  await create('/miperfil/etnias', { nombre: 'Latina' });
  await create('/miperfil/idiomas', { nombre: 'Español' });
  await create('/miperfil/idiomas', { nombre: 'Inglés' });
  await create('/miperfil/redes', { nombre: 'Instagram' });
  await create('/miperfil/ojos', { nombre: 'Cafés' });
  await create('/miperfil/cabellos', { nombre: 'Negro' });
  await create('/miperfil/servicios', { nombre: 'Acompañamiento' });
  await create('/miperfil/tiposmasajes', { nombre: 'Relajante' });

  modelo = await makeUser(e2e, 'modelo', { role: 'USUARIO' });
  member = await e2e.page();
  await loginAs(member, modelo.email, modelo.password);
});

afterAll(async () => {
  await e2e?.close();
});

describe('member profile, review and publication', () => {
  it('the member fills personal information, identity, beneficiaries and payment', async () => {
    const page = member;
    await page.goto('/app/miinformacionpersonal');
    await visible(page.getByRole('heading', { name: 'Mi información personal' }));
    await field(page, 'Nombres').fill('Ana María');
    await field(page, 'Apellidos').fill('Gómez');
    const tipo = field(page, 'Tipo de identificación');
    await tipo.selectOption({ label: 'NIT - NIT' });
    await field(page, 'Número de identificación').fill('800197268-5');
    await field(page, 'Fecha de nacimiento').fill('2015-01-01');
    await field(page, 'Género').selectOption({ label: 'Femenino' });
    await field(page, 'Celular').fill('3001234567');
    await field(page, 'País').selectOption({ label: 'Colombia' });
    await field(page, 'Departamento').selectOption({ label: 'Antioquia' });
    await field(page, 'Ciudad').selectOption({ label: 'Medellín' });
    await field(page, 'Dirección').fill('Calle 10 # 43-12');
    await field(page, 'Nivel educativo').selectOption({ label: 'Profesional' });
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    // Checked in the browser with the shared rules before anything is sent.
    await visible(page.getByText('El NIT no es válido: verifique el dígito de verificación'));
    await visible(page.getByText('Debes ser mayor de edad (18 años o más)'));
    await shot(page, 'profile-personal-errors');

    await tipo.selectOption({ label: 'CC - Cédula de ciudadanía' });
    await field(page, 'Número de identificación').fill('1020304050');
    await field(page, 'Fecha de nacimiento').fill('1990-05-20');
    expect((await save(page, '/general/miinformacion')).status()).toBe(200);
    await toast(page, 'Registro actualizado correctamente');

    // The photo replaces the initials in the drawer.
    await page.getByLabel('Cambiar foto').setInputFiles(files.foto!);
    await visible(
      page.getByRole('complementary', { name: 'Menú lateral' }).getByRole('img', { name: 'Foto de modelo' }),
    );
    await shot(page, 'profile-personal');

    await page.getByRole('tab', { name: 'Validación de identidad' }).click();
    await page.getByLabel('Documento (frente)').setInputFiles(files.frente!);
    await page.getByLabel('Documento (respaldo)').setInputFiles(files.respaldo!);
    await page.getByLabel('Selfie con el documento').setInputFiles(files.selfie!);
    expect((await save(page, '/general/validacionIdentidad', 'Enviar documentos')).status()).toBe(201);
    await visible(page.getByLabel('Estado de la validación: PENDIENTE'));
    await visible(page.getByText('Tus documentos están en revisión', { exact: false }));
    expect(await page.getByRole('button', { name: 'Enviar documentos' }).isDisabled()).toBe(true);
    await shot(page, 'profile-identity-pending');

    await page.getByRole('tab', { name: 'Beneficiarios' }).click();
    await visible(page.getByText('Aún no has registrado beneficiarios'));
    const addBeneficiary = async (nombre: string, numero: string, pct: string) => {
      await page.getByRole('button', { name: 'Agregar beneficiario' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Nombre completo').fill(nombre);
      await dialog.getByLabel('Número de identificación').fill(numero);
      await dialog.getByLabel('Parentesco').selectOption({ label: 'Hija' });
      await dialog.getByLabel('Porcentaje').fill(pct);
      return dialog;
    };
    let dialog = await addBeneficiary('Laura Gómez', '1122334455', '60');
    expect((await save(page, '/general/beneficiarios')).status()).toBe(201);
    dialog = await addBeneficiary('Pedro Gómez', '5566778899', '50.5');
    expect((await save(page, '/general/beneficiarios')).status()).toBe(422);
    await visible(dialog.getByText('La suma de los porcentajes de los beneficiarios no puede superar 100 %'));
    await dialog.getByLabel('Porcentaje').fill('40');
    expect((await save(page, '/general/beneficiarios')).status()).toBe(201);
    await visible(page.getByRole('cell', { name: 'Pedro Gómez' }));
    expect(await page.getByLabel('Total de porcentajes').textContent()).toBe('100.00 %');
    await shot(page, 'profile-beneficiaries');

    await page.getByRole('tab', { name: 'Información de pago' }).click();
    // Choosing a method writes nothing: its kind comes with its option (issue 20), so the only
    // write of this tab is the save below.
    const writes: string[] = [];
    const onRequest = (r: { method(): string; url(): string }) => {
      if (r.method() !== 'GET' && r.url().includes('/general/informacionpago')) writes.push(r.method());
    };
    page.on('request', onRequest);
    await field(page, 'Método de pago').selectOption({ label: 'Transferencia bancaria' });
    await visible(field(page, 'Banco'));
    expect(await field(page, 'Criptomoneda').count()).toBe(0);
    await field(page, 'Banco').selectOption({ label: 'Bancolombia' });
    await field(page, 'Tipo de cuenta').selectOption({ label: 'Ahorros' });
    await field(page, 'Número de cuenta').fill('12345678901');
    await field(page, 'Titular').fill('Ana María Gómez');
    expect((await save(page, '/general/informacionpago')).status()).toBe(200);
    // Another kind of method shows its own fields.
    await field(page, 'Método de pago').selectOption({ label: 'Cripto' });
    await visible(field(page, 'Criptomoneda'));
    expect(await field(page, 'Banco').count()).toBe(0);
    await field(page, 'Método de pago').selectOption({ label: 'Transferencia bancaria' });
    await visible(field(page, 'Banco'));
    page.off('request', onRequest);
    expect(writes).toEqual(['PUT']);
    await shot(page, 'profile-payment');
    await expectFooter(page);
  });

  it('the member fills the profile, uploads a gallery and sends it for review', async () => {
    const page = member;
    await page.goto('/app/perfil');
    await visible(page.getByRole('heading', { name: 'Mi perfil' }));
    await visible(page.getByLabel('Revisión: SIN ESTADO'));
    await field(page, 'Nombre público').fill('Valentina');
    await field(page, 'Descripción').fill('Perfil de prueba para la revisión.');
    await field(page, 'Clasificación').selectOption({ label: 'VIP' });
    await field(page, 'Etnia').selectOption({ label: 'Latina' });
    await field(page, 'Idiomas').selectOption({ label: 'Español' });
    await field(page, 'Idiomas').selectOption({ label: 'Inglés' });
    await page.getByRole('button', { name: 'Agregar red social' }).click();
    const red = page.getByRole('group', { name: 'Red social 1' });
    await red.getByLabel('Red', { exact: true }).selectOption({ label: 'Instagram' });
    await red.getByLabel('Usuario', { exact: true }).fill('@valentina');
    expect((await save(page, '/general/perfil')).status()).toBe(200);

    await page.getByRole('tab', { name: 'Descripción física' }).click();
    await field(page, 'Ojos').selectOption({ label: 'Cafés' });
    await field(page, 'Cabello').selectOption({ label: 'Negro' });
    await field(page, 'Estatura (cm)').fill('165');
    await field(page, 'Peso (kg)').fill('55');
    expect((await save(page, '/general/perfil/fisica')).status()).toBe(200);

    await page.getByRole('tab', { name: 'Servicios' }).click();
    await page
      .getByRole('combobox', { name: 'Servicios', exact: true })
      .selectOption({ label: 'Acompañamiento' });
    await field(page, 'Masajes').selectOption({ label: 'Relajante' });
    expect((await save(page, '/general/perfil/servicios')).status()).toBe(200);

    await page.getByRole('tab', { name: 'Ubicaciones' }).click();
    await page.getByRole('button', { name: 'Agregar ubicación' }).click();
    const loc = page.getByRole('group', { name: 'Ubicación 1' });
    await loc.getByLabel('País').selectOption({ label: 'Colombia' });
    await loc.getByLabel('Departamento').selectOption({ label: 'Antioquia' });
    await loc.getByLabel('Ciudad').selectOption({ label: 'Medellín' });
    await loc.getByLabel('Zona').fill('El Poblado');
    expect((await save(page, '/general/perfil/ubicaciones')).status()).toBe(200);
    await shot(page, 'profile-locations');

    await page.getByRole('tab', { name: 'Galería' }).click();
    await visible(page.getByText('Recuerde que solo puede agregar 20 imagenes', { exact: false }));
    const uploaded = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/general/perfilmedia'),
    );
    await page.getByLabel('Agregar imágenes').setInputFiles([files.g1!, files.g2!]);
    expect((await uploaded).status()).toBe(201);
    const gallery = page.getByRole('list', { name: 'Galería' });
    await visible(gallery.getByRole('listitem', { name: 'Imagen 2' }));
    await page.getByRole('button', { name: 'Marcar imagen 2 como portada' }).click();
    await visible(gallery.getByRole('listitem', { name: 'Imagen 2' }).getByText('Portada', { exact: true }));

    expect((await save(page, '/general/perfil/enviar', 'Enviar a revisión')).status()).toBe(200);
    await visible(page.getByLabel('Revisión: PENDIENTE'));
    await visible(page.getByLabel('Publicación: PENDIENTE'));
    await shot(page, 'profile-gallery-sent');
  });

  it('the administrator rejects the identity validation with a comment; the member reads it and sends again', async () => {
    await admin.goto('/app/administracion/controlinformacionpersonal');
    await visible(admin.getByRole('heading', { name: 'Control de información personal' }));
    await visible(admin.getByRole('cell', { name: 'modelo', exact: true }));
    await shot(admin, 'review-identity-queue');
    await admin.getByRole('link', { name: 'Ver' }).click();
    await admin.waitForURL(/controlinformacionpersonal\/view\/\d+\?filters=/);
    await visible(admin.getByRole('img', { name: 'Documento (frente)' }));
    await visible(admin.getByLabel('Estado actual: PENDIENTE'));
    await shot(admin, 'review-identity-view');
    await decide(admin, 'NO APROBADO', 'La selfie no es legible', 'Estados', 'review-state-dialog');
    await admin.waitForURL(/\/app\/administracion\/controlinformacionpersonal\?/);
    await admin.getByRole('button', { name: 'NO APROBADO' }).click();
    await visible(admin.getByRole('cell', { name: 'modelo', exact: true }));
    // Row actions are disabled for NO_APROBADO.
    expect(await admin.getByRole('button', { name: 'Ver' }).isDisabled()).toBe(true);

    const page = member;
    await page.goto('/app/miinformacionpersonal?tab=identidad');
    await visible(page.getByText('La selfie no es legible'));
    await visible(page.getByLabel('Estado de la validación: NO APROBADO'));
    // The decision also arrived as a notification.
    await page.getByRole('button', { name: /^Notificaciones \(\d+ sin leer\)$/ }).click();
    await visible(
      page.getByRole('list', { name: 'Lista de notificaciones' }).getByText('Validación de identidad'),
    );
    await shot(page, 'profile-notifications');
    await page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
    await visible(page.getByRole('button', { name: 'Notificaciones', exact: true }));
    await page.keyboard.press('Escape');
    await shot(page, 'profile-identity-rejected');
    await page.getByLabel('Selfie con el documento').setInputFiles(files.selfie2!);
    expect((await save(page, '/general/validacionIdentidad', 'Reenviar documentos')).status()).toBe(201);
    await visible(page.getByLabel('Estado de la validación: PENDIENTE'));
  });

  it('the administrator approves identity and profile and publishes it', async () => {
    await admin.goto('/app/administracion/controlinformacionpersonal');
    await admin.getByRole('link', { name: 'Ver' }).click();
    await visible(admin.getByLabel('Estado actual: PENDIENTE'));
    await decide(admin, 'APROBADO');
    await admin.waitForURL(/\/app\/administracion\/controlinformacionpersonal\?/);

    await admin.goto('/app/administracion/perfil/control');
    await visible(admin.getByRole('cell', { name: 'modelo', exact: true }));
    await admin.getByRole('link', { name: 'Ver' }).click();
    await visible(admin.getByText('Valentina', { exact: true }).first());
    await visible(admin.getByText('El Poblado'));
    // The profile's decision and each image's control have distinct visible names (issue 15 §7).
    await decide(admin, 'APROBADO', undefined, 'Estado de la imagen 1');
    await visible(admin.getByRole('listitem', { name: 'Imagen 1' }).getByText('APROBADO', { exact: true }));
    await shot(admin, 'review-profile-view');
    await decide(admin, 'APROBADO', 'Perfil completo', 'Estado del perfil');
    await admin.waitForURL(/\/app\/administracion\/perfil\/control\?/);

    await admin.goto('/app/administracion/publicaciones/control');
    await admin.getByRole('link', { name: 'Ver' }).click();
    await visible(admin.getByLabel('Revisión del perfil: APROBADO'));
    await shot(admin, 'review-publication-view');
    await decide(admin, 'PUBLICADO');
    await admin.waitForURL(/\/app\/administracion\/publicaciones\/control\?/);

    await member.goto('/app/perfil');
    await visible(member.getByLabel('Revisión: APROBADO'));
    await visible(member.getByLabel('Publicación: PUBLICADO'));
    await member.getByRole('tab', { name: 'Galería' }).click();
    await visible(member.getByRole('listitem', { name: 'Imagen 1' }).getByText('APROBADO', { exact: true }));
    await shot(member, 'profile-published');
  });

  it('the state history shows every step, filterable', async () => {
    const page = admin;
    await page.goto('/app/consultas/historicocambiodeestados');
    const table = page.getByRole('table', { name: 'Histórico de cambios de estado' });
    await visible(table.getByRole('cell', { name: 'La selfie no es legible' }));
    await visible(table.getByRole('cell', { name: 'Documentos reenviados' }));
    await visible(table.getByRole('cell', { name: 'Perfil completo' }));
    await page
      .getByRole('search', { name: 'Filtros' })
      .getByLabel('Entidad')
      .selectOption({ label: 'Publicación del perfil' });
    await page.waitForURL(/filters=/);
    await table.getByRole('cell', { name: 'La selfie no es legible' }).waitFor({ state: 'detached' });
    await visible(table.getByText('PUBLICADO', { exact: true }));
    expect(await table.getByRole('row').count()).toBe(2);
    await shot(page, 'history');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  });

  it('the registered-user detail shows the member in its tabs, and no tab without permission', async () => {
    const page = admin;
    // The member's bank is deactivated (no select offers it any more): the detail and its history
    // still name it.
    await toggleBank(false);
    await page.goto('/app/consultas/usuariosregistrados');
    await page.getByRole('search', { name: 'Filtros' }).getByLabel('Usuario').fill('modelo');
    await page.waitForURL(/filters=/);
    const row = page.getByRole('row').filter({ hasText: 'modelo@e2e.local' });
    await visible(row.getByText('APROBADO', { exact: true }));
    await shot(page, 'registered-users');
    await page.getByRole('link', { name: 'Ver modelo' }).click();
    await visible(page.getByRole('heading', { name: 'Usuario registrado' }));
    await visible(page.getByRole('tab', { name: 'Notificaciones' }));
    expect(await page.getByRole('tab').count()).toBe(12);
    await visible(page.getByText('Ana María', { exact: true }));
    await visible(page.getByRole('cell', { name: 'Laura Gómez' }));
    await page.getByRole('tab', { name: 'Historial de compras' }).click();
    await visible(page.getByText('No hay datos para mostrar...'));
    await page.getByRole('tab', { name: 'Galería' }).click();
    await visible(page.getByRole('listitem', { name: 'Imagen 2' }));
    await page.reload();
    await visible(page.getByRole('tab', { name: 'Galería', selected: true }));
    await page.getByRole('tab', { name: 'Información de pago' }).click();
    await visible(page.getByText('Bancolombia'));
    // Its history names the bank and the method, not their ids.
    const payHistory = page.getByRole('tabpanel').getByLabel('Historial de cambios', { exact: true });
    await payHistory.getByRole('button', { name: 'Historial de cambios' }).click();
    await visible(payHistory.getByRole('row', { name: /Banco\s+—\s+Bancolombia/ }).first());
    await visible(payHistory.getByRole('row', { name: /Tipo de cuenta\s+—\s+Ahorros/ }).first());
    // A beneficiary's share reads as a percentage, not in basis points.
    await page.getByRole('tab', { name: 'Información personal' }).click();
    const benHistory = page
      .getByRole('tabpanel')
      .getByLabel('Historial de cambios: Laura Gómez', { exact: true });
    await benHistory.getByRole('button', { name: 'Historial de cambios: Laura Gómez' }).click();
    await visible(benHistory.getByRole('row', { name: /Porcentaje\s+—\s+60\.00 %$/ }).first());
    // The profile's lists read in words: networks by name, places by name, the gallery by count.
    await page.getByRole('tab', { name: 'Ubicaciones' }).click();
    const profileHistory = page.getByRole('tabpanel').getByLabel('Historial de cambios', { exact: true });
    await profileHistory.getByRole('button', { name: 'Historial de cambios' }).click();
    await visible(
      profileHistory.getByRole('row', { name: /Redes sociales\s+—\s+Instagram: @valentina$/ }).first(),
    );
    await visible(
      profileHistory
        .getByRole('row', { name: /Ubicaciones\s+—\s+Colombia \/ Antioquia \/ Medellín \(El Poblado\)$/ })
        .first(),
    );
    await visible(
      profileHistory.getByRole('row', { name: /Galería\s+.*2 imágenes; portada: imagen \d$/ }).first(),
    );
    // An empty list before reads as a dash, a moment as a date and time (not milliseconds).
    await visible(profileHistory.getByRole('row', { name: /Masajes\s+—\s+Relajante$/ }).first());
    await visible(
      profileHistory
        .getByRole('row', { name: /Enviado a revisión\s+—\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}/ })
        .first(),
    );
    await shot(page, 'registered-user-profile-history');
    // A replaced document reads as one file and another, not as storage paths.
    await page.getByRole('tab', { name: 'Validación de identidad' }).click();
    const idHistory = page.getByRole('tabpanel').getByLabel('Historial de cambios', { exact: true });
    await idHistory.getByRole('button', { name: 'Historial de cambios' }).click();
    await visible(
      idHistory
        .getByRole('row', { name: /Selfie con el documento\s+Archivo [\w-]{6}\s+Archivo [\w-]{6}$/ })
        .first(),
    );
    // Its moments have names, and the reviewer is the row's author, not an id among the fields.
    await visible(idHistory.getByRole('row', { name: /^Revisado\s+—\s+\d{4}-/ }).first());
    await visible(idHistory.getByRole('row', { name: /^Estado\s+PENDIENTE\s+NO APROBADO$/ }).first());
    await shot(page, 'registered-user-identity-history');
    expect(await idHistory.getByText(/revisor_id|revisado_at|enviado_at/).count()).toBe(0);
    await toggleBank(true);
    await shot(page, 'registered-user-view');

    await page.getByRole('link', { name: 'Editar' }).click();
    await page.waitForURL(/\/edit\/\d+$/);
    await field(page, 'Dirección').fill('Carrera 43A # 1-50');
    expect((await save(page, '/consultas/usuariosregistrados/')).status()).toBe(200);

    const viewer = await makeUser(e2e, 'consulta', { perms: [P.usuariosRegistrados] });
    const other = await e2e.page();
    await loginAs(other, viewer.email, viewer.password);
    await other.goto(new URL(page.url()).pathname.replace('/edit/', '/view/'));
    await visible(other.getByText('No tienes permisos para este tab'));
    await shot(other, 'registered-user-no-tabs');
    expect(await other.getByRole('button', { name: 'Editar' }).isDisabled()).toBe(true);
    await expectFooter(other);
  });
});
