// Issue 4: the member's own data — validation with Spanish messages, ownership, files.
import { beforeAll, describe, expect, it } from 'vitest';
import { P } from '../../worker/shared/permissions';
import { ADMIN, makeApp, ORIGIN, type TestApp } from '../setup/app';
import { png } from '../setup/files';

let t: TestApp;
let admin: string;
let a: { id: number; cookie: string };
let b: { id: number; cookie: string };
const ids: Record<string, number> = {};
const MEMBER = [P.miInformacionPersonal, P.perfil];

const create = (endpoint: string, body: object) => t.createRow(endpoint, body, admin);

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  const ua = await t.makeUser('miembroa', MEMBER);
  const ub = await t.makeUser('miembrob', MEMBER);
  a = { id: ua.id, cookie: await ua.session() };
  b = { id: ub.id, cookie: await ub.session() };
  const form = (await t.request('GET', '/api/v1/auth/initForm')).json;
  ids.co = form.paises[0].id;
  ids.cc = form.tiposIdentificacion.find((x: any) => x.codigo === 'CC').id;
  ids.nit = form.tiposIdentificacion.find((x: any) => x.codigo === 'NIT').id;
  const deps = (await t.request('GET', `/api/v1/auth/departamentos?pais_id=${ids.co}`)).json.data;
  ids.ant = deps.find((d: any) => d.nombre === 'Antioquia').id;
  ids.valle = deps.find((d: any) => d.nombre === 'Valle del Cauca').id;
  ids.med = (await t.request('GET', `/api/v1/auth/ciudades?departamento_id=${ids.ant}`)).json.data.find(
    (c: any) => c.nombre === 'Medellín',
  ).id;
  ids.hija = await create('/general/parentescos', { nombre: 'Hija' });
  ids.banco = await create('/general/bancos', { codigo: '007', nombre: 'Bancolombia' });
  ids.cuenta = await create('/general/metodosdepago', {
    nombre: 'Transferencia bancaria',
    tipo: 'CUENTA_BANCARIA',
  });
  ids.cripto = await create('/general/metodosdepago', { nombre: 'Cripto', tipo: 'CRIPTOMONEDA' });
  ids.usdt = await create('/miperfil/criptomonedas', { codigo: 'USDT', nombre: 'Tether', red: 'TRC20' });
  ids.ojos = await create('/miperfil/ojos', { nombre: 'Cafés' });
  ids.masaje = await create('/miperfil/tiposmasajes', { nombre: 'Relajante' });
  ids.es = await create('/miperfil/idiomas', { nombre: 'Español' });
  ids.ig = await create('/miperfil/redes', { nombre: 'Instagram' });
});

const personal = (over: object = {}) => ({
  nombres: 'Ana',
  apellidos: 'Gómez',
  tipo_identificacion_id: ids.cc,
  numero_identificacion: '1020304050',
  fecha_nacimiento: '1990-05-20',
  genero: 'F',
  celular: '3001234567',
  pais_id: ids.co,
  departamento_id: ids.ant,
  ciudad_id: ids.med,
  direccion: 'Calle 10 # 43-12',
  nivel_educativo_id: null,
  ...over,
});

describe('personal information', () => {
  it('saves and reads back the member’s own data', async () => {
    const res = await t.request('PUT', '/api/v1/general/miinformacion', {
      cookie: a.cookie,
      body: personal(),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toBe('Registro actualizado correctamente');
    const got = await t.request('GET', '/api/v1/general/miinformacion', { cookie: a.cookie });
    expect(got.json.data).toMatchObject({
      nombres: 'Ana',
      genero: 'F',
      ciudad_id: ids.med,
      fecha_nacimiento: '1990-05-20',
    });
  });

  it('refuses minors, a wrong NIT digit, a city of another department and a bad gender, in Spanish', async () => {
    const minor = await t.request('PUT', '/api/v1/general/miinformacion', {
      cookie: a.cookie,
      body: personal({ fecha_nacimiento: '2010-01-01' }),
    });
    expect(minor.status).toBe(422);
    expect(minor.json.errors.fecha_nacimiento).toEqual(['Debes ser mayor de edad (18 años o más)']);
    const nit = await t.request('PUT', '/api/v1/general/miinformacion', {
      cookie: a.cookie,
      body: personal({ tipo_identificacion_id: ids.nit, numero_identificacion: '800197268-5' }),
    });
    expect(nit.json.errors.numero_identificacion[0]).toMatch(/dígito de verificación/);
    const city = await t.request('PUT', '/api/v1/general/miinformacion', {
      cookie: a.cookie,
      body: personal({ departamento_id: ids.valle }),
    });
    expect(city.json.errors.ciudad_id).toEqual(['El campo es inválido']);
    const gender = await t.request('PUT', '/api/v1/general/miinformacion', {
      cookie: a.cookie,
      body: personal({ genero: 'X' }),
    });
    expect(gender.status).toBe(422);
    const empty = await t.request('PUT', '/api/v1/general/miinformacion', { cookie: a.cookie, body: {} });
    expect(empty.json.errors.nombres).toEqual(['Este campo es requerido']);
  });

  it('stores the photo shown in the drawer', async () => {
    const form = new FormData();
    form.set('file', png());
    const res = await t.fetch(`${ORIGIN}/api/v1/general/miinformacion/foto`, {
      method: 'POST',
      body: form,
      headers: { Cookie: a.cookie, Origin: ORIGIN },
    });
    expect(res.status).toBe(200);
    const s = await t.request('GET', '/api/v1/auth/session', { cookie: a.cookie });
    expect(s.json.user.photo_url).toMatch(new RegExp(`^/api/v1/seguridad/users/image/${a.id}\\?v=\\d+$`));
  });
});

describe('beneficiaries', () => {
  it('keeps the percentages at most 100 % in total', async () => {
    const body = {
      nombre: 'Laura Gómez',
      numero_identificacion: '1122334455',
      parentesco_id: ids.hija,
      porcentaje: 6000,
    };
    expect(
      (await t.request('POST', '/api/v1/general/beneficiarios', { cookie: a.cookie, body })).status,
    ).toBe(201);
    const over = await t.request('POST', '/api/v1/general/beneficiarios', {
      cookie: a.cookie,
      body: { ...body, nombre: 'Otro', porcentaje: 4001 },
    });
    expect(over.status).toBe(422);
    expect(over.json.errors.porcentaje).toEqual([
      'La suma de los porcentajes de los beneficiarios no puede superar 100 %',
    ]);
    expect(
      (
        await t.request('POST', '/api/v1/general/beneficiarios', {
          cookie: a.cookie,
          body: { ...body, nombre: 'Otro', porcentaje: 4000 },
        })
      ).status,
    ).toBe(201);
    const list = await t.request('GET', '/api/v1/general/beneficiarios', { cookie: a.cookie });
    expect(list.json.data.map((x: any) => x.porcentaje)).toEqual([6000, 4000]);
    expect(list.json.data[0].parentesco).toBe('Hija');
  });

  it('answers 404 when B touches A’s beneficiary, and changes nothing', async () => {
    const mine = (await t.request('GET', '/api/v1/general/beneficiarios', { cookie: a.cookie })).json.data[0];
    expect(
      (
        await t.request('PUT', `/api/v1/general/beneficiarios/${mine.id}`, {
          cookie: b.cookie,
          body: { nombre: 'X', numero_identificacion: '123456', parentesco_id: ids.hija, porcentaje: 100 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.request('DELETE', `/api/v1/general/beneficiarios/${mine.id}`, { cookie: b.cookie })).status,
    ).toBe(404);
    expect(
      (await t.request('GET', '/api/v1/general/beneficiarios', { cookie: a.cookie })).json.data[0].nombre,
    ).toBe('Laura Gómez');
    expect((await t.request('GET', '/api/v1/general/beneficiarios', { cookie: b.cookie })).json.data).toEqual(
      [],
    );
  });
});

describe('payment information', () => {
  it('requires the fields the method needs and clears the others', async () => {
    const missing = await t.request('PUT', '/api/v1/general/informacionpago', {
      cookie: a.cookie,
      body: { metodo_pago_id: ids.cuenta },
    });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.json.errors).sort()).toEqual([
      'banco_id',
      'numero_cuenta',
      'tipo_cuenta',
      'titular',
    ]);
    // A bank account number is digits only (the payout file carries it as typed), 6 to 20.
    for (const numero of ['abc-123', '1234-5678', '12345', '1'.repeat(21)]) {
      const bad = await t.request('PUT', '/api/v1/general/informacionpago', {
        cookie: a.cookie,
        body: {
          metodo_pago_id: ids.cuenta,
          banco_id: ids.banco,
          tipo_cuenta: 'AH',
          numero_cuenta: numero,
          titular: 'Ana',
        },
      });
      expect(bad.status, numero).toBe(422);
      expect(bad.json.errors).toEqual({
        numero_cuenta: ['El número de cuenta bancaria solo lleva dígitos (entre 6 y 20)'],
      });
    }
    const ok = await t.request('PUT', '/api/v1/general/informacionpago', {
      cookie: a.cookie,
      body: {
        metodo_pago_id: ids.cuenta,
        banco_id: ids.banco,
        tipo_cuenta: 'AH',
        numero_cuenta: '12345678901',
        titular: 'Ana Gómez',
        direccion_billetera: 'TXYZ',
      },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.data).toMatchObject({
      tipo_cuenta: 'AH',
      numero_cuenta: '12345678901',
      direccion_billetera: null,
    });
    const crypto = await t.request('PUT', '/api/v1/general/informacionpago', {
      cookie: a.cookie,
      body: {
        metodo_pago_id: ids.cripto,
        criptomoneda_id: ids.usdt,
        direccion_billetera: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
        banco_id: ids.banco,
      },
    });
    expect(crypto.json.data).toMatchObject({
      banco_id: null,
      numero_cuenta: null,
      criptomoneda_id: ids.usdt,
    });
    expect(
      (
        await t.request('PUT', '/api/v1/general/informacionpago', {
          cookie: a.cookie,
          body: {
            metodo_pago_id: ids.cuenta,
            banco_id: ids.banco,
            tipo_cuenta: 'XX',
            numero_cuenta: '1',
            titular: 'x',
          },
        })
      ).status,
    ).toBe(422);
  });
});

describe('profile', () => {
  it('saves profile, physical description, services and locations', async () => {
    const p = await t.request('PUT', '/api/v1/general/perfil', {
      cookie: a.cookie,
      body: {
        nombre_publico: 'Ana G.',
        descripcion: 'Hola',
        idiomas: [ids.es],
        redes: [{ red_id: ids.ig, usuario: '@ana' }],
      },
    });
    expect(p.status, p.text).toBe(200);
    expect(
      (
        await t.request('PUT', '/api/v1/general/perfil/fisica', {
          cookie: a.cookie,
          body: { ojos_id: ids.ojos, estatura_cm: 165, peso_kg: 60 },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request('PUT', '/api/v1/general/perfil/servicios', {
          cookie: a.cookie,
          body: { tiposdemasajes: [ids.masaje] },
        })
      ).status,
    ).toBe(200);
    const loc = await t.request('PUT', '/api/v1/general/perfil/ubicaciones', {
      cookie: a.cookie,
      body: {
        ubicaciones: [{ pais_id: ids.co, departamento_id: ids.ant, ciudad_id: ids.med, zona: 'El Poblado' }],
      },
    });
    expect(loc.status, loc.text).toBe(200);
    const got = (await t.request('GET', '/api/v1/general/perfil', { cookie: a.cookie })).json.data;
    expect(got.perfil).toMatchObject({
      nombre_publico: 'Ana G.',
      idiomas: [ids.es],
      redes: [{ red_id: ids.ig, usuario: '@ana' }],
    });
    expect(got.fisica).toMatchObject({ ojos_id: ids.ojos, estatura_cm: 165 });
    expect(got.servicios.tiposdemasajes).toEqual([ids.masaje]);
    expect(got.ubicaciones[0].zona).toBe('El Poblado');
  });

  it('refuses unknown catalogue ids and out-of-range sizes', async () => {
    const bad = await t.request('PUT', '/api/v1/general/perfil/fisica', {
      cookie: a.cookie,
      body: { ojos_id: 99999, estatura_cm: 20 },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.estatura_cm).toEqual(['La estatura (cm) debe ser mayor o igual a 100']);
    const svc = await t.request('PUT', '/api/v1/general/perfil/servicios', {
      cookie: a.cookie,
      body: { servicios: [99999] },
    });
    expect(svc.json.errors.servicios).toEqual(['El campo es inválido']);
  });

  it('keeps gallery images private to their owner and reviewers', async () => {
    const form = new FormData();
    form.append('files', png('a.png'));
    form.append('files', png('b.png'));
    const up = await t.fetch(`${ORIGIN}/api/v1/general/perfilmedia`, {
      method: 'POST',
      body: form,
      headers: { Cookie: a.cookie, Origin: ORIGIN },
    });
    expect(up.status).toBe(201);
    const gallery = (await up.json()).data;
    expect(gallery.map((g: any) => [g.estado, g.portada])).toEqual([
      ['PENDIENTE', true],
      ['PENDIENTE', false],
    ]);
    expect((await t.fetch(`${ORIGIN}${gallery[0].url}`, { headers: { Cookie: a.cookie } })).status).toBe(200);
    expect((await t.fetch(`${ORIGIN}${gallery[0].url}`, { headers: { Cookie: b.cookie } })).status).toBe(404);
    expect((await t.fetch(`${ORIGIN}${gallery[0].url}`, { headers: { Cookie: admin } })).status).toBe(200);
    expect(
      (await t.request('DELETE', `/api/v1/general/perfilmedia/${gallery[0].id}`, { cookie: b.cookie }))
        .status,
    ).toBe(404);
    expect(
      (
        await t.request('PUT', `/api/v1/general/perfilmedia/${gallery[1].id}/portada`, { cookie: a.cookie })
      ).json.data.map((g: any) => g.portada),
    ).toEqual([false, true]);
  });
});
