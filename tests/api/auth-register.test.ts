import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../worker/db/schema';
import { linkIn, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
let form: any;
beforeAll(async () => {
  t = await makeApp();
  form = (await t.request('GET', '/api/v1/auth/initForm')).json;
});

async function validBody(over: Record<string, unknown> = {}) {
  const colombia = form.paises.find((p: any) => p.nombre === 'Colombia');
  const deps = (await t.request('GET', `/api/v1/auth/departamentos?pais_id=${colombia.id}`)).json.data;
  const antioquia = deps.find((d: any) => d.nombre === 'Antioquia');
  const cities = (await t.request('GET', `/api/v1/auth/ciudades?departamento_id=${antioquia.id}`)).json.data;
  return {
    nombres: 'Ana María',
    apellidos: 'Pérez Gómez',
    user_name: 'anamaria',
    email: 'ana@example.co',
    password: 'Secreta-123',
    confirmar_password: 'Secreta-123',
    tipo_identificacion_id: form.tiposIdentificacion.find((x: any) => x.codigo === 'CC').id,
    numero_identificacion: '1020304050',
    celular: '3001234567',
    pais_id: colombia.id,
    departamento_id: antioquia.id,
    ciudad_id: cities.find((c: any) => c.nombre === 'Medellín').id,
    nivel_educativo_id: form.nivelesEducativos[0].id,
    terminos_id: form.terminos.id,
    acepta_terminos: true,
    autorizaciones: ['TRATAMIENTO_BASICO'],
    ...over,
  };
}

describe('registration lookups', () => {
  it('offers Colombia, its departments with their capitals, identification types, education levels and the current terms', async () => {
    expect(form.paises.map((p: any) => p.nombre)).toContain('Colombia');
    const deps = (await t.request('GET', `/api/v1/auth/departamentos?pais_id=${form.paises[0].id}`)).json
      .data;
    expect(deps).toHaveLength(33);
    const valle = deps.find((d: any) => d.nombre === 'Valle del Cauca');
    const cities = (await t.request('GET', `/api/v1/auth/ciudades?departamento_id=${valle.id}`)).json.data;
    expect(cities.map((c: any) => c.nombre)).toContain('Santiago de Cali');
    expect(form.tiposIdentificacion.map((x: any) => x.codigo)).toEqual(
      expect.arrayContaining(['CC', 'CE', 'NIT', 'PA']),
    );
    expect(form.nivelesEducativos.length).toBeGreaterThan(3);
    expect(form.terminos.titulo).toBe('Términos y condiciones de uso');
    expect(form.constantes.generos).toEqual([
      { codigo: 'MA', nombre: 'Masculino' },
      { codigo: 'F', nombre: 'Femenino' },
    ]);
  });

  it('refuses a non-numeric department filter with 422', async () => {
    const res = await t.request('GET', '/api/v1/auth/departamentos?pais_id=abc');
    expect(res.status).toBe(422);
  });
});

describe('register → verify → login', () => {
  it('creates an unverified member who verifies through the e-mailed link and then signs in', async () => {
    const body = await validBody();
    const res = await t.request('POST', '/api/v1/auth/register', { body });
    expect(res.status).toBe(201);
    const early = await t.request('POST', '/api/v1/auth/login', {
      body: { email: body.email, password: body.password },
    });
    expect(early.status).toBe(403);
    expect(early.json.message).toBe('Debes verificar tu correo electrónico antes de iniciar sesión');
    const mail = await t.lastMail(body.email);
    const link = linkIn(mail!.body);
    expect(link.startsWith('https://app.example.co/login?verificar=')).toBe(true);
    const token = new URL(link).searchParams.get('verificar');
    expect((await t.request('POST', '/api/v1/auth/verify', { body: { token } })).status).toBe(200);
    expect((await t.request('POST', '/api/v1/auth/verify', { body: { token } })).status).toBe(400);
    const cookie = await t.login(body.email, body.password);
    const perms = await t.request('GET', '/api/v1/auth/permissions', { cookie });
    expect(perms.json.data).toContain('app:general:miinformacionpersonal:view');
    expect(perms.json.data).not.toContain('app:general:configuracion:generales:bancos:view');
  });

  it('answers the same for a known e-mail and mails its owner instead of creating a second account', async () => {
    const known = await t.request('POST', '/api/v1/auth/register', {
      body: await validBody({ user_name: 'otraana' }),
    });
    const fresh = await t.request('POST', '/api/v1/auth/register', {
      body: await validBody({ user_name: 'nuevo1', email: 'nuevo1@example.co' }),
    });
    expect([known.status, known.text]).toEqual([fresh.status, fresh.text]);
    expect((await t.lastMail('ana@example.co'))!.subject).toBe('Intento de registro con tu correo');
  });

  it('resends the verification e-mail with the spec message, known or not', async () => {
    const a = await t.request('POST', '/api/v1/auth/resendVerificationEmail', {
      body: { email: 'nuevo1@example.co' },
    });
    const b = await t.request('POST', '/api/v1/auth/resendVerificationEmail', {
      body: { email: 'nadie@example.co' },
    });
    expect(a.json.message).toBe('Se ha reenviado correctamente el correo de verificacion');
    expect([b.status, b.text]).toEqual([a.status, a.text]);
  });

  it('records the sponsor of /register/{code}', async () => {
    const sponsor = await t.makeUser('padrino');
    const who = await t.request('GET', `/api/v1/auth/referral/${sponsor.referralCode}`);
    expect(who.json.data.user_name).toBe('padrino');
    const res = await t.request('POST', '/api/v1/auth/register', {
      body: await validBody({
        user_name: 'ahijado',
        email: 'ahijado@example.co',
        referral_code: sponsor.referralCode,
      }),
    });
    expect(res.status).toBe(201);
    const row = await t.db.select().from(users).where(eq(users.email, 'ahijado@example.co')).get();
    expect(row!.sponsorId).toBe(sponsor.id);
    const bad = await t.request('POST', '/api/v1/auth/register', {
      body: await validBody({ user_name: 'usr_x1', email: 'x1@example.co', referral_code: 'NOEXISTE' }),
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.referral_code).toEqual(['El código de referido no es válido']);
  });

  it('requires the current terms to be accepted', async () => {
    const res = await t.request('POST', '/api/v1/auth/register', {
      body: await validBody({ user_name: 'usr_x2', email: 'x2@example.co', acepta_terminos: false }),
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.acepta_terminos).toEqual(['Debes aceptar los términos y condiciones vigentes']);
    const old = await t.request('POST', '/api/v1/auth/register', {
      body: await validBody({ user_name: 'usr_x3', email: 'x3@example.co', terminos_id: 999 }),
    });
    expect(old.json.errors.terminos_id).toEqual(['Debes aceptar los términos y condiciones vigentes']);
  });

  it('checks the NIT check digit', async () => {
    const nit = form.tiposIdentificacion.find((x: any) => x.codigo === 'NIT').id;
    const bad = await t.request('POST', '/api/v1/auth/register', {
      body: await validBody({
        user_name: 'usr_x4',
        email: 'x4@example.co',
        tipo_identificacion_id: nit,
        numero_identificacion: '800197268-5',
      }),
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.numero_identificacion[0]).toMatch(/dígito de verificación/);
    const good = await t.request('POST', '/api/v1/auth/register', {
      body: await validBody({
        user_name: 'usr_x4',
        email: 'x4@example.co',
        tipo_identificacion_id: nit,
        numero_identificacion: '800197268-4',
      }),
    });
    expect(good.status).toBe(201);
  });

  it('ignores or refuses fields only the server sets (roles, estado, sponsor)', async () => {
    const res = await t.request('POST', '/api/v1/auth/register', {
      body: {
        ...(await validBody({ user_name: 'usr_x5', email: 'x5@example.co' })),
        roles: ['ADMINISTRADOR'],
        sponsor_id: 1,
        activo: false,
      },
    });
    expect(res.status).toBe(201);
    const row = await t.db.select().from(users).where(eq(users.email, 'x5@example.co')).get();
    expect(row!.sponsorId).toBeNull();
    expect(row!.activo).toBe(true);
  });

  it('gives every missing field the spec message', async () => {
    const res = await t.request('POST', '/api/v1/auth/register', { body: {} });
    expect(res.status).toBe(422);
    expect(res.json.errors.nombres).toEqual(['Este campo es requerido']);
    expect(res.json.errors.email).toEqual(['Este campo es requerido']);
  });
});
