// Import into a registry table from .xlsx or .csv: preview with row-by-row Spanish errors, dry run,
// insert-or-update by the table's unique key in one transaction, permission per resource.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
let admin: string;

const form = (file: File) => {
  const f = new FormData();
  f.append('file', file);
  return f;
};
const importFile = (path: string, file: File, apply = false, cookie = admin) =>
  t.request('POST', `/api/v1${path}/import${apply ? '?aplicar=1' : ''}`, { cookie, raw: form(file) });
const csv = (text: string, name = 'datos.csv') => new File([text], name, { type: 'text/csv' });
const list = async (path: string, filters: Record<string, unknown> = {}) =>
  (
    await t.request(
      'GET',
      `/api/v1${path}?perPage=100&filters=${encodeURIComponent(JSON.stringify(filters))}`,
      { cookie: admin },
    )
  ).json;

/** A workbook as Excel writes it (shared strings), through exceljs. */
async function workbook(rows: (string | number | boolean)[][]): Promise<File> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Hoja 1');
  for (const r of rows) ws.addRow(r);
  const buf = await wb.xlsx.writeBuffer();
  return new File([buf], 'datos.xlsx');
}

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
});

describe('import', () => {
  it('previews a CSV with row-by-row Spanish errors, refuses to apply it, and writes nothing', async () => {
    const file = csv(
      'Código;Nombre;Activo;Sucursal\n001;Banco de Bogotá;Sí;x\n;Sin código;Sí;\n0123456789012345678901;Largo;No;\n001;Repetido;Sí;\n002;Banco Popular;talvez;\n',
    );
    const res = await importFile('/general/bancos', file);
    expect(res.status).toBe(200);
    const r = res.json.data;
    expect(r).toMatchObject({ total: 5, crear: 1, actualizar: 0, aplicado: false, ignoradas: ['Sucursal'] });
    expect(r.columnas).toEqual([
      { encabezado: 'Código', campo: 'Código', nombre: 'codigo' },
      { encabezado: 'Nombre', campo: 'Nombre', nombre: 'nombre' },
      { encabezado: 'Activo', campo: 'Activo', nombre: 'activo' },
    ]);
    expect(r.muestra[0]).toEqual({
      fila: 2,
      accion: 'crear',
      valores: { codigo: '001', nombre: 'Banco de Bogotá', activo: 'Sí' },
    });
    expect(r.errores).toEqual([
      { fila: 3, columna: 'Código', mensaje: 'Este campo es requerido' },
      { fila: 4, columna: 'Código', mensaje: 'Código debe tener máximo 20 caracteres' },
      { fila: 5, columna: 'Código', mensaje: 'Fila repetida: ya aparece en la fila 2' },
      { fila: 6, columna: 'Activo', mensaje: 'El campo es inválido' },
    ]);
    const applied = await importFile('/general/bancos', file, true);
    expect(applied.status).toBe(422);
    expect(applied.json.message).toBe('El archivo tiene 4 errores; corríjalos y vuelva a intentarlo');
    expect((await list('/general/bancos')).total).toBe(0);
  });

  it('names a missing required column and refuses files that are neither xlsx nor csv', async () => {
    const res = await importFile('/general/bancos', csv('Nombre\nBanco X\n'));
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('Falta la columna requerida "Código"');
    const png = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
      'x.png',
    );
    expect((await importFile('/general/bancos', png)).status).toBe(415);
    const broken = await importFile(
      '/general/bancos',
      new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], 'x.xlsx'),
    );
    expect([broken.status, broken.json.message]).toEqual([
      422,
      'El archivo .xlsx está dañado o no es un libro de Excel',
    ]);
  });

  it('inserts, then updates by code, from an Excel workbook; references by code or name', async () => {
    const pais = (await list('/general/divisionPolitica/paises', { codigo: 'CO' })).data[0];
    const first = await workbook([
      ['País', 'Código', 'Nombre', 'Estado'],
      ['CO', '90', 'Departamento de prueba', 'Activo'],
      ['Colombia', '98', 'Otro de prueba', 'Inactivo'],
    ]);
    const dry = await importFile('/general/divisionPolitica/departamentos', first);
    expect(dry.json.data).toMatchObject({ total: 2, crear: 2, actualizar: 0, errores: [] });
    const done = await importFile('/general/divisionPolitica/departamentos', first, true);
    expect(done.status).toBe(200);
    expect(done.json.message).toBe('Importación completada: 2 registros creados y 0 actualizados');
    const rows = (await list('/general/divisionPolitica/departamentos', { codigo: '9' })).data.filter(
      (d: any) => ['90', '98'].includes(d.codigo),
    );
    expect(rows.map((d: any) => [d.pais_id, d.nombre, d.activo])).toEqual([
      [pais.id, 'Departamento de prueba', true],
      [pais.id, 'Otro de prueba', false],
    ]);
    const second = await workbook([
      ['Pais', 'codigo', 'NOMBRE'],
      ['CO', '90', 'Departamento renombrado'],
      ['Narnia', '91', 'X'],
    ]);
    const bad = await importFile('/general/divisionPolitica/departamentos', second);
    expect(bad.json.data.errores).toEqual([
      { fila: 3, columna: 'País', mensaje: '"Narnia" no existe en País' },
    ]);
    const fixed = await workbook([
      ['Pais', 'codigo', 'NOMBRE'],
      ['CO', '90', 'Departamento renombrado'],
    ]);
    const upd = await importFile('/general/divisionPolitica/departamentos', fixed, true);
    expect(upd.json.data).toMatchObject({ crear: 0, actualizar: 1, aplicado: true });
    const after = (await list('/general/divisionPolitica/departamentos', { codigo: '90' })).data[0];
    expect(after).toMatchObject({ nombre: 'Departamento renombrado', activo: true });
  });

  it('takes back its own Excel export (money in pesos, states in words) as updates', async () => {
    const cat = (
      await t.request('POST', '/api/v1/catalogo/categoriasproductos', {
        cookie: admin,
        body: { nombre: 'Kits' },
      })
    ).json.data;
    await t.request('POST', '/api/v1/catalogo/productos', {
      cookie: admin,
      body: { codigo: 'P-1', nombre: 'Kit', categoria_id: cat.id, precio: 4_550_050 },
    });
    const excel = await t.fetch('http://localhost/api/v1/catalogo/productos/excel', {
      headers: { Cookie: admin },
    });
    const file = new File([await excel.arrayBuffer()], 'productos.xlsx');
    const res = await importFile('/catalogo/productos', file, true);
    expect(res.json.data).toMatchObject({ crear: 0, actualizar: 1, errores: [] });
    expect((await list('/catalogo/productos')).data[0]).toMatchObject({
      codigo: 'P-1',
      precio: 4_550_050,
      categoria_id: cat.id,
      activo: true,
    });
    const csvFile = csv('codigo,nombre,categoria,precio\nP-2,"Kit, grande",Kits,"45.500,50"\n');
    const r2 = await importFile('/catalogo/productos', csvFile, true);
    expect(r2.json.data).toMatchObject({ crear: 1, errores: [] });
    expect((await list('/catalogo/productos', { codigo: 'P-2' })).data[0]).toMatchObject({
      nombre: 'Kit, grande',
      precio: 4_550_050,
    });
  });

  it('imports 5,000 rows in one transaction', async () => {
    const deps = (await list('/general/divisionPolitica/departamentos')).data.filter(
      (d: any) => d.nombre !== 'Otro de prueba',
    );
    const rows: (string | number)[][] = [['Departamento', 'Código', 'Nombre', 'Activo']];
    for (let i = 0; i < 5000; i++) {
      const d = deps[i % deps.length];
      rows.push([d.nombre, `9${String(i).padStart(4, '0')}`, `Municipio ${i}`, 'Sí']);
    }
    const file = await workbook(rows);
    const started = performance.now();
    const dry = await importFile('/general/divisionPolitica/ciudades', file);
    expect(dry.json.data).toMatchObject({ total: 5000, crear: 5000, errores_total: 0 });
    expect(dry.json.data.muestra).toHaveLength(50);
    const res = await importFile('/general/divisionPolitica/ciudades', file, true);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Importación completada: 5,000 registros creados y 0 actualizados');
    const ms = performance.now() - started;
    expect((await list('/general/divisionPolitica/ciudades', { nombre: 'Municipio' })).total).toBe(5000);
    // Same file again: every row found by its code, nothing added.
    const again = await importFile('/general/divisionPolitica/ciudades', file, true);
    expect(again.json.data).toMatchObject({ crear: 0, actualizar: 5000 });
    expect((await list('/general/divisionPolitica/ciudades', { nombre: 'Municipio' })).total).toBe(5000);
    console.log(`import 5000 filas: vista previa + aplicar ${ms.toFixed(0)} ms`);
  }, 60_000);

  it('needs the import permission of that table; terms (a PDF per row) cannot be imported', async () => {
    const viewer = await t.makeUser('soloexporta', [
      'app:general:configuracion:generales:bancos:view',
      'app:general:configuracion:generales:bancos:export',
    ]);
    const importer = await t.makeUser('importador', ['app:general:configuracion:generales:bancos:import']);
    const file = csv('codigo,nombre\n900,Banco Nuevo\n');
    expect((await importFile('/general/bancos', file, true, await viewer.cookie())).status).toBe(403);
    expect((await importFile('/general/bancos', file, true, await importer.cookie())).status).toBe(200);
    const perms = (await t.request('GET', '/api/v1/seguridad/permissions', { cookie: admin })).json.data;
    expect(JSON.stringify(perms)).toContain('Importar: Bancos');
    expect(
      (await importFile('/general/terminosYCondiciones', csv('version,titulo,contenido\n9,T,C\n'))).status,
    ).toBe(404);
  });
});
