// The administrator's first-run checklist: member catalogues (registry entries flagged `firstRun`)
// with no active row, each with its route, only those the caller may maintain.
import { beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../worker/db/schema';
import { seedReferenceData } from '../../worker/modules/resources/reference-seed';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
let admin: string;
const pending = async (cookie: string) =>
  (await t.request('GET', '/api/v1/reports/checklist', { cookie })).json.data.pendientes.map(
    (p: any) => p.key,
  );

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
});

describe('first-run checklist', () => {
  it('names every empty member catalogue with its link; what the migrations load is not listed', async () => {
    const res = await t.request('GET', '/api/v1/reports/checklist', { cookie: admin });
    expect(res.status).toBe(200);
    const keys = res.json.data.pendientes.map((p: any) => p.key);
    expect(keys).toEqual(
      expect.arrayContaining(['parentesco', 'metodosdepago', 'bancos', 'ojos', 'servicios', 'idioma']),
    );
    expect(keys).not.toContain('paises');
    expect(keys).not.toContain('tiposidentificacion');
    // Empty too, but no member screen reads them: their entries carry no `firstRun`.
    expect(keys).not.toContain('tiposusuario');
    expect(keys).not.toContain('ayudasgraficas');
    expect(res.json.data.pendientes.find((p: any) => p.key === 'parentesco')).toEqual({
      key: 'parentesco',
      label: 'Parentescos',
      route: '/app/configuracion/generales/parentesco',
      usado_en: 'Beneficiarios',
      requerido: true,
    });
  });

  it('after the reference data only the service catalogues are left to the administrator', async () => {
    await seedReferenceData(t.db, t.clock.now());
    const keys = await pending(admin);
    for (const k of [
      'parentesco',
      'metodosdepago',
      'bancos',
      'ojos',
      'idioma',
      'redes',
      'criptomoneda',
      'ciudades',
      'etnia',
      'orientacionessexuales',
      'identidadessexuales',
    ])
      expect(keys).not.toContain(k);
    expect(keys).toEqual(
      expect.arrayContaining([
        'servicios',
        'tiposdemasajes',
        'clasificacionusuarios',
        'tipossuscripciones',
        'productos',
      ]),
    );
    await t.request('POST', '/api/v1/miperfil/servicios', {
      cookie: admin,
      body: { nombre: 'Acompañamiento' },
    });
    expect(await pending(admin)).not.toContain('servicios');
  });

  it('shows a member nothing and a bank clerk only banks', async () => {
    const member = await t.makeUser('miembro');
    await t.db.insert(userRoles).values({ userId: member.id, roleId: await t.memberRoleId() });
    expect(await pending(await member.cookie())).toEqual([]);
    const clerk = await t.makeUser('cajero', ['app:general:configuracion:generales:bancos:view']);
    const bankRows = (await t.request('GET', '/api/v1/general/bancos?perPage=100', { cookie: admin })).json
      .data;
    for (const b of bankRows)
      await t.request('PUT', '/api/v1/general/bancos/toggle', {
        cookie: admin,
        body: { id: b.id, value: false },
      });
    expect(await pending(await clerk.cookie())).toEqual(['bancos']);
  });
});
