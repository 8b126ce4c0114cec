// First-start reference catalogues: loaded once, readable through the registry API, and never
// overwriting or resurrecting what an administrator changed.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../worker/modules/resources/reference-seed';
import { DIVIPOLA_MUNICIPALITIES } from '../../worker/platform/reference-data/divipola';
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

  it('loads every DIVIPOLA municipality under its department, keeping the names migration 0001 gave', async () => {
    const ciudades = await list('/general/divisionPolitica/ciudades');
    expect(ciudades.total).toBe(DIVIPOLA_MUNICIPALITIES.length);
    expect(ciudades.total).toBeGreaterThanOrEqual(1120);
    expect((await list('/general/divisionPolitica/departamentos')).total).toBe(33);
    const dep = async (codigo: string) =>
      (await list('/general/divisionPolitica/departamentos', { codigo })).data[0];
    const antioquia = await dep('05');
    const cities: [string, string][] = [
      ['05001', 'Medellín'],
      ['11001', 'Bogotá, D.C.'],
      ['76001', 'Santiago de Cali'],
      ['08001', 'Barranquilla'],
      ['13001', 'Cartagena de Indias'],
      // From the DIVIPOLA file: a municipality, a later one, a non-municipalised area.
      ['05002', 'Abejorral'],
      ['23682', 'San José de Uré'],
      ['91263', 'El Encanto'],
    ];
    for (const [codigo, nombre] of cities) {
      const rows = (await list('/general/divisionPolitica/ciudades', { codigo })).data;
      expect(rows.map((r: any) => r.nombre)).toEqual([nombre]);
      expect(rows[0].departamento_id).toBe((await dep(codigo.slice(0, 2))).id);
    }
    // Antioquia: 125 municipalities, all reachable from its select (autocomplete by department).
    const antioquiaCities = await t.request(
      'GET',
      `/api/v1/general/divisionPolitica/ciudades/autocomplete?departamento_id=${antioquia.id}`,
      { cookie: admin },
    );
    expect(antioquiaCities.status).toBe(200);
    expect(antioquiaCities.json.data).toHaveLength(125);
  });

  it("loads DANE's ethnic, sexual-orientation and gender-identity categories with their source", async () => {
    const names = async (path: string) => (await list(path)).data.map((r: any) => r.nombre).sort();
    expect(await names('/miperfil/etnias')).toEqual(
      [
        'Indígena',
        'Gitano(a) o Rrom',
        'Raizal del Archipiélago de San Andrés, Providencia y Santa Catalina',
        'Palenquero(a) de San Basilio',
        'Negro(a), mulato(a), afrodescendiente, afrocolombiano(a)',
        'Ningún grupo étnico',
      ].sort(),
    );
    expect((await list('/miperfil/etnias', { nombre: 'Indígena' })).data[0].descripcion).toContain(
      'DANE, Censo Nacional de Población y Vivienda 2018',
    );
    expect(await names('/miperfil/orientacionessexuales')).toEqual(
      ['Heterosexual', 'Gay o lesbiana', 'Bisexual', 'Otra'].sort(),
    );
    expect(await names('/miperfil/identidadessexuales')).toEqual(
      ['Masculino', 'Femenino', 'Transgénero masculino', 'Transgénero femenino', 'Otro'].sort(),
    );
    expect((await list('/miperfil/identidadessexuales', { nombre: 'Otro' })).data[0].descripcion).toContain(
      'DANE, Encuesta Nacional de Consumo de Sustancias Psicoactivas 2019',
    );
    // What a user type is stays the administrator's (docs/decisions/0075).
    expect((await list('/general/tiposusuarios')).total).toBe(0);
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
    expect((await list('/general/divisionPolitica/ciudades')).total).toBe(DIVIPOLA_MUNICIPALITIES.length);
  });
});
