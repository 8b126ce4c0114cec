// The privacy notice and the consent ledger (docs/privacy.md «Aviso y autorizaciones», decisions
// 0400–0403): the public notice, the registration's mandatory purpose, the append-only ledger, the
// gate on sensitive data (SECURITY row «datos sensibles») and what a revocation clears, the PDF
// proof, a new version asked again, and the ledger in the member's ZIP.
import { eq, sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { consentLedger, users } from '../../worker/db/schema';
import { P } from '../../worker/shared/permissions';
import { ADMIN, makeApp, type TestApp } from '../setup/app';
import { png } from '../setup/files';
import { pdfStrings } from '../setup/pdf-text';

let t: TestApp;
let admin: string;
const ids = {} as Record<'orientacion' | 'identidad' | 'busto' | 'servicio', number>;
const MEMBER = [P.miInformacionPersonal, P.perfil];

const create = (endpoint: string, body: object) => t.createRow(endpoint, body, admin);

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  ids.orientacion = await create('/miperfil/orientacionessexuales', { nombre: 'Heterosexual' });
  ids.identidad = await create('/miperfil/identidadessexuales', { nombre: 'Mujer' });
  ids.busto = await create('/miperfil/bustos', { nombre: 'Natural' });
  ids.servicio = await create('/miperfil/servicios', { nombre: 'Acompañamiento' });
});

const ledger = (cookie: string) => t.request('GET', '/api/v1/privacidad/autorizaciones', { cookie });
const decide = (cookie: string, finalidad: string, otorgada: boolean) =>
  t.request('POST', '/api/v1/privacidad/autorizaciones', { cookie, body: { finalidad, otorgada } });

describe('the notice', () => {
  it('is public, versioned, with a mandatory purpose and the sensitive ones', async () => {
    const res = await t.request('GET', '/api/v1/privacidad/aviso');
    expect(res.status).toBe(200);
    expect(res.json.data.version).toBe(1);
    expect(typeof res.json.data.texto).toBe('string');
    const f = res.json.data.finalidades;
    for (const p of f)
      expect(Object.keys(p).sort()).toEqual(['codigo', 'nombre', 'obligatoria', 'sensible', 'texto']);
    expect(f.filter((p: any) => p.obligatoria).map((p: any) => p.codigo)).toEqual(['TRATAMIENTO_BASICO']);
    expect(f.filter((p: any) => p.sensible).map((p: any) => p.codigo)).toEqual([
      'ORIENTACION_IDENTIDAD',
      'PERFIL_SEXUAL',
      'DOCUMENTOS_IDENTIDAD',
    ]);
  });
});

describe('registration', () => {
  let body: Record<string, unknown>;
  beforeAll(async () => {
    const form = (await t.request('GET', '/api/v1/auth/initForm')).json;
    body = {
      nombres: 'Rita',
      apellidos: 'Pérez',
      user_name: 'rita',
      email: 'rita@example.co',
      password: 'Clave-12345',
      confirmar_password: 'Clave-12345',
      tipo_identificacion_id: form.tiposIdentificacion[0].id,
      numero_identificacion: '99887766',
      celular: '3001234567',
      pais_id: form.paises[0].id,
      terminos_id: form.terminos.id,
      acepta_terminos: true,
    };
  });

  it('refuses (422) without the mandatory purpose, naming it', async () => {
    for (const autorizaciones of [undefined, [], ['ORIENTACION_IDENTIDAD']]) {
      const res = await t.request('POST', '/api/v1/auth/register', { body: { ...body, autorizaciones } });
      expect(res.status).toBe(422);
      expect(res.json.errors.autorizaciones).toEqual([
        'Debes aceptar el aviso de privacidad para la finalidad «Tratamiento básico»',
      ]);
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'rita@example.co')).get()).toBeUndefined();
  });

  it('records each ticked purpose in the ledger, channel registro, with IP and user agent', async () => {
    const res = await t.request('POST', '/api/v1/auth/register', {
      body: { ...body, autorizaciones: ['TRATAMIENTO_BASICO', 'PERFIL_SEXUAL'] },
      headers: { 'User-Agent': 'Prueba/1.0', 'X-Test-Ip': '10.1.2.3' },
    });
    expect(res.status, res.text).toBe(201);
    const u = (await t.db.select().from(users).where(eq(users.email, 'rita@example.co')).get())!;
    const rows = await t.db.select().from(consentLedger).where(eq(consentLedger.userId, u.id));
    expect(rows.map((r) => [r.finalidad, r.otorgada, r.version, r.canal, r.ip, r.userAgent]).sort()).toEqual([
      ['PERFIL_SEXUAL', true, 1, 'registro', '10.1.2.3', 'Prueba/1.0'],
      ['TRATAMIENTO_BASICO', true, 1, 'registro', '10.1.2.3', 'Prueba/1.0'],
    ]);
  });
});

describe('the ledger', () => {
  it('appends grants and revocations, newest first; the mandatory purpose is not revoked here', async () => {
    const m = await t.makeUser('libro', MEMBER, undefined, { consent: false });
    const cookie = await m.session();
    expect((await ledger(cookie)).json.data).toEqual([]);
    expect((await decide(cookie, 'TRATAMIENTO_BASICO', true)).status).toBe(201);
    t.clock.advance(1000);
    expect((await decide(cookie, 'ORIENTACION_IDENTIDAD', true)).status).toBe(201);
    t.clock.advance(1000);
    const last = await decide(cookie, 'ORIENTACION_IDENTIDAD', false);
    expect(last.status).toBe(201);
    const got = (await ledger(cookie)).json.data;
    expect(got.map((e: any) => [e.finalidad, e.otorgada, e.version, e.canal])).toEqual([
      ['ORIENTACION_IDENTIDAD', false, 1, 'mi cuenta'],
      ['ORIENTACION_IDENTIDAD', true, 1, 'mi cuenta'],
      ['TRATAMIENTO_BASICO', true, 1, 'mi cuenta'],
    ]);
    expect(Date.parse(got[0].fecha)).toBeGreaterThan(Date.parse(got[2].fecha));
    const mandatory = await decide(cookie, 'TRATAMIENTO_BASICO', false);
    expect(mandatory.status).toBe(422);
    expect(mandatory.json.message).toContain('obligatoria');
    expect((await decide(cookie, 'NO_EXISTE', true)).status).toBe(422);
  });

  it('cannot be updated nor deleted, not even by SQL', async () => {
    await expect(t.db.run(sql`update consent_ledger set otorgada = 0`)).rejects.toThrow();
    await expect(t.db.run(sql`delete from consent_ledger`)).rejects.toThrow();
  });

  it('lets an administrator record a decision with its evidence (channel administrador)', async () => {
    const m = await t.makeUser('papel', MEMBER, undefined, { consent: false });
    const staff = await (await t.makeUser('oficial', [P.avisoPrivacidad])).session();
    const res = await t.request('POST', '/api/v1/privacidad/admin/autorizaciones', {
      cookie: staff,
      body: {
        user_id: m.id,
        finalidad: 'DOCUMENTOS_IDENTIDAD',
        otorgada: true,
        evidencia: 'Formulario firmado',
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.data[0]).toMatchObject({
      canal: 'administrador',
      evidencia: 'Formulario firmado',
      otorgada: true,
    });
  });
});

describe('sensitive data only with its authorisation', () => {
  let cookie: string;
  let userId: number;
  beforeAll(async () => {
    const m = await t.makeUser('sensible', MEMBER, undefined, { consent: false });
    cookie = await m.session();
    userId = m.id;
    await decide(cookie, 'TRATAMIENTO_BASICO', true);
  });
  const profile = (over: object = {}) =>
    t.request('PUT', '/api/v1/general/perfil', {
      cookie,
      body: { nombre_publico: 'Sensible', identidad_sexual_id: null, orientacion_sexual_id: null, ...over },
    });

  it('refuses orientation and gender identity without it (422 naming the purpose), accepts them with it', async () => {
    expect((await profile()).status).toBe(200);
    const refused = await profile({
      orientacion_sexual_id: ids.orientacion,
      identidad_sexual_id: ids.identidad,
    });
    expect(refused.status).toBe(422);
    expect(refused.json.errors.orientacion_sexual_id[0]).toContain(
      '«Orientación sexual e identidad de género»',
    );
    expect(refused.json.message).toContain('Mi cuenta → Privacidad');
    await decide(cookie, 'ORIENTACION_IDENTIDAD', true);
    const ok = await profile({ orientacion_sexual_id: ids.orientacion, identidad_sexual_id: ids.identidad });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.data.perfil.orientacion_sexual_id).toBe(ids.orientacion);
  });

  it('refuses the intimate fields and the services without it, accepts them with it', async () => {
    const fisica = (busto_id: number | null) =>
      t.request('PUT', '/api/v1/general/perfil/fisica', { cookie, body: { busto_id } });
    const servicios = (list: number[]) =>
      t.request('PUT', '/api/v1/general/perfil/servicios', { cookie, body: { servicios: list } });
    expect((await fisica(null)).status).toBe(200);
    expect((await servicios([])).status).toBe(200);
    const f = await fisica(ids.busto);
    expect(f.status).toBe(422);
    expect(f.json.errors.busto_id[0]).toContain('«Descripción íntima y servicios del perfil»');
    expect((await servicios([ids.servicio])).status).toBe(422);
    await decide(cookie, 'PERFIL_SEXUAL', true);
    expect((await fisica(ids.busto)).status).toBe(200);
    expect((await servicios([ids.servicio])).status).toBe(200);
  });

  it('refuses identity documents without it, takes them with it', async () => {
    const send = () => {
      const form = new FormData();
      form.append('frente', png('frente.png'));
      form.append('respaldo', png('respaldo.png'));
      form.append('selfie', png('selfie.png'));
      return t.fetch('http://localhost/api/v1/general/validacionIdentidad', {
        method: 'POST',
        headers: { Cookie: cookie, Origin: 'http://localhost' },
        body: form,
      });
    };
    const refused = await send();
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as any).errors.documentos[0]).toContain('«Documentos de identidad»');
    await decide(cookie, 'DOCUMENTOS_IDENTIDAD', true);
    expect((await send()).status).toBe(201);
  });

  it('clears what a revocation covers from the profile and its publication at once, and the documents', async () => {
    await t.request('POST', '/api/v1/general/perfil/enviar', { cookie });
    const pid = (await t.request('GET', '/api/v1/general/perfil', { cookie })).json.data.perfil_id;
    for (const [path, estado] of [
      ['perfil/control', 'APROBADO'],
      ['publicaciones/control', 'PUBLICADO'],
    ])
      expect(
        (
          await t.request('PUT', `/api/v1/administracion/${path}/estado/${pid}`, {
            cookie: admin,
            body: { estado },
          })
        ).status,
      ).toBe(200);
    const published = async () =>
      (await t.request('GET', `/api/v1/administracion/publicaciones/control/${pid}`, { cookie: admin })).json
        .data.perfil;
    expect((await published()).perfil.orientacion_sexual_id).toBe(ids.orientacion);
    expect((await published()).fisica.busto_id).toBe(ids.busto);

    expect((await decide(cookie, 'ORIENTACION_IDENTIDAD', false)).status).toBe(201);
    expect((await decide(cookie, 'PERFIL_SEXUAL', false)).status).toBe(201);
    const pub = await published();
    expect(pub.perfil).toMatchObject({
      orientacion_sexual_id: null,
      identidad_sexual_id: null,
      nombre_publico: 'Sensible',
    });
    expect(pub.fisica.busto_id).toBeNull();
    expect(pub.servicios.servicios).toEqual([]);
    expect(pub.estado_publicacion).toBe('PUBLICADO');
    // And they are refused again.
    expect((await profile({ orientacion_sexual_id: ids.orientacion })).status).toBe(422);

    const before = (await t.request('GET', '/api/v1/general/validacionIdentidad', { cookie })).json.data;
    expect(before.documentos.frente).not.toBeNull();
    expect((await decide(cookie, 'DOCUMENTOS_IDENTIDAD', false)).status).toBe(201);
    const after = (await t.request('GET', '/api/v1/general/validacionIdentidad', { cookie })).json.data;
    expect(after.documentos).toEqual({ frente: null, respaldo: null, selfie: null });
    const left = await (await t.appBlobs()).list(`identidad/${userId}/`, { limit: 10 });
    expect(left.keys).toEqual([]);
  });

  it('lets a member who granted nothing sensitive save his profile with those fields empty', async () => {
    const m = await t.makeUser('nada', MEMBER, undefined, { consent: false });
    const c2 = await m.session();
    const res = await t.request('PUT', '/api/v1/general/perfil', {
      cookie: c2,
      body: { nombre_publico: 'Nada', orientacion_sexual_id: null },
    });
    expect(res.status).toBe(200);
  });
});

describe('the proof and the export', () => {
  it('downloads the ledger as a real PDF with every entry', async () => {
    const m = await t.makeUser('prueba', MEMBER, undefined, { consent: false });
    const cookie = await m.session();
    await decide(cookie, 'TRATAMIENTO_BASICO', true);
    await decide(cookie, 'PERFIL_SEXUAL', true);
    await decide(cookie, 'PERFIL_SEXUAL', false);
    const res = await t.fetch('http://localhost/api/v1/privacidad/autorizaciones/pdf', {
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = pdfStrings(bytes).join('\n');
    expect(text).toContain('Prueba de autorizaciones');
    expect(text).toContain('Entradas: 3');
    expect(
      text.match(/Otorgada · Descripción íntima y servicios del perfil \(PERFIL_SEXUAL\)/g),
    ).toHaveLength(1);
    expect(
      text.match(/Revocada · Descripción íntima y servicios del perfil \(PERFIL_SEXUAL\)/g),
    ).toHaveLength(1);
    expect(text).toContain('Tratamiento básico (TRATAMIENTO_BASICO)');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="autorizaciones-prueba.pdf"');
    const row = await t.db.get<{ comentario: string; user_id: number }>(
      sql`select comentario, user_id from state_history where entity = 'exportacion:autorizaciones' and entity_id = ${m.id}`,
    );
    expect(row).toEqual({ comentario: 'Prueba de autorizaciones descargada por el titular', user_id: m.id });
  });

  it("puts the ledger in the member's ZIP as autorizaciones.json", async () => {
    const m = await t.makeUser('zip', MEMBER, undefined, { consent: false });
    const cookie = await m.session();
    await decide(cookie, 'TRATAMIENTO_BASICO', true);
    const res = await t.fetch('http://localhost/api/v1/privacidad/mis-datos', {
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const rows = JSON.parse(strFromU8(files['autorizaciones.json']!));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ finalidad: 'TRATAMIENTO_BASICO', otorgada: true, canal: 'mi cuenta' });
  });
});

describe('a new version', () => {
  it('is published by staff and asked again of each member (only what changed), then accepted', async () => {
    const m = await t.makeUser('version', MEMBER);
    const cookie = await m.session();
    expect((await t.request('GET', '/api/v1/privacidad/pendiente', { cookie })).json.data.pendiente).toBe(
      false,
    );
    // The seeded administrator accepted version 1 at installation.
    expect(
      (await t.request('GET', '/api/v1/privacidad/pendiente', { cookie: admin })).json.data.pendiente,
    ).toBe(false);
    const current = (await t.request('GET', '/api/v1/privacidad/aviso')).json.data;
    const staff = await (await t.makeUser('publicador', [P.avisoPrivacidad])).session();
    const finalidades = current.finalidades.map((f: any) =>
      f.codigo === 'TRATAMIENTO_BASICO' ? { ...f, texto: `${f.texto} También le enviaremos boletines.` } : f,
    );
    const member = await t.request('POST', '/api/v1/privacidad/admin/avisos', {
      cookie,
      body: { texto: current.texto, finalidades },
    });
    expect(member.status).toBe(403);
    const pub = await t.request('POST', '/api/v1/privacidad/admin/avisos', {
      cookie: staff,
      body: { texto: current.texto, finalidades },
    });
    expect(pub.status, pub.text).toBe(201);
    expect(pub.json.data.version).toBe(2);
    const pending = (await t.request('GET', '/api/v1/privacidad/pendiente', { cookie })).json.data;
    expect(pending).toMatchObject({ pendiente: true, version: 2, aceptada: 1 });
    expect(pending.finalidades.map((f: any) => f.codigo)).toEqual(['TRATAMIENTO_BASICO']);
    const stale = await t.request('POST', '/api/v1/privacidad/aceptar', { cookie, body: { version: 1 } });
    expect(stale.status).toBe(422);
    const ok = await t.request('POST', '/api/v1/privacidad/aceptar', { cookie, body: { version: 2 } });
    expect(ok.status, ok.text).toBe(201);
    expect((await t.request('GET', '/api/v1/privacidad/pendiente', { cookie })).json.data.pendiente).toBe(
      false,
    );
    expect((await ledger(cookie)).json.data[0]).toMatchObject({
      finalidad: 'TRATAMIENTO_BASICO',
      version: 2,
    });
  });

  it('refuses a notice without a mandatory purpose or with a sensitive mandatory one', async () => {
    const staff = await (await t.makeUser('publicador2', [P.avisoPrivacidad])).session();
    const one = { codigo: 'X', nombre: 'X', texto: 'x', obligatoria: false, sensible: false };
    const res = await t.request('POST', '/api/v1/privacidad/admin/avisos', {
      cookie: staff,
      body: { texto: 'Aviso', finalidades: [one] },
    });
    expect(res.status).toBe(422);
    const res2 = await t.request('POST', '/api/v1/privacidad/admin/avisos', {
      cookie: staff,
      body: { texto: 'Aviso', finalidades: [{ ...one, obligatoria: true, sensible: true }] },
    });
    expect(res2.status).toBe(422);
  });
});
