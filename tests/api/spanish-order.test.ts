// Spanish order everywhere (issue 25 item 4, decision 0150): grids, autocompletes, the
// registration selects and the Excel export sort names as a Spanish reader expects — Bélgica
// before Bután, México before Myanmar, Árabe among the A's, ñ after n — on both runtimes, by the
// stored sort key written with the name.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { paises } from '../../worker/db/schema';
import { seedReferenceData } from '../../worker/modules/resources/reference-seed';
import { backfillSortKeys } from '../../worker/platform/sort-keys';
import { compareSpanish } from '../../worker/shared/spanish-order';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
let admin: string;

const PAISES = '/api/v1/general/divisionPolitica/paises';
const IDIOMAS = '/api/v1/miperfil/idiomas';
const SERVICIOS = '/api/v1/miperfil/servicios';

async function allNames(url: string, dir: 'asc' | 'desc' = 'asc', field = 'nombre'): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const qs = new URLSearchParams({
      page: String(page),
      perPage: '100',
      sorts: JSON.stringify({ [field]: dir }),
    });
    const res = await t.request('GET', `${url}?${qs}`, { cookie: admin });
    expect(res.status, res.text).toBe(200);
    names.push(...res.json.data.map((r: Record<string, string>) => r[field]));
    if (names.length >= res.json.total) return names;
  }
}

const before = (list: string[], a: string, b: string) => {
  expect(list).toContain(a);
  expect(list).toContain(b);
  expect(list.indexOf(a), `${a} before ${b}`).toBeLessThan(list.indexOf(b));
};

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  await seedReferenceData(t.db, t.clock.now());
});

describe('Spanish order in grids', () => {
  it('sorts the countries grid by name as Spanish readers do, over all its pages', async () => {
    const names = await allNames(PAISES);
    expect(names).toHaveLength(250);
    before(names, 'Bélgica', 'Belice');
    before(names, 'Bélgica', 'Bután');
    before(names, 'México', 'Myanmar');
    before(names, 'Islas Åland', 'Islas Caimán');
    expect(names).toEqual([...names].sort(new Intl.Collator('es').compare));
    expect(names).toEqual([...names].sort(compareSpanish));
    // Descending is the exact reverse.
    expect(await allNames(PAISES, 'desc')).toEqual([...names].reverse());
  });

  it('keeps Árabe among the A’s of the languages', async () => {
    const names = await allNames(IDIOMAS);
    const firstB = names.findIndex((n) => n.startsWith('B'));
    expect(names.indexOf('Árabe')).toBeGreaterThan(0);
    expect(names.indexOf('Árabe')).toBeLessThan(firstB);
    before(names, 'Amárico', 'Árabe');
    before(names, 'Árabe', 'Aragonés');
  });

  it('puts ñ after n and before o, and a renamed row moves to its new place', async () => {
    const ids: Record<string, number> = {};
    for (const nombre of ['Oso', 'Ñandú', 'nube', 'Nz', 'ñu', 'Nápoles'])
      ids[nombre] = (await t.request('POST', SERVICIOS, { cookie: admin, body: { nombre } })).json.data.id;
    expect(await allNames(SERVICIOS)).toEqual(['Nápoles', 'nube', 'Nz', 'Ñandú', 'ñu', 'Oso']);
    const res = await t.request('PUT', `${SERVICIOS}/${ids.Oso}`, {
      cookie: admin,
      body: { nombre: 'Ábaco' },
    });
    expect(res.status, res.text).toBe(200);
    expect((await allNames(SERVICIOS))[0]).toBe('Ábaco');
    // The key stays a server detail: rows do not carry it.
    expect(res.json.data).not.toHaveProperty('nombre_orden');
  });

  it('sorts the users grid by names in Spanish order', async () => {
    const names = ['Óscar', 'Nicolás', 'Ñusta', 'oliva', 'Álvaro', 'Bruno'];
    for (const [i, nombres] of names.entries()) {
      const u = await t.makeUser(`orden${i}`);
      const res = await t.request('PUT', `/api/v1/seguridad/users/${u.id}`, {
        cookie: admin,
        body: {
          user_name: u.userName,
          email: u.email,
          nombres,
          apellidos: '',
          activo: true,
          roles: [u.roleId],
        },
      });
      expect(res.status, res.text).toBe(200);
    }
    const qs = new URLSearchParams({
      perPage: '100',
      sorts: JSON.stringify({ nombres: 'asc' }),
      filters: JSON.stringify({ user_name: 'orden' }),
    });
    const res = await t.request('GET', `/api/v1/seguridad/users?${qs}`, { cookie: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.map((u: { nombres: string }) => u.nombres)).toEqual([
      'Álvaro',
      'Bruno',
      'Nicolás',
      'Ñusta',
      'oliva',
      'Óscar',
    ]);
  });
});

describe('Spanish order in autocompletes, selects and exports', () => {
  it('autocomplete lists countries in Spanish order', async () => {
    const res = await t.request('GET', `${PAISES}/autocomplete?q=${encodeURIComponent('b')}`, {
      cookie: admin,
    });
    expect(res.status).toBe(200);
    const labels = res.json.data.map((o: { label: string }) => o.label);
    before(labels, 'Bélgica', 'Bután');
    expect(labels).toEqual([...labels].sort(compareSpanish));
  });

  it('the registration form’s countries select shows Bélgica before Bután', async () => {
    const res = await t.request('GET', '/api/v1/auth/initForm');
    expect(res.status).toBe(200);
    const names = res.json.paises.map((p: { nombre: string }) => p.nombre);
    before(names, 'Bélgica', 'Bután');
    before(names, 'México', 'Myanmar');
  });

  it('the Excel export of countries sorted by name follows Spanish order', async () => {
    const res = await t.fetch(
      `http://localhost${PAISES}/excel?${new URLSearchParams({ sorts: JSON.stringify({ nombre: 'asc' }) })}`,
      { headers: { Cookie: admin } },
    );
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const at = header.indexOf('Nombre') + 1;
    const names: string[] = [];
    sheet.eachRow((row, n) => n > 1 && names.push(String(row.getCell(at).value)));
    expect(names).toHaveLength(250);
    before(names, 'Bélgica', 'Bután');
    before(names, 'México', 'Myanmar');
    expect(names).toEqual([...names].sort(compareSpanish));
  });
});

describe('sort keys written before the column existed', () => {
  it('the startup backfill fills a missing key, and the grid then sorts that row rightly', async () => {
    await t.db.run(sql`update ${paises} set nombre_orden = null where nombre in ('Bélgica', 'Árabe Test')`);
    expect(await backfillSortKeys(t.db)).toBe(1);
    const row = await t.db.all<{ k: string }>(
      sql`select nombre_orden as k from ${paises} where nombre = 'Bélgica'`,
    );
    expect(row[0]!.k).toBe('belgica');
    expect(await backfillSortKeys(t.db)).toBe(0);
  });
});
