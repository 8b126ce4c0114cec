// Habeas data (docs/privacy.md «Aviso y autorizaciones» and «Quién consultó», decisions 0400–0402):
// the notice, the consent ledger, the gate on sensitive data and the record of who looked.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  consentLedger,
  dataAccessLog,
  identidadessexuales,
  busto,
  tiposdemasajes,
  users,
} from '../../worker/db/schema';
import { P } from '../../worker/shared/permissions';
import { tabPermission } from '../../worker/shared/user-tabs';
import { ADMIN, makeApp, ORIGIN, type TestApp } from '../setup/app';
import { png } from '../setup/files';

let t: TestApp;
let admin: string;
let form: any;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  form = (await t.request('GET', '/api/v1/auth/initForm')).json;
  const now = t.clock.now();
  const add = async (table: typeof busto, nombre: string) =>
    (await t.db.insert(table).values({ nombre, createdAt: now, updatedAt: now }).returning().get()).id;
  ids.identidad = await add(identidadessexuales, 'Mujer trans');
  ids.busto = await add(busto, 'Mediano');
  ids.masaje = await add(tiposdemasajes, 'Relajante');
});

function registerBody(n: string, autorizaciones: string[] | undefined) {
  return {
    nombres: 'Luz',
    apellidos: 'Prueba',
    user_name: n,
    email: `${n}@example.co`,
    password: 'Secreta-123',
    confirmar_password: 'Secreta-123',
    tipo_identificacion_id: form.tiposIdentificacion.find((x: any) => x.codigo === 'CC').id,
    numero_identificacion: '52998877',
    celular: '3007654321',
    pais_id: form.paises.find((p: any) => p.nombre === 'Colombia').id,
    terminos_id: form.terminos.id,
    acepta_terminos: true,
    ...(autorizaciones ? { autorizaciones } : {}),
  };
}

const ledger = (cookie: string) => t.request('GET', '/api/v1/privacidad/autorizaciones', { cookie });
const consent = (cookie: string, finalidad: string, otorgada: boolean) =>
  t.request('POST', '/api/v1/privacidad/autorizaciones', { cookie, body: { finalidad, otorgada } });
function upload(path: string, files: Record<string, File>, cookie: string) {
  const body = new FormData();
  for (const [k, f] of Object.entries(files)) body.append(k, f);
  return t.fetch(`${ORIGIN}${path}`, { method: 'POST', body, headers: { Cookie: cookie, Origin: ORIGIN } });
}

describe('privacy notice and registration', () => {
  it('publishes the notice in force with its purposes, to visitors too', async () => {
    const res = await t.request('GET', '/api/v1/privacidad/aviso');
    expect(res.status).toBe(200);
    expect(res.json.data.version).toBe(1);
    expect(res.json.data.texto).toContain('Ley 1581 de 2012');
    const codes = res.json.data.finalidades.map((f: any) => f.codigo);
    expect(codes).toEqual([
      'SERVICIO',
      'ORIENTACION_IDENTIDAD',
      'DESCRIPCION_INTIMA',
      'SERVICIOS_PERFIL',
      'DOCUMENTOS_IDENTIDAD',
    ]);
    expect(res.json.data.finalidades[0]).toMatchObject({ obligatoria: true, sensible: false });
    expect(res.json.data.finalidades.slice(1).every((f: any) => f.sensible && !f.obligatoria)).toBe(true);
    expect(Object.keys(res.json.data.finalidades[0]).sort()).toEqual([
      'codigo',
      'nombre',
      'obligatoria',
      'sensible',
      'texto',
    ]);
  });

  it('refuses a registration without the mandatory purpose (422, naming it), and an unknown code', async () => {
    const none = await t.request('POST', '/api/v1/auth/register', {
      body: registerBody('sinaut', undefined),
    });
    expect(none.status).toBe(422);
    expect(none.json.errors.autorizaciones).toEqual([
      'Debes autorizar la finalidad «Prestación del servicio» para registrarte',
    ]);
    const onlySensitive = await t.request('POST', '/api/v1/auth/register', {
      body: registerBody('sinaut2', ['ORIENTACION_IDENTIDAD']),
    });
    expect(onlySensitive.status).toBe(422);
    const unknown = await t.request('POST', '/api/v1/auth/register', {
      body: registerBody('sinaut3', ['SERVICIO', 'OTRA']),
    });
    expect(unknown.status).toBe(422);
    expect(await t.db.select().from(users).where(eq(users.userName, 'sinaut')).get()).toBeUndefined();
  });

  it('records each purpose granted at registration in the ledger: version, channel, IP and user agent', async () => {
    const res = await t.request('POST', '/api/v1/auth/register', {
      body: registerBody('conaut', ['SERVICIO', 'ORIENTACION_IDENTIDAD']),
      headers: { 'User-Agent': 'Navegador de prueba', 'X-Test-Ip': '203.0.113.9' },
    });
    expect(res.status, res.text).toBe(201);
    const u = (await t.db.select().from(users).where(eq(users.userName, 'conaut')).get())!;
    const rows = await t.db
      .select()
      .from(consentLedger)
      .where(eq(consentLedger.userId, u.id))
      .orderBy(consentLedger.finalidad);
    expect(rows.map((r) => [r.finalidad, r.otorgada, r.version, r.canal, r.ip, r.userAgent])).toEqual([
      ['ORIENTACION_IDENTIDAD', true, 1, 'REGISTRO', '203.0.113.9', 'Navegador de prueba'],
      ['SERVICIO', true, 1, 'REGISTRO', '203.0.113.9', 'Navegador de prueba'],
    ]);
    // Only SERVICIO: no sensitive grant at all (silence never counts).
    expect(
      (await t.request('POST', '/api/v1/auth/register', { body: registerBody('soloserv', ['SERVICIO']) }))
        .status,
    ).toBe(201);
    const s = (await t.db.select().from(users).where(eq(users.userName, 'soloserv')).get())!;
    expect(
      (await t.db.select().from(consentLedger).where(eq(consentLedger.userId, s.id))).map((r) => r.finalidad),
    ).toEqual(['SERVICIO']);
  });
});

describe('consent ledger', () => {
  it('lists the caller’s grants and revocations newest first, and appends (never rewrites)', async () => {
    const m = await t.makeUser('ledger1', [P.perfil], undefined, { autorizaciones: ['SERVICIO'] });
    const cookie = await m.session();
    expect((await consent(cookie, 'DESCRIPCION_INTIMA', true)).status).toBe(201);
    t.clock.advance(1000);
    const revoked = await consent(cookie, 'DESCRIPCION_INTIMA', false);
    expect(revoked.status).toBe(201);
    const list = (await ledger(cookie)).json.data;
    expect(list.map((r: any) => [r.finalidad, r.otorgada, r.version, r.canal])).toEqual([
      ['DESCRIPCION_INTIMA', false, 1, 'MI_CUENTA'],
      ['DESCRIPCION_INTIMA', true, 1, 'MI_CUENTA'],
      ['SERVICIO', true, 1, 'REGISTRO'],
    ]);
    expect(list[0].fecha).toMatch(/^\d{4}-\d\d-\d\dT/);
    await expect(t.db.update(consentLedger).set({ otorgada: true })).rejects.toThrow();
    await expect(t.db.delete(consentLedger)).rejects.toThrow();
  });

  it('refuses revoking the mandatory purpose here and an unknown purpose (422)', async () => {
    const cookie = await (await t.makeUser('ledger2')).session();
    const mand = await consent(cookie, 'SERVICIO', false);
    expect(mand.status).toBe(422);
    expect(mand.json.message).toContain('supresión');
    expect((await consent(cookie, 'NOEXISTE', true)).status).toBe(422);
    expect(
      (
        await t.request('POST', '/api/v1/privacidad/autorizaciones', {
          cookie,
          body: { finalidad: 'SERVICIO' },
        })
      ).status,
    ).toBe(422);
  });

  it('downloads the ledger as a PDF proof', async () => {
    const cookie = await (await t.makeUser('ledger3')).session();
    const res = await t.fetch(`${ORIGIN}/api/v1/privacidad/autorizaciones/comprobante`, {
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  });

  it('an administrator records a consent given outside the app, with its evidence (channel ADMINISTRADOR)', async () => {
    const m = await t.makeUser('ledger4', [], undefined, { autorizaciones: ['SERVICIO'] });
    const noEvidence = await t.request('POST', `/api/v1/privacidad/miembros/${m.id}/autorizaciones`, {
      cookie: admin,
      body: { finalidad: 'SERVICIOS_PERFIL', otorgada: true },
    });
    expect(noEvidence.status).toBe(422);
    const ok = await t.request('POST', `/api/v1/privacidad/miembros/${m.id}/autorizaciones`, {
      cookie: admin,
      body: { finalidad: 'SERVICIOS_PERFIL', otorgada: true, evidencia: 'Formato firmado, radicado 123' },
    });
    expect(ok.status).toBe(201);
    expect(ok.json.data[0]).toMatchObject({
      finalidad: 'SERVICIOS_PERFIL',
      canal: 'ADMINISTRADOR',
      evidencia: 'Formato firmado, radicado 123',
    });
    const member = await m.session();
    expect((await ledger(member)).json.data[0].canal).toBe('ADMINISTRADOR');
  });
});

describe('the gate on sensitive data', () => {
  it('refuses gender identity, intimate description, services and identity documents without their purpose (422 naming it); a member without grants still saves the rest', async () => {
    const m = await t.makeUser('gate1', [P.perfil, P.miInformacionPersonal], undefined, {
      autorizaciones: ['SERVICIO'],
    });
    const cookie = await m.session();
    const perfil = await t.request('PUT', '/api/v1/general/perfil', {
      cookie,
      body: { nombre_publico: 'Luz', identidad_sexual_id: ids.identidad },
    });
    expect(perfil.status).toBe(422);
    expect(perfil.json.message).toBe(
      'Para guardar este dato necesitas autorizar la finalidad «Orientación sexual e identidad de género» en Mi cuenta → Privacidad',
    );
    const fisica = await t.request('PUT', '/api/v1/general/perfil/fisica', {
      cookie,
      body: { busto_id: ids.busto },
    });
    expect(fisica.status).toBe(422);
    expect(fisica.json.message).toContain('«Descripción física íntima»');
    const serv = await t.request('PUT', '/api/v1/general/perfil/servicios', {
      cookie,
      body: { tiposdemasajes: [ids.masaje] },
    });
    expect(serv.status).toBe(422);
    expect(serv.json.message).toContain('«Servicios del perfil»');
    const docs = await upload(
      '/api/v1/general/validacionIdentidad',
      { frente: png(), respaldo: png(), selfie: png() },
      cookie,
    );
    expect(docs.status).toBe(422);
    expect((await docs.json()).message).toContain('«Documentos de identidad y selfie»');
    // Nothing sensitive: the profile saves.
    expect(
      (await t.request('PUT', '/api/v1/general/perfil', { cookie, body: { nombre_publico: 'Luz' } })).status,
    ).toBe(200);
    expect((await t.request('PUT', '/api/v1/general/perfil/servicios', { cookie, body: {} })).status).toBe(
      200,
    );
  });

  it('accepts them once granted (200/201), and revoking clears them from the profile at once', async () => {
    const m = await t.makeUser('gate2', [P.perfil, P.miInformacionPersonal], undefined, {
      autorizaciones: ['SERVICIO'],
    });
    const cookie = await m.session();
    for (const f of [
      'ORIENTACION_IDENTIDAD',
      'DESCRIPCION_INTIMA',
      'SERVICIOS_PERFIL',
      'DOCUMENTOS_IDENTIDAD',
    ])
      expect((await consent(cookie, f, true)).status).toBe(201);
    expect(
      (
        await t.request('PUT', '/api/v1/general/perfil', {
          cookie,
          body: { nombre_publico: 'Luz', identidad_sexual_id: ids.identidad },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.request('PUT', '/api/v1/general/perfil/fisica', { cookie, body: { busto_id: ids.busto } }))
        .status,
    ).toBe(200);
    expect(
      (
        await t.request('PUT', '/api/v1/general/perfil/servicios', {
          cookie,
          body: { tiposdemasajes: [ids.masaje] },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await upload(
          '/api/v1/general/validacionIdentidad',
          { frente: png(), respaldo: png(), selfie: png() },
          cookie,
        )
      ).status,
    ).toBe(201);

    for (const f of [
      'ORIENTACION_IDENTIDAD',
      'DESCRIPCION_INTIMA',
      'SERVICIOS_PERFIL',
      'DOCUMENTOS_IDENTIDAD',
    ])
      expect((await consent(cookie, f, false)).status).toBe(201);
    const got = (await t.request('GET', '/api/v1/general/perfil', { cookie })).json.data;
    expect(got.perfil.identidad_sexual_id).toBeNull();
    expect(got.perfil.nombre_publico).toBe('Luz');
    expect(got.fisica.busto_id).toBeNull();
    expect(got.servicios.tiposdemasajes).toEqual([]);
    const identity = (await t.request('GET', '/api/v1/general/validacionIdentidad', { cookie })).json.data;
    expect(identity.documentos).toEqual({ frente: null, respaldo: null, selfie: null });
    // And the gate is closed again.
    expect(
      (await t.request('PUT', '/api/v1/general/perfil/fisica', { cookie, body: { busto_id: ids.busto } }))
        .status,
    ).toBe(422);
  });
});

describe('who looked', () => {
  let member: { id: number; cookie: string };
  beforeAll(async () => {
    const m = await t.makeUser('mirada', [P.perfil, P.miInformacionPersonal]);
    member = { id: m.id, cookie: await m.session() };
    await t.db
      .update(users)
      .set({ numeroIdentificacion: '1098765432', celular: '3151234567' })
      .where(eq(users.id, m.id));
    await t.request('PUT', '/api/v1/general/perfil', {
      cookie: member.cookie,
      body: { nombre_publico: 'Mirada', identidad_sexual_id: ids.identidad },
    });
    await upload(
      '/api/v1/general/validacionIdentidad',
      { frente: png(), respaldo: png(), selfie: png() },
      member.cookie,
    );
  });
  const accesses = async () =>
    (await t.request('GET', '/api/v1/privacidad/accesos', { cookie: member.cookie })).json.data;

  it('a staff reader without «ver datos sensibles» sees document and phone masked and the sensitive profile fields empty, and nothing is recorded', async () => {
    const staff = await (
      await t.makeUser('miron', [P.usuariosRegistrados, tabPermission('personal'), tabPermission('perfil')])
    ).session();
    const personal = await t.request('GET', `/api/v1/consultas/usuariosregistrados/${member.id}/personal`, {
      cookie: staff,
    });
    expect(personal.status, personal.text).toBe(200);
    expect(personal.json.data.numero_identificacion).toBe('••••••5432');
    expect(personal.json.data.celular).toBe('••••••4567');
    const perfil = await t.request('GET', `/api/v1/consultas/usuariosregistrados/${member.id}/perfil`, {
      cookie: staff,
    });
    expect(perfil.json.data.identidad_sexual_id).toBeNull();
    expect(perfil.json.data.nombre_publico).toBe('Mirada');
    expect(await accesses()).toEqual([]);
  });

  it('a reader with it sees them in full and each reading is recorded (who, role, area, data, when, from where)', async () => {
    const u = await t.makeUser('lector', [
      P.usuariosRegistrados,
      P.datosCompletos,
      tabPermission('personal'),
      tabPermission('perfil'),
    ]);
    const staff = await u.session();
    const personal = await t.request('GET', `/api/v1/consultas/usuariosregistrados/${member.id}/personal`, {
      cookie: staff,
      headers: { 'X-Test-Ip': '198.51.100.7' },
    });
    expect(personal.json.data.numero_identificacion).toBe('1098765432');
    expect(personal.json.data.celular).toBe('3151234567');
    const perfil = await t.request('GET', `/api/v1/consultas/usuariosregistrados/${member.id}/perfil`, {
      cookie: staff,
    });
    expect(perfil.json.data.identidad_sexual_id).toBe(ids.identidad);
    const list = await accesses();
    expect(list.map((a: any) => [a.area, a.dato, a.rol])).toEqual(
      expect.arrayContaining([
        ['Usuarios registrados', 'Número de identificación', 'ROL_LECTOR'],
        ['Usuarios registrados', 'Celular', 'ROL_LECTOR'],
        ['Usuarios registrados', 'Orientación sexual e identidad de género', 'ROL_LECTOR'],
      ]),
    );
    expect(Object.keys(list[0]).sort()).toEqual(['area', 'dato', 'fecha', 'rol']);
    const rows = await t.db.select().from(dataAccessLog).where(eq(dataAccessLog.actorId, u.id));
    expect(rows.find((r) => r.dato === 'Celular')!.ip).toBe('198.51.100.7');
    // The member reading his own data records nothing.
    const before = (await accesses()).length;
    await t.request('GET', '/api/v1/general/miinformacion', { cookie: member.cookie });
    expect((await accesses()).length).toBe(before);
    await expect(t.db.delete(dataAccessLog)).rejects.toThrow();
  });

  it('records a reviewer opening an identity document', async () => {
    const reviewer = await (await t.makeUser('revisor', [P.controlInformacionPersonal])).session();
    const res = await t.fetch(`${ORIGIN}/api/v1/general/validacionIdentidad/${member.id}/selfie`, {
      headers: { Cookie: reviewer },
    });
    expect(res.status).toBe(200);
    expect((await accesses()).find((a: any) => a.dato === 'Selfie con el documento')).toMatchObject({
      area: 'Validación de identidad',
      rol: 'ROL_REVISOR',
    });
  });

  it('records the global search showing a document number in full', async () => {
    const u = await t.makeUser('buscador', [P.usuariosRegistrados, P.datosCompletos]);
    const res = await t.request('GET', '/api/v1/buscar?q=1098765432', { cookie: await u.session() });
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(dataAccessLog).where(eq(dataAccessLog.actorId, u.id));
    if (res.json.data.miembros.some((m: any) => m.id === member.id))
      expect(rows.map((r) => [r.area, r.dato])).toContainEqual([
        'Búsqueda global',
        'Número de identificación',
      ]);
    else expect(rows).toEqual([]);
  });

  it('records the Actividad export showing a document in full', async () => {
    await t.request('PUT', '/api/v1/general/miinformacion', {
      cookie: member.cookie,
      body: {},
    });
    const u = await t.makeUser('exportador', [P.actividad, P.datosCompletos]);
    const res = await t.fetch(`${ORIGIN}/api/v1/actividad/excel`, { headers: { Cookie: await u.session() } });
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(dataAccessLog).where(eq(dataAccessLog.actorId, u.id));
    for (const r of rows) expect(r.area).toBe('Actividad (exportación)');
  });

  it('the desk sees a member’s accesses with who and from where; others get 403', async () => {
    const desk = await t.request('GET', `/api/v1/privacidad/miembros/${member.id}/accesos`, {
      cookie: admin,
    });
    expect(desk.status).toBe(200);
    expect(desk.json.data[0]).toHaveProperty('actor_id');
    expect(desk.json.data[0]).toHaveProperty('ip');
    const nobody = await (await t.makeUser('nadie')).session();
    expect(
      (await t.request('GET', `/api/v1/privacidad/miembros/${member.id}/accesos`, { cookie: nobody })).status,
    ).toBe(403);
  });
});

describe('a new notice version', () => {
  it('is published from Configuración → Privacidad and asked of each member at his next sign-in, with what changed', async () => {
    const m = await t.makeUser('version1');
    const cookie = await m.session();
    expect(
      (await t.request('GET', '/api/v1/privacidad/autorizaciones/pendiente', { cookie })).json.data.pendiente,
    ).toBe(false);
    const current = (await t.request('GET', '/api/v1/privacidad/aviso')).json.data;
    const finalidades = current.finalidades.map((f: any) =>
      f.codigo === 'SERVICIO' ? { ...f, texto: `${f.texto} También para enviarte el boletín.` } : f,
    );
    const bad = await t.request('POST', '/api/v1/privacidad/configuracion', {
      cookie: admin,
      body: {
        texto: current.texto,
        finalidades: finalidades.filter((f: any) => f.codigo !== 'DOCUMENTOS_IDENTIDAD'),
      },
    });
    expect(bad.status).toBe(422);
    const pub = await t.request('POST', '/api/v1/privacidad/configuracion', {
      cookie: admin,
      body: { texto: current.texto, finalidades },
    });
    expect(pub.status, pub.text).toBe(201);
    expect((await t.request('GET', '/api/v1/privacidad/aviso')).json.data.version).toBe(2);
    const pending = (await t.request('GET', '/api/v1/privacidad/autorizaciones/pendiente', { cookie })).json
      .data;
    expect(pending).toMatchObject({ pendiente: true, version: 2, cambiadas: ['SERVICIO'] });
    const stale = await t.request('POST', '/api/v1/privacidad/autorizaciones/aceptar', {
      cookie,
      body: { version: 1 },
    });
    expect(stale.status).toBe(409);
    const ok = await t.request('POST', '/api/v1/privacidad/autorizaciones/aceptar', {
      cookie,
      body: { version: 2, autorizaciones: [] },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data.pendiente).toBe(false);
    expect((await ledger(cookie)).json.data[0]).toMatchObject({
      finalidad: 'SERVICIO',
      version: 2,
      otorgada: true,
    });
  });
});
