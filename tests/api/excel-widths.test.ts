// Exported Excel columns are sized to their content (issue 20 §5): a long-name column is wider than
// a short code column, within bounds, in a streamed registry export and in a workbook built at once.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildXlsx, COL_MAX, COL_MIN } from '../../worker/platform/xlsx';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
let admin: string;

async function widthsByHeader(bytes: ArrayBuffer | Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  return Object.fromEntries(headers.map((h, i) => [h, sheet.getColumn(i + 1).width!]));
}

const LONG_NAME = 'Banco Cooperativo de Ahorro y Crédito de los Trabajadores del Sur'; // 65 characters

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  for (const [codigo, nombre] of [
    ['901', 'Banco Agrario y Cooperativo del Pacífico Colombiano'], // 51 characters
    ['902', LONG_NAME],
  ])
    expect(
      (await t.request('POST', '/api/v1/general/bancos', { cookie: admin, body: { codigo, nombre } })).status,
    ).toBe(201);
});

describe('Excel column widths', () => {
  it('a registry export sizes each column to its header and cells, between the bounds', async () => {
    const res = await t.fetch('http://localhost/api/v1/general/bancos/excel', { headers: { Cookie: admin } });
    expect(res.status).toBe(200);
    const widths = await widthsByHeader(await res.arrayBuffer());
    // Código holds three digits: its header decides (6 characters, bold, plus a margin); Nombre
    // holds a 51-character name and one longer than the bound, so it is as wide as allowed.
    expect(widths['Código']).toBe(9);
    expect(widths['Nombre']).toBe(COL_MAX);
    expect(widths['Nombre']).toBeGreaterThan(widths['Código']!);
  });

  it('a workbook built in one piece fits its columns too: a code stays narrow, a name grows', async () => {
    const bytes = buildXlsx([
      {
        name: 'Hoja',
        headers: ['Id', 'Código', 'Nombre'],
        rows: [
          [1, 'AB', 'Cartagena de Indias'],
          [2, 'CD', 'San José de Cúcuta y su área metropolitana'], // 42 characters
        ],
      },
    ]);
    const widths = await widthsByHeader(bytes);
    expect(widths['Id']).toBe(COL_MIN);
    expect(widths['Código']).toBe(COL_MIN + 1);
    expect(widths['Nombre']).toBe(44);
  });
});
