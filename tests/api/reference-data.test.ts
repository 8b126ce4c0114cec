// First-start reference catalogues: loaded once, readable through the registry API, and never
// overwriting or resurrecting what an administrator changed.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../worker/modules/resources/reference-seed';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
let admin: string;
const list = async (path: string, filters: Record<string, unknown> = {}) =>
  (
    await t.request(
      'GET',
      `/api/v1${path}?perPage=100&filters=${encodeURIComponent(JSON.stringify(filters))}`,
      { cookie: admin },
    )
  ).json;

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  await seedReferenceData(t.db, t.clock.now());
});

describe('reference data on first start', () => {
  it('loads countries in Spanish, currencies with only COP, USD and EUR active, languages, banks and the member catalogues', async () => {
    expect((await list('/general/divisionPolitica/paises')).total).toBe(250);
    expect((await list('/general/divisionPolitica/paises', { codigo: 'DE' })).data[0].nombre).toBe(
      'Alemania',
    );
    const monedas = await list('/general/monedas', { activo: true });
    expect(monedas.data.map((m: any) => m.codigo).sort()).toEqual(['COP', 'EUR', 'USD']);
    expect((await list('/general/monedas')).total).toBeGreaterThan(170);
    expect((await list('/miperfil/idiomas', { nombre: 'Español' })).data[0].descripcion).toBe(
      'ISO 639-1: es',
    );
    expect((await list('/general/bancos', { codigo: '007' })).data[0].nombre).toBe('Bancolombia');
    expect((await list('/general/parentescos')).data.map((p: any) => p.nombre)).toContain('Madre');
    expect((await list('/general/metodosdepago')).data.map((m: any) => m.tipo).sort()).toEqual([
      'BILLETERA',
      'CRIPTOMONEDA',
      'CUENTA_BANCARIA',
    ]);
    for (const path of [
      '/miperfil/criptomonedas',
      '/miperfil/redes',
      '/miperfil/ojos',
      '/miperfil/cabellos',
      '/miperfil/cuerpos',
      '/miperfil/pieles',
    ])
      expect((await list(path)).total).toBeGreaterThan(3);
    // Catalogues that describe services are the administrator's.
    expect((await list('/miperfil/servicios')).total).toBe(0);
  });

  it('a second start keeps an edited row, does not bring back a deleted one and adds nothing', async () => {
    const banco = (await list('/general/bancos', { codigo: '001' })).data[0];
    expect(
      (
        await t.request('PUT', `/api/v1/general/bancos/${banco.id}`, {
          cookie: admin,
          body: { codigo: '001', nombre: 'Banco de Bogotá S.A.', activo: true },
        })
      ).status,
    ).toBe(200);
    const otro = (await list('/general/parentescos', { nombre: 'Otro' })).data[0];
    expect(
      (await t.request('DELETE', `/api/v1/general/parentescos/${otro.id}`, { cookie: admin })).status,
    ).toBe(204);
    const before = (await list('/general/parentescos')).total;
    expect(await seedReferenceData(t.db, t.clock.now())).toEqual([]);
    expect((await list('/general/bancos', { codigo: '001' })).data[0].nombre).toBe('Banco de Bogotá S.A.');
    expect((await list('/general/parentescos')).total).toBe(before);
    expect((await list('/general/parentescos', { nombre: 'Otro' })).total).toBe(0);
    expect((await list('/general/divisionPolitica/paises')).total).toBe(250);
  });
});
