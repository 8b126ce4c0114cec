// One test file loops over every registry entry (ARCHITECTURE.md §3).
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../worker/db/schema';
import {
  configPermission,
  CRUD_ACTIONS,
  type CrudAction,
  PERMISSIONS,
} from '../../worker/shared/permissions';
import { RESOURCE_BY_KEY, RESOURCES } from '../../worker/shared/resources';
import { ADMIN, makeApp, type TestApp } from '../setup/app';
import { pool } from '../setup/pool';
import { validBody } from '../setup/resource-bodies';

const CATALOGUE = PERMISSIONS.map((p) => p.code);

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

  it('reads rows by id through autocomplete?ids=, active or not (a history names them)', async () => {
    const url = '/api/v1/general/bancos';
    const made = await t.request('POST', url, {
      cookie: admin,
      body: { codigo: '9001', nombre: 'Banco Retirado' },
    });
    expect(made.status, made.text).toBe(201);
    const bankId = made.json.data.id;
    await t.request('PUT', `${url}/toggle`, { cookie: admin, body: { id: bankId, value: false } });
    // The select's list leaves a deactivated bank out; the labels read names it.
    const offered = (await t.request('GET', `${url}/autocomplete`, { cookie: member })).json.data;
    expect(offered.some((r: any) => r.id === bankId)).toBe(false);
    const res = await t.request('GET', `${url}/autocomplete?ids=${bankId},${bankId}`, { cookie: member });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([{ id: bankId, label: 'Banco Retirado' }]);
    // An id with no row is simply absent.
    expect((await t.request('GET', `${url}/autocomplete?ids=999999`, { cookie: member })).json.data).toEqual(
      [],
    );
    for (const bad of ['', 'x', '0', '1,,2', '-3'])
      expect((await t.request('GET', `${url}/autocomplete?ids=${bad}`, { cookie: member })).json).toEqual({
        message: 'El campo es inválido',
      });
    const many = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    const tooMany = await t.request('GET', `${url}/autocomplete?ids=${many}`, { cookie: member });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.message).toBe('Pide como máximo 200 registros a la vez.');
    expect((await t.request('GET', `${url}/autocomplete?ids=${bankId}`)).status).toBe(401);
  });

  it('filters by a Bogotá date range (UTC−5), both ends inclusive', async () => {
    const url = '/api/v1/catalogo/categoriasproductos';
    // Rows on each side of the two edges of Bogotá's 15 November (05:00 UTC to 05:00 UTC next day).
    const at: [string, string][] = [
      ['Rango 14 tarde', '2026-11-15T04:59:59.999Z'], // 14 Nov 23:59:59.999 in Bogotá
      ['Rango 15 temprano', '2026-11-15T05:00:00.000Z'], // 15 Nov 00:00 in Bogotá
      ['Rango 15 mediodia', '2026-11-15T17:00:00.000Z'],
      ['Rango 15 tarde', '2026-11-16T04:59:59.999Z'], // 15 Nov 23:59:59.999 in Bogotá
      ['Rango 16 temprano', '2026-11-16T05:00:00.000Z'], // 16 Nov 00:00 in Bogotá
    ];
    const was = t.clock.now();
    const adminId = (await t.db.select().from(users).where(eq(users.email, ADMIN.email)).get())!.id;
    for (const [nombre, iso] of at) {
      t.clock.set(Date.parse(iso));
      // A session of that moment (the day spans more than a session's 8 hours).
      const cookie = await t.sessionCookie(adminId);
      const res = await t.request('POST', url, { cookie, body: { nombre, activo: true } });
      expect(res.status, res.text).toBe(201);
    }
    t.clock.set(was);
    const names = async (created_at: object) => {
      const filters = JSON.stringify({ nombre: 'Rango', created_at });
      const res = await t.request('GET', `${url}?perPage=20&filters=${encodeURIComponent(filters)}`, {
        cookie: admin,
      });
      expect(res.status, res.text).toBe(200);
      expect(res.json.total).toBe(res.json.data.length);
      return res.json.data.map((r: { nombre: string }) => r.nombre).sort();
    };
    const DAY_15 = ['Rango 15 mediodia', 'Rango 15 tarde', 'Rango 15 temprano'];
    expect(await names({ from: '2026-11-15', to: '2026-11-15' })).toEqual(DAY_15);
    expect(await names({ from: '2026-11-15' })).toEqual([...DAY_15, 'Rango 16 temprano'].sort());
    expect(await names({ to: '2026-11-15' })).toEqual(['Rango 14 tarde', ...DAY_15].sort());
    expect(await names({ from: '2026-11-16' })).toEqual(['Rango 16 temprano']);
    expect(await names({ to: '2026-11-14' })).toEqual(['Rango 14 tarde']);
    expect(await names({ from: '2026-11-17' })).toEqual([]);
    expect(await names({})).toHaveLength(at.length);
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
      "select entity, count(*) as n from state_history where entity like 'exportacion:%' group by entity",
    );
    const counts = Object.fromEntries(rows.rows.map((r) => [String(r.entity), Number(r.n)]));
    // Each entry's export above, once, under its own name.
    for (const def of RESOURCES) expect(counts[`exportacion:${def.key}`], def.key).toBe(1);
  });

  it('declares the configuration permissions of every entry, app:general:configuracion:{area}:{section}:{action}', () => {
    for (const def of RESOURCES) {
      expect(def.section, def.key).toMatch(/^[a-z]+:[a-z]+$/);
      for (const action of Object.keys(CRUD_ACTIONS) as CrudAction[]) {
        const code = configPermission(def.section, action);
        expect(code).toBe(`app:general:configuracion:${def.section}:${action}`);
        expect(code).toMatch(
          /^app:general:configuracion:[a-z]+:[a-z]+:(view|new|edit|delete|export|import)$/,
        );
        expect(CATALOGUE, code).toContain(code);
      }
    }
  });

  // The list route asks for exactly that permission: the view permission of its own section opens
  // it, and the view permission of another section (or its own section's other actions) does not.
  it('opens each list with its own view permission only', async () => {
    const wrong: string[] = [];
    await pool(RESOURCES.length, 6, async (i) => {
      const def = RESOURCES[i]!;
      const other = RESOURCES[(i + 1) % RESOURCES.length]!;
      const own = (await t.makeUser(`vista${i}`, [configPermission(def.section, 'view')])).session();
      const others = (
        await t.makeUser(`ajena${i}`, [
          configPermission(other.section, 'view'),
          configPermission(def.section, 'new'),
          configPermission(def.section, 'edit'),
        ])
      ).session();
      const url = `/api/v1${def.endpoint}?perPage=10`;
      const [a, b] = [
        await t.request('GET', url, { cookie: await own }),
        await t.request('GET', url, { cookie: await others }),
      ];
      if (a.status !== 200 || b.status !== 403) wrong.push(`${def.key}: own ${a.status}, other ${b.status}`);
    });
    expect(wrong).toEqual([]);
  });
});
