// One test file loops over every registry entry (ARCHITECTURE.md §3).
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { configPermission } from '../../worker/shared/permissions';
import { RESOURCE_BY_KEY, RESOURCES } from '../../worker/shared/resources';
import { ADMIN, makeApp, type TestApp } from '../setup/app';
import { validBody } from '../setup/resource-bodies';

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  member = await (await t.makeUser('miembro', ['app:general:miinformacionpersonal:view'])).cookie();
});

async function readWorkbook(bytes: ArrayBuffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes);
  return wb.worksheets[0]!;
}

describe.each(RESOURCES.map((d) => [d.key, d] as const))('resource %s', (_key, def) => {
  const url = `/api/v1${def.endpoint}`;
  let created: Record<string, any>;
  let body: Record<string, unknown>;

  it('creates a row (201) with the spec message', async () => {
    body = await validBody(t, admin, def, RESOURCE_BY_KEY as Map<string, typeof def>);
    const res = await t.request('POST', url, { cookie: admin, body });
    expect(res.status, res.text).toBe(201);
    expect(res.json.message).toBe('Registro creado correctamente');
    created = res.json.data;
    for (const f of def.fields) if (f.kind !== 'bool') expect(created[f.name]).toEqual(body[f.name]);
  });

  it('answers a duplicate with 409 and a Spanish message', async () => {
    const res = await t.request('POST', url, { cookie: admin, body });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(def.uniqueMessage);
  });

  it('answers an empty body with 422 and the spec message on each required field', async () => {
    const res = await t.request('POST', url, { cookie: admin, body: {} });
    expect(res.status).toBe(422);
    for (const f of def.fields.filter((x) => x.required))
      expect(res.json.errors[f.name], f.name).toContain('Este campo es requerido');
  });

  it('lists with paging, a sort and a filter', async () => {
    const sortable = def.columns.find((c) => c.sortable)!;
    const filter = def.filters.find((f) => f.kind === 'text') ?? def.filters[0]!;
    const value =
      filter.kind === 'text'
        ? String(created[filter.field]).slice(0, 6)
        : filter.kind === 'bool'
          ? true
          : filter.kind === 'daterange'
            ? { from: '2020-01-01' }
            : created[filter.field];
    const q = new URLSearchParams({
      page: '1',
      perPage: '10',
      sorts: JSON.stringify({ [sortable.field]: 'desc' }),
      filters: JSON.stringify({ [filter.field]: value }),
    });
    const res = await t.request('GET', `${url}?${q}`, { cookie: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.json.total).toBeGreaterThanOrEqual(1);
    expect(res.json.data.length).toBeLessThanOrEqual(10);
    expect(res.json.data.some((r: any) => r.id === created.id)).toBe(true);
  });

  it('refuses an unknown sort or filter key, and SQL in either, with 422', async () => {
    for (const q of <Record<string, string>[]>[
      { sorts: JSON.stringify({ password_hash: 'asc' }) },
      { filters: JSON.stringify({ nope: 'x' }) },
      { sorts: JSON.stringify({ 'id; DROP TABLE users; --': 'asc' }) },
      { sorts: JSON.stringify({ id: 'asc, (select 1)' }) },
      { filters: '{not json' },
      { perPage: '7' },
    ]) {
      const res = await t.request('GET', `${url}?${new URLSearchParams(q)}`, { cookie: admin });
      expect(res.status, JSON.stringify(q)).toBe(422);
    }
    expect((await t.request('GET', `${url}?perPage=10`, { cookie: admin })).status).toBe(200);
  });

  it('updates a row', async () => {
    const textField = def.fields.find(
      (f) => (f.kind === 'text' || f.kind === 'textarea') && f.name !== 'codigo' && f.name !== 'version',
    )!;
    const res = await t.request('PUT', `${url}/${created.id}`, {
      cookie: admin,
      body: { ...body, [textField.name]: `${body[textField.name]} editado` },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toBe('Registro actualizado correctamente');
    expect(res.json.data[textField.name]).toBe(`${body[textField.name]} editado`);
  });

  it('toggles activo', async () => {
    const res = await t.request('PUT', `${url}/toggle`, {
      cookie: admin,
      body: { id: created.id, value: false },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.activo).toBe(false);
  });

  it('exports a real workbook with the Spanish header row', async () => {
    const res = await t.fetch(
      `http://localhost${url}/excel?${new URLSearchParams({ sorts: JSON.stringify({ id: 'asc' }) })}`,
      { headers: { Cookie: admin } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/spreadsheetml/);
    const sheet = await readWorkbook(await res.arrayBuffer());
    const exported = def.exportColumns ?? def.columns;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(exported.map((c) => c.header));
    expect(sheet.rowCount).toBeGreaterThanOrEqual(2);
  });

  it('refuses a member without the permission (403)', async () => {
    expect((await t.request('GET', url, { cookie: member })).status).toBe(403);
    expect((await t.request('POST', url, { cookie: member, body })).status).toBe(403);
  });

  it('offers active rows by autocomplete to any signed-in user', async () => {
    await t.request('PUT', `${url}/toggle`, { cookie: admin, body: { id: created.id, value: true } });
    const res = await t.request(
      'GET',
      `${url}/autocomplete?q=${encodeURIComponent(String(created[def.labelField]).slice(0, 5))}`,
      { cookie: member },
    );
    expect(res.status).toBe(200);
    expect(res.json.data.some((r: any) => r.id === created.id)).toBe(true);
  });

  it('deletes a row (204) with its permission', async () => {
    const res = await t.request('DELETE', `${url}/${created.id}`, { cookie: admin });
    expect(res.status, res.text).toBe(204);
    expect((await t.request('GET', `${url}/${created.id}`, { cookie: admin })).status).toBe(404);
  });
});

describe('resource rules', () => {
  it('refuses to delete a row in use with 409 and suggests deactivating it', async () => {
    const paises = (
      await t.request(
        'GET',
        '/api/v1/general/divisionPolitica/paises?filters=' +
          encodeURIComponent(JSON.stringify({ codigo: 'CO' })),
        { cookie: admin },
      )
    ).json.data;
    const res = await t.request('DELETE', `/api/v1/general/divisionPolitica/paises/${paises[0].id}`, {
      cookie: admin,
    });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('No se puede eliminar: país está en uso. Puedes desactivarlo en su lugar.');
  });

  it('narrows autocomplete by the parent (cities of a department)', async () => {
    const deps = (
      await t.request('GET', '/api/v1/general/divisionPolitica/departamentos/autocomplete?q=Antioquia', {
        cookie: member,
      })
    ).json.data;
    const res = await t.request(
      'GET',
      `/api/v1/general/divisionPolitica/ciudades/autocomplete?departamento_id=${deps[0].id}`,
      { cookie: member },
    );
    expect(res.json.data.map((c: any) => c.label)).toEqual(['Bello', 'Envigado', 'Itagüí', 'Medellín']);
  });

  it('filters by a Bogotá date range, end inclusive', async () => {
    const res = await t.request(
      'GET',
      `/api/v1/catalogo/categoriasproductos?filters=${encodeURIComponent(JSON.stringify({ created_at: { from: '2026-11-15', to: '2026-11-15' } }))}`,
      { cookie: admin },
    );
    expect(res.status).toBe(200);
    const none = await t.request(
      'GET',
      `/api/v1/catalogo/categoriasproductos?filters=${encodeURIComponent(JSON.stringify({ created_at: { from: '2026-11-16' } }))}`,
      { cookie: admin },
    );
    expect(none.json.total).toBe(0);
    expect(res.json.total).toBeGreaterThanOrEqual(0);
  });

  // A list's statements are compiled once per shape and reused (decision 0017): a later request
  // with the same filters and sorts must still get its own values' rows, never the first one's.
  it('answers each list request with its own filter values and sort when the shape repeats', async () => {
    const url = '/api/v1/general/bancos';
    const day = (d: string) => Date.parse(`${d}T17:00:00Z`); // noon in Bogotá
    const made: Record<string, number> = {};
    for (const [codigo, nombre, activo, d] of [
      ['FX1', 'Filtro Alfa', true, '2026-03-01'],
      ['FX2', 'Filtro Beta', false, '2026-03-02'],
      ['FX3', 'Filtro Gama', true, '2026-03-03'],
    ] as const) {
      t.clock.set(day(d));
      const res = await t.request('POST', url, { cookie: admin, body: { codigo, nombre, activo } });
      expect(res.status, res.text).toBe(201);
      made[nombre] = res.json.data.id;
    }
    const names = async (filters: object, sorts: object = { nombre: 'asc' }) => {
      const q = new URLSearchParams({
        page: '1',
        perPage: '10',
        sorts: JSON.stringify(sorts),
        filters: JSON.stringify(filters),
      });
      const res = await t.request('GET', `${url}?${q}`, { cookie: admin });
      expect(res.status, res.text).toBe(200);
      expect(res.json.total).toBe(res.json.data.length);
      return res.json.data.map((r: { nombre: string }) => r.nombre);
    };
    expect(await names({ nombre: 'Filtro Alfa' })).toEqual(['Filtro Alfa']);
    expect(await names({ nombre: 'Filtro Beta' })).toEqual(['Filtro Beta']);
    expect(await names({ nombre: 'Filtro', activo: true })).toEqual(['Filtro Alfa', 'Filtro Gama']);
    expect(await names({ nombre: 'Filtro', activo: false })).toEqual(['Filtro Beta']);
    expect(await names({ nombre: 'Filtro' }, { nombre: 'desc' })).toEqual([
      'Filtro Gama',
      'Filtro Beta',
      'Filtro Alfa',
    ]);
    expect(await names({ nombre: 'Filtro', created_at: { from: '2026-03-02' } })).toEqual([
      'Filtro Beta',
      'Filtro Gama',
    ]);
    expect(await names({ nombre: 'Filtro', created_at: { from: '2026-03-03' } })).toEqual(['Filtro Gama']);
    expect(await names({ nombre: 'Filtro', created_at: { to: '2026-03-01' } })).toEqual(['Filtro Alfa']);
    expect(await names({ nombre: 'Filtro', created_at: { from: '2026-03-02', to: '2026-03-02' } })).toEqual([
      'Filtro Beta',
    ]);
    // A reference filter (the cities of one department, then of another).
    const cities = async (departamento_id: number) => {
      const q = new URLSearchParams({ perPage: '100', filters: JSON.stringify({ departamento_id }) });
      const res = await t.request('GET', `/api/v1/general/divisionPolitica/ciudades?${q}`, { cookie: admin });
      return res.json.data.map((c: { departamento_id: number }) => c.departamento_id);
    };
    const deps = (
      await t.request('GET', '/api/v1/general/divisionPolitica/departamentos?perPage=100', { cookie: admin })
    ).json.data.map((d: { id: number }) => d.id);
    const [a, b] = [await cities(deps[0]), await cities(deps[1])];
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect(new Set(a)).toEqual(new Set([deps[0]]));
    expect(new Set(b)).toEqual(new Set([deps[1]]));
  });

  it('keeps one current version of the terms', async () => {
    const url = '/api/v1/general/terminosYCondiciones';
    const res = await t.request('POST', url, {
      cookie: admin,
      body: { version: '2.0', titulo: 'Términos 2', contenido: 'Texto', vigente: true },
    });
    expect(res.status).toBe(201);
    const all = (
      await t.request('GET', `${url}?filters=${encodeURIComponent(JSON.stringify({ vigente: true }))}`, {
        cookie: admin,
      })
    ).json;
    expect(all.data.map((r: any) => r.version)).toEqual(['2.0']);
    expect((await t.request('GET', '/api/v1/auth/initForm')).json.terminos.version).toBe('2.0');
  });

  it('records every export in the audit history', async () => {
    const rows = await t.client.execute(
      "select count(*) as n from state_history where entity like 'exportacion:%'",
    );
    expect(Number(rows.rows[0]!.n)).toBeGreaterThanOrEqual(RESOURCES.length);
  });

  it('declares a configuration permission for every entry', () => {
    for (const def of RESOURCES)
      expect(configPermission(def.section, 'view')).toMatch(/^app:general:configuracion:/);
  });
});
